/**
 * Invoicing over HTTP: a quote's invoices and what is left to invoice (`GET /get/quote-invoices/{id}`), the
 * spec's invoicing actions (`/act-on/quote-invoice/...`), the account's built-in invoices (list, CSV export,
 * mark paid, the PDF) and the invoicing settings (the built-in destination, numbering, payment terms).
 *
 * Every action answers the quote's whole invoicing picture as it now stands (`Invoicing`), so the panel never
 * works out a rule itself. Each takes the quote's `_modifiedIn` (its edit sequence, from the picture): a request
 * made on a stale picture is refused with 409 (`ChangeWarning`), unless it asks for what is already done (a
 * double submit), which answers the picture again.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Currency from "../Currency.ts"
import * as Invoice from "../Invoice.ts"
import * as InvoiceDocument from "../InvoiceDocument.ts"
import * as Money from "../Money.ts"
import * as QuoteInvoicing from "../QuoteInvoicing.ts"
import * as QuoteStatus from "../QuoteStatus.ts"
import * as SubscriptionTerm from "../SubscriptionTerm.ts"
import { AccessDenied, ChangeWarning, InvalidInput, NotFound, ServeError } from "./ApiError.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** 409: the invoicing action is not allowed as the quote stands; `reason` names the rule (`QuoteInvoicing`). */
export class InvoicingRefused extends Schema.TaggedError<InvoicingRefused>()(
  "InvoicingRefused",
  { _serveError: ServeError, reason: QuoteInvoicing.RefusalReason },
  { httpApiStatus: 409 }
) {
  /** The answer for a refusal of the core. */
  static answer(reason: QuoteInvoicing.RefusalReason, message: string): InvoicingRefused {
    return new InvoicingRefused({ _serveError: { code: "invoicing_refused", message }, reason })
  }
}

/** One line of what an invoice or suggestion covers. */
export const CoveredLine = Schema.Struct({
  quote_item_id: Schema.Int,
  title: Schema.String,
  percent: Schema.Int,
  quantity: Money.DecimalFromString,
  amount: Money.DecimalFromString
})
/** A covered line. */
export type CoveredLine = typeof CoveredLine.Type

/** The built-in invoice behind a created invoice: its number, dates, public link and payment. */
export const IssuedDocument = Schema.Struct({
  number: Schema.String,
  /** Epoch seconds. */
  issued: Schema.Int,
  due: Schema.Int,
  total: Money.DecimalFromString,
  /** The customer's page of the invoice (unguessable) and its PDF. */
  url: Schema.String,
  pdf_url: Schema.String,
  /** Epoch seconds it was marked paid; 0 when unpaid. */
  paid_at: Schema.Int
})
/** An issued document. */
export type IssuedDocument = typeof IssuedDocument.Type

/** An invoice row of the panel: the stored invoice and what the split says of it now. */
export const InvoiceRow = Schema.Struct({
  invoice: Invoice.Invoice,
  position: Schema.Int,
  applied: Money.DecimalFromString,
  /** What it charges (a credit: gives back), tax included as on its document: the figure to show. */
  charged: Money.DecimalFromString,
  lines: Schema.Array(CoveredLine),
  percent_left_before: Schema.Int,
  percent_left_after: Schema.Int,
  /** For a removed invoice: the amount its removal gave back. */
  restored: Money.DecimalFromString,
  /** Whether Split may change its percent. */
  editable: Schema.Boolean,
  locked: Schema.Boolean,
  /** The built-in document, once issued. */
  document: Schema.NullOr(IssuedDocument)
})
/** An invoice row. */
export type InvoiceRow = typeof InvoiceRow.Type

/** A suggested next invoice, deposit, credit or subscription invoice, as it would be if staged now. */
export const Suggestion = Schema.Struct({
  type: Invoice.InvoiceTypeSchema,
  percent: Schema.Int,
  adj_at: Schema.Int,
  applied: Money.DecimalFromString,
  /** What it would charge, tax included. */
  charged: Money.DecimalFromString,
  lines: Schema.Array(CoveredLine)
})
/** A suggestion. */
export type Suggestion = typeof Suggestion.Type

/** One invoice group: up front, or one subscription term. */
export const Group = Schema.Struct({
  key: SubscriptionTerm.GroupKey,
  /** 'Up front' or the term ('every month for 12 months'). */
  label: Schema.String,
  total: Money.DecimalFromString,
  invoiced: Money.DecimalFromString,
  remaining: Money.DecimalFromString,
  restored: Money.DecimalFromString,
  percent_left: Schema.Int,
  /** `total`, `invoiced` and `remaining` are in the quote's entry basis (before tax unless prices include it);
   * these are the same as charged, tax included, as the quote's total and the invoices show them. */
  charged_total: Money.DecimalFromString,
  charged_invoiced: Money.DecimalFromString,
  charged_remaining: Money.DecimalFromString,
  invoices: Schema.Array(InvoiceRow),
  next_invoice: Schema.NullOr(Suggestion),
  next_credit: Schema.NullOr(Suggestion),
  skipped: Schema.NullOr(Suggestion)
})
/** An invoice group. */
export type Group = typeof Group.Type

/** Where created invoices go. */
export const Destination = Schema.Struct({
  /** `none`: nothing connected; `built-in`: quotekit's own invoices; `add-on`: Xero or QuickBooks (`name` says). */
  kind: Schema.Literals(["none", "built-in", "add-on"]),
  name: Schema.String
})
/** An invoicing destination. */
export type Destination = typeof Destination.Type

/** The quote's whole invoicing picture. */
export const Invoicing = Schema.Struct({
  quote_id: Schema.Int,
  /** Send back with every action. */
  _modifiedIn: Schema.Int,
  status: QuoteStatus.QuoteStatus,
  currency_id: Currency.CurrencyId,
  destination: Destination,
  /** `null` when invoices may be created; otherwise why not and the hint to show (with a settings link). */
  creation_blocked: Schema.NullOr(
    Schema.Struct({ reason: Schema.Literals(["not-accepted", "no-addon"]), message: Schema.String })
  ),
  groups: Schema.Array(Group),
  adjustment: Schema.Struct({
    next_adj_index: Schema.Int,
    /** The letter of the current adjustment ('' before any). */
    letter: Schema.String,
    /** Whether the current adjustment is still open for changes (no invoice covering it was created). */
    editable: Schema.Boolean,
    /** `null` when 'Add or Credit Items' is enabled; otherwise why not. */
    disabled: Schema.NullOr(Schema.String),
    /** The limit warning to show, if any. */
    warning: Schema.NullOr(Schema.String)
  }),
  /** Ready invoices exist (the Complete button offers 'Complete & Invoice' when a destination is connected). */
  ready_count: Schema.Int
})
/** The invoicing picture. */
export type Invoicing = typeof Invoicing.Type

/** The quote's edit sequence the client read, for the conflict check. */
export const ActionPayload = Schema.Struct({ _modifiedIn: Schema.Int })

/** A group key from the URL. */
const GroupParam = SubscriptionTerm.GroupKey

/** An invoice id from the URL: a saved invoice (above 0), or 0 or below for a new one. */
const InvoiceIdParam = Schema.NumberFromString.check(Schema.isInt())

/** The invoice type from the URL (0 invoice, 5 deposit, 10 credit, 20 subscription). */
const TypeParam = Schema.NumberFromString.pipe(Schema.decodeTo(Invoice.InvoiceTypeSchema))

/** A percent from the URL: a whole number 0-100 (spec). */
const PercentParam = Schema.NumberFromString.pipe(Schema.decodeTo(Invoice.Percent))

/** The adjustment index from the URL: 0-20. */
const AdjParam = Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 20 }))

/** Where 'Add or Credit Items' leads: the editor in adjustment mode, at the adjustment it opens. */
export const AdjustmentStarted = Schema.Struct({
  adj_index: Schema.Int,
  letter: Schema.String,
  editor_url: Schema.String,
  warning: Schema.NullOr(Schema.String)
})
/** An adjustment started. */
export type AdjustmentStarted = typeof AdjustmentStarted.Type

// --- account invoices ----------------------------------------------------------------------------------------

/** One built-in invoice of the account's list. */
export const AccountInvoice = Schema.Struct({
  quote_invoice_id: Schema.Int,
  quote_id: Schema.Int,
  quote_no: Schema.Int,
  quote_title: Schema.String,
  customer: Schema.String,
  kind: Invoice.InvoiceTypeSchema,
  number: Schema.String,
  issued: Schema.Int,
  due: Schema.Int,
  currency_id: Currency.CurrencyId,
  total: Money.DecimalFromString,
  status: Invoice.InvoiceStatusSchema,
  paid_at: Schema.Int,
  url: Schema.String,
  pdf_url: Schema.String
})
/** An account invoice. */
export type AccountInvoice = typeof AccountInvoice.Type

/** The list's filters. */
export const AccountInvoicesQuery = Schema.Struct({
  paid: Schema.optionalKey(Schema.Literals(["all", "paid", "unpaid"])),
  page: Schema.optionalKey(IntFromString),
  per_page: Schema.optionalKey(IntFromString.check(Schema.isBetween({ minimum: 1, maximum: 500 })))
})

/** A page of the account's invoices. */
export const AccountInvoices = Schema.Struct({
  invoices: Schema.Array(AccountInvoice),
  total_rows: Schema.Int
})

/** Mark an invoice paid (with the date, epoch seconds) or unpaid (`paid_at` 0). */
export const MarkPaid = Schema.Struct({ paid_at: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) })

/** The account's invoicing settings (admins change them). */
export const InvoicingSettings = Schema.Struct({
  /** Built-in invoices on: created invoices are issued by quotekit and emailed to the quote's contact. */
  builtin_enabled: Schema.Boolean,
  prefix: Schema.String.check(Schema.isMaxLength(12), Schema.isPattern(/^[A-Za-z0-9\-_/.]*$/)),
  /** The number the next invoice gets; only moves forward (numbers are never reused). */
  next_number: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 999_999_999 })),
  /** Days from issue to due date. */
  payment_terms_days: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 365 })),
  /** Text printed under the totals (bank details, how to pay). */
  payment_instructions: Schema.String.check(Schema.isMaxLength(2000)),
  /** Email each issued invoice to the quote's contacts. */
  email_invoices: Schema.Boolean,
  /** The paper of invoice and quote PDFs; always answered, kept as it is when a save leaves it out. */
  page_size: Schema.optionalKey(Schema.Literals(["A4", "Letter"]))
})
/** Invoicing settings. */
export type InvoicingSettings = typeof InvoicingSettings.Type

/** A quote's invoicing and the invoicing actions of the spec. */
export class QuoteInvoicesApi extends HttpApiGroup.make("quoteInvoices")
  .add(
    HttpApiEndpoint.get("invoicing", "/get/quote-invoices/:id", {
      params: { id: IntFromString },
      success: Invoicing,
      error: NotFound
    }),
    HttpApiEndpoint.post(
      "action",
      "/act-on/quote-invoice/action/:action/:type/:quote_id/:group/:adj_at/:percent/:invoice_id",
      {
        params: {
          action: QuoteInvoicing.Action,
          type: TypeParam,
          quote_id: IntFromString,
          group: GroupParam,
          adj_at: AdjParam,
          percent: PercentParam,
          invoice_id: InvoiceIdParam
        },
        payload: ActionPayload,
        success: Invoicing,
        error: [NotFound, InvalidInput, InvoicingRefused, ChangeWarning]
      }
    ),
    HttpApiEndpoint.post("createInvoice", "/act-on/quote-invoice/create-invoice/:quote_id/:invoice_id", {
      params: { quote_id: IntFromString, invoice_id: InvoiceIdParam },
      payload: ActionPayload,
      success: Invoicing,
      error: [NotFound, InvalidInput, InvoicingRefused, ChangeWarning]
    }),
    HttpApiEndpoint.post("setRemoved", "/act-on/quote-invoice/set-removed/:quote_id/:invoice_id/:group", {
      params: { quote_id: IntFromString, invoice_id: InvoiceIdParam, group: GroupParam },
      payload: ActionPayload,
      success: Invoicing,
      error: [NotFound, InvalidInput, InvoicingRefused, ChangeWarning]
    }),
    HttpApiEndpoint.post("makeAdjustment", "/act-on/quote-invoice/make-adjustment/:quote_id", {
      params: { quote_id: IntFromString },
      success: AdjustmentStarted,
      error: [NotFound, InvoicingRefused]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Quote invoices",
      description:
        "Invoice an accepted quote in stages: deposits, percentage invoices, credits and subscription invoices, " +
        "created into the account's invoicing destination; adjustments add or credit items after acceptance."
    })
  ) {}

/** The account's built-in invoices and invoicing settings. */
export class InvoicesApi extends HttpApiGroup.make("invoices")
  .add(
    HttpApiEndpoint.get("list", "/get/invoices", {
      query: AccountInvoicesQuery,
      success: AccountInvoices
    }),
    HttpApiEndpoint.get("csv", "/get/invoices.csv", {
      query: AccountInvoicesQuery,
      success: HttpApiSchema.StreamUint8Array()
    }),
    HttpApiEndpoint.get("pdf", "/get/invoice-pdf/:id", {
      params: { id: IntFromString },
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    }),
    HttpApiEndpoint.post("markPaid", "/post/invoice-paid/:id", {
      params: { id: IntFromString },
      payload: MarkPaid,
      success: AccountInvoice,
      error: [NotFound, InvalidInput, InvoicingRefused]
    }),
    HttpApiEndpoint.get("settings", "/get/invoicing-settings", {
      success: InvoicingSettings
    }),
    HttpApiEndpoint.post("saveSettings", "/post/invoicing-settings", {
      payload: InvoicingSettings,
      success: InvoicingSettings,
      error: [AccessDenied, InvalidInput]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Invoices",
      description:
        "The account's built-in invoices (numbered, emailed, with a public page and a PDF), marking them paid, " +
        "a CSV export, and the invoicing settings."
    })
  ) {}

/** Re-exported for the panel: the document lines of an issued invoice. */
export const DocumentContent = InvoiceDocument.Content
