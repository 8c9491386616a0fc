/**
 * The anti-forgery token, bound to the session it is used with. A token is a random nonce and an HMAC of the
 * nonce and the session cookie's hash under a key of the server's own (derived from its link secret), so a token
 * made for one session (or for no session) does not pass with another. Someone able to plant a cookie for the
 * site (from a sibling subdomain, say) cannot choose a pair that passes: they would need the victim's session.
 *
 * @since 0.1.0
 */
import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from "node:crypto"
import * as Token from "../auth/Token.ts"

// Every request checks a token: the key is derived once per secret, and kept as a `KeyObject` so each HMAC does
// not import the raw key again.
const derived = new WeakMap<Uint8Array, Buffer>()
const keyObjects = new WeakMap<Uint8Array, KeyObject>()

/** The key tokens are made with, from the server's secret (derived once per secret). */
export const key = (secret: Uint8Array): Buffer => {
  let k = derived.get(secret)
  if (k === undefined) {
    k = createHmac("sha256", secret).update("quotekit anti-forgery token").digest()
    derived.set(secret, k)
  }
  return k
}

const keyObjectOf = (key: Uint8Array): KeyObject => {
  let k = keyObjects.get(key)
  if (k === undefined) {
    k = createSecretKey(key)
    keyObjects.set(key, k)
  }
  return k
}

/** What a token is bound to: the session cookie's SHA-256, or nothing before sign-in. */
export const bindingOf = (sessionCookie: string | undefined): string =>
  sessionCookie === undefined || sessionCookie === ""
    ? ""
    : createHash("sha256").update(sessionCookie, "utf8").digest("hex")

const mac = (key: Uint8Array, nonce: string, binding: string): string =>
  createHmac("sha256", keyObjectOf(key)).update(`${nonce}:${binding}`).digest("base64url")

const shape = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/

/** A new token for the binding. */
export const make = (key: Uint8Array, binding: string): string => {
  const nonce = randomBytes(32).toString("base64url")
  return `${nonce}.${mac(key, nonce, binding)}`
}

/** Whether a token was made by this server for this binding. */
export const verify = (key: Uint8Array, token: string, binding: string): boolean => {
  const parts = shape.exec(token)
  return parts !== null && Token.equal(parts[2]!, mac(key, parts[1]!, binding))
}

/** The most token and session pairs `verifyFor` remembers as passed, per key. */
export const REMEMBERED = 4_096

const passed = new WeakMap<Uint8Array, Map<string, true>>()

/**
 * Whether a token was made by this server for the session whose cookie this is (`verify` with its `bindingOf`).
 * Every request checks its cookie, and a browser sends the same pair again and again: the last `REMEMBERED`
 * pairs that passed are kept (about 1.5 MB at most), so a repeat costs a `Map` look-up instead of a SHA-256 and an
 * HMAC (8% of the server's time on `GET /api/session`). Only pairs that passed are kept, exactly as sent, so a
 * pair passes from memory only if it would pass again.
 */
export const verifyFor = (key: Uint8Array, token: string, sessionCookie: string | undefined): boolean => {
  let seen = passed.get(key)
  if (seen === undefined) {
    seen = new Map()
    passed.set(key, seen)
  }
  // Cookie values never hold a line break, so the pair is unambiguous.
  const pair = `${token}\n${sessionCookie ?? ""}`
  if (seen.has(pair)) return true
  if (!verify(key, token, bindingOf(sessionCookie))) return false
  if (seen.size >= REMEMBERED) seen.delete(seen.keys().next().value as string)
  seen.set(pair, true)
  return true
}
