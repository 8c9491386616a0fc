/**
 * The lead panel of a quote made from a lead (`?from-lead=`): the lead's subject, message, file, notes and
 * potential value, so the quote can be written with the enquiry in view.
 */
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Money from "@quotekit/core/Money"
import { memo } from "react"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteEditor.module.css"

/** The panel; nothing for a quote not made from a lead. */
export const LeadPanel = memo(function LeadPanel({ lead }: { readonly lead: QuotesApi.LeadPanel | null | undefined }) {
  const m = useMessages()
  if (lead === null || lead === undefined) return null
  return (
    <section className={`${controls.card} ${styles.contacts}`} aria-labelledby="lead-heading">
      <h2 id="lead-heading" className={styles.sectionHeading}>
        {m.leads}: {lead.lead_subject}
      </h2>
      <dl className={styles.leadFacts}>
        <dt>{m.leadMessage}</dt>
        <dd className={styles.leadMessage}>{lead.lead_message}</dd>
        {lead.lead_file_name !== null && (
          <>
            <dt>{m.download}</dt>
            <dd>
              <a href={`/leads/download-file/${lead.lead_id}/${encodeURIComponent(lead.lead_file_name)}`}>
                {lead.lead_file_name}
              </a>
            </dd>
          </>
        )}
        {lead.lead_notes !== "" && (
          <>
            <dt>{m.notes}</dt>
            <dd>{lead.lead_notes}</dd>
          </>
        )}
        {lead.lead_potential_value !== null && (
          <>
            <dt>{m.potentialValue}</dt>
            <dd>{Money.format(lead.lead_potential_value)}</dd>
          </>
        )}
      </dl>
    </section>
  )
})
