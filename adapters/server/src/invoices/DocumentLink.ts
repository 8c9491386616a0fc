/**
 * The public link of a built-in invoice: `/i/{account}/{invoice}/{mac}`, where the mac is an HMAC-SHA-256 of
 * the invoice's identity under the server's link secret (the one customer quote links use, see `LinkToken`).
 * 256 bits: unguessable, nothing stored, and the team can be shown the same link again. Replacing the secret
 * retires every link, as for quotes. The PDF is the same path with `.pdf`.
 *
 * @since 0.2.0
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import { LinkSecret } from "../customer/LinkToken.ts"

/** The server's link secret. */
export const secret = LinkSecret

const mac = (key: Uint8Array, account: number, invoice: number): string =>
  createHmac("sha256", key).update(`invoice:${account}:${invoice}`).digest("base64url")

/** The page path of an invoice. */
export const path = (key: Uint8Array, account: number, invoice: number): string =>
  `/i/${account}/${invoice}/${mac(key, account, invoice)}`

/** Whether `code` is the invoice's mac (constant time). */
export const verify = (key: Uint8Array, account: number, invoice: number, code: string): boolean => {
  const expected = Buffer.from(mac(key, account, invoice))
  const given = Buffer.from(code)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
