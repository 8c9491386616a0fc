/** Recovery codes shown once (after enrolment, or when renewed), with Copy and the button saying they are saved. */
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { useState } from "react"
import banner from "../shell/Banner.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./TwoFactor.module.css"

/** The codes. */
export const RecoveryCodes = ({
  codes,
  onDone
}: {
  readonly codes: ReadonlyArray<string>
  readonly onDone: () => void
}) => {
  const [copied, setCopied] = useState(false)
  return (
    <section className={styles.stack} aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{TwoFactor.text.recoveryTitle}</h2>
      <p className={banner.warning}>{TwoFactor.text.recoveryWarning}</p>
      <ul className={styles.codes} aria-label={TwoFactor.text.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.line}>
        <button
          type="button"
          className={controls.button}
          onClick={() =>
            void navigator.clipboard.writeText(codes.join("\n")).then(
              () => setCopied(true),
              () => setCopied(false)
            )
          }
        >
          {TwoFactor.text.copyCodes}
        </button>
        <button type="button" className={controls.primary} onClick={onDone}>
          {TwoFactor.text.recoveryDone}
        </button>
        <span role="status">{copied ? "✓" : ""}</span>
      </div>
    </section>
  )
}
