/**
 * Quote meta: editor-side facts about a quote that are not quote fields: reviews settings, expiry display,
 * scheduled emails, linked-item matches, and the adjustment index (a quote is being adjusted when
 * `nextAdjIndex > 0`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as Adjustment from "./Adjustment.ts"

/** The meta row of a quote as on the wire (spec entity "Quote meta", with the second spec's copy sources). */
export class QuoteMeta extends Schema.Class<QuoteMeta>("QuoteMeta")({
  reviewsEnabled: Schema.Boolean,
  reviewsOn: Schema.Boolean,
  reviewsOnDefault: Schema.Boolean,
  reviewCount: Schema.Int,
  reviewsChanged: Schema.Boolean,
  /** Set when loading moved an expiry that had passed; marks the form dirty. */
  expiryUpdated: Schema.Boolean,
  expiryDisplay: Schema.String,
  emailsScheduled: Schema.Int,
  /** 0 when not adjusting; otherwise the index of the adjustment being made (1 is A). */
  nextAdjIndex: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** How many linked items were matched when copying ('N Linked Items were matched.'). */
  matchCount: Schema.Int,
  isAdjustment: Schema.Boolean,
  afterSaveUrl: Schema.String,
  fromQuote: Schema.optionalKey(Schema.Int),
  fromLead: Schema.optionalKey(Schema.Int),
  fromTemplate: Schema.optionalKey(Schema.Int)
}) {}

/** Whether the quote is in adjustment mode: `nextAdjIndex > 0` is the rule; `isAdjustment` mirrors it. */
export const isAdjustment = (meta: Pick<QuoteMeta, "nextAdjIndex">): boolean => meta.nextAdjIndex > 0

/**
 * Whether the editor starts dirty from meta alone: a copy (of a quote, template or example) or an expiry moved
 * on load must be saved to keep.
 */
export const startsDirty = (meta: Pick<QuoteMeta, "expiryUpdated" | "fromQuote" | "fromTemplate">): boolean =>
  meta.expiryUpdated || (meta.fromQuote ?? 0) > 0 || (meta.fromTemplate ?? 0) > 0

/** Meta of a brand-new quote: nothing scheduled, no reviews changed, not an adjustment. */
export const empty = (reviewsOnDefault: boolean, reviewsEnabled: boolean): QuoteMeta =>
  new QuoteMeta({
    reviewsEnabled,
    reviewsOn: reviewsEnabled && reviewsOnDefault,
    reviewsOnDefault,
    reviewCount: 0,
    reviewsChanged: false,
    expiryUpdated: false,
    expiryDisplay: "",
    emailsScheduled: 0,
    nextAdjIndex: 0,
    matchCount: 0,
    isAdjustment: false,
    afterSaveUrl: ""
  })

/** The letter of the adjustment being made ("A" for index 1), or "" when not adjusting. */
export const adjustmentLetter = (meta: Pick<QuoteMeta, "nextAdjIndex">): string =>
  isAdjustment(meta) ? Adjustment.letter(meta.nextAdjIndex) : ""
