/**
 * Wire payloads for the quote tests: rows and save requests as the app sends them (decimals as strings), and
 * helpers that save, load and act over HTTP with a `Browser` of the harness.
 */
import * as Password from "@quotekit/pg/Password"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Answer, type Browser, browser, PASSWORD, uniqueEmail } from "../Harness.ts"

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

// --- database fixtures (made directly, as other features would) -----------------------------------------------

/** A team member of an account (admin or not), signed in on a browser of their own. */
export const member = (accountId: number, o: { readonly admin: boolean; readonly name?: string }) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const email = uniqueEmail(o.name ?? "member")
    const hash = yield* Password.hashWith(PASSWORD, { N: 2 ** 10, r: 8, p: 1 })
    const [s] = yield* sql<{ signin_id: number }>`
      INSERT INTO signins (email, password_hash, name_first, name_last, name_display)
      VALUES (${email}, ${hash}, ${o.name ?? "Member"}, 'Person', ${`${o.name ?? "Member"} Person`})
      RETURNING signin_id`
    yield* sql`
      INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
      VALUES (${accountId}, ${s!.signin_id}, ${o.admin}, now())`
    const b = yield* browser
    const signedIn = yield* b.post("/sign-in", { email, password: PASSWORD })
    if (signedIn.status !== 200) return yield* Effect.die(`sign-in failed: ${signedIn.text}`)
    return { browser: b, signinId: s!.signin_id }
  })

/** A tax rate of an account. */
export const taxRate = (accountId: number, rate: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [t] = yield* sql<{ item_tax_id: number }>`
      INSERT INTO item_taxes (account_id, tax_rate, description) VALUES (${accountId}, ${rate}, 'GST')
      RETURNING item_tax_id`
    return t!.item_tax_id
  })

/** A contact of an account (a person, with a company when named). */
export const contact = (accountId: number, first: string, last: string, company?: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    let companyId: number | null = null
    if (company !== undefined) {
      const [c] = yield* sql<{ contact_id: number }>`
        INSERT INTO contacts (account_id, contact_type, name_first) VALUES (${accountId}, 'company', ${company})
        RETURNING contact_id`
      companyId = c!.contact_id
    }
    const [p] = yield* sql<{ contact_id: number }>`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, company_id, email)
      VALUES (${accountId}, 'person', ${first}, ${last}, ${companyId}, ${`${first.toLowerCase()}@example.com`})
      RETURNING contact_id`
    return p!.contact_id
  })

/** A reusable price item of an account. */
export const reusableItem = (accountId: number, title: string, unit: string, o: { readonly shared?: number } = {}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [i] = yield* sql<{ item_id: number }>`
      INSERT INTO items (account_id, item_type, item_code, item_title, item_body, price_unit, shared_account_id)
      VALUES (${accountId}, 1, 'SKU-1', ${title}, 'From the catalogue', ${unit}, ${o.shared ?? null})
      RETURNING item_id`
    return i!.item_id
  })

/** A lead of an account. */
export const lead = (accountId: number, subject: string, contactId: number | null) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [l] = yield* sql<{ lead_id: number }>`
      INSERT INTO leads (account_id, lead_subject, lead_message, contact_id, lead_potential_value)
      VALUES (${accountId}, ${subject}, 'Please quote', ${contactId}, '1500.00')
      RETURNING lead_id`
    return l!.lead_id
  })

/** An uploaded file of an account (not attached to anything yet). */
export const file = (accountId: number, name = "plan.pdf") =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [f] = yield* sql<{ file_id: number }>`
      INSERT INTO files (account_id, hash, original_filename, mime, size, storage_key)
      VALUES (${accountId}, ${"a".repeat(64)}, ${name}, 'application/pdf', 10, ${`k/${name}`})
      RETURNING file_id`
    return f!.file_id
  })
