/**
 * A new two-factor secret to add to an authenticator app: its QR (made by the server) and the same key as text for
 * typing by hand, grouped in fours.
 */
import type * as TwoFactorApi from "@quotekit/core/api/TwoFactorApi"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import styles from "./TwoFactor.module.css"

/** The QR and the key. */
export const Enrolment = ({ enrolment }: { readonly enrolment: TwoFactorApi.Enrolment }) => (
  <div className={styles.enrolment}>
    <img className={styles.qr} src={enrolment.qr} alt={TwoFactor.text.qrAlt} width={180} height={180} />
    <div className={styles.manual}>
      <p>{TwoFactor.text.scan}</p>
      <p>{TwoFactor.text.manual}</p>
      <code className={styles.secret} data-secret={enrolment.secret}>
        {TwoFactor.groupSecret(enrolment.secret)}
      </code>
      <p>{TwoFactor.text.confirmHint}</p>
    </div>
  </div>
)
