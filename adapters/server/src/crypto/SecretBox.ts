/**
 * Secrets kept at rest (a webhook endpoint's signing secret; later an SMTP password or an integration's token),
 * sealed with AES-256-GCM under the server's secret key, so a copy of the database alone reveals none of them.
 * A sealed value is `v1.` and base64url of a random 12-byte IV, the ciphertext and the 16-byte tag; `context`
 * (the row it belongs to, e.g. `webhook-endpoint:12`) is bound in as associated data, so a sealed value moved to
 * another row does not open.
 *
 * The key is `QUOTEKIT_SECRET_KEY` (at least 32 characters; its SHA-256 is the AES key) or, when unset, 32 random
 * bytes kept in `<QUOTEKIT_DATA_DIR>/secret-key` (created on first use, mode 600), the same way the customer link
 * secret is kept. Being in the data folder, `npm run backup` takes it along. Changing or losing it makes every
 * sealed secret unreadable (webhook endpoints then need their secrets rotated).
 *
 * @example
 * const box = yield* SecretBox.SecretBox
 * const sealed = box.seal("whsec_…", "webhook-endpoint:12")
 * box.open(sealed, "webhook-endpoint:12") // Option.some("whsec_…")
 *
 * @since 0.4.0
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Context, Option } from "effect"

/** Seals and opens secrets under one key. */
export interface Box {
  /** The sealed form of `plain`, bound to `context`. */
  readonly seal: (plain: string, context: string) => string
  /** The secret inside `sealed`; none when it was sealed under another key or context, or is damaged. */
  readonly open: (sealed: string, context: string) => Option.Option<string>
}

const VERSION = "v1."

/** A box over a 32-byte key. */
export const make = (key: Uint8Array): Box => {
  if (key.byteLength !== 32) throw new Error("a secret box needs a 32-byte key")
  return {
    seal: (plain, context) => {
      const iv = randomBytes(12)
      const cipher = createCipheriv("aes-256-gcm", key, iv)
      cipher.setAAD(Buffer.from(context, "utf8"))
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
      return `${VERSION}${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`
    },
    open: (sealed, context) => {
      if (!sealed.startsWith(VERSION)) return Option.none()
      const raw = Buffer.from(sealed.slice(VERSION.length), "base64url")
      if (raw.byteLength < 12 + 16) return Option.none()
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12))
        decipher.setAAD(Buffer.from(context, "utf8"))
        decipher.setAuthTag(raw.subarray(raw.byteLength - 16))
        const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.byteLength - 16)), decipher.final()])
        return Option.some(plain.toString("utf8"))
      } catch {
        return Option.none()
      }
    }
  }
}

/** The server's secret key (see the module header); throws when `QUOTEKIT_SECRET_KEY` is set but too short. */
export const loadKey = (env: NodeJS.ProcessEnv = process.env): Uint8Array => {
  const fromEnv = env.QUOTEKIT_SECRET_KEY
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < 32) throw new Error("QUOTEKIT_SECRET_KEY must be at least 32 characters")
    return createHash("sha256").update(fromEnv, "utf8").digest()
  }
  const dir = env.QUOTEKIT_DATA_DIR || ".quotekit"
  const file = join(dir, "secret-key")
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
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64url")
  if (key.byteLength !== 32) throw new Error(`${file} does not hold a 32-byte key`)
  return key
}

/** The server's box (its key read once, on first use). */
export const SecretBox = Context.Reference<Box>("quotekit/server/SecretBox", { defaultValue: () => make(loadKey()) })
