/**
 * Load the quote editor (`GET /get/quote-edit/{edit|template}/{id|new}/{is-editing|is-adjustment}`): a stored
 * quote or template with its rows, files and contacts, or a new one made from the account defaults and the
 * query options (from-quote, from-template, example, from-lead, title), with the banners' facts.
 *
 * Decisions where the spec is silent:
 * - A new quote without another source starts from the account's default template (no banner).
 * - A copy starts fresh: no customer choices or quantity edits, adjustments folded in (as Undo Acceptance
 *   folds them), no sent date or expiry. A copy of a quote keeps its contacts; a template copy has none.
 * - A draft or revision whose expiry has passed gets a new expiry, the same length from today
 *   (`expiryUpdated`, which marks the form dirty).
 *
 * @since 0.1.0
 */
import * as Adjustment from "@quotekit/core/Adjustment"
import { AccessDenied } from "@quotekit/core/api/ApiError"
import {
  type Editor,
  type EditorKind,
  type EditorQuery,
  editActionOf,
  type QuoteContact
} from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import type { Contact } from "@quotekit/core/Contact"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as Wording from "@quotekit/core/Wording"
import { Effect, Option, Result } from "effect"
import * as LeadContact from "../leads/LeadContact.ts"
import * as Examples from "./Examples.ts"
import { type AccountFacts, type ItemRecord, type QuoteRecord, stateOf, toQuote } from "./Records.ts"
import { QuoteRepo } from "./Repo.ts"
import { contextOf, effective, metaOf, notFound, offersOf, refused } from "./Views.ts"

const DAY = 86_400

/** A new expiry for a draft whose expiry passed: as long as it was (from sending or creation), from now. */
export const renewedExpiry = (record: Pick<QuoteRecord, "expiry_date" | "sent_when" | "creation">, now: number) => {
  const start = record.sent_when > 0 ? record.sent_when : record.creation
  const length = Math.max(DAY, record.expiry_date - start)
  return now + (length > 365 * DAY ? 30 * DAY : length)
}

/** Rows copied into a new quote: fresh temporary ids, customer data cleared, adjustments folded in, files kept. */
export const copyRows = (rows: ReadonlyArray<QuoteSave.Row>): ReadonlyArray<LineItem.QuoteItem> => {
  const merged = Adjustment.mergeOnUndoAcceptance(rows).items
  return merged.map((row, i) => {
    const temp = -(i + 1)
    const { original_quantity: _q, modified: _m, archive_id: _a, _shared_account_id: _s, ...rest } = row
    return new LineItem.QuoteItem({
      ...rest,
      quote_item_id: LineItem.QuoteItemId.make(temp),
      quantity: row.original_quantity ?? row.quantity,
      contact_selected: 0,
      added_adj_at: 0,
      credited_adj_at: 0,
      display_state: "idle",
      files: (row.files ?? []).map((f) => ({ file_id: f.file_id, parent_id: temp }))
    })
  })
}

/** A record for a quote not saved yet, from the account defaults. */
const newRecord = (facts: AccountFacts, isTemplate: boolean, now: number): QuoteRecord => ({
  quote_id: 0,
  is_template: isTemplate,
  status: "draft",
  archive_id: 1,
  quote_no: 0,
  revision_no: 0,
  title: "",
  sent_when: 0,
  expiry_date: 0,
  deposit_percent: Money.zero,
  discount_overall: Money.zero,
  currency_id: facts.currency_id,
  amounts_entered: facts.amounts_entered,
  private_pricing: facts.private_pricing,
  from: facts.signin_id,
  from_name: facts.who,
  price_current: Money.zero,
  has_been_emailed: false,
  next_adj_index: 0,
  last_item_adj: 0,
  shared_quote_id: 0,
  from_template_id: 0,
  from_quote_id: 0,
  from_lead_id: 0,
  meta: {},
  last_view: 0,
  stat_opens: 0,
  stat_edits: 0,
  stat_followups: 0,
  deleted_at: null,
  edit_seq: 0,
  undo: null,
  creation: now,
  modified: now,
  modified_by: null,
  modified_by_name: "",
  emails_scheduled: 0
})

const defaultsOf = (facts: AccountFacts): Editor["defaults"] => ({
  currency_id: Option.getOrElse(
    Option.map(Currency.byId(facts.currency_id), (c) => c.id),
    () => Currency.DEFAULT_ID
  ),
  amounts_entered: facts.amounts_entered,
  private_pricing: PrivatePricing.make(facts.private_pricing),
  defaultTemplate: facts.default_template_id,
  item_tax_id: facts.default_tax_id,
  item_cat_id: facts.default_category_id
})

/** The editor of a stored quote or template. */
const stored = Effect.fn("QuoteEditor.stored")(function* (
  facts: AccountFacts,
  kind: EditorKind,
  id: number,
  adjusting: boolean,
  now: number
) {
  const repo = yield* QuoteRepo
  const found = yield* repo.record(facts.account_id, id)
  if (Option.isNone(found) || found.value.is_template !== (kind === "template")) return yield* notFound(facts)
  let record = effective(found.value, now)
  let expiryUpdated = false
  if (
    (record.status === "draft" || record.status === "sentEditing") &&
    record.expiry_date > 0 &&
    record.expiry_date <= now &&
    !record.is_template
  ) {
    record = { ...record, expiry_date: renewedExpiry(record, now) }
    expiryUpdated = true
  }
  let nextAdjIndex = record.next_adj_index
  if (adjusting) {
    if (!QuoteSave.isAdjustable(record.status) || record.is_template)
      return yield* refused(facts, { action: "adjust", reason: "status", message: Message.catalogue.notAvailableNow })
    const begun = Adjustment.begin(record.next_adj_index, yield* repo.invoices(facts.account_id, id))
    if (Result.isFailure(begun))
      return yield* refused(facts, {
        action: "adjust",
        reason: "limitReached",
        message: Message.catalogue.adjustmentLimitReached
      })
    nextAdjIndex = begun.success
  }
  const all = yield* repo.load(facts.account_id, record)
  const followUpInProgress = yield* repo.followUpInProgress(facts.account_id, id)
  const editor: Editor = {
    is_template: record.is_template,
    edit_action: adjusting ? "is-adjustment" : "is-editing",
    quote: toQuote(record, facts.tax_word),
    meta: metaOf(record, facts, now, { expiryUpdated, nextAdjIndex }),
    items: all.items.map((i) => new LineItem.QuoteItem(i.item)),
    contacts: all.contacts,
    contact_details: all.contact_details,
    _modifiedIn: record.edit_seq,
    defaults: defaultsOf(facts),
    banners: { newTemplate: false, copyOf: null, matchCount: 0, example: false },
    lead: null,
    sharedLock: Quote.isSharedLocked({ _shared_quote_id: record.shared_quote_id }),
    offers: offersOf(record, facts, now, { inQuoteView: false, followUpInProgress })
  }
  return editor
})

/** The editor of a new quote or template (see the module header for the sources). */
const fresh = Effect.fn("QuoteEditor.fresh")(function* (
  facts: AccountFacts,
  kind: EditorKind,
  query: EditorQuery,
  now: number
) {
  const repo = yield* QuoteRepo
  const isTemplate = kind === "template"
  let record = newRecord(facts, isTemplate, now)
  let rows: ReadonlyArray<LineItem.QuoteItem> = []
  let contacts: ReadonlyArray<QuoteContact> = []
  let details: ReadonlyArray<Contact> = []
  let copyOf: "quote" | "template" | null = null
  let example = false
  let lead: Editor["lead"] = null

  const source = (id: number) =>
    Effect.gen(function* () {
      const found = yield* repo.record(facts.account_id, id)
      if (Option.isNone(found)) return yield* notFound(facts)
      return yield* repo.load(facts.account_id, found.value)
    })
  const takeFields = (from: QuoteRecord) => {
    record = {
      ...record,
      title: from.title,
      deposit_percent: from.deposit_percent,
      discount_overall: from.discount_overall,
      currency_id: from.currency_id,
      amounts_entered: from.amounts_entered,
      private_pricing: from.private_pricing
    }
  }
  const rowsOf = (items: ReadonlyArray<ItemRecord>) => copyRows(items.map((i) => i.item))

  if (query["from-quote"] !== undefined) {
    const src = yield* source(query["from-quote"])
    if (src.record.is_template) return yield* notFound(facts)
    const action = isTemplate ? "copyToTemplate" : "copyToNewQuote"
    const allowed = QuoteAction.check(
      action,
      stateOf(src.record),
      contextOf(src.record, facts, now, { inQuoteView: true, followUpInProgress: false })
    )
    if (Result.isFailure(allowed)) {
      const e = allowed.failure
      if (e.reason === "notAdmin") return yield* AccessDenied.answer(Wording.apply(facts.noun, e.message))
      return yield* refused(facts, e)
    }
    takeFields(src.record)
    rows = rowsOf(src.items)
    if (!isTemplate) {
      contacts = src.contacts.map((c, i) => ({ ...c, quote_contact_id: -(i + 1) }))
      details = src.contact_details
    }
    record = { ...record, from_quote_id: src.record.quote_id }
    copyOf = "quote"
  } else if (query["from-template"] !== undefined) {
    const src = yield* source(query["from-template"])
    if (!src.record.is_template || src.record.archive_id === 3) return yield* notFound(facts)
    takeFields(src.record)
    rows = rowsOf(src.items)
    record = { ...record, from_template_id: src.record.quote_id }
    copyOf = "template"
  } else if (query.example !== undefined) {
    const ex = Examples.examples[query.example]
    if (ex === undefined || !Object.hasOwn(Examples.examples, query.example)) return yield* notFound(facts)
    record = { ...record, title: ex.title }
    rows = Examples.rowsOf(ex, { item_tax_id: facts.default_tax_id, item_cat_id: facts.default_category_id })
    example = true
  } else if (!isTemplate && facts.default_template_id > 0) {
    const found = yield* repo.record(facts.account_id, facts.default_template_id)
    if (Option.isSome(found) && found.value.is_template && found.value.archive_id === 1) {
      const src = yield* repo.load(facts.account_id, found.value)
      takeFields(src.record)
      record = { ...record, title: "", from_template_id: src.record.quote_id }
      rows = rowsOf(src.items)
    }
  }

  if (query["from-lead"] !== undefined && !isTemplate) {
    const found = yield* repo.lead(facts.account_id, query["from-lead"])
    if (Option.isNone(found)) return yield* notFound(facts)
    const { contact_id: linked, quote_id: _q, ...panel } = found.value
    // The lead's person becomes (or is matched to) a contact, so the quote starts with its customer.
    const contact_id = linked ?? (yield* LeadContact.ensure(facts.account_id, facts.signin_id, panel.lead_id))
    lead = panel
    record = { ...record, from_lead_id: panel.lead_id, title: record.title === "" ? panel.lead_subject : record.title }
    if (contact_id !== null && !contacts.some((c) => c.contact_id === contact_id)) {
      const refs = yield* repo.refs(facts.account_id, {
        taxIds: [],
        categoryIds: [],
        itemIds: [],
        contactIds: [contact_id],
        fileIds: [],
        signinId: facts.signin_id
      })
      const c = refs.contacts.get(contact_id)
      if (c !== undefined) {
        contacts = [
          ...contacts,
          { quote_contact_id: -(contacts.length + 1), contact_id: c.contact.contact_id, contact_order: contacts.length }
        ]
        details = [...details, c.contact]
      }
    }
  }
  if (query.title !== undefined) record = { ...record, title: query.title }

  const defaults = { item_tax_id: facts.default_tax_id, item_cat_id: facts.default_category_id }
  const itemIds = [...new Set(rows.filter((r) => r.item_id > 0).map((r) => r.item_id))]
  const refs =
    itemIds.length === 0
      ? null
      : yield* repo.refs(facts.account_id, {
          taxIds: [],
          categoryIds: [],
          itemIds,
          contactIds: [],
          fileIds: [],
          signinId: facts.signin_id
        })
  const linked = QuoteSave.applyLinks(rows, refs?.linked ?? new Map())
  const priced = QuoteSave.priced(Quote.normalise(linked.items, defaults), record, facts.taxes)
  record = { ...record, price_current: priced.price_current }
  const editor: Editor = {
    is_template: isTemplate,
    edit_action: "is-editing",
    quote: toQuote(record, facts.tax_word),
    meta: metaOf(record, facts, now, { matchCount: linked.matched }),
    items: priced.items.map((r) => (r instanceof LineItem.QuoteItem ? r : new LineItem.QuoteItem(r))),
    contacts,
    contact_details: details,
    _modifiedIn: 0,
    defaults: defaultsOf(facts),
    banners: { newTemplate: isTemplate && copyOf === null, copyOf, matchCount: linked.matched, example },
    lead,
    sharedLock: false,
    offers: offersOf(record, facts, now, { inQuoteView: false, followUpInProgress: false, hasUnsavedChanges: true })
  }
  return editor
})

/** The editor's data for a route (`id` is "new" or digits; anything else is 'Could not find that quote?'). */
export const load = Effect.fn("QuoteEditor.load")(function* (
  tenant: Tenant,
  kind: EditorKind,
  idSegment: string,
  actionSegment: string,
  query: EditorQuery
) {
  const repo = yield* QuoteRepo
  const facts = yield* repo.facts(tenant)
  const now = yield* RelativeTime.nowSeconds
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route)) return yield* notFound(facts)
  const adjusting = editActionOf(actionSegment) === "is-adjustment"
  if (route.success === "new") return yield* fresh(facts, kind, query, now)
  return yield* stored(facts, kind, route.success, adjusting, now)
})
