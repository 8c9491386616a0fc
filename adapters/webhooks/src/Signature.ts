/**
 * Signing per Standard Webhooks with its own library (`standardwebhooks`): each delivery carries `webhook-id` (the
 * message id, the same on every retry so a receiver can drop duplicates), `webhook-timestamp` (epoch seconds of
 * this attempt) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the
 * endpoint's secret). Secrets are `whsec_` and 32 random bytes in base64, the form every Standard Webhooks
 * verifier takes as it is.
 *
 * @example
 * const secret = Signature.newSecret()
 * const headers = Signature.headers(secret, "msg_2x8…", 1_764_000_000, body)
 * new Webhook(secret).verify(body, headers) // the receiver's side
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import { Webhook } from "standardwebhooks"

/** The three headers of a signed delivery. */
export interface SignedHeaders {
  readonly "webhook-id": string
  readonly "webhook-timestamp": string
  readonly "webhook-signature": string
}

/** A new endpoint secret: `whsec_` and 32 random bytes, base64. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`

/** Whether `text` has the form of a secret this module makes. */
export const isSecret = (text: string): boolean => /^whsec_[A-Za-z0-9+/]{43}=$/.test(text)

/** The signing headers of one attempt of a message. */
export const headers = (secret: string, id: string, timestampSeconds: number, body: string): SignedHeaders => ({
  "webhook-id": id,
  "webhook-timestamp": String(timestampSeconds),
  "webhook-signature": new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body)
})
