/**
 * Signing rooms: the relay between a customer's quote page and the phone that scanned its QR code
 * (`/sign/qr/{account}/{quoteContact}/{code}`). A room belongs to one customer link; its 128-bit random code is
 * its secret; it lasts `LIFETIME_MS` (the page asks for a fresh one well before that, on every load), holds the
 * drawing the phone has sent so far, and is used up once the quote is answered.
 *
 * @since 0.3.0
 */
import { randomBytes } from "node:crypto"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"

/** How long a room works after it was made. */
export const LIFETIME_MS = 2 * 60 * 60_000

/** A page reuses its link's room while it has at least this long left. */
const REUSE_MIN_LEFT_MS = 45 * 60_000

/** A room as the relay needs it. */
export interface Room {
  readonly account_id: number
  readonly quote_contact_id: number
  readonly code: string
  readonly quote_id: number
  readonly expired: boolean
  /** Accepted with, or its quote answered (no longer waiting for a signature). */
  readonly used: boolean
  readonly value: string
  readonly value_seq: number
}

/** The three id parts of a room. */
export const partsOf = (room: Pick<Room, "account_id" | "quote_contact_id" | "code">): string =>
  `${room.account_id}/${room.quote_contact_id}/${room.code}`

/** The link's room to show in its page: a live one with time left, or a new one. */
export const current = (link: { account_id: number; quote_contact_id: number; quote_id: number }) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const held = yield* sql<{ code: string }>`
      SELECT code FROM signing_rooms
      WHERE account_id = ${link.account_id} AND quote_contact_id = ${link.quote_contact_id}
        AND used_at IS NULL AND expires_at > now() + ${`${REUSE_MIN_LEFT_MS} milliseconds`}::interval
      ORDER BY expires_at DESC LIMIT 1`
    const code = held[0]?.code ?? randomBytes(16).toString("hex")
    if (held.length === 0)
      yield* sql`
        INSERT INTO signing_rooms (account_id, quote_contact_id, code, quote_id, expires_at)
        VALUES (${link.account_id}, ${link.quote_contact_id}, ${code}, ${link.quote_id},
                now() + ${`${LIFETIME_MS} milliseconds`}::interval)`
    return partsOf({ ...link, code })
  }).pipe(Effect.orDie)

/** The room named by three id parts, if there is one. */
export const find = (account: number, quoteContact: number, code: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Room>`
      SELECT r.account_id, r.quote_contact_id, r.code, r.quote_id, r.expires_at <= now() AS expired,
             (r.used_at IS NOT NULL OR q.status <> 'sent') AS used, r.value, r.value_seq
      FROM signing_rooms r
      JOIN quotes q ON q.account_id = r.account_id AND q.quote_id = r.quote_id
      WHERE r.account_id = ${account} AND r.quote_contact_id = ${quoteContact} AND r.code = ${code}
        AND q.deleted_at IS NULL`
    return Option.fromNullishOr(rows[0])
  }).pipe(Effect.orDie)

/** Keep the drawing sent so far; answers its sequence number, or none when the room no longer takes drawings. */
export const store = (room: Room, value: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ value_seq: number }>`
      UPDATE signing_rooms SET value = ${value}, value_seq = value_seq + 1
      WHERE account_id = ${room.account_id} AND quote_contact_id = ${room.quote_contact_id} AND code = ${room.code}
        AND used_at IS NULL AND expires_at > now()
      RETURNING value_seq`
    return Option.fromNullishOr(rows[0]?.value_seq)
  }).pipe(Effect.orDie)

/**
 * Use up the link's room whose drawing is exactly the accepted signature; answers whether one was (the signature
 * then came from a second device). Runs inside the accept's transaction.
 */
export const useFor = (account: number, quoteContact: number, signature: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (signature === "") return false
    const rows = yield* sql`
      UPDATE signing_rooms SET used_at = now()
      WHERE account_id = ${account} AND quote_contact_id = ${quoteContact} AND value = ${signature}
        AND used_at IS NULL
      RETURNING code`
    return rows.length > 0
  }).pipe(Effect.orDie)

/** Forget rooms that expired more than a day ago. */
export const sweep = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DELETE FROM signing_rooms WHERE expires_at < now() - interval '1 day'`
}).pipe(Effect.orDie)
