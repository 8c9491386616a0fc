/**
 * DKIM keys: a 2048-bit RSA pair made for a domain (RFC 8301 asks for at least 1024 bits; 2048 is what mail
 * providers advise, and its public key still fits a TXT record split into strings). The public key is published
 * as base64 of its DER SubjectPublicKeyInfo; the private key is kept as PKCS#8 PEM, sealed at rest.
 *
 * @since 0.6.0
 */
import { generateKeyPair } from "node:crypto"
import { Effect } from "effect"

/** A new key pair: `publicKey` as the DKIM record carries it, `privateKey` as PEM for the signer. */
export interface KeyPair {
  readonly publicKey: string
  readonly privateKey: string
}

/** Make a key pair (off the main thread: RSA generation takes a moment). */
export const generate: Effect.Effect<KeyPair> = Effect.callback<KeyPair>((resume) => {
  generateKeyPair(
    "rsa",
    {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "der" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" }
    },
    (error, publicKey, privateKey) => {
      if (error !== null) return resume(Effect.die(error))
      resume(Effect.succeed({ publicKey: Buffer.from(publicKey).toString("base64"), privateKey }))
    }
  )
})
