/**
 * Subscription (repeating) terms of a quote item or invoice: how often it repeats, in which unit and for how
 * many payments, plus the invoice group key that separates up-front items from each subscription.
 *
 * A term is three whole numbers, stored on the item and the invoice under the spec's wire names:
 * - `term_every` 0-255: 0 means the item is not a subscription (paid up front); above 0 it repeats every n units.
 * - `term_type` 1 week, 2 month, 3 year.
 * - `term_duration` 0-65535: how many payments; 0 means until cancelled.
 *
 * Group key format (stable, used in URLs and stored on invoices): `"up-front"` for non-subscription items,
 * otherwise `"<term_type>-<term_every padded to 5>-<term_duration padded to 5>"`, for example `"2-00001-00012"`
 * (monthly, 12 payments) or `"1-00002-00000"` (every 2 weeks until cancelled). Because the numbers are padded,
 * sorting keys as strings sorts subscription groups by type, then interval, then duration.
 *
 * @example
 * import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
 * const t = SubscriptionTerm.make({ term_every: 2, term_type: 1, term_duration: 12 })
 * SubscriptionTerm.describe(t)  // "every 2 weeks for 12 payments"
 * SubscriptionTerm.groupKey(t)  // "1-00002-00012"
 *
 * @since 0.1.0
 */
import { Option, Result, Schema } from "effect"

/** Largest `term_every` (the spec's limit). */
export const MAX_EVERY = 255
/** Largest `term_duration` (the spec's limit). */
export const MAX_DURATION = 65535

/** The term units by name, so code reads `TermType.Month` rather than `2`. */
export const TermType = { Week: 1, Month: 2, Year: 3 } as const

/** A term unit: 1 week, 2 month, 3 year. */
export type TermType = (typeof TermType)[keyof typeof TermType]

/** Wire schema of `term_type`. */
export const TermTypeSchema = Schema.Literals([1, 2, 3])

/** Wire schema of `term_every`: a whole number 0-255, 0 meaning "not a subscription". */
export const TermEvery = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_EVERY }))

/** Wire schema of `term_duration`: a whole number 0-65535, 0 meaning "until cancelled". */
export const TermDuration = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_DURATION }))

/**
 * The term fields as they appear on a quote item or a quote invoice; spread them into an entity schema
 * (`Schema.Struct({ ...SubscriptionTerm.fields, ... })`) so every entity validates terms the same way.
 */
export const fields = {
  term_every: TermEvery,
  term_type: TermTypeSchema,
  term_duration: TermDuration
} as const

/** Schema of a term on its own (the three fields). */
export const Term = Schema.Struct(fields)

/** A subscription term (or the absence of one when `term_every` is 0). */
export interface Term {
  readonly term_every: number
  readonly term_type: TermType
  readonly term_duration: number
}

/** The term of an item paid up front (not a subscription); what a new price item starts with. */
export const none: Term = { term_every: 0, term_type: TermType.Month, term_duration: 0 }

/** The term a subscription starts with when switched on and there is no previous item to copy: every 1 month. */
export const defaultSubscription: Term = { term_every: 1, term_type: TermType.Month, term_duration: 0 }

/** Which term field a validation problem is about. */
export type TermField = "term_every" | "term_type" | "term_duration"

/**
 * A term field outside the spec's limits (or not a whole number). Raised by `make` for raw input that has not
 * been through the schema, such as an API payload built by hand.
 */
export class InvalidTerm extends Schema.TaggedError<InvalidTerm>()("InvalidTerm", {
  field: Schema.Literals(["term_every", "term_type", "term_duration"]),
  value: Schema.Number,
  minimum: Schema.Int,
  maximum: Schema.Int
}) {
  override get message(): string {
    return `${this.field} must be a whole number from ${this.minimum} to ${this.maximum}, not ${this.value}`
  }
}

const LIMITS: Readonly<Record<TermField, readonly [number, number]>> = {
  term_every: [0, MAX_EVERY],
  term_type: [1, 3],
  term_duration: [0, MAX_DURATION]
}

const check = (field: TermField, value: number): Option.Option<InvalidTerm> => {
  const [minimum, maximum] = LIMITS[field]
  return Number.isInteger(value) && value >= minimum && value <= maximum
    ? Option.none()
    : Option.some(new InvalidTerm({ field, value, minimum, maximum }))
}

/**
 * Validate raw term numbers against the spec's limits; the first problem found is the failure.
 * Use at boundaries that do not decode through `Term` (the schema already enforces the same limits).
 */
export const make = (input: {
  readonly term_every: number
  readonly term_type: number
  readonly term_duration: number
}): Result.Result<Term, InvalidTerm> => {
  for (const field of ["term_every", "term_type", "term_duration"] as const) {
    const problem = check(field, input[field])
    if (Option.isSome(problem)) return Result.fail(problem.value)
  }
  return Result.succeed({
    term_every: input.term_every,
    term_type: input.term_type as TermType,
    term_duration: input.term_duration
  })
}

const clampWhole = (value: number, minimum: number, maximum: number, fallback: number): number =>
  Number.isFinite(value) ? Math.min(maximum, Math.max(minimum, Math.trunc(value))) : fallback

/**
 * Bring editor input into range the way the spec's number fields do: decimals truncated, values clamped to the
 * limits, an unknown unit replaced by month. Use for live form input; use `make` to reject instead.
 */
export const normalize = (input: {
  readonly term_every: number
  readonly term_type: number
  readonly term_duration: number
}): Term => ({
  term_every: clampWhole(input.term_every, 0, MAX_EVERY, 0),
  term_type: input.term_type === 1 || input.term_type === 3 ? input.term_type : TermType.Month,
  term_duration: clampWhole(input.term_duration, 0, MAX_DURATION, 0)
})

/** Whether the term makes its item a subscription (`term_every > 0`). */
export const isSubscription = (term: Pick<Term, "term_every">): boolean => term.term_every > 0

/** Whether a subscription runs until cancelled (no fixed number of payments). */
export const isUntilCancelled = (term: Term): boolean => isSubscription(term) && term.term_duration === 0

/**
 * The term a subscription gets when the user switches it on: a copy of the previous item's term when that item
 * is a subscription (so a run of monthly items stays consistent), else every 1 month until cancelled.
 */
export const enable = (previous: Option.Option<Term>): Term =>
  Option.isSome(previous) && isSubscription(previous.value) ? previous.value : defaultSubscription

/** The term after the user switches the subscription off: the item is paid up front again. */
export const disable = (_term: Term): Term => none

const UNIT: Readonly<Record<TermType, readonly [string, string]>> = {
  1: ["week", "weeks"],
  2: ["month", "months"],
  3: ["year", "years"]
}

/** The unit name for a count: `unitName(1, 1)` is "week", `unitName(1, 2)` is "weeks". */
export const unitName = (type: TermType, count: number): string => UNIT[type][count === 1 ? 0 : 1]

/**
 * How often the item repeats: "every week", "every 2 months". Empty for items paid up front.
 * Use beside a price ("$20.00 every month").
 */
export const describeInterval = (term: Term): string => {
  if (!isSubscription(term)) return ""
  return term.term_every === 1
    ? `every ${unitName(term.term_type, 1)}`
    : `every ${term.term_every} ${unitName(term.term_type, term.term_every)}`
}

/** How long the subscription runs: "until cancelled", "for 1 payment", "for 12 payments". Empty when up front. */
export const describeDuration = (term: Term): string => {
  if (!isSubscription(term)) return ""
  if (term.term_duration === 0) return "until cancelled"
  return term.term_duration === 1 ? "for 1 payment" : `for ${term.term_duration} payments`
}

/**
 * The full wording of a term, as shown under an item and on subscription invoices:
 * "every 2 weeks for 12 payments", "every month until cancelled"; "up front" for non-subscription items.
 */
export const describe = (term: Term): string =>
  isSubscription(term) ? `${describeInterval(term)} ${describeDuration(term)}` : "up front"

/** The group key of items paid up front (and of deposits and plain invoices). */
export const UP_FRONT = "up-front"

const GROUP_KEY_PATTERN = /^(?:up-front|[123]-\d{5}-\d{5})$/

/** An invoice group key: `"up-front"` or `"<type>-<every:5>-<duration:5>"`. See the module header. */
export const GroupKey = Schema.String.check(Schema.isPattern(GROUP_KEY_PATTERN)).pipe(Schema.brand("InvoiceGroupKey"))

/** An invoice group key (branded string). */
export type GroupKey = typeof GroupKey.Type

const pad5 = (n: number): string => String(n).padStart(5, "0")

/**
 * The invoice group an item or invoice belongs to. Items are invoiced per group: all up-front items together,
 * and each distinct subscription term separately.
 */
export const groupKey = (term: Term): GroupKey =>
  (isSubscription(term)
    ? `${term.term_type}-${pad5(term.term_every)}-${pad5(term.term_duration)}`
    : UP_FRONT) as GroupKey

/** The up-front group key, typed. */
export const upFrontKey: GroupKey = UP_FRONT as GroupKey

/**
 * Read a group key back into its term (`none` for up-front); `None` when the text is not a valid key or its
 * numbers are outside the limits. Use for keys arriving in URLs.
 */
export const parseGroupKey = (key: string): Option.Option<Term> => {
  if (!GROUP_KEY_PATTERN.test(key)) return Option.none()
  if (key === UP_FRONT) return Option.some(none)
  const [type = "", every = "", duration = ""] = key.split("-")
  const parsed = make({ term_every: Number(every), term_type: Number(type), term_duration: Number(duration) })
  return Result.isSuccess(parsed) && parsed.success.term_every > 0 ? Option.some(parsed.success) : Option.none()
}

/** Whether two terms are the same subscription (equal group keys). */
export const equivalent = (a: Term, b: Term): boolean => groupKey(a) === groupKey(b)
