/**
 * The quote editor's state: a draft quote and its rows, changed only through `reduce`, a pure function over the
 * core's types. Every rule comes from the core: line totals (`LineItem`), structure and moves (`Quote`), optional
 * item flags (`ContactChoice`), subscription terms (`SubscriptionTerm`); totals are derived with
 * `Quote.totals` by the view, never stored.
 *
 * A keystroke in a row replaces that row only (the other rows keep their identity, so memoised rows skip
 * rendering), and every change but `loaded`, `saved` and `settled` marks the draft dirty.
 *
 * In adjustment mode (`adjIndex` above 0, the round the server opened: 1 is A) the draft follows the server's
 * `QuoteSave.adjust`: rows from earlier rounds keep their content, position and place in the quote and can only
 * be credited (`Adjustment.credit`) or, for a credit of this round, uncredited (`Adjustment.uncredit`); rows of
 * this round, new ones included (stamped `added_adj_at = adjIndex` on insert), are edited, moved and deleted as
 * usual. The quote's own settings (title, dates, currency, tax mode, discount, deposit, author) and contacts were
 * accepted with the quote, so they are left as they are too. Credited rows count in no total, as the server's
 * `QuoteSave.priced` has it (`countedRows`).
 */

import * as Adjustment from "@quotekit/core/Adjustment"
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as ItemsApi from "@quotekit/core/api/ItemsApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import type * as Contact from "@quotekit/core/Contact"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteMeta from "@quotekit/core/QuoteMeta"
import * as QuoteTotals from "@quotekit/core/QuoteTotals"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type * as TaxMode from "@quotekit/core/TaxMode"
import * as TaxRate from "@quotekit/core/TaxRate"
import { Option, Result } from "effect"
import { useReducer } from "react"

type Decimal = Money.Decimal

/** Whether the editor edits a quote or a template (same screen, other titles and after-save targets). */
export type EditorMode = "quote" | "template"

/** A contact on the quote: the saved row (or a new one, negative id) and what the editor shows of it. */
export interface DraftContact {
  readonly row: QuotesApi.QuoteContact
  readonly name: string
  readonly email: string
}

/** Most contacts a quote can have (spec: 'You've reached the limit of 10 contacts'). */
export const MAX_CONTACTS = 10

/** The editor's state. */
export interface Draft {
  readonly quote: Quote.Quote
  readonly items: ReadonlyArray<LineItem.QuoteItem>
  readonly contacts: ReadonlyArray<DraftContact>
  /** Linked rows as they were before 'Copy and Edit as New', for 'Revert to Linked Item'. */
  readonly originals: ReadonlyMap<number, LineItem.QuoteItem>
  readonly mode: EditorMode
  /** Changed since loaded or last saved: the save bar and the leave confirmation show. */
  readonly dirty: boolean
  /** The account's defaults for new price rows. */
  readonly defaults: LineItem.RowDefaults
  /** The adjustment round being made (the editor's `is-adjustment` mode; 1 is A), or 0 when not adjusting. */
  readonly adjIndex: number
}

/**
 * Whether a row is from before the adjustment being made (`adjIndex`): such a row is read-only, it can only be
 * credited or uncredited. Never true outside adjustment mode.
 */
export const isEarlierRow = (r: Pick<LineItem.QuoteItem, "added_adj_at">, adjIndex: number): boolean =>
  Adjustment.isAdjustment(adjIndex) && r.added_adj_at < adjIndex

/**
 * What the row's credit button does in round `adjIndex`: 'credit' a price row from an earlier round not credited
 * yet, 'uncredit' a credit of this round; `null` when neither applies (the core's `Adjustment.credit` / `uncredit`
 * would refuse). The editor only opens a round the server found editable.
 */
export const creditChoice = (
  r: Pick<LineItem.QuoteItem, "quote_item_id" | "item_type" | "added_adj_at" | "credited_adj_at">,
  adjIndex: number
): "credit" | "uncredit" | null =>
  r.item_type !== LineItem.ItemType.price
    ? null
    : Result.isSuccess(Adjustment.credit(r, adjIndex, true))
      ? "credit"
      : Result.isSuccess(Adjustment.uncredit(r, adjIndex, true))
        ? "uncredit"
        : null

/**
 * The rows the totals count: all but credited ones (the server's `QuoteSave.priced` leaves them out of the
 * quote's total). The same array when nothing is credited, so an ordinary quote's totals pass is unchanged.
 */
export const countedRows = <R extends Pick<LineItem.QuoteItem, "credited_adj_at">>(
  items: ReadonlyArray<R>
): ReadonlyArray<R> =>
  items.some((r) => r.credited_adj_at !== 0) ? items.filter((r) => r.credited_adj_at === 0) : items

/** The row fields the editor sets directly, as typed (text and choices). */
export type RowFieldPatch = Partial<
  Pick<LineItem.QuoteItemFields, "item_code" | "item_title" | "item_body" | "item_tax_id" | "item_cat_id">
>

/** A change to the draft. Row changes name the row by id and give its position as a hint. */
export type Action =
  | { readonly type: "loaded"; readonly draft: Draft }
  | { readonly type: "saved"; readonly quote?: Quote.Quote; readonly items?: ReadonlyArray<LineItem.QuoteItem> }
  | { readonly type: "savedAs"; readonly answer: SavedIds }
  | { readonly type: "contactAdd"; readonly contact: DraftContact }
  | { readonly type: "contactRemove"; readonly contactId: number }
  | { readonly type: "rowCopyEdit"; readonly id: number; readonly at: number }
  | { readonly type: "rowRevert"; readonly id: number; readonly at: number }
  | { readonly type: "insertLinked"; readonly after: number; readonly item: ItemsApi.Item }
  | { readonly type: "title"; readonly title: string }
  | { readonly type: "date"; readonly field: "sent_when" | "expiry_date"; readonly seconds: number }
  | { readonly type: "currency"; readonly currencyId: number }
  | { readonly type: "taxMode"; readonly mode: TaxMode.TaxMode }
  | { readonly type: "percent"; readonly field: "discount_overall" | "deposit_percent"; readonly value: Decimal }
  | { readonly type: "from"; readonly signinId: number }
  | { readonly type: "rowFields"; readonly id: number; readonly at: number; readonly patch: RowFieldPatch }
  | {
      readonly type: "rowNumber"
      readonly id: number
      readonly at: number
      readonly field: "price_unit" | "quantity" | "discount_item"
      readonly value: Decimal
    }
  | { readonly type: "rowTotal"; readonly id: number; readonly at: number; readonly value: Decimal }
  | { readonly type: "rowCost"; readonly id: number; readonly at: number; readonly value: Decimal }
  | { readonly type: "rowMargin"; readonly id: number; readonly at: number; readonly value: Decimal }
  | { readonly type: "rowChoice"; readonly id: number; readonly at: number; readonly flags: number }
  /** Make a multiple-choice row its group's default (the group's other options stop being it). */
  | { readonly type: "rowGroupDefault"; readonly id: number; readonly at: number }
  | { readonly type: "rowEditableQuantity"; readonly id: number; readonly at: number; readonly on: boolean }
  | { readonly type: "rowSubscription"; readonly id: number; readonly at: number; readonly on: boolean }
  | {
      readonly type: "rowTerm"
      readonly id: number
      readonly at: number
      readonly term: Partial<SubscriptionTerm.Term>
    }
  | { readonly type: "insert"; readonly after: number; readonly itemType: 1 | 2 | 3 }
  | { readonly type: "move"; readonly at: number; readonly direction: Quote.Direction }
  | { readonly type: "remove"; readonly at: number }
  | { readonly type: "settled"; readonly id: number; readonly at: number }
  | { readonly type: "credit"; readonly id: number; readonly at: number }
  | { readonly type: "uncredit"; readonly id: number; readonly at: number }

const row = (fields: LineItem.QuoteItemFields): LineItem.QuoteItem => new LineItem.QuoteItem(fields)

/** What a save answer tells the draft: the quote's id and number, and the ids rows and contacts now have. */
export interface SavedIds {
  readonly quote_id: number
  readonly quote_no: number
  readonly items: ReadonlyArray<{ readonly temp_id: number; readonly id: number }>
  readonly contacts: ReadonlyArray<{ readonly temp_id: number; readonly id: number }>
}

const idMap = (pairs: ReadonlyArray<{ readonly temp_id: number; readonly id: number }>) =>
  new Map(pairs.map((p) => [p.temp_id, p.id]))

/** The draft after a save: saved ids replace temporary ones (so the next save updates, never duplicates). */
const savedAs = (draft: Draft, answer: SavedIds): Draft => {
  const items = idMap(answer.items)
  const contacts = idMap(answer.contacts)
  return {
    ...draft,
    quote: new Quote.Quote({
      ...draft.quote,
      quote_id: Quote.QuoteId.make(answer.quote_id),
      quote_no: answer.quote_no
    }),
    items: draft.items.map((r) => {
      const id = items.get(r.quote_item_id)
      if (id === undefined) return r
      const quote_item_id = id as LineItem.QuoteItem["quote_item_id"]
      // A new linked row is locked once saved; a copied one stays as the user left it.
      return row({
        ...r,
        quote_item_id,
        editing: r.editing === "copied" ? "copied" : LineItem.initialEditing({ quote_item_id, item_id: r.item_id })
      })
    }),
    contacts: draft.contacts.map((c) => {
      const id = contacts.get(c.row.quote_contact_id)
      return id === undefined ? c : { ...c, row: { ...c.row, quote_contact_id: id } }
    }),
    dirty: false
  }
}

/** A new price or text row filled from a reusable item, linked to it (locked until copied). */
const linkedRow = (draft: Draft, after: number, item: ItemsApi.Item): Draft => {
  const { rows, at } = Quote.insert(draft.items, after, item.item_type, draft.defaults)
  const blank = rows[at]!
  const filled = row({
    ...blank,
    item_id: item.item_id,
    item_code: item.item_code.slice(0, LineItem.ITEM_CODE_MAX),
    item_title: item.item_title,
    item_body: item.item_body,
    item_cat_id: item.item_cat_id,
    item_tax_id: item.item_tax_id,
    ...(item.item_type === LineItem.ItemType.price
      ? {
          price_unit: item.price_unit,
          price_cost: item.price_cost,
          quantity: item.quantity,
          discount_item: item.discount_item,
          editable_quantity: item.editable_quantity,
          contact_choice: item.contact_choice,
          term_every: item.term_every,
          term_type: item.term_type,
          term_duration: item.term_duration,
          price_total: LineItem.total(item)
        }
      : {}),
    editing: "locked",
    files: item.files,
    added_adj_at: draft.adjIndex
  })
  return { ...draft, items: rows.with(at, filled), dirty: true }
}

const nextContactId = (contacts: ReadonlyArray<DraftContact>): number =>
  Math.min(0, ...contacts.map((c) => c.row.quote_contact_id)) - 1

/** The row's position: the hint when it still holds the row, else a search. */
const indexOf = (items: ReadonlyArray<LineItem.QuoteItem>, id: number, at: number): number =>
  items[at]?.quote_item_id === id ? at : items.findIndex((r) => r.quote_item_id === id)

const replaceRow = (
  draft: Draft,
  id: number,
  at: number,
  change: (r: LineItem.QuoteItem) => LineItem.QuoteItem,
  pricedOnly = true
): Draft => {
  const i = indexOf(draft.items, id, at)
  const current = draft.items[i]
  // Prices, quantities, choices and terms belong to price items; other rows carry none. Rows of earlier
  // adjustments keep their content.
  if (current === undefined || (pricedOnly && !LineItem.isPrice(current)) || isEarlierRow(current, draft.adjIndex))
    return draft
  const next = change(current)
  if (next === current) return draft
  return { ...draft, items: draft.items.with(i, next), dirty: true }
}

const priced = (
  r: LineItem.QuoteItem,
  fields: Partial<Pick<LineItem.QuoteItem, "price_unit" | "quantity" | "discount_item">>
): LineItem.QuoteItem => {
  const merged: LineItem.Priced = {
    price_unit: fields.price_unit ?? r.price_unit,
    quantity: fields.quantity ?? r.quantity,
    discount_item: fields.discount_item ?? r.discount_item
  }
  return row({ ...r, ...merged, price_total: LineItem.total(merged) })
}

const setQuote = (draft: Draft, fields: Partial<ConstructorParameters<typeof Quote.Quote>[0]>): Draft =>
  Adjustment.isAdjustment(draft.adjIndex)
    ? draft
    : { ...draft, quote: new Quote.Quote({ ...draft.quote, ...fields }), dirty: true }

/** Credit or uncredit a row by the core's rule; the draft unchanged when the rule refuses. */
const creditStep = (draft: Draft, id: number, at: number, step: typeof Adjustment.credit): Draft => {
  const i = indexOf(draft.items, id, at)
  const r = draft.items[i]
  if (r === undefined || creditChoice(r, draft.adjIndex) === null) return draft
  const next = step(r, draft.adjIndex, true)
  return Result.isFailure(next) ? draft : { ...draft, items: draft.items.with(i, row(next.success)), dirty: true }
}

/** A new row takes the adjustment being made as the one that added it. */
const stamped = (
  draft: Draft,
  rows: ReadonlyArray<LineItem.QuoteItem>,
  at: number
): ReadonlyArray<LineItem.QuoteItem> =>
  Adjustment.isAdjustment(draft.adjIndex) ? rows.with(at, row({ ...rows[at]!, added_adj_at: draft.adjIndex })) : rows

const pickTerm = (r: SubscriptionTerm.Term): SubscriptionTerm.Term => ({
  term_every: r.term_every,
  term_type: r.term_type,
  term_duration: r.term_duration
})

/** The term a row takes when its subscription is switched on: the nearest subscription above it, else monthly. */
const termAbove = (items: ReadonlyArray<LineItem.QuoteItem>, index: number): Option.Option<SubscriptionTerm.Term> => {
  for (let i = index - 1; i >= 0; i--) {
    const r = items[i]!
    if (LineItem.isPrice(r) && SubscriptionTerm.isSubscription(r)) return Option.some(pickTerm(r))
  }
  return Option.none()
}

/** Apply one change to the draft. Pure: the same draft and action always give the same result. */
export const reduce = (draft: Draft, action: Action): Draft => {
  switch (action.type) {
    case "loaded":
      return action.draft
    case "saved":
      return {
        ...draft,
        quote: action.quote ?? draft.quote,
        items: action.items ?? draft.items,
        dirty: false
      }
    case "savedAs":
      return savedAs(draft, action.answer)
    case "contactAdd": {
      if (draft.contacts.length >= MAX_CONTACTS || Adjustment.isAdjustment(draft.adjIndex)) return draft
      if (draft.contacts.some((c) => c.row.contact_id === action.contact.row.contact_id)) return draft
      const added: DraftContact = {
        ...action.contact,
        row: {
          ...action.contact.row,
          quote_contact_id: nextContactId(draft.contacts),
          contact_order: draft.contacts.length
        }
      }
      return { ...draft, contacts: [...draft.contacts, added], dirty: true }
    }
    case "contactRemove": {
      const kept = draft.contacts.filter((c) => c.row.contact_id !== action.contactId)
      if (kept.length === draft.contacts.length || Adjustment.isAdjustment(draft.adjIndex)) return draft
      return {
        ...draft,
        contacts: kept.map((c, i) => ({ ...c, row: { ...c.row, contact_order: i } })),
        dirty: true
      }
    }
    case "rowCopyEdit": {
      const i = indexOf(draft.items, action.id, action.at)
      const r = draft.items[i]
      if (r === undefined || r.editing !== "locked" || isEarlierRow(r, draft.adjIndex)) return draft
      const originals = new Map(draft.originals).set(r.quote_item_id, r)
      return {
        ...draft,
        items: draft.items.with(i, row({ ...r, editing: LineItem.copyAndEdit("locked") })),
        originals,
        dirty: true
      }
    }
    case "rowRevert": {
      const i = indexOf(draft.items, action.id, action.at)
      const r = draft.items[i]
      if (r === undefined || r.editing !== "copied" || isEarlierRow(r, draft.adjIndex)) return draft
      const original = draft.originals.get(r.quote_item_id) ?? r
      const originals = new Map(draft.originals)
      originals.delete(r.quote_item_id)
      const back = row({ ...original, order_index: r.order_index, editing: LineItem.revertToLinked("copied") })
      return { ...draft, items: draft.items.with(i, back), originals, dirty: true }
    }
    case "insertLinked":
      return linkedRow(draft, action.after, action.item)
    case "title":
      return setQuote(draft, { title: action.title })
    case "date":
      return setQuote(draft, { [action.field]: Math.max(0, Math.trunc(action.seconds)) })
    case "currency":
      return Option.isSome(Currency.byId(action.currencyId))
        ? setQuote(draft, { currency_id: Currency.CurrencyId.make(action.currencyId) })
        : draft
    case "taxMode":
      return setQuote(draft, { amounts_entered: action.mode })
    case "percent":
      return setQuote(draft, { [action.field]: action.value })
    case "from":
      return setQuote(draft, { from: action.signinId as Quote.Quote["from"] })
    case "rowFields":
      return replaceRow(draft, action.id, action.at, (r) => row({ ...r, ...action.patch }), false)
    case "rowNumber":
      return replaceRow(draft, action.id, action.at, (r) =>
        Money.equals(r[action.field], action.value) ? r : priced(r, { [action.field]: action.value })
      )
    case "rowTotal":
      return replaceRow(draft, action.id, action.at, (r) =>
        Option.match(LineItem.unitFromTotal(r, action.value), {
          onNone: () => r,
          onSome: (unit) => priced(r, { price_unit: unit })
        })
      )
    case "rowCost":
      // The price follows the cost by the row's margin (the core's rule); a row without a margin keeps its price.
      return replaceRow(draft, action.id, action.at, (r) => {
        if (Money.equals(r.price_cost, action.value)) return r
        const p = LineItem.editCost(LineItem.pricing(r, true), action.value)
        return priced(row({ ...r, price_cost: p.price_cost }), { price_unit: p.price_unit })
      })
    case "rowMargin":
      // Typing a margin locks it: the price moves to give that margin over the cost.
      return replaceRow(draft, action.id, action.at, (r) => {
        const p = LineItem.editMargin(LineItem.pricing(r, true), action.value)
        return Money.equals(p.price_unit, r.price_unit) ? r : priced(r, { price_unit: p.price_unit })
      })
    case "rowChoice":
      return replaceRow(draft, action.id, action.at, (r) =>
        r.contact_choice === action.flags ? r : row({ ...r, contact_choice: action.flags & 7 })
      )
    case "rowGroupDefault": {
      const i = indexOf(draft.items, action.id, action.at)
      const current = draft.items[i]
      if (current === undefined || isEarlierRow(current, draft.adjIndex)) return draft
      const items = ContactChoice.setGroupDefault(draft.items, i)
      if (items === draft.items) return draft
      return { ...draft, items: items.map((r, j) => (r === draft.items[j] ? r : row(r))), dirty: true }
    }
    case "rowEditableQuantity":
      return replaceRow(draft, action.id, action.at, (r) =>
        row({ ...r, editable_quantity: action.on ? LineItem.customerQuantity(r.quantity) : Money.zero })
      )
    case "rowSubscription": {
      const i = indexOf(draft.items, action.id, action.at)
      return replaceRow(draft, action.id, i, (r) => {
        const term = action.on ? SubscriptionTerm.enable(termAbove(draft.items, i)) : SubscriptionTerm.disable(r)
        return row({ ...r, ...term })
      })
    }
    case "rowTerm":
      return replaceRow(draft, action.id, action.at, (r) => {
        const term = SubscriptionTerm.normalize({ ...pickTerm(r), ...action.term })
        return row({ ...r, ...term, term_every: Math.max(1, term.term_every) })
      })
    case "insert": {
      const { rows, at } = Quote.insert(draft.items, action.after, action.itemType, draft.defaults)
      return { ...draft, items: stamped(draft, rows, at), dirty: true }
    }
    case "move": {
      // A row of this adjustment may move past an earlier one; an earlier row is never the one moved.
      const r = draft.items[action.at]
      if (r === undefined || isEarlierRow(r, draft.adjIndex)) return draft
      const rows = Quote.move(draft.items, action.at, action.direction)
      return rows === draft.items ? draft : { ...draft, items: rows, dirty: true }
    }
    case "remove": {
      const r = draft.items[action.at]
      if (r === undefined || isEarlierRow(r, draft.adjIndex)) return draft
      const rows = Quote.remove(draft.items, action.at)
      return rows === draft.items ? draft : { ...draft, items: rows, dirty: true }
    }
    case "settled": {
      const i = indexOf(draft.items, action.id, action.at)
      const r = draft.items[i]
      if (r === undefined || r.display_state === undefined || r.display_state === "idle") return draft
      return { ...draft, items: draft.items.with(i, row({ ...r, display_state: "idle" })) }
    }
    case "credit":
      return creditStep(draft, action.id, action.at, Adjustment.credit)
    case "uncredit":
      return creditStep(draft, action.id, action.at, Adjustment.uncredit)
  }
}

/** What a new draft takes from the route and the account. */
export interface NewDraftOptions {
  readonly mode: EditorMode
  readonly title?: string
}

/**
 * A new quote (or template) as the account's settings pre-fill it: its default currency, tax mode and private
 * pricing, the signed-in author, and the minimal structure (a price item, the total, a closing text).
 */
export const newDraft = (account: AccountApi.CacheAccount, options: NewDraftOptions): Draft => {
  const s = account.account_signin
  const defaults: LineItem.RowDefaults = { item_tax_id: s.defTaxId, item_cat_id: s.defCategoryId }
  const currency = Option.isSome(Currency.byId(s.defaultCurrency)) ? s.defaultCurrency : Currency.DEFAULT_ID
  const quote = new Quote.Quote({
    quote_id: Quote.QuoteId.make(0),
    title: options.title ?? "",
    status: "draft",
    quote_no: 0,
    sent_when: 0,
    expiry_date: 0,
    deposit_percent: Money.zero,
    discount_overall: Money.zero,
    currency_id: Currency.CurrencyId.make(currency),
    amounts_entered: s.defaultAmounts,
    private_pricing: PrivatePricing.make(s.defPrivatePricing),
    archive_id: 1,
    from: s.signin_id,
    modified: 0,
    price_current: Money.zero
  })
  return {
    quote,
    items: Quote.normalise([], defaults),
    contacts: [],
    originals: new Map(),
    mode: options.mode,
    dirty: false,
    defaults,
    adjIndex: 0
  }
}

/** A contact's name as the editor lists it: person's name, else the company's, else the email. */
export const contactName = (c: Contact.Contact): string => {
  const name = `${c.name_first} ${c.name_last}`.trim()
  return name !== "" ? name : c.email
}

/**
 * The draft for what the server loaded: its rows with linked rows locked, its contacts with their names, and
 * dirty when it is a copy (of a quote, template or example) or its expiry was brought forward, as the spec says.
 * Loaded in adjustment mode, it makes the round the server opened (`meta.nextAdjIndex`).
 */
export const fromEditor = (editor: QuotesApi.Editor, mode: EditorMode): Draft => {
  const details = new Map(editor.contact_details.map((c) => [c.contact_id as number, c]))
  return {
    quote: editor.quote,
    items: editor.items.map((r) => (r.editing === undefined ? row({ ...r, editing: LineItem.initialEditing(r) }) : r)),
    contacts: [...editor.contacts]
      .sort((a, b) => a.contact_order - b.contact_order)
      .map((r) => {
        const c = details.get(r.contact_id)
        return { row: r, name: c === undefined ? "" : contactName(c), email: c?.email ?? "" }
      }),
    originals: new Map(),
    mode,
    dirty: QuoteMeta.startsDirty(editor.meta) || editor.banners.copyOf !== null || editor.banners.example,
    defaults: { item_tax_id: editor.defaults.item_tax_id, item_cat_id: editor.defaults.item_cat_id },
    adjIndex: editor.edit_action === "is-adjustment" ? editor.meta.nextAdjIndex : 0
  }
}

/** Whether a row's optional-item flags make it a checkbox, a radio option, or neither (for the editor's select). */
export const choiceKind = (flags: number): "always" | "optional" | "multiple" =>
  ContactChoice.isRadio(flags) ? "multiple" : ContactChoice.isCheckbox(flags) ? "optional" : "always"

/** The flags for a choice kind, keeping the default-on bit. */
export const choiceFlags = (kind: "always" | "optional" | "multiple", defaultOn: boolean): number =>
  kind === "always"
    ? ContactChoice.Flag.none
    : (kind === "optional" ? ContactChoice.Flag.optional : ContactChoice.Flag.multiple) |
      (defaultOn ? ContactChoice.Flag.on : 0)

/** The tax table of an account, for totals. */
export const taxTable = (account: AccountApi.CacheAccount): TaxRate.Table => TaxRate.toTable(account.item_taxes)

/** The quote settings the totals read. */
export type Pricing = Pick<Quote.Quote, "amounts_entered" | "discount_overall" | "deposit_percent">

/**
 * The draft's totals as the editor shows them: `QuoteTotals.computeFixed` over the counted rows (credited rows
 * left out, as the server's `QuoteSave.priced` does), so the total on screen is the `price_current` a save
 * stores. `items` of the result match `countedRows(items)`, not `items`, when something is credited.
 */
export const draftTotals = (
  items: ReadonlyArray<LineItem.QuoteItem>,
  pricing: Pricing,
  taxIdToRate: TaxRate.Table
): QuoteTotals.FixedTotals =>
  QuoteTotals.computeFixed({
    items: countedRows(items),
    amounts_entered: pricing.amounts_entered,
    discount_overall: pricing.discount_overall,
    deposit_percent: pricing.deposit_percent,
    taxIdToRate
  })

/** The draft reducer as a React hook. */
export const useQuoteDraft = (initial: Draft) => useReducer(reduce, initial)
