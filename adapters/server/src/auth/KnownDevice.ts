/**
 * The known-device cookie: after a successful sign-in the browser keeps `qk_device`, an HMAC of the email
 * under a key of the server's own (derived from its link secret), for a year. A browser presenting the one for
 * the email it signs in to is not held back by the email's sign-in throttle (`SigninThrottle`). It grants
 * nothing else: the password is still needed, and the address limits still hold.
 *
 * @since 0.1.0
 */
import { createHmac, randomBytes } from "node:crypto"
import * as Token from "./Token.ts"

/** The cookie's name. */
export const COOKIE = "qk_device"

/** How long a browser stays known, in seconds. */
export const MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** The key device tokens are made with, from the server's secret. */
export const key = (secret: Uint8Array): Buffer => createHmac("sha256", secret).update("quotekit known device").digest()

const mac = (key: Uint8Array, nonce: string, email: string): string =>
  createHmac("sha256", key).update(`${nonce}:${email}`).digest("base64url")

/** A token saying this browser signed in to `email` (lower-cased). */
export const make = (key: Uint8Array, email: string): string => {
  const nonce = randomBytes(16).toString("base64url")
  return `${nonce}.${mac(key, nonce, email)}`
}

/** Whether a cookie value says this browser signed in to `email` before. */
export const knows = (key: Uint8Array, cookie: string | undefined, email: string): boolean => {
  const parts = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? "")
  return parts !== null && Token.equal(parts[2]!, mac(key, parts[1]!, email))
}
