/**
 * The customer links of a quote's contacts: made when the quote is sent (`ensure`, called by Mark as Sent and
 * the send flow), listed for the team to copy (`list`), and resolved from a token (`resolve`). SQL for the links
 * lives only here; every statement is filtered by the account, except `resolve`, whose token is the credential.
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as LinkToken from "./LinkToken.ts"

/** A contact's link, for the team or an email. */
export interface Link {
  readonly quote_contact_id: number
  readonly contact_id: number
  readonly name: string
  readonly email: string | null
  /** The token (null when the quote was never sent to the contact, or the secret changed since). */
  readonly token: string | null
  readonly last_view: number
}

/** What a token opens. */
export interface Opened {
  readonly account_id: number
  readonly quote_id: number
  readonly quote_contact_id: number
  readonly contact_id: number
  readonly contact_name: string
  readonly link_hash: string
}

interface LinkRow {
  readonly quote_contact_id: number
  readonly contact_id: number
  readonly name: string | null
  readonly email: string | null
  readonly link_token_hash: string | null
  readonly link_created_at: Date | null
  readonly last_view: Date | null
}

const seconds = (d: Date | null): number => (d === null ? 0 : Math.floor(d.getTime() / 1000))

/**
 * Give every contact of the quote without a usable link one, made at `at` (epoch ms); links the server can
 * derive stay, so links already emailed keep working. A link made under another secret (the secret was
 * replaced, or an older demo seed made it at random) can be neither shown nor emailed, so it is made again.
 * Returns every contact's link.
 */
export const ensure = (account: number, quoteId: number, at: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const secret = yield* LinkToken.LinkSecret
    const rows = yield* sql<{
      readonly quote_contact_id: number
      readonly link_token_hash: string | null
      readonly link_created_at: Date | null
    }>`
      SELECT quote_contact_id, link_token_hash, link_created_at FROM quote_contacts
      WHERE account_id = ${account} AND quote_id = ${quoteId}`
    const usable = (r: (typeof rows)[number]) =>
      r.link_token_hash !== null &&
      r.link_created_at !== null &&
      LinkToken.hash(
        LinkToken.derive(secret, {
          account_id: account,
          quote_contact_id: r.quote_contact_id,
          created_ms: r.link_created_at.getTime()
        })
      ) === r.link_token_hash
    for (const r of rows) {
      if (usable(r)) continue
      const token = LinkToken.derive(secret, {
        account_id: account,
        quote_contact_id: r.quote_contact_id,
        created_ms: at
      })
      yield* sql`
        UPDATE quote_contacts SET link_token_hash = ${LinkToken.hash(token)}, link_created_at = ${new Date(at)}
        WHERE account_id = ${account} AND quote_contact_id = ${r.quote_contact_id}
          AND link_token_hash IS NOT DISTINCT FROM ${r.link_token_hash}`
    }
    return yield* list(account, quoteId)
  }).pipe(Effect.orDie)

/** Every contact's link of a quote, in contact order. */
export const list = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const secret = yield* LinkToken.LinkSecret
    const rows = yield* sql<LinkRow>`
      SELECT qc.quote_contact_id, qc.contact_id, qc.link_token_hash, qc.link_created_at, qc.last_view, c.email,
             nullif(btrim(coalesce(c.name_first, '') || ' ' || coalesce(c.name_last, '')), '') AS name
      FROM quote_contacts qc JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
      WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId}
      ORDER BY qc.contact_order, qc.quote_contact_id`
    return rows.map((r): Link => {
      let token: string | null = null
      if (r.link_token_hash !== null && r.link_created_at !== null) {
        const derived = LinkToken.derive(secret, {
          account_id: account,
          quote_contact_id: r.quote_contact_id,
          created_ms: r.link_created_at.getTime()
        })
        // A link made under another secret (or by another tool) cannot be shown again.
        if (LinkToken.hash(derived) === r.link_token_hash) token = derived
      }
      return {
        quote_contact_id: r.quote_contact_id,
        contact_id: r.contact_id,
        name: r.name ?? r.email ?? "",
        email: r.email,
        token,
        last_view: seconds(r.last_view)
      }
    })
  }).pipe(Effect.orDie)

/** The quote a token opens, if any (a template's or a deleted quote's link opens nothing). */
export const resolve = (token: string) =>
  Effect.gen(function* () {
    if (!LinkToken.looksValid(token)) return Option.none<Opened>()
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Opened>`
      SELECT qc.account_id, qc.quote_id, qc.quote_contact_id, qc.contact_id, qc.link_token_hash AS link_hash,
             coalesce(nullif(btrim(coalesce(c.name_first, '') || ' ' || coalesce(c.name_last, '')), ''), c.email, '')
               AS contact_name
      FROM quote_contacts qc
      JOIN quotes q ON q.account_id = qc.account_id AND q.quote_id = qc.quote_id
      JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
      WHERE qc.link_token_hash = ${LinkToken.hash(token)} AND NOT q.is_template AND q.deleted_at IS NULL`
    return Option.fromNullishOr(rows[0])
  }).pipe(Effect.orDie)
