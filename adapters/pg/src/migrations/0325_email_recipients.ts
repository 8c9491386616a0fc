/**
 * Emails seeded before recipients were stored as the sender stores them held bare quote-contact ids
 * (`[12, 13]`), which the emails panel could not show. Each such id becomes the sender's recipient object: the
 * quote contact, the contact's name and email as they are now, and `delivered` when the email was.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE email_messages e SET recipients = (
      SELECT coalesce(jsonb_agg(
        CASE WHEN jsonb_typeof(x.r) = 'number' THEN jsonb_build_object(
          'quote_contact_id', (x.r #>> '{}')::int,
          'name', coalesce(nullif(btrim(coalesce(c.name_first, '') || ' ' || coalesce(c.name_last, '')), ''), c.email, ''),
          'email', coalesce(c.email, ''),
          'delivered', e.email_status = 0)
        ELSE x.r END ORDER BY x.ord), '[]'::jsonb)
      FROM jsonb_array_elements(e.recipients) WITH ORDINALITY AS x(r, ord)
      LEFT JOIN quote_contacts qc
        ON qc.account_id = e.account_id
        AND qc.quote_contact_id = CASE WHEN jsonb_typeof(x.r) = 'number' THEN (x.r #>> '{}')::int END
      LEFT JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id)
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(e.recipients) r WHERE jsonb_typeof(r) = 'number')`
})
