/**
 * The API keys repository: an account's keys as lists show them, a new key and a revocation (each with its audit
 * row in the same statement), the live key a hash names (with its creator's current membership, which the key
 * acts with), and the last-use stamp, written only when the stored one is a minute old. Lists and changes are
 * filtered by the account; the look-up by hash is the only query without one, as a session's is.
 *
 * @since 0.4.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type * as ApiKey from "@quotekit/core/ApiKey"
import type { ApiKeyView } from "@quotekit/core/api/ApiKeysApi"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** A key to store: never the key, only its hash and prefix. */
export interface NewKey {
  readonly account_id: AccountId
  readonly name: string
  readonly prefix: string
  readonly key_hash: string
  readonly scope: ApiKey.Scope
  readonly created_by: SigninId
  /** Epoch milliseconds, from the server's clock. */
  readonly at: number
}

/** A live key found by its hash, with the membership of the admin it acts as. */
export interface LiveKey {
  readonly api_key_id: ApiKey.ApiKeyId
  readonly account_id: AccountId
  readonly name: string
  readonly scope: ApiKey.Scope
  readonly created_by: SigninId
  readonly is_admin: boolean
  /** Epoch milliseconds; null when never used. */
  readonly last_used_ms: number | null
}

/** The repository service. */
export class ApiKeysRepo extends Context.Service<
  ApiKeysRepo,
  {
    /** The account's keys, live ones first, newest first within each. */
    readonly list: (account: AccountId) => Effect.Effect<ReadonlyArray<ApiKeyView>>
    /** Store a new key (and its audit row); answers it as lists show it. */
    readonly insert: (key: NewKey) => Effect.Effect<ApiKeyView>
    /** Revoke a key of the account (and audit it) unless it is revoked already; none when it is not the account's. */
    readonly revoke: (
      account: AccountId,
      id: ApiKey.ApiKeyId,
      by: SigninId,
      at: number
    ) => Effect.Effect<Option.Option<ApiKeyView>>
    /** The live key with this hash whose creator is still a member of its account. */
    readonly live: (keyHash: string) => Effect.Effect<Option.Option<LiveKey>>
    /** Stamp the key's last use at `at`, unless a stamp less than a minute older is there already. */
    readonly touch: (id: ApiKey.ApiKeyId, at: number) => Effect.Effect<void>
  }
>()("quotekit/server/ApiKeysRepo") {}

interface ViewRow extends Omit<ApiKeyView, "created_at" | "last_used_at" | "revoked_at"> {
  readonly created_at: Date
  readonly last_used_at: Date | null
  readonly revoked_at: Date | null
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
const toView = (r: ViewRow): ApiKeyView => ({
  api_key_id: r.api_key_id,
  name: r.name,
  prefix: r.prefix,
  scope: r.scope,
  created_by: r.created_by,
  created_by_name: r.created_by_name,
  created_at: seconds(r.created_at),
  last_used_at: r.last_used_at === null ? null : seconds(r.last_used_at),
  revoked_at: r.revoked_at === null ? null : seconds(r.revoked_at)
})

/** The repository over SQL. */
export const layer = Layer.effect(
  ApiKeysRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // The view's columns over `k` (the key) and `s` (its creator).
    const columns = sql.literal(`
      k.api_key_id, k.name, k.prefix, k.scope, k.created_by,
      coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
        AS created_by_name,
      k.created_at, k.last_used_at, k.revoked_at`)
    // The audit row of a change, from the key the statement's `k` names (never the key, only what lists show).
    const audit = (account: AccountId, by: SigninId, action: string, at: Date) =>
      sql`INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data)
          SELECT ${account}, ${at}, ${String(by)}, ${by}, ${action}, 'api_keys', api_key_id,
                 jsonb_build_object('name', name, 'scope', scope, 'prefix', prefix)
          FROM k`

    return ApiKeysRepo.of({
      list: (account) =>
        sql<ViewRow>`
          SELECT ${columns} FROM api_keys k JOIN signins s ON s.signin_id = k.created_by
          WHERE k.account_id = ${account}
          ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.api_key_id DESC`.pipe(
          Effect.map((rows) => rows.map(toView)),
          Effect.orDie
        ),
      insert: (key) => {
        const at = new Date(key.at)
        return sql<ViewRow>`
          WITH k AS (
            INSERT INTO api_keys (account_id, name, prefix, key_hash, scope, created_by, created_at)
            VALUES (${key.account_id}, ${key.name}, ${key.prefix}, ${key.key_hash}, ${key.scope}, ${key.created_by},
                    ${at})
            RETURNING *
          ),
          a AS (${audit(key.account_id, key.created_by, "api_key.create", at)})
          SELECT ${columns} FROM k JOIN signins s ON s.signin_id = k.created_by`.pipe(
          Effect.map((rows) => toView(rows[0]!)),
          Effect.orDie
        )
      },
      revoke: (account, id, by, atMs) => {
        const at = new Date(atMs)
        return sql<ViewRow>`
          WITH k AS (
            UPDATE api_keys SET revoked_at = ${at}, revoked_by = ${by}
            WHERE account_id = ${account} AND api_key_id = ${id} AND revoked_at IS NULL
            RETURNING *
          ),
          a AS (${audit(account, by, "api_key.revoke", at)})
          SELECT ${columns} FROM api_keys k JOIN signins s ON s.signin_id = k.created_by
          WHERE k.account_id = ${account} AND k.api_key_id = ${id} AND NOT EXISTS (SELECT 1 FROM k)
          UNION ALL
          SELECT ${columns} FROM k JOIN signins s ON s.signin_id = k.created_by`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toView)),
          Effect.orDie
        )
      },
      live: (keyHash) =>
        sql<Omit<LiveKey, "last_used_ms"> & { readonly last_used_ms: number | null }>`
          SELECT k.api_key_id, k.account_id, k.name, k.scope, k.created_by, m.is_admin,
                 (extract(epoch FROM k.last_used_at) * 1000)::float8 AS last_used_ms
          FROM api_keys k
          JOIN memberships m
            ON m.account_id = k.account_id AND m.signin_id = k.created_by AND m.joined_at IS NOT NULL
          WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL`.pipe(
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (r) => ({
              ...r,
              last_used_ms: r.last_used_ms === null ? null : Number(r.last_used_ms)
            }))
          ),
          Effect.orDie
        ),
      touch: (id, atMs) => {
        const at = new Date(atMs)
        return sql`
          UPDATE api_keys SET last_used_at = ${at}
          WHERE api_key_id = ${id}
            AND (last_used_at IS NULL OR last_used_at <= ${at}::timestamptz - interval '1 minute')`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
      }
    })
  })
)
