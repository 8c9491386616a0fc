/**
 * The status of a quote: where it is in its life from first draft to the customer's answer.
 *
 * - `draft`: being written, never sent.
 * - `sentEditing`: was sent and is being revised; the customer cannot see it until it is sent again.
 * - `sent`: with the customer.
 * - `accepted`, `declined`: the customer's (or the author's, on their behalf) answer.
 * - `expired`: sent, and its expiry date has passed.
 * - `withdrawn`: taken back by the author; hidden from the customer and from dashboard stats.
 *
 * Which status a quote may move to, and through which action, is `QuoteAction`'s concern; this module holds the
 * names, labels and colours.
 *
 * @example
 * import * as QuoteStatus from "@quotekit/core/QuoteStatus"
 * QuoteStatus.label("sentEditing")        // "Editing"
 * QuoteStatus.colourClass("withdrawn")    // "status-red"
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { all } from "./light/QuoteStatus.ts"

export * from "./light/QuoteStatus.ts"

/** Wire and domain schema of a quote's `status`. */
export const QuoteStatus = Schema.Literals(all)

/** A quote status. */
export type QuoteStatus = typeof QuoteStatus.Type
