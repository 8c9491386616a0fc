/**
 * A stored quote's public data (`PublicQuote`) for its customer page, the customer's choices applied to it
 * (only optional items toggled, one option per multiple-choice group, quantities only where editable), and the
 * content hash an acceptance records: SHA-256 of the canonical JSON (keys sorted, no spaces) of the public data
 * with the choices, exactly as the customer accepted it.
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import type { ItemChoice } from "@quotekit/core/api/CustomerApi"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import { Result } from "effect"
import { type AccountFacts, type QuoteRecord, toQuote } from "../quotes/Records.ts"

/**
 * The public data of a quote as it stands (`status` is the effective one). Items go through
 * `PublicQuote.fromItem` (never a spread of the stored row); a withdrawn quote, or one taken offline for
 * revision, shows no items. Only the tax rates the items use are sent.
 */
export const build = (
  record: QuoteRecord,
  items: ReadonlyArray<LineItem.QuoteItem>,
  facts: Pick<AccountFacts, "tax_word" | "taxes" | "account_id">,
  status: QuoteStatus.QuoteStatus,
  previewType: number
): PublicQuote.PublicQuote => {
  const quote = toQuote(record, facts.tax_word)
  const shown = PublicQuote.showsContent(status) && status !== "sentEditing" && status !== "draft"
  const publicItems = shown ? items.filter((i) => i.credited_adj_at === 0).map(PublicQuote.fromItem) : []
  const taxIdToRate: Record<string, Money.Decimal> = {}
  for (const item of publicItems) {
    const rate = facts.taxes.get(item.item_tax_id)
    if (item.item_tax_id > 0 && rate !== undefined) taxIdToRate[String(item.item_tax_id)] = rate
  }
  return {
    title: record.title,
    quote_no: record.quote_no,
    status,
    account_id: facts.account_id,
    discount_overall: record.discount_overall,
    deposit_percent: record.deposit_percent,
    amounts_entered: record.amounts_entered,
    currency_id: quote.currency_id,
    symbol: quote.symbol ?? "$",
    tax_word: facts.tax_word,
    currencyCode: quote.currencyCode ?? "USD",
    private_pricing: quote.private_pricing,
    isCustomerEditable: status === "sent",
    publicItems,
    taxIdToRate,
    previewType
  }
}

/**
 * The quote with the customer's choices, or a failure when a choice is not allowed: an unknown or non-price
 * item, a non-optional item toggled, a quantity changed where it is not editable, or two options of one group.
 */
export const applyChoices = (
  quote: PublicQuote.PublicQuote,
  choices: ReadonlyArray<ItemChoice>
): Result.Result<PublicQuote.PublicQuote, string> => {
  const index = new Map(quote.publicItems.map((item, i) => [item.quote_item_id as number, i]))
  let q = quote
  for (const c of choices) {
    const i = index.get(c.quote_item_id)
    const item = i === undefined ? undefined : q.publicItems[i]
    if (i === undefined || item === undefined || !LineItem.isPrice(item)) return Result.fail("unknown item")
    if (c.contact_selected !== item.contact_selected) {
      if (!ContactChoice.isOptional(item.contact_choice)) return Result.fail("not optional")
      q = PublicQuote.choose(q, i, c.contact_selected === ContactChoice.Selected.yes)
    }
    if (!Money.equals(c.quantity, q.publicItems[i]!.quantity)) {
      if (!PublicQuote.isQuantityEditable(q, item)) return Result.fail("quantity not editable")
      q = PublicQuote.setQuantity(q, i, c.quantity)
    }
  }
  // Every choice must hold in the result: choosing one option of a group deselects the others.
  for (const c of choices) {
    if (q.publicItems[index.get(c.quote_item_id)!]!.contact_selected !== c.contact_selected)
      return Result.fail("one option per group")
  }
  return Result.succeed(q)
}

/** JSON with object keys sorted at every level and no white space: the same content always gives the same text. */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
}

/** The content an acceptance is of: the public data with the choices (JSON form), and its SHA-256 (hex). */
export const contentOf = (quote: PublicQuote.PublicQuote): { readonly json: string; readonly hash: string } => {
  const json = canonicalJson(PublicQuote.encode(quote))
  return { json, hash: createHash("sha256").update(json, "utf8").digest("hex") }
}
