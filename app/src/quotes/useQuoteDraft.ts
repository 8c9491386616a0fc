/**
 * The quote editor's state: a draft quote and its rows, changed only through `reduce`, a pure function over the
 * core's types. Every rule comes from the core: line totals (`LineItem`), structure and moves (`Quote`), optional
 * item flags (`ContactChoice`), subscription terms (`SubscriptionTerm`); totals are derived with
 * `Quote.totals` by the view, never stored.
 *
 * A keystroke in a row replaces that row only (the other rows keep their identity, so memoised rows skip
 * rendering), and every change but `loaded`, `saved` and `settled` marks the draft dirty.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as Quote from "@quotekit/core/Quote"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type * as TaxMode from "@quotekit/core/TaxMode"
import * as TaxRate from "@quotekit/core/TaxRate"
import { Option } from "effect"
import { useReducer } from "react"

type Decimal = Money.Decimal

/** Whether the editor edits a quote or a template (same screen, other titles and after-save targets). */
export type EditorMode = "quote" | "template"

/** The editor's state. */
export interface Draft {
  readonly quote: Quote.Quote
  readonly items: ReadonlyArray<LineItem.QuoteItem>
  readonly mode: EditorMode
  /** Changed since loaded or last saved: the save bar and the leave confirmation show. */
  readonly dirty: boolean
  /** The account's defaults for new price rows. */
  readonly defaults: LineItem.RowDefaults
}

/** The row fields the editor sets directly, as typed (text and choices). */
export type RowFieldPatch = Partial<
  Pick<LineItem.QuoteItemFields, "item_code" | "item_title" | "item_body" | "item_tax_id" | "item_cat_id">
>

/** A change to the draft. Row changes name the row by id and give its position as a hint. */
export type Action =
  | { readonly type: "loaded"; readonly draft: Draft }
  | { readonly type: "saved"; readonly quote?: Quote.Quote; readonly items?: ReadonlyArray<LineItem.QuoteItem> }
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
  | { readonly type: "rowChoice"; readonly id: number; readonly at: number; readonly flags: number }
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

const row = (fields: LineItem.QuoteItemFields): LineItem.QuoteItem => new LineItem.QuoteItem(fields)

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
  // Prices, quantities, choices and terms belong to price items; other rows carry none.
  if (current === undefined || (pricedOnly && !LineItem.isPrice(current))) return draft
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

const setQuote = (draft: Draft, fields: Partial<ConstructorParameters<typeof Quote.Quote>[0]>): Draft => ({
  ...draft,
  quote: new Quote.Quote({ ...draft.quote, ...fields }),
  dirty: true
})

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
    case "rowChoice":
      return replaceRow(draft, action.id, action.at, (r) =>
        r.contact_choice === action.flags ? r : row({ ...r, contact_choice: action.flags & 7 })
      )
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
      const { rows } = Quote.insert(draft.items, action.after, action.itemType, draft.defaults)
      return { ...draft, items: rows, dirty: true }
    }
    case "move": {
      const rows = Quote.move(draft.items, action.at, action.direction)
      return rows === draft.items ? draft : { ...draft, items: rows, dirty: true }
    }
    case "remove": {
      const rows = Quote.remove(draft.items, action.at)
      return rows === draft.items ? draft : { ...draft, items: rows, dirty: true }
    }
    case "settled": {
      const i = indexOf(draft.items, action.id, action.at)
      const r = draft.items[i]
      if (r === undefined || r.display_state === undefined || r.display_state === "idle") return draft
      return { ...draft, items: draft.items.with(i, row({ ...r, display_state: "idle" })) }
    }
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
  return { quote, items: Quote.normalise([], defaults), mode: options.mode, dirty: false, defaults }
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

/** The draft reducer as a React hook. */
export const useQuoteDraft = (initial: Draft) => useReducer(reduce, initial)
