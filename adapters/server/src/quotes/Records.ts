/**
 * Stored quotes as the quote use cases see them: the quote row with what the rules need beside the wire fields
 * (edit sequence, undo point, deletion time, who changed it last), its rows, contacts and files, and the
 * mapping from database rows to the core's wire entities (`Quote`, `QuoteItem`, `QuoteMeta`).
 *
 * Database "none" values (NULL) become the spec's 0 here: `sent_when`, `expiry_date`, `item_id`,
 * `item_cat_id`, `item_tax_id`.
 *
 * @since 0.1.0
 */

import type { AccountId, SigninId } from "@quotekit/core/Account"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import type { QuoteContact } from "@quotekit/core/api/QuotesApi"
import type { Contact } from "@quotekit/core/Contact"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as Quote from "@quotekit/core/Quote"
import type * as QuoteAction from "@quotekit/core/QuoteAction"
import type * as QuoteSave from "@quotekit/core/QuoteSave"
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import type * as TaxMode from "@quotekit/core/TaxMode"
import * as TaxRate from "@quotekit/core/TaxRate"

/** Epoch seconds of a database time; 0 for NULL. */
export const seconds = (d: Date | null | undefined): number => (d == null ? 0 : Math.floor(d.getTime() / 1000))

/** A database time from epoch seconds; NULL for 0 (the spec's "unset"). */
export const timeOrNull = (s: number): Date | null => (s > 0 ? new Date(s * 1000) : null)

/** The quote row's fields, decoded. */
export interface QuoteRecord {
  readonly quote_id: number
  readonly is_template: boolean
  readonly status: QuoteStatus.QuoteStatus
  readonly archive_id: ArchiveState.StateId
  readonly quote_no: number
  readonly revision_no: number
  readonly title: string
  readonly sent_when: number
  readonly expiry_date: number
  readonly deposit_percent: Money.Decimal
  readonly discount_overall: Money.Decimal
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly private_pricing: number
  readonly from: number
  readonly from_name: string
  readonly price_current: Money.Decimal
  readonly has_been_emailed: boolean
  readonly next_adj_index: number
  readonly last_item_adj: number
  readonly shared_quote_id: number
  readonly from_template_id: number
  readonly from_quote_id: number
  readonly from_lead_id: number
  readonly meta: { readonly reviewsOn?: boolean }
  readonly last_view: number
  readonly stat_opens: number
  readonly stat_edits: number
  readonly stat_followups: number
  readonly deleted_at: number | null
  readonly edit_seq: number
  readonly undo: QuoteAction.UndoPoint | null
  readonly creation: number
  readonly modified: number
  readonly modified_by: number | null
  readonly modified_by_name: string
  /** Emails of the quote waiting in the queue. */
  readonly emails_scheduled: number
}

/** The SQL column list that `QuoteRow` decodes (alias `q`). */
export const quoteColumns = `
  q.quote_id, q.is_template, q.status, q.archive_id::int AS archive_id, coalesce(q.quote_no, 0) AS quote_no,
  q.revision_no, q.title, q.sent_when, q.expiry_date, q.deposit_percent::text AS deposit_percent,
  q.discount_overall::text AS discount_overall, q.currency_id, q.amounts_entered, q.private_pricing::int AS private_pricing,
  q.from_signin_id, q.price_current::text AS price_current, q.has_been_emailed, q.next_adj_index::int AS next_adj_index,
  q.last_item_adj::int AS last_item_adj, q.shared_quote_id, q.from_template_id, q.from_quote_id, q.from_lead_id, q.meta,
  q.last_view, q.stat_opens, q.stat_edits, q.stat_followups, q.deleted_at, q.edit_seq, q.state_undo, q.creation,
  q.modified, q.modified_by,
  (SELECT coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
     FROM signins s WHERE s.signin_id = q.from_signin_id) AS from_name,
  (SELECT coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
     FROM signins s WHERE s.signin_id = q.modified_by) AS modified_by_name,
  (SELECT count(*)::int FROM email_messages e
     WHERE e.account_id = q.account_id AND e.quote_id = q.quote_id AND e.email_status = 1) AS emails_scheduled`

/** A quote row as the driver returns `quoteColumns`. */
export interface QuoteRow {
  readonly quote_id: number
  readonly is_template: boolean
  readonly status: QuoteStatus.QuoteStatus
  readonly archive_id: number
  readonly quote_no: number
  readonly revision_no: number
  readonly title: string
  readonly sent_when: Date | null
  readonly expiry_date: Date | null
  readonly deposit_percent: string
  readonly discount_overall: string
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly private_pricing: number
  readonly from_signin_id: number
  readonly from_name: string | null
  readonly price_current: string
  readonly has_been_emailed: boolean
  readonly next_adj_index: number
  readonly last_item_adj: number
  readonly shared_quote_id: number | null
  readonly from_template_id: number | null
  readonly from_quote_id: number | null
  readonly from_lead_id: number | null
  readonly meta: { readonly reviewsOn?: boolean } | null
  readonly last_view: Date | null
  readonly stat_opens: number
  readonly stat_edits: number
  readonly stat_followups: number
  readonly deleted_at: Date | null
  readonly edit_seq: number
  readonly state_undo: QuoteAction.UndoPoint | null
  readonly creation: Date
  readonly modified: Date
  readonly modified_by: number | null
  readonly modified_by_name: string | null
  readonly emails_scheduled: number
}

/** Decode a quote row. */
export const toRecord = (r: QuoteRow): QuoteRecord => ({
  quote_id: r.quote_id,
  is_template: r.is_template,
  status: r.status,
  archive_id: r.archive_id as ArchiveState.StateId,
  quote_no: r.quote_no,
  revision_no: r.revision_no,
  title: r.title,
  sent_when: seconds(r.sent_when),
  expiry_date: seconds(r.expiry_date),
  deposit_percent: Money.make(r.deposit_percent),
  discount_overall: Money.make(r.discount_overall),
  currency_id: r.currency_id,
  amounts_entered: r.amounts_entered,
  private_pricing: r.private_pricing,
  from: r.from_signin_id,
  from_name: r.from_name ?? "",
  price_current: Money.make(r.price_current),
  has_been_emailed: r.has_been_emailed,
  next_adj_index: r.next_adj_index,
  last_item_adj: r.last_item_adj,
  shared_quote_id: r.shared_quote_id ?? 0,
  from_template_id: r.from_template_id ?? 0,
  from_quote_id: r.from_quote_id ?? 0,
  from_lead_id: r.from_lead_id ?? 0,
  meta: r.meta ?? {},
  last_view: seconds(r.last_view),
  stat_opens: r.stat_opens,
  stat_edits: r.stat_edits,
  stat_followups: r.stat_followups,
  deleted_at: r.deleted_at === null ? null : seconds(r.deleted_at),
  edit_seq: r.edit_seq,
  undo: r.state_undo,
  creation: seconds(r.creation),
  modified: seconds(r.modified),
  modified_by: r.modified_by,
  modified_by_name: r.modified_by_name ?? "",
  emails_scheduled: r.emails_scheduled
})

/** The archive state of a record. */
export const archiveOf = (r: Pick<QuoteRecord, "archive_id">): ArchiveState.ArchiveState =>
  ArchiveState.fromId(r.archive_id).pipe((o) => (o._tag === "Some" ? o.value : "active"))

/** The status machine state of a record. */
export const stateOf = (r: QuoteRecord): QuoteAction.QuoteState => ({
  status: r.status,
  archive: archiveOf(r),
  undo: r.undo
})

const currencyOf = (id: number): Currency.Currency | undefined => {
  const c = Currency.byId(id)
  return c._tag === "Some" ? c.value : undefined
}

/** The wire quote of a record. */
export const toQuote = (r: QuoteRecord, taxWord: string): Quote.Quote => {
  const currency = currencyOf(r.currency_id)
  return new Quote.Quote({
    quote_id: Quote.QuoteId.make(r.quote_id),
    title: r.title,
    status: r.status,
    quote_no: r.quote_no,
    sent_when: r.sent_when,
    expiry_date: r.expiry_date,
    deposit_percent: r.deposit_percent,
    discount_overall: r.discount_overall,
    currency_id: (currency?.id ?? Currency.DEFAULT_ID) as Currency.CurrencyId,
    amounts_entered: r.amounts_entered,
    private_pricing: PrivatePricing.make(r.private_pricing),
    archive_id: r.archive_id,
    from: r.from as SigninId,
    modified: r.modified,
    price_current: r.price_current,
    ...(r.shared_quote_id > 0 ? { _shared_quote_id: r.shared_quote_id } : {}),
    _quote_last_view: r.last_view,
    _name_from: r.from_name,
    tax_word: taxWord,
    symbol: currency?.symbol ?? Currency.DEFAULT_SYMBOL,
    currencyCode: currency?.code ?? "USD",
    has_been_emailed: r.has_been_emailed,
    revision_no: r.revision_no,
    last_item_adj: r.last_item_adj
  })
}

/** The SQL column list that `ItemRow` decodes (alias `i`). */
export const itemColumns = `
  i.quote_item_id, i.item_type::int AS item_type, i.item_id, i.item_code, i.item_title, i.item_body, i.item_cat_id,
  i.item_tax_id, i.price_unit::text AS price_unit, i.price_cost::text AS price_cost, i.price_total::text AS price_total,
  i.quantity::text AS quantity, i.original_quantity::text AS original_quantity,
  i.editable_quantity::text AS editable_quantity, i.discount_item::text AS discount_item,
  i.contact_choice::int AS contact_choice, i.contact_selected::int AS contact_selected, i.term_every::int AS term_every,
  i.term_type::int AS term_type, i.term_duration, i.added_adj_at::int AS added_adj_at,
  i.credited_adj_at::int AS credited_adj_at, i.order_index, i.editing, i.archive_id::int AS archive_id,
  i.shared_account_id, i.modified`

/** A row as the driver returns `itemColumns`. */
export interface ItemRow {
  readonly quote_item_id: number
  readonly item_type: 1 | 2 | 3 | 4
  readonly item_id: number | null
  readonly item_code: string
  readonly item_title: string
  readonly item_body: string
  readonly item_cat_id: number | null
  readonly item_tax_id: number | null
  readonly price_unit: string
  readonly price_cost: string
  readonly price_total: string
  readonly quantity: string
  readonly original_quantity: string | null
  readonly editable_quantity: string
  readonly discount_item: string
  readonly contact_choice: number
  readonly contact_selected: 0 | 1 | 2
  readonly term_every: number
  readonly term_type: 1 | 2 | 3
  readonly term_duration: number
  readonly added_adj_at: number
  readonly credited_adj_at: number
  readonly order_index: number
  readonly editing: LineItem.Editing
  readonly archive_id: number
  readonly shared_account_id: number | null
  readonly modified: Date
}

/** A stored row: the wire item and the account it is shared from (null for own rows). */
export interface ItemRecord {
  readonly item: QuoteSave.Row
  readonly shared_account_id: number | null
}

/** Decode a row, with its files (a plain row: the editor makes `QuoteItem`s of the rows it answers with). */
export const toItem = (
  r: ItemRow,
  files: ReadonlyArray<{ readonly file_id: number; readonly parent_id: number }>
): QuoteSave.Row => ({
  quote_item_id: LineItem.QuoteItemId.make(r.quote_item_id),
  item_type: r.item_type,
  item_id: r.item_id ?? 0,
  item_code: r.item_code,
  item_title: r.item_title,
  item_body: r.item_body,
  item_cat_id: r.item_cat_id ?? 0,
  item_tax_id: TaxRate.ItemTaxId.make(r.item_tax_id ?? 0),
  price_unit: Money.make(r.price_unit),
  price_cost: Money.make(r.price_cost),
  price_total: Money.make(r.price_total),
  quantity: Money.make(r.quantity),
  editable_quantity: Money.make(r.editable_quantity),
  discount_item: Money.make(r.discount_item),
  contact_choice: r.contact_choice,
  contact_selected: r.contact_selected,
  term_every: r.term_every,
  term_type: r.term_type,
  term_duration: r.term_duration,
  added_adj_at: r.added_adj_at,
  credited_adj_at: r.credited_adj_at,
  order_index: r.order_index,
  editing: r.editing,
  ...(r.original_quantity === null ? {} : { original_quantity: Money.make(r.original_quantity) }),
  modified: seconds(r.modified),
  archive_id: r.archive_id,
  ...(r.shared_account_id === null ? {} : { _shared_account_id: r.shared_account_id }),
  files
})

/** A stored quote with everything the editor shows. */
export interface StoredQuote {
  readonly record: QuoteRecord
  readonly items: ReadonlyArray<ItemRecord>
  readonly contacts: ReadonlyArray<QuoteContact>
  readonly contact_details: ReadonlyArray<Contact>
}

/** What the quote use cases know about the account and the person asking. */
export interface AccountFacts {
  readonly account_id: AccountId
  readonly signin_id: SigninId
  readonly is_admin: boolean
  /** How the person is named in history rows. */
  readonly who: string
  readonly noun: "quote" | "proposal" | "estimate"
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly private_pricing: number
  readonly default_template_id: number
  readonly default_tax_id: number
  readonly default_category_id: number
  readonly tax_word: string
  readonly reviews_enabled: boolean
  /** The account's current featured reviews, those a quote with reviews on shows (the meta's `reviewCount`). */
  readonly featured_reviews: number
  readonly taxes: TaxRate.Table
  /** The sign-in's time zone (IANA name), for "this month". */
  readonly tz: string
}

/** A quote contact with its contact, as read (`contactColumns`). */
export interface ContactRow {
  readonly quote_contact_id: number
  readonly contact_id: number
  readonly contact_order: number
  readonly contact_type: "person" | "company"
  readonly name_first: string
  readonly name_last: string
  readonly company_id: number | null
  readonly email: string
  readonly modified: Date | string
  readonly archive_id: number
  readonly company_name: string | null
}

/** The SQL column list `ContactRow` decodes (aliases `qc`, `c`, and `co` for the company). */
export const contactColumns = `
  qc.quote_contact_id, qc.contact_id, qc.contact_order::int AS contact_order, c.contact_type, c.name_first,
  c.name_last, c.company_id, c.email, c.modified, c.archive_id::int AS archive_id, co.name_first AS company_name`

/** The same fields as one JSON object per contact (for reading them with the quote in one statement). */
export const contactJson = `json_build_object(
  'quote_contact_id', qc.quote_contact_id, 'contact_id', qc.contact_id, 'contact_order', qc.contact_order,
  'contact_type', c.contact_type, 'name_first', c.name_first, 'name_last', c.name_last, 'company_id', c.company_id,
  'email', c.email, 'modified', c.modified, 'archive_id', c.archive_id, 'company_name', co.name_first)`

/** A quote's contact rows and the contacts' details. */
export const toContacts = (rows: ReadonlyArray<ContactRow>): Pick<StoredQuote, "contacts" | "contact_details"> => ({
  contacts: rows.map((c) => ({
    quote_contact_id: c.quote_contact_id,
    contact_id: c.contact_id as QuoteContact["contact_id"],
    contact_order: c.contact_order
  })),
  contact_details: rows.map((c) => ({
    contact_id: c.contact_id as Contact["contact_id"],
    type: c.contact_type,
    name_first: c.name_first,
    name_last: c.name_last,
    company_id: c.company_id as Contact["company_id"],
    email: c.email,
    modified: seconds(new Date(c.modified)),
    archive_id: c.archive_id,
    ...(c.company_name === null
      ? c.contact_type === "company"
        ? { _name_company: c.name_first }
        : {}
      : { _name_company: c.company_name })
  }))
})

/** A row and its file ids as one JSON object (alias `i`), for reading rows with the quote in one statement. */
export const itemJson = `json_build_object(
  'quote_item_id', i.quote_item_id, 'item_type', i.item_type, 'item_id', i.item_id, 'item_code', i.item_code,
  'item_title', i.item_title, 'item_body', i.item_body, 'item_cat_id', i.item_cat_id, 'item_tax_id', i.item_tax_id,
  'price_unit', i.price_unit::text, 'price_cost', i.price_cost::text, 'price_total', i.price_total::text,
  'quantity', i.quantity::text, 'original_quantity', i.original_quantity::text,
  'editable_quantity', i.editable_quantity::text, 'discount_item', i.discount_item::text,
  'contact_choice', i.contact_choice, 'contact_selected', i.contact_selected, 'term_every', i.term_every,
  'term_type', i.term_type, 'term_duration', i.term_duration, 'added_adj_at', i.added_adj_at,
  'credited_adj_at', i.credited_adj_at, 'order_index', i.order_index, 'editing', i.editing,
  'archive_id', i.archive_id, 'shared_account_id', i.shared_account_id, 'modified', i.modified,
  'file_ids', (SELECT array_agg(f.file_id ORDER BY f.file_id) FROM files f
                 WHERE f.account_id = i.account_id AND f.parent_table = 'quote_items'
                   AND f.parent_id = i.quote_item_id))`

/** A row read as `itemJson`. */
export type ItemJson = Omit<ItemRow, "modified"> & {
  readonly modified: string
  readonly file_ids: ReadonlyArray<number> | null
}

/** A stored row from its JSON form or its row form with file ids. */
export const itemRecord = (
  r: (ItemRow | Omit<ItemRow, "modified">) & {
    readonly modified: Date | string
    readonly file_ids: ReadonlyArray<number> | null
  }
): ItemRecord => ({
  item: toItem(
    { ...r, modified: new Date(r.modified) },
    (r.file_ids ?? []).map((file_id) => ({ file_id, parent_id: r.quote_item_id }))
  ),
  shared_account_id: r.shared_account_id
})
