/**
 * Customer link tokens. Each contact a quote is sent to gets its own link, `/q/{token}`, where the token is 256
 * bits: an HMAC-SHA-256 of the link's identity (account, quote contact, creation time) under the server's link
 * secret. The database stores only the token's SHA-256 (`quote_contacts.link_token_hash`, via `Token.hash`), so a
 * copy of the database opens no quote; the server can still show a team member the same link again to copy
 * (re-deriving it), which a random token kept only as a hash could not do.
 *
 * The secret is `QUOTEKIT_LINK_SECRET` (at least 32 characters) or, when unset, 32 random bytes kept in
 * `<QUOTEKIT_DATA_DIR>/link-secret` (created on first use, mode 600). Replacing the secret retires every link.
 *
 * @since 0.1.0
 */
import { createHmac, randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Token from "@quotekit/pg/Token"
import { Context } from "effect"

const loadSecret = (): Uint8Array => {
  const fromEnv = process.env.QUOTEKIT_LINK_SECRET
  if (fromEnv !== undefined && fromEnv.length >= 32) return new TextEncoder().encode(fromEnv)
  const dir = process.env.QUOTEKIT_DATA_DIR || ".quotekit"
  const file = join(dir, "link-secret")
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true })
    // "wx" fails if another process wrote it first; then read theirs.
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 })
      chmodSync(file, 0o600)
    } catch {
      // written meanwhile
    }
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim())
}

/** The server's link secret (read once; see the module header). */
export const LinkSecret = Context.Reference<Uint8Array>("quotekit/server/LinkSecret", { defaultValue: loadSecret })

/** What a link is derived from. */
export interface LinkIdentity {
  readonly account_id: number
  readonly quote_contact_id: number
  /** When the link was made, epoch milliseconds (a new time makes a new link). */
  readonly created_ms: number
}

/** The token of a link (base64url, 43 characters). */
export const derive = (secret: Uint8Array, link: LinkIdentity): string =>
  createHmac("sha256", secret)
    .update(`quote-link:${link.account_id}:${link.quote_contact_id}:${link.created_ms}`)
    .digest("base64url")

/** The stored form of a token (SHA-256 hex). */
export const hash = Token.hash

/** Whether a path segment can be a link token at all (before touching the database). */
export const looksValid = (token: string): boolean => /^[A-Za-z0-9_-]{40,100}$/.test(token)

/** The customer page's path for a token. */
export const pagePath = (token: string): string => `/q/${token}`
