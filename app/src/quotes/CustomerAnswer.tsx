/**
 * The customer's answer on the quote overview: the acceptance (who signed, the signature drawn or typed, when,
 * on whose behalf, the terms, the address and browser the audit holds, and each option and quantity the customer
 * settled) or the decline with its reason.
 */
import type * as DashboardApi from "@quotekit/core/api/DashboardApi"
import * as Outcome from "@quotekit/core/Outcome"
import * as Signature from "@quotekit/core/Signature"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import styles from "./QuotePage.module.css"

const Fact = ({ label, children }: { readonly label: string; readonly children: React.ReactNode }) => (
  <div className={styles.fact}>
    <span className={styles.factLabel}>{label}</span>
    <span className={styles.factValue}>{children}</span>
  </div>
)

/** The signature as an image drawn by the core (a data URL: no markup from the wire reaches the page). */
const signatureImage = (wire: string): string | undefined => {
  const decoded = Signature.fromWire(wire)
  if (!Outcome.isSuccess(decoded)) return undefined
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(Signature.render(decoded.success))}`
}

/** The acceptance card. */
export const AcceptanceCard = ({
  acceptance,
  when
}: {
  readonly acceptance: DashboardApi.AcceptanceView
  readonly when: (seconds: number) => string
}) => {
  const m = useMessages()
  const image = signatureImage(acceptance.signature)
  return (
    <section className={controls.card} aria-labelledby="acceptance-title">
      <h2 className={records.sectionTitle} id="acceptance-title">
        {m.acceptanceTitle}
      </h2>
      <div className={styles.summary}>
        <Fact label={m.signedBy}>{acceptance.sign_name}</Fact>
        <Fact label={m.accepted}>{when(acceptance.accepted_at)}</Fact>
        {acceptance.terms_confirmed && <Fact label={m.termsConfirmed}>✓</Fact>}
        {acceptance.ip !== null && <Fact label={m.fromAddress}>{acceptance.ip}</Fact>}
      </div>
      {acceptance.on_behalf !== null && <p>{m.onBehalfBy(acceptance.on_behalf)}</p>}
      {image !== undefined && (
        <figure className={styles.signature}>
          <img src={image} alt={m.signatureOf(acceptance.sign_name)} />
          <figcaption className={styles.muted}>{m.signatureLabel}</figcaption>
        </figure>
      )}
      {acceptance.user_agent !== null && (
        <p className={styles.muted}>
          {m.browserUsed}: {acceptance.user_agent}
        </p>
      )}
      {acceptance.choices.length > 0 && (
        <>
          <h3 className={records.sectionTitle}>{m.customerChoices}</h3>
          <ul>
            {acceptance.choices.map((c) => (
              <li key={`${c.title}-${c.chosen}-${c.quantity}`}>
                {c.title} — {c.chosen ? `${m.choiceChosen}, × ${c.quantity}` : m.choiceNotChosen}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/** The decline card. */
export const DeclineCard = ({
  decline,
  when
}: {
  readonly decline: DashboardApi.DeclineView
  readonly when: (seconds: number) => string
}) => {
  const m = useMessages()
  return (
    <section className={controls.card} aria-labelledby="decline-title">
      <h2 className={records.sectionTitle} id="decline-title">
        {m.declineTitle}
      </h2>
      <div className={styles.summary}>
        {decline.by !== "" && <Fact label={m.quoteContact}>{decline.by}</Fact>}
        <Fact label={m.declined}>{when(decline.declined_at)}</Fact>
      </div>
      <p>
        <span className={styles.factLabel}>{m.declinedBecause}: </span>
        {decline.reason === "" ? m.noReasonGiven : decline.reason}
      </p>
    </section>
  )
}
