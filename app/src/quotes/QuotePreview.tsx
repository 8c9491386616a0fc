/**
 * The quote as its customer sees it, inside the app: the `<qk-quote-view>` widget (loaded on first use) given
 * the quote's public data, built from the editor data with the core's `PublicQuote.fromItem` so no cost or
 * internal field reaches the view. 'Viewing as You' shows optional items as the quote stands; 'Viewing as
 * Customer' is the same data with preview type 1 (nothing a customer does in it is recorded).
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Currency from "@quotekit/core/Currency"
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import * as TaxRate from "@quotekit/core/TaxRate"
import { useQuery } from "@tanstack/react-query"
import { Option } from "effect"
import { createElement, useEffect, useRef } from "react"
import { useMessages } from "../page/useMessages.ts"
import page from "../shell/Page.module.css"

/** The public data of a loaded quote, as the customer page would receive it. */
export const publicData = (
  editor: Pick<QuotesApi.Editor, "quote" | "items">,
  account: AccountApi.CacheAccount,
  previewType: number
): PublicQuote.Encoded => {
  const q = editor.quote
  const currency = Option.getOrUndefined(Currency.byId(q.currency_id))
  const rates = TaxRate.toTable(account.item_taxes)
  const taxIdToRate: Record<string, Money.Decimal> = {}
  for (const [id, rate] of rates) taxIdToRate[String(id)] = rate
  return PublicQuote.encode({
    title: q.title,
    quote_no: q.quote_no,
    status: q.status,
    account_id: account.account_signin.account_id,
    discount_overall: q.discount_overall,
    deposit_percent: q.deposit_percent,
    amounts_entered: q.amounts_entered,
    currency_id: q.currency_id,
    symbol: currency?.symbol ?? "$",
    tax_word: account.account_signin.taxWord,
    currencyCode: currency?.code ?? "",
    private_pricing: q.private_pricing,
    isCustomerEditable: editor.items.some((r) => !Money.equals(r.editable_quantity, Money.zero)),
    publicItems: editor.items.map(PublicQuote.fromItem),
    taxIdToRate,
    previewType
  } as PublicQuote.PublicQuote)
}

/** The preview of a quote; `readOnly` (an earlier version) offers no option or quantity to change. */
export const QuotePreview = ({
  editor,
  account,
  asCustomer,
  readOnly = false
}: {
  readonly editor: Pick<QuotesApi.Editor, "quote" | "items">
  readonly account: AccountApi.CacheAccount
  readonly asCustomer: boolean
  readonly readOnly?: boolean
}) => {
  const m = useMessages()
  const widget = useQuery({
    queryKey: ["widget", "quote-view"],
    queryFn: () => import("@quotekit/widgets/quote-view").then(() => true),
    staleTime: Number.POSITIVE_INFINITY
  })
  const ref = useRef<HTMLElement>(null)
  const data = publicData(editor, account, asCustomer ? 1 : 0)
  useEffect(() => {
    if (ref.current === null) return
    const view = ref.current as unknown as { data: unknown; readonly: boolean }
    view.readonly = readOnly
    view.data = data
  })
  if (widget.data !== true) return <p className={page.empty}>{m.loading}</p>
  return (
    <section aria-label={m.preview}>
      <p className="visually-hidden">{m.previewNotice}</p>
      {createElement("qk-quote-view", { ref })}
    </section>
  )
}
