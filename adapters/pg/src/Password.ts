/**
 * Password hashing with scrypt from node:crypto, stored as `scrypt$N$r$p$saltB64$hashB64` so the cost can
 * be raised later without breaking stored hashes (each hash carries its own parameters).
 *
 * @example
 * const stored = yield* Password.hash("demo-quotekit")
 * const ok = yield* Password.verify("demo-quotekit", stored) // true
 */

import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"

/** The cost used for new hashes: N = 2^15, r = 8, p = 1 (about 32 MiB and 50-100 ms per hash). */
export const parameters = { N: 2 ** 15, r: 8, p: 1 } as const

const saltBytes = 16
const keyBytes = 32
// Hashes with N above 2^20 are refused: a tampered row must not make one verify allocate gigabytes.
const maxN = 2 ** 20

const derive = (password: string, salt: Buffer, N: number, r: number, p: number, length: number) =>
  Effect.callback<Buffer>((resume) => {
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }
    scrypt(password.normalize("NFKC"), salt, length, options, (error, key) =>
      resume(error === null ? Effect.succeed(key) : Effect.die(error))
    )
  })

/** Scrypt cost parameters: N (a power of two), r and p. */
export interface Parameters {
  readonly N: number
  readonly r: number
  readonly p: number
}

/**
 * Hashes with chosen parameters. Only for test fixtures that need many sign-ins quickly (e.g. N = 2^10):
 * `verify` reads the parameters from the stored hash, and `needsRehash` flags such hashes as weak.
 */
export const hashWith = (password: string, { N, r, p }: Parameters): Effect.Effect<string> =>
  Effect.gen(function* () {
    const salt = randomBytes(saltBytes)
    const key = yield* derive(password, salt, N, r, p, keyBytes)
    return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`
  })

/** Hashes a password with a fresh random salt at the full cost; use it when a password is set or changed. */
export const hash = (password: string): Effect.Effect<string> => hashWith(password, parameters)

const positiveInt = (text: string | undefined) =>
  text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0

/**
 * Checks a password against a stored hash in constant time. A malformed or unknown stored value verifies as
 * false rather than failing, so a corrupt row cannot be told apart from a wrong password.
 */
export const verify = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    const [scheme, nText, rText, pText, saltB64, keyB64, ...rest] = stored.split("$")
    const N = positiveInt(nText)
    const r = positiveInt(rText)
    const p = positiveInt(pText)
    const valid = scheme === "scrypt" && rest.length === 0 && N > 1 && N <= maxN && (N & (N - 1)) === 0
    if (!valid || r === 0 || r > 32 || p === 0 || p > 16 || saltB64 === undefined || keyB64 === undefined) return false
    const salt = Buffer.from(saltB64, "base64")
    const expected = Buffer.from(keyB64, "base64")
    if (salt.length < 8 || expected.length < 16) return false
    const actual = yield* derive(password, salt, N, r, p, expected.length)
    return timingSafeEqual(actual, expected)
  })

/** Whether a stored hash uses weaker parameters than `parameters`; re-hash on the next successful sign-in. */
export const needsRehash = (stored: string): boolean => {
  const [scheme, nText, rText, pText] = stored.split("$")
  return (
    scheme !== "scrypt" ||
    positiveInt(nText) < parameters.N ||
    positiveInt(rText) < parameters.r ||
    positiveInt(pText) < parameters.p
  )
}
