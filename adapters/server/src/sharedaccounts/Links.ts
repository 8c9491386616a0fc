/**
 * Shared account links: the list from one account's side, a new link code, linking with a code and stopping a
 * link. Each change is one transaction that writes its audit row in both accounts it touches; linking and
 * stopping hold `account_links_lock`, so a child never gets two parents nor do links close a cycle. Every query
 * names the acting account: a link is only ever seen or stopped by its parent or its child.
 *
 * @since 0.5.0
 */
import { randomInt } from "node:crypto"
import { AccessDenied, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import type { Tenant } from "@quotekit/core/api/Security"
import type { CreatedCode, SharedLink } from "@quotekit/core/api/SharedAccountsApi"
import * as SharedAccount from "@quotekit/core/SharedAccount"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { AccountCache } from "../account/Cache.ts"
import * as Token from "../auth/Token.ts"
import * as Content from "./Content.ts"

const m = SharedAccount.messages

interface Row {
  readonly link_id: number
  readonly parent_account_id: number
  readonly child_account_id: number | null
  readonly parent_name: string
  readonly child_name: string | null
  readonly relationship_status: SharedAccount.RelationshipStatus
  readonly created_by_name: string | null
  readonly created_at: number
  readonly code_expires_at: number | null
  readonly started_by_name: string | null
  readonly started_at: number | null
  readonly stopped_by_name: string | null
  readonly stopped_at: number | null
}

const person = (alias: string) =>
  `(SELECT coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
      FROM signins s WHERE s.signin_id = l.${alias})`
const epoch = (column: string) => `floor(extract(epoch FROM l.${column}))::float8`

const view = (account: number, r: Row): SharedLink => {
  const side = r.parent_account_id === account ? "parent" : "child"
  return {
    link_id: r.link_id,
    side,
    other_account_name: (side === "parent" ? r.child_name : r.parent_name) ?? "",
    relationship_status: r.relationship_status,
    created_by_name: r.created_by_name ?? "",
    created_at: r.created_at,
    code_expires_at: r.relationship_status === "pending" ? r.code_expires_at : null,
    started_by_name: r.started_by_name,
    started_at: r.started_at,
    stopped_by_name: r.stopped_by_name,
    stopped_at: r.stopped_at
  }
}

/** A random code of `CODE_LENGTH` characters from the code alphabet. */
const newCode = (): string =>
  Array.from(
    { length: SharedAccount.CODE_LENGTH },
    () => SharedAccount.CODE_ALPHABET[randomInt(SharedAccount.CODE_ALPHABET.length)]
  ).join("")

const requireAdmin = (tenant: Tenant) =>
  tenant.is_admin ? Effect.void : Effect.fail(AccessDenied.answer("Only an account admin can do that."))

const select = Effect.map(
  SqlClient.SqlClient,
  (sql) => sql`
    SELECT l.link_id, l.parent_account_id, l.child_account_id, p.name AS parent_name, c.name AS child_name,
           l.relationship_status, ${sql.literal(person("created_by"))} AS created_by_name,
           ${sql.literal(epoch("created_at"))} AS created_at, ${sql.literal(epoch("code_expires_at"))} AS code_expires_at,
           ${sql.literal(person("started_by"))} AS started_by_name, ${sql.literal(epoch("started_at"))} AS started_at,
           ${sql.literal(person("stopped_by"))} AS stopped_by_name, ${sql.literal(epoch("stopped_at"))} AS stopped_at
    FROM account_links l
    JOIN accounts p ON p.account_id = l.parent_account_id
    LEFT JOIN accounts c ON c.account_id = l.child_account_id`
)

/** One link as the account sees it; none unless the account is its parent or its child. */
const one = (account: number, linkId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`${yield* select}
      WHERE l.link_id = ${linkId} AND (l.parent_account_id = ${account} OR l.child_account_id = ${account})`
    return rows[0]
  })

const audit = (account: number, by: number, action: string, linkId: number, at: Date) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data)
          SELECT ${account}, ${at}, ${String(by)}, ${by}, ${action}, 'account_links', l.link_id,
                 jsonb_build_object('parent_account_id', l.parent_account_id, 'child_account_id', l.child_account_id,
                                    'relationship_status', l.relationship_status)
          FROM account_links l WHERE l.link_id = ${linkId}`
  )

/** The account's links: active and waiting ones first, then stopped ones, newest first; expired codes left out. */
export const list = (tenant: Tenant) =>
  Effect.gen(function* () {
    yield* requireAdmin(tenant)
    const sql = yield* SqlClient.SqlClient
    const now = new Date(yield* Clock.currentTimeMillis)
    const rows = yield* sql<Row>`${yield* select}
      WHERE (l.parent_account_id = ${tenant.account_id} OR l.child_account_id = ${tenant.account_id})
        AND NOT (l.relationship_status = 'pending' AND l.code_expires_at <= ${now})
        AND NOT (l.relationship_status = 'stopped' AND l.child_account_id IS NULL)
      ORDER BY (l.relationship_status = 'stopped'), l.created_at DESC, l.link_id DESC`
    return { links: rows.map((r) => view(tenant.account_id, r)) }
  }).pipe(Effect.catchTag("SqlError", Effect.die))

/** A new link code of the tenant's account (as parent), answered once; only its SHA-256 is stored. */
export const createCode = (tenant: Tenant) =>
  Effect.gen(function* () {
    yield* requireAdmin(tenant)
    const sql = yield* SqlClient.SqlClient
    const nowMs = yield* Clock.currentTimeMillis
    const code = newCode()
    const expires = new Date(nowMs + SharedAccount.CODE_LIFETIME_SECONDS * 1000)
    const linkId = yield* sql.withTransaction(
      Effect.gen(function* () {
        const [inserted] = yield* sql<{ link_id: number }>`
          INSERT INTO account_links (parent_account_id, code_hash, code_expires_at, created_by, created_at)
          VALUES (${tenant.account_id}, ${Token.hash(code)}, ${expires}, ${tenant.signin_id}, ${new Date(nowMs)})
          RETURNING link_id`
        yield* audit(tenant.account_id, tenant.signin_id, "shared_account.code", inserted!.link_id, new Date(nowMs))
        return inserted!.link_id
      })
    )
    const row = yield* one(tenant.account_id, linkId)
    const answer: CreatedCode = { link: view(tenant.account_id, row!), code: SharedAccount.formatCode(code) }
    return answer
  }).pipe(Effect.catchTag("SqlError", Effect.die))

/** Link the tenant's account (as child) to the account whose unexpired code this is; its content is copied in. */
export const link = (tenant: Tenant, typed: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(tenant)
    const sql = yield* SqlClient.SqlClient
    const cache = yield* AccountCache
    const bare = SharedAccount.normalizeCode(typed)
    if (!SharedAccount.isWellFormedCode(bare)) return yield* InvalidInput.field("code", m.codeNotFound)
    const nowMs = yield* Clock.currentTimeMillis
    const now = new Date(nowMs)
    const child = tenant.account_id
    const linkId = yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`SELECT singleton FROM account_links_lock FOR UPDATE`
        const [found] = yield* sql<{ link_id: number; parent_account_id: number }>`
          SELECT link_id, parent_account_id FROM account_links
          WHERE code_hash = ${Token.hash(bare)} AND relationship_status = 'pending' AND code_expires_at > ${now}
          FOR UPDATE`
        if (found === undefined) return yield* InvalidInput.field("code", m.codeNotFound)
        const parent = found.parent_account_id
        if (parent === child) return yield* InvalidInput.field("code", m.ownCode)
        const [current] = yield* sql`
          SELECT 1 FROM account_links WHERE child_account_id = ${child} AND relationship_status = 'active'`
        if (current !== undefined) return yield* InvalidInput.field("code", m.alreadyLinked)
        // A cycle: the parent-to-be already draws (directly or further up) from this account.
        const [cycle] = yield* sql`
          WITH RECURSIVE up(account_id) AS (
            SELECT ${parent}::int
            UNION
            SELECT l.parent_account_id FROM account_links l JOIN up ON l.child_account_id = up.account_id
            WHERE l.relationship_status = 'active')
          SELECT 1 FROM up WHERE account_id = ${child}`
        if (cycle !== undefined) return yield* InvalidInput.field("code", m.cycle)
        yield* sql`
          UPDATE account_links SET child_account_id = ${child}, relationship_status = 'active', code_hash = NULL,
            code_expires_at = NULL, started_by = ${tenant.signin_id}, started_at = ${now}
          WHERE link_id = ${found.link_id}`
        yield* Content.copyAll(child, parent)
        yield* sql`UPDATE account_links SET synced_at = ${now} WHERE link_id = ${found.link_id}`
        yield* audit(child, tenant.signin_id, "shared_account.link", found.link_id, now)
        yield* audit(parent, tenant.signin_id, "shared_account.link", found.link_id, now)
        return found.link_id
      })
    )
    yield* cache.invalidateAccount(tenant.account_id)
    const row = yield* one(child, linkId)
    return view(child, row!)
  }).pipe(Effect.catchTag("SqlError", Effect.die))

/** Stop a link of the tenant's account (either side; a waiting code is withdrawn); a stopped link answers as it is. */
export const stop = (tenant: Tenant, linkId: number) =>
  Effect.gen(function* () {
    yield* requireAdmin(tenant)
    const sql = yield* SqlClient.SqlClient
    const cache = yield* AccountCache
    const account = tenant.account_id
    const nowMs = yield* Clock.currentTimeMillis
    const now = new Date(nowMs)
    const child = yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`SELECT singleton FROM account_links_lock FOR UPDATE`
        const [found] = yield* sql<{
          parent_account_id: number
          child_account_id: number | null
          relationship_status: SharedAccount.RelationshipStatus
        }>`
          SELECT parent_account_id, child_account_id, relationship_status FROM account_links
          WHERE link_id = ${linkId} AND (parent_account_id = ${account} OR child_account_id = ${account})
          FOR UPDATE`
        if (found === undefined) return yield* NotFound.answer(m.linkNotFound)
        if (found.relationship_status === "stopped") return null
        yield* sql`
          UPDATE account_links SET relationship_status = 'stopped', code_hash = NULL, stopped_by = ${tenant.signin_id},
            stopped_at = ${now}
          WHERE link_id = ${linkId}`
        if (found.child_account_id !== null && found.relationship_status === "active") {
          yield* Content.release(found.child_account_id, found.parent_account_id)
          yield* audit(found.child_account_id, tenant.signin_id, "shared_account.stop", linkId, now)
        }
        yield* audit(found.parent_account_id, tenant.signin_id, "shared_account.stop", linkId, now)
        return found.child_account_id
      })
    )
    if (child !== null) yield* cache.invalidateAccount(child as Tenant["account_id"])
    const row = yield* one(account, linkId)
    return view(account, row!)
  }).pipe(Effect.catchTag("SqlError", Effect.die))
