/**
 * A connection's tokens at rest and when they are refreshed. Tokens are sealed with the server's secret box
 * (`Sealer`, which the server supplies: `SecretBox`) bound to the connection's row, so a copy of the database
 * alone reveals none of them and a sealed value moved to another account does not open. An access token is
 * refreshed once fewer than `REFRESH_MARGIN_MS` are left, before a call rather than after a refusal.
 *
 * @example
 * const sealed = Connection.seal(box, tokens, Connection.context(12, 1))
 * Connection.open(box, sealed, Connection.context(12, 1)) // Option.some(tokens)
 * Connection.needsRefresh(tokens, Date.now())
 *
 * @since 0.5.0
 */
import { Option, Schema } from "effect"
import type { Tokens } from "./OAuthService.ts"

/** Seals and opens secrets under the server's key; `context` binds a sealed value to its row. */
export interface Sealer {
  readonly seal: (plain: string, context: string) => string
  readonly open: (sealed: string, context: string) => Option.Option<string>
}

/** Refresh when the access token has less than this left (5 minutes). */
export const REFRESH_MARGIN_MS = 5 * 60_000

/** The row a connection's secrets belong to. */
export const context = (accountId: number, addonId: number): string => `addon-connection:${accountId}:${addonId}`

/** The row an OAuth attempt's verifier belongs to. */
export const attemptContext = (accountId: number, addonId: number, stateHash: string): string =>
  `addon-attempt:${accountId}:${addonId}:${stateHash}`

const TokensJson = Schema.fromJsonString(
  Schema.Struct({
    access_token: Schema.String,
    refresh_token: Schema.String,
    expires_at: Schema.Number,
    site: Schema.optionalKey(Schema.String)
  })
)
const encode = Schema.encodeSync(TokensJson)
const decode = Schema.decodeUnknownOption(TokensJson)

/** The sealed form of `tokens`. */
export const seal = (box: Sealer, tokens: Tokens, ctx: string): string =>
  box.seal(
    encode({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: tokens.expires_at,
      ...(tokens.site === undefined ? {} : { site: tokens.site })
    }),
    ctx
  )

/** The tokens in `sealed`; none when it was sealed under another key or row, or is damaged. */
export const open = (box: Sealer, sealed: string, ctx: string): Option.Option<Tokens> =>
  Option.flatMap(box.open(sealed, ctx), decode)

/** Whether `tokens` should be refreshed before use at `nowMs` (less than 5 minutes left, or expired). */
export const needsRefresh = (tokens: Pick<Tokens, "expires_at">, nowMs: number): boolean =>
  tokens.expires_at - nowMs < REFRESH_MARGIN_MS
