/**
 * Secret tokens (session cookies, anti-forgery cookies, emailed link tokens): 256 random bits, sent as
 * base64url, stored only as their SHA-256 so a leaked table does not leak live sessions or links.
 *
 * @since 0.1.0
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

/** A fresh 256-bit token, base64url (43 characters). */
export const generate = (): string => randomBytes(32).toString("base64url")

/** The stored form of a token: its SHA-256, hex. Looking a token up means hashing what the client sent. */
export const hash = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex")

/** Compare two secrets in constant time (for values compared in memory, such as the anti-forgery pair). */
export const equal = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "utf8")
  const y = Buffer.from(b, "utf8")
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Whether a string has the shape of a token this server issues (so junk never reaches the database). */
export const isWellFormed = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token)
