/**
 * A failure talking to an add-on's service (any add-on: accounting, CRM, marketing). `kind`: `auth` (reconnect
 * needed: a refresh refused, access revoked, a token that no longer works), `rate-limited` and `unavailable`
 * (try again later; `retryAfterMs` when the service said how long), `rejected` (the service refused the content;
 * `message` is its own text, shown to the user).
 *
 * @example
 * new AddOnError({ kind: "rate-limited", message: "Capsule is busy", retryAfterMs: 30_000 })
 *
 * @since 0.5.0
 */
import { Schema } from "effect"

/** A failure talking to an add-on's service. */
export class AddOnError extends Schema.TaggedError<AddOnError>()("AddOnError", {
  kind: Schema.Literals(["auth", "rate-limited", "unavailable", "rejected"]),
  message: Schema.String,
  retryAfterMs: Schema.optional(Schema.Number)
}) {}
