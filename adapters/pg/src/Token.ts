/**
 * Secret tokens for sessions, password resets and customer quote links: 256 random bits, base64url, given to
 * the holder once; the database keeps only their SHA-256 (hex), so a leaked table opens nothing.
 *
 * @example
 * const { token, hash } = Token.make()   // set-cookie: token; INSERT INTO sessions (token_hash) VALUES (hash)
 * Token.hash(cookieValue)                 // look the session up by this
 */
import { createHash, randomBytes } from "node:crypto"

/** A new token and the hash to store for it. */
export const make = (): { readonly token: string; readonly hash: string } => {
  const token = randomBytes(32).toString("base64url")
  return { token, hash: hash(token) }
}

/** The stored form of a token: SHA-256, 64 lower-case hex digits (what the `*_hash` columns check for). */
export const hash = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex")
