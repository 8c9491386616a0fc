/**
 * Wire payloads for the quote tests: rows and save requests as the app sends them (decimals as strings), and
 * helpers that save, load and act over HTTP with a `Browser` of the harness.
 */
import { Effect } from "effect"
import type { Answer, Browser } from "../Harness.ts"

/** A wire row. */
export type WireRow = Record<string, unknown> & { quote_item_id: number; item_type: number; order_index: number }

/** A row of a type with defaults (price rows: quantity 1). */
export const row = (id: number, type: 1 | 2 | 3 | 4, order: number, fields: Record<string, unknown> = {}): WireRow => ({
  quote_item_id: id,
  item_type: type,
  item_id: 0,
  item_code: "",
  item_title: "",
  item_body: "",
  item_cat_id: 0,
  item_tax_id: 0,
  price_unit: "0",
  price_cost: "0",
  price_total: "0",
  quantity: type === 1 ? "1" : "0",
  editable_quantity: "0",
  discount_item: "0",
  contact_choice: 0,
  contact_selected: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  added_adj_at: 0,
  credited_adj_at: 0,
  order_index: order,
  ...fields
})

/** Well-formed rows: the given price rows, then the total and a closing text. */
export const rows = (
  prices: ReadonlyArray<{ title: string; unit: string; qty?: string; id?: number } & Record<string, unknown>>
) => {
  const out: Array<WireRow> = prices.map(({ title, unit, qty, id, ...rest }, i) =>
    row(id ?? -(i + 1), 1, i, { item_title: title, price_unit: unit, quantity: qty ?? "1", ...rest })
  )
  out.push(row(-(prices.length + 1), 4, prices.length))
  out.push(row(-(prices.length + 2), 2, prices.length + 1, { item_title: "Terms", item_body: "Thanks" }))
  return out
}

let requests = 0
/** A fresh save request id. */
export const requestId = () => `req-${process.pid}-${Date.now()}-${++requests}`

/** The quote fields of a save. */
export const quoteFields = (from: number, fields: Record<string, unknown> = {}) => ({
  title: "Kitchen",
  sent_when: 0,
  expiry_date: 0,
  deposit_percent: "0",
  discount_overall: "0",
  currency_id: 156,
  amounts_entered: "exclusive_including",
  private_pricing: 7,
  from,
  ...fields
})

/** A save request. */
export const saveBody = (
  from: number,
  o: {
    readonly quote?: Record<string, unknown>
    readonly items?: ReadonlyArray<WireRow>
    readonly contacts?: ReadonlyArray<Record<string, unknown>>
    readonly item_files?: ReadonlyArray<Record<string, unknown>>
    readonly meta?: Record<string, unknown>
    readonly modifiedIn?: number
    readonly primary?: "save:next" | "save:now" | "save:back"
    readonly request_id?: string
    readonly continue?: boolean
    readonly requestNext?: string
  } = {}
) => ({
  request_id: o.request_id ?? requestId(),
  quote: quoteFields(from, o.quote),
  meta: o.meta ?? {},
  items: o.items ?? rows([{ title: "Labour", unit: "100", qty: "2" }]),
  item_files: o.item_files ?? [],
  contacts: o.contacts ?? [],
  _modifiedIn: o.modifiedIn ?? 0,
  primary: o.primary ?? "save:now",
  ...(o.continue === undefined ? {} : { continue: o.continue }),
  ...(o.requestNext === undefined ? {} : { requestNext: o.requestNext })
})

/** Save a new quote and return the answer (fails the test on anything but 200). */
export const saveNew = (
  b: Browser,
  from: number,
  o: Parameters<typeof saveBody>[1] = {},
  kind: "edit" | "template" = "edit"
) =>
  Effect.gen(function* () {
    const a = yield* b.post(`/post/quote-update/${kind}/new/is-editing`, saveBody(from, o))
    if (a.status !== 200) return yield* Effect.die(`save failed ${a.status}: ${a.text}`)
    return a.body as {
      quote_id: number
      quote_no: number
      _modifiedIn: number
      items: Array<{ temp_id: number; id: number }>
    } & Record<string, unknown>
  })

/** Load the editor of a quote. */
export const editor = (
  b: Browser,
  id: number | "new",
  kind: "edit" | "template" = "edit",
  query = ""
): Effect.Effect<Answer> => b.get(`/get/quote-edit/${kind}/${id}/is-editing${query}`)
