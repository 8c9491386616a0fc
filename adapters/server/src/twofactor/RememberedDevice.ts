/**
 * "Remember this device for 30 days": after a passed code the browser may keep `qk_2fa_device_<signin id>`, an
 * httpOnly cookie saying until when (epoch seconds) it skips the code for that member, signed with an HMAC under
 * a key derived from the server's link secret. The signature also covers when the member's two-factor was turned
 * on, so turning it off (or on again) forgets every remembered device. The expiry is checked by the server's
 * clock, whatever the browser keeps.
 *
 * @since 0.5.0
 */
import { createHmac, randomBytes } from "node:crypto"
import * as Token from "../auth/Token.ts"

/** The cookie's name for a member (one per member, so people sharing a browser do not replace each other's). */
export const cookieName = (signinId: number): string => `qk_2fa_device_${signinId}`

/** The key remembered-device cookies are signed with, from the server's secret. */
export const key = (secret: Uint8Array): Buffer =>
  createHmac("sha256", secret).update("quotekit remembered two-factor device").digest()

const mac = (key: Uint8Array, signinId: number, until: number, enabledAt: number, nonce: string): string =>
  createHmac("sha256", key).update(`${signinId}:${until}:${enabledAt}:${nonce}`).digest("base64url")

/** A cookie value remembering this device for `signinId` until `until` (epoch seconds). */
export const make = (key: Uint8Array, signinId: number, until: number, enabledAt: number): string => {
  const nonce = randomBytes(12).toString("base64url")
  return `${until}.${nonce}.${mac(key, signinId, until, enabledAt, nonce)}`
}

/** Whether a cookie value remembers this device for `signinId` at `now` (epoch seconds). */
export const remembers = (
  key: Uint8Array,
  cookie: string | undefined,
  signinId: number,
  enabledAt: number,
  now: number
): boolean => {
  const parts = /^([0-9]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? "")
  if (parts === null) return false
  const until = Number(parts[1])
  return now < until && Token.equal(parts[3]!, mac(key, signinId, until, enabledAt, parts[2]!))
}
