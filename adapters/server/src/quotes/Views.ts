/**
 * The wire views of stored quotes shared by the quote use cases: the effective status (a sent quote past its
 * expiry is expired), the action bar, the meta row, version snapshots and the not-found answer, each built from
 * the core's rules.
 *
 * @since 0.1.0
 */

import type { NotFound } from "@quotekit/core/api/ApiError"
import type { ActionOffer, Snapshot as SnapshotType } from "@quotekit/core/api/QuotesApi"
import { ActionRefused, quoteNotFound, Snapshot } from "@quotekit/core/api/QuotesApi"
import * as Expiry from "@quotekit/core/Expiry"
import * as LineItem from "@quotekit/core/LineItem"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import * as QuoteMeta from "@quotekit/core/QuoteMeta"
import * as Wording from "@quotekit/core/Wording"
import { Option, Result, Schema } from "effect"
import { type AccountFacts, type QuoteRecord, type StoredQuote, stateOf, toQuote } from "./Records.ts"

/**
 * The record as it stands at `now`: a sent quote whose expiry date has passed is expired (the `expire` event of
 * the status machine), whether or not the expiry sweep has stored it yet.
 */
export const effective = (record: QuoteRecord, now: number): QuoteRecord => {
  if (record.status !== "sent" || record.expiry_date <= 0 || record.expiry_date > now) return record
  const next = QuoteAction.apply("expire", stateOf(record), QuoteAction.context(now))
  return Result.isSuccess(next) ? { ...record, status: next.success.status, undo: next.success.undo } : record
}

/** Whether `effective` moved the record (the expiry must be stored before an action on it). */
export const hasLapsed = (record: QuoteRecord, now: number): boolean => effective(record, now) !== record

/** What besides the record decides the action bar. */
export interface OfferContext {
  readonly inQuoteView: boolean
  readonly followUpInProgress: boolean
  readonly hasUnsavedChanges?: boolean
  /** Ready invoices wait to be created and the account has an invoicing destination ('Complete & Invoice'). */
  readonly readyInvoicesExist?: boolean
  readonly addonConnected?: boolean
}

/** The machine context of a record for the person asking. */
export const contextOf = (record: QuoteRecord, facts: AccountFacts, now: number, c: OfferContext) =>
  QuoteAction.context(now, {
    isTemplate: record.is_template,
    isAdmin: facts.is_admin,
    hasUnsavedChanges: c.hasUnsavedChanges ?? false,
    inQuoteView: c.inQuoteView,
    hasBeenEmailed: record.has_been_emailed,
    followUpInProgress: c.followUpInProgress,
    readyInvoicesExist: c.readyInvoicesExist ?? false,
    addonConnected: c.addonConnected ?? false,
    deletedAtSeconds: record.deleted_at
  })

/** The action bar of a record (empty for templates, whose controls are the templates list's). */
export const offersOf = (
  record: QuoteRecord,
  facts: AccountFacts,
  now: number,
  c: OfferContext
): ReadonlyArray<ActionOffer> => {
  if (record.is_template) return []
  return QuoteAction.offers(stateOf(record), contextOf(record, facts, now, c)).map((o) => ({
    action: o.action,
    label: Wording.apply(facts.noun, o.label),
    disabledReason: o.disabledReason === null ? null : Wording.apply(facts.noun, o.disabledReason),
    checked: o.checked,
    confirmation: Option.getOrNull(o.confirmation)
  }))
}

/** The meta row of a stored quote. */
export const metaOf = (
  record: QuoteRecord,
  facts: AccountFacts,
  now: number,
  extra: {
    readonly expiryUpdated?: boolean
    readonly nextAdjIndex?: number
    readonly matchCount?: number
  } = {}
): QuoteMeta.QuoteMeta => {
  const expiry = Expiry.check(record, now)
  const nextAdjIndex = extra.nextAdjIndex ?? record.next_adj_index
  return new QuoteMeta.QuoteMeta({
    reviewsEnabled: facts.reviews_enabled,
    reviewsOn: facts.reviews_enabled && (record.meta.reviewsOn ?? false),
    reviewsOnDefault: false,
    reviewCount: facts.featured_reviews,
    reviewsChanged: false,
    expiryUpdated: extra.expiryUpdated ?? false,
    expiryDisplay: expiry._tag === "Soon" ? Wording.apply(facts.noun, expiry.message) : "",
    emailsScheduled: record.emails_scheduled,
    nextAdjIndex,
    matchCount: extra.matchCount ?? 0,
    isAdjustment: nextAdjIndex > 0,
    afterSaveUrl: "",
    ...(record.from_quote_id > 0 ? { fromQuote: record.from_quote_id } : {}),
    ...(record.from_lead_id > 0 ? { fromLead: record.from_lead_id } : {}),
    ...(record.from_template_id > 0 ? { fromTemplate: record.from_template_id } : {})
  })
}

/** The snapshot of a stored quote, as a version keeps it. */
export const snapshotOf = (stored: StoredQuote, facts: AccountFacts, now: number): SnapshotType => ({
  quote: toQuote(stored.record, facts.tax_word),
  meta: metaOf(stored.record, facts, now),
  items: stored.items.map((i) => new LineItem.QuoteItem(i.item)),
  contacts: stored.contacts,
  contact_details: stored.contact_details
})

/** A snapshot as stored in `quote_versions.snapshot` (JSON). */
export const encodeSnapshot = Schema.encodeSync(Snapshot)

/** A stored snapshot read back. */
export const decodeSnapshot = Schema.decodeUnknownSync(Snapshot)

/** 'Could not find that quote?' in the account's wording. */
export const notFound = (facts: Pick<AccountFacts, "noun">): NotFound =>
  quoteNotFound(Wording.catalogue(facts.noun).quoteNotFound)

/** The refusal of an action, with the core's reason in the account's wording. */
export const refused = (
  facts: Pick<AccountFacts, "noun">,
  e: { readonly action: string; readonly reason: string; readonly message: string }
): ActionRefused => ActionRefused.answer(e.action, e.reason, Wording.apply(facts.noun, e.message))
