/**
 * Tenant-isolation probes of the quotes, templates, history and dashboard endpoints (run by
 * `TenantIsolation.integration.test`): the victim's quotes and templates carry the marker in their titles, rows,
 * history and versions; the intruder's requests must never show or change them.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Member, Probe } from "../TenantProbes.ts"

const quoteSeed = (isTemplate: boolean) => (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const quotes = yield* sql<{ quote_id: number }>`
      INSERT INTO quotes (account_id, is_template, quote_no, title, status, from_signin_id, search_text)
      SELECT ${victim.accountId}, ${isTemplate}, CASE WHEN ${isTemplate} THEN NULL
               ELSE (SELECT coalesce(max(quote_no), 0) FROM quotes WHERE account_id = ${victim.accountId}) + n END,
             ${`Quote ${victim.marker}`} || ' ' || n,
             CASE WHEN ${isTemplate} THEN 'draft' ELSE (ARRAY['draft', 'sent', 'accepted', 'declined'])[n] END,
             ${victim.signinId}, ${victim.marker}
      FROM generate_series(1, 4) AS n
      RETURNING quote_id`
    for (const { quote_id } of quotes) {
      yield* sql`
        INSERT INTO quote_items (account_id, quote_id, item_type, item_title, price_unit, quantity, order_index)
        VALUES (${victim.accountId}, ${quote_id}, 1, ${`Row ${victim.marker}`}, 10, 1, 0),
               (${victim.accountId}, ${quote_id}, 4, '', 0, 0, 1),
               (${victim.accountId}, ${quote_id}, 2, ${`Terms ${victim.marker}`}, 0, 0, 2)`
      yield* sql`
        INSERT INTO history (account_id, table_name, category_id, html_summary, html_full, actor)
        VALUES (${victim.accountId}, ${isTemplate ? "content" : "quote"}, ${quote_id}, ${`Saved ${victim.marker}`}, '', 'system')`
      yield* sql`
        INSERT INTO quote_versions (account_id, quote_id, reason, snapshot)
        VALUES (${victim.accountId}, ${quote_id}, 'sent', ${JSON.stringify({ marker: victim.marker })}::jsonb)`
    }
    return quotes.map((q) => q.quote_id)
  })

const quotesUnchanged = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ n: number; rows: number; defaults: number }>`
      SELECT
        (SELECT count(*)::int FROM quotes
           WHERE account_id = ${victim.accountId} AND quote_id IN ${sql.in(ids)} AND edit_seq = 0 AND archive_id = 1
             AND title LIKE ${`Quote ${victim.marker}%`}) AS n,
        (SELECT count(*)::int FROM quote_items
           WHERE account_id = ${victim.accountId} AND quote_id IN ${sql.in(ids)}) AS rows,
        (SELECT count(*)::int FROM accounts
           WHERE account_id = ${victim.accountId} AND default_template_id IS NOT NULL) AS defaults`
    return row?.n === ids.length && row.rows === ids.length * 3 && row.defaults === 0
  })

const quoteProbe = (name: string, request: Probe["request"], write = false): Probe => ({
  name,
  seed: quoteSeed(false),
  request,
  ...(write ? { unchanged: quotesUnchanged } : {})
})

const templateProbe = (name: string, request: Probe["request"], write = false): Probe => ({
  name,
  seed: quoteSeed(true),
  request,
  ...(write ? { unchanged: quotesUnchanged } : {})
})

const routes = [
  "revise-dodo",
  "expired-undo",
  "accept-undo",
  "decline-undo",
  "decline-dodo",
  "withdraw-undo",
  "withdraw-dodo"
]

const saveBody = (title: string) => ({
  request_id: `probe-${Date.now()}-${Math.random()}`,
  quote: {
    title,
    sent_when: 0,
    expiry_date: 0,
    deposit_percent: "0",
    discount_overall: "0",
    currency_id: 156,
    amounts_entered: "exclusive_including",
    private_pricing: 7,
    from: 1
  },
  meta: {},
  items: [],
  item_files: [],
  contacts: [],
  _modifiedIn: 0,
  primary: "save:now",
  continue: true
})

/** The quotes as seeded, and no settings stored for any of them. */
const settingsUnchanged = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM quote_settings WHERE account_id = ${victim.accountId}`
    return row?.n === 0 && (yield* quotesUnchanged(victim, ids))
  })

/** The victim's quotes as seeded, with no email queued or follow-up started for them. */
const noEmails = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ emails: number; follow_ups: number }>`
      SELECT (SELECT count(*)::int FROM email_messages
                WHERE account_id = ${victim.accountId} AND quote_id IN ${sql.in(ids)}) AS emails,
             (SELECT count(*)::int FROM follow_ups
                WHERE account_id = ${victim.accountId} AND quote_id IN ${sql.in(ids)}) AS follow_ups`
    return row?.emails === 0 && row.follow_ups === 0 && (yield* quotesUnchanged(victim, ids))
  })

/** Queued emails of the victim's quotes (due in an hour, so no sender takes them); answers the emails' ids. */
const emailSeed = (victim: Member) =>
  Effect.gen(function* () {
    const quotes = yield* quoteSeed(false)(victim)
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ email_message_id: number }>`
      INSERT INTO email_messages (account_id, quote_id, subject, body_text, recipients, scheduled_when, email_status)
      SELECT ${victim.accountId}, q, ${`Subject ${victim.marker}`}, ${`Body ${victim.marker}`},
             ${JSON.stringify([{ name: victim.marker, email: `${victim.marker}@example.com` }])}::jsonb,
             now() + interval '1 hour', 1
      FROM unnest(${quotes}::int[]) AS q
      RETURNING email_message_id`
    return rows.map((r) => r.email_message_id)
  })

const emailsStillQueued = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM email_messages
      WHERE account_id = ${victim.accountId} AND email_message_id IN ${sql.in(ids)} AND email_status = 1`
    return row?.n === ids.length
  })

const compose = { subject: "pwned", message: "pwned", recipients: [] as Array<number> }

/** Every quote probe. */
export const quoteProbes: ReadonlyArray<Probe> = [
  quoteProbe("open a quote in the editor", (b, id) => b.get(`/get/quote-edit/edit/${id}/is-editing`)),
  quoteProbe("open a quote for adjustment", (b, id) => b.get(`/get/quote-edit/edit/${id}/is-adjustment`)),
  quoteProbe("copy a quote", (b, id) => b.get(`/get/quote-edit/edit/new/is-editing?from-quote=${id}`)),
  quoteProbe("copy a quote to a template", (b, id) =>
    b.get(`/get/quote-edit/template/new/is-editing?from-quote=${id}`)
  ),
  quoteProbe(
    "save over a quote",
    (b, id) => b.post(`/post/quote-update/edit/${id}/is-editing`, saveBody("pwned")),
    true
  ),
  quoteProbe("act on a quote", (b, id) => b.post(`/act-on/quote-action/${routes[id % routes.length]}/${id}`), true),
  quoteProbe("mark a quote as sent", (b, id) => b.post("/post/quote-mark-sent", { quote_id: id }), true),
  quoteProbe("delete a draft", (b, id) => b.post(`/post/quote-delete-draft/${id}`), true),
  quoteProbe("restore a draft", (b, id) => b.post(`/post/quote-restore-draft/${id}`), true),
  quoteProbe("accept on behalf", (b, id) => b.post(`/post/quote-accept-on-behalf/${id}`), true),
  quoteProbe("move a quote's archive state", (b, id) => b.post(`/post/quote-archive/to-state/${id}/waiting`), true),
  quoteProbe("list a quote's versions", (b, id) => b.get(`/get/quote-versions/${id}`)),
  quoteProbe("view a quote version", (b, id) => b.get(`/get/quote-versions/${id}/${id}`)),
  quoteProbe("read a quote's history", (b, id) => b.get(`/get/history/quote/${id}`)),
  quoteProbe("view a quote's overview", (b, id) => b.get(`/get/quote-overview/${id}`)),
  quoteProbe("read a quote's settings", (b, id) => b.get(`/get/quote-settings/${id}`)),
  {
    name: "change a quote's settings",
    seed: quoteSeed(false),
    request: (b, id) => b.post(`/post/quote-settings/${id}`, { terms_checkbox: true, customer_quantities: false }),
    unchanged: settingsUnchanged
  },
  quoteProbe("open the email composer of a quote", (b, id) => b.get(`/get/quote-email/${id}?kind=send`)),
  quoteProbe("list a quote's emails", (b, id) => b.get(`/get/quote-emails/${id}`)),
  {
    name: "email a quote",
    seed: quoteSeed(false),
    request: (b, id) => b.post(`/post/quote-email/send/${id}`, compose),
    unchanged: noEmails
  },
  {
    name: "follow a quote up",
    seed: quoteSeed(false),
    request: (b, id) => b.post(`/post/quote-email/follow-up/${id}`, compose),
    unchanged: noEmails
  },
  {
    name: "stop a queued email",
    seed: emailSeed,
    request: (b, id) => b.post(`/post/quote-stop-email/${id}`),
    unchanged: emailsStillQueued
  },
  quoteProbe("search the quote list", (b, _id, victim) => b.get(`/get/quotes?search=${victim.marker}&getCount=1`)),
  quoteProbe("read the dashboard", (b) => b.get("/get/dashboard")),
  quoteProbe("see whether one watches a quote", (b, id) => b.get(`/notifications/watch/${id}`)),
  quoteProbe("watch a quote", (b, id) => b.post(`/notifications/watch/${id}`, { watching: true }), true),
  templateProbe("open a template", (b, id) => b.get(`/get/quote-edit/template/${id}/is-editing`)),
  templateProbe("copy a template", (b, id) => b.get(`/get/quote-edit/edit/new/is-editing?from-template=${id}`)),
  templateProbe(
    "save over a template",
    (b, id) => b.post(`/post/quote-update/template/${id}/is-editing`, saveBody("x")),
    true
  ),
  templateProbe(
    "archive a template",
    (b, id) => b.post(`/post/content/archive/${id}/${["archived", "deleted", "current"][id % 3]}`),
    true
  ),
  templateProbe("make a template the default", (b, id) => b.post(`/post/content/make-default/${id}`), true),
  templateProbe("read a template's history", (b, id) => b.get(`/get/history/content/${id}`)),
  templateProbe("search the templates list", (b, _id, victim) =>
    b.get(`/get/content/templates?search=${victim.marker}`)
  )
]
