/**
 * What a refused or failed call to Stripe came to, in the terms the server acts on: the card was declined
 * (the customer tries another), the keys are wrong (the account's admin fixes the settings), Stripe asks us to
 * slow down, the request was invalid, Stripe failed, or it could not be reached at all.
 *
 * @since 0.5.0
 */
import { Schema } from "effect"

/** The kinds of failure. */
export const Kind = Schema.Literals(["card", "authentication", "rate-limit", "invalid", "server", "connection"])
/** The kinds of failure. */
export type Kind = typeof Kind.Type

/** A call to Stripe that did not succeed; `message` is Stripe's own text (safe to show: it never holds a key). */
export class StripeFailure extends Schema.TaggedError<StripeFailure>()("StripeFailure", {
  kind: Kind,
  message: Schema.String,
  /** Stripe's error code (`card_declined`, `resource_missing` ...), empty when it gave none. */
  code: Schema.String,
  /** Stripe's `decline_code` for a declined card, empty otherwise. */
  decline_code: Schema.String,
  /** The HTTP status, 0 when Stripe was not reached. */
  status: Schema.Int
}) {}

/** The failure an error thrown by the `stripe` client stands for. */
export const fromThrown = (e: unknown): StripeFailure => {
  const raw = (typeof e === "object" && e !== null ? e : {}) as {
    readonly type?: unknown
    readonly message?: unknown
    readonly code?: unknown
    readonly decline_code?: unknown
    readonly statusCode?: unknown
  }
  const type = typeof raw.type === "string" ? raw.type : ""
  const status = typeof raw.statusCode === "number" ? raw.statusCode : 0
  const kind: Kind =
    type === "StripeCardError"
      ? "card"
      : type === "StripeAuthenticationError" || type === "StripePermissionError" || status === 401
        ? "authentication"
        : type === "StripeRateLimitError" || status === 429
          ? "rate-limit"
          : type === "StripeConnectionError" || status === 0
            ? "connection"
            : status >= 500 || type === "StripeAPIError"
              ? "server"
              : "invalid"
  return new StripeFailure({
    kind,
    message: typeof raw.message === "string" && raw.message !== "" ? raw.message : "Stripe did not answer.",
    code: typeof raw.code === "string" ? raw.code : "",
    decline_code: typeof raw.decline_code === "string" ? raw.decline_code : "",
    status
  })
}
