/**
 * API keys: how a program (a script, an integration, a Zapier app) calls the HTTP API for one account without a
 * person's session. An admin creates a key with a name and a scope; the key is shown once
 * (`qk_live_` and 43 base64url characters, 256 random bits), then only its short prefix (`qk_live_AbC123`) is
 * shown to tell keys apart. The server keeps its SHA-256, never the key.
 *
 * - Scope `read` may call GET endpoints only; `write` may call every endpoint (write includes read).
 * - A key acts as the admin who created it, with that person's current membership of the account (a key never
 *   does more than its creator could do now; it stops working when they leave the account).
 * - Its last use is recorded at most once a minute (`needsTouch`), so a busy integration does not write on every
 *   request.
 *
 * Generating and hashing need randomness and SHA-256, which the server brings; the rules here are pure.
 *
 * @example
 * import * as ApiKey from "@quotekit/core/ApiKey"
 * ApiKey.allows("read", "GET")                    // true
 * ApiKey.allows("read", "POST")                   // false
 * ApiKey.prefixOf("qk_live_AbC123…")              // "qk_live_AbC123"
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import * as Message from "./Message.ts"

/** Identifier of an API key: a positive database `integer`. */
export const ApiKeyId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })).pipe(
  Schema.brand("ApiKeyId")
)
/** An `api_key_id`. */
export type ApiKeyId = typeof ApiKeyId.Type

/** The scopes a key can have, narrowest first. */
export const scopes = ["read", "write"] as const

/** Schema of a key's scope. */
export const Scope = Schema.Literals(scopes)
/** A key's scope: `read` (GET only) or `write` (everything, read included). */
export type Scope = typeof Scope.Type

/** What every key starts with: says what it is when found in a log or a repository (secret scanners match it). */
export const KEY_START = "qk_live_"
/** Length of the random part: 32 bytes in base64url without padding. */
export const SECRET_LENGTH = 43
/** How many characters of the random part the visible prefix keeps (36 of 256 bits: names a key, reveals nothing). */
export const PREFIX_SECRET_CHARS = 6
/** Longest key name. */
export const NAME_MAX = 100
/** Last use is written again only after this long (milliseconds). */
export const TOUCH_INTERVAL_MS = 60_000

const shape = new RegExp(`^${KEY_START}[A-Za-z0-9_-]{${SECRET_LENGTH}}$`)

/** Whether a string has the shape of a key this server issues (so junk never reaches the database). */
export const isWellFormed = (key: string): boolean => shape.test(key)

/** A key made from its random part (already base64url); the server supplies the randomness. */
export const fromSecret = (secret: string): string => `${KEY_START}${secret}`

/** The visible prefix of a key: what lists show to tell keys apart (`qk_live_AbC123`). */
export const prefixOf = (key: string): string => key.slice(0, KEY_START.length + PREFIX_SECRET_CHARS)

/** Whether a key of `scope` may call an endpoint of `method`: `read` only GET (and HEAD), `write` everything. */
export const allows = (scope: Scope, method: string): boolean => {
  if (scope === "write") return true
  const m = method.toUpperCase()
  return m === "GET" || m === "HEAD"
}

/** Whether the last use (epoch ms, null if never) is old enough at `now` to be written again. */
export const needsTouch = (lastUsedMs: number | null, nowMs: number): boolean =>
  lastUsedMs === null || nowMs - lastUsedMs >= TOUCH_INTERVAL_MS

/** A key's name as typed: trimmed, 1 to `NAME_MAX` characters. */
export const Name = Schema.String.check(
  Schema.makeFilter((s: string) => s.trim() !== "" || Message.apiKeyNameNeeded),
  Schema.makeFilter((s: string) => s.trim().length <= NAME_MAX || Message.fieldTooLong("Name", NAME_MAX))
)

/** The key a request acts with, as the middleware finds it (on `CurrentSignin` and `CurrentAccount`). */
export interface Actor {
  readonly api_key_id: ApiKeyId
  readonly name: string
  readonly scope: Scope
}
