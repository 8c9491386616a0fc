/**
 * Checks on a quote's dates in the editor: an expiry date in the past is an error, an expiry within 10 days
 * of a quote being edited after sending is a warning, and a sent date in the future is flagged.
 *
 * Dates are epoch seconds; 0 means unset (no expiry; a sent date that follows the send). The pure checks
 * take `now`; the `...Now` wrappers read Effect's `Clock`.
 *
 * @example
 * import * as Expiry from "@quotekit/core/Expiry"
 * Expiry.check({ status: "draft", expiry_date: 100 }, 200)
 * // { _tag: "InPast", message: "The expiry date is in the past, it must be some time in the future." }
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import * as Message from "./Message.ts"
import * as RelativeTime from "./RelativeTime.ts"

/** Days before expiry within which a sentEditing quote warns. */
export const warningDays = 10

/**
 * The outcome of checking an expiry date: fine, in the past (an error: it must be in the future), or soon
 * (a warning on a quote being edited after sending, whose customer may lose it while it is offline).
 */
export type ExpiryCheck =
  | { readonly _tag: "Ok" }
  | { readonly _tag: "InPast"; readonly message: string }
  | { readonly _tag: "Soon"; readonly message: string; readonly secondsLeft: number }

/**
 * Check a quote's expiry date. `status` is the quote status name ("draft", "sentEditing", ...); only
 * sentEditing quotes get the within-10-days warning. An expiry at or before `now` is in the past.
 */
export const check = (quote: { readonly status: string; readonly expiry_date: number }, now: number): ExpiryCheck => {
  if (quote.expiry_date <= 0) return { _tag: "Ok" }
  if (quote.expiry_date <= now) return { _tag: "InPast", message: Message.catalogue.expiryInPast }
  const left = quote.expiry_date - now
  if (quote.status === "sentEditing" && left <= warningDays * 86_400) {
    return {
      _tag: "Soon",
      message: Message.catalogue.expirySoon(RelativeTime.describe(quote.expiry_date, now)),
      secondsLeft: left
    }
  }
  return { _tag: "Ok" }
}

/** The message for a sent date later than `now` ('This date is in the future'); `None` otherwise or when unset. */
export const sentDateProblem = (sentWhen: number, now: number): Option.Option<string> =>
  sentWhen > now ? Option.some(Message.catalogue.sentDateInFuture) : Option.none()

/** `check` against the current time from the `Clock`. */
export const checkNow = (quote: {
  readonly status: string
  readonly expiry_date: number
}): Effect.Effect<ExpiryCheck> => Effect.map(RelativeTime.nowSeconds, (now) => check(quote, now))

/** `sentDateProblem` against the current time from the `Clock`. */
export const sentDateProblemNow = (sentWhen: number): Effect.Effect<Option.Option<string>> =>
  Effect.map(RelativeTime.nowSeconds, (now) => sentDateProblem(sentWhen, now))
