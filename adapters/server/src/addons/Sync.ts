/**
 * Creating a claimed invoice in the account's accounting add-on (Xero or QuickBooks). The sync worker holds the
 * invoice by its lease; the calls to the add-on are made OUTSIDE any database transaction (no row lock waits on
 * the network), then the outcome is written in one short transaction that locks the quote and the invoice again
 * and skips it if it was settled meanwhile.
 *
 * The steps: the document from the invoice's content (`BuiltinInvoice.prepare`, the same figures the built-in
 * invoice shows); tokens, refreshed first when they are about to expire; the customer: the record remembered
 * for our contact in this organisation, else found by email or name, else created (and remembered, and shown as
 * the contact's lookup link); then the document looked up by our reference (`qk-<installation>-<account>-<invoice>`) before it
 * is created, so a retry after an unknown outcome never makes a second one.
 *
 * Outcomes: `synced` with the add-on's number and link; `rate-limited` / `unavailable` tried again later with
 * backoff (the add-on's `Retry-After` when it gave one) up to `MAX_ATTEMPTS`; `rejected` is `error` with the
 * add-on's own words (the panel's 'Show Issue'); `auth` is `error` asking to connect again, and the connection
 * shows it needs attention.
 *
 * @since 0.5.0
 */
import { type Accounting, AccountingError, type Created, type Party, type Tokens } from "@quotekit/addons/Accounting"
import * as AccountingDocument from "@quotekit/addons/AccountingDocument"
import * as AddOn from "@quotekit/core/AddOn"
import * as Currency from "@quotekit/core/Currency"
import type * as Invoice from "@quotekit/core/Invoice"
import { Effect, Option, Schema } from "effect"
import type { SqlClient } from "effect/sql"
import * as BuiltinInvoice from "../invoices/BuiltinInvoice.ts"
import { InvoiceRepo } from "../invoices/Repo.ts"
import type { QuoteRepo } from "../quotes/Repo.ts"
import { AddOnsRepo } from "./Repo.ts"
import { AddOnsSetup } from "./Setup.ts"
import * as AccessTokens from "./Tokens.ts"

/** Attempts (claims) before a rate-limited or unavailable add-on leaves the invoice in error. */
export const MAX_ATTEMPTS = 8
/** The longest wait between attempts. */
export const MAX_BACKOFF_MS = 10 * 60_000

/** Wait before attempt `attempt + 1`: the add-on's `Retry-After`, else 5 s doubling, at most 10 minutes. */
export const backoffMs = (attempt: number, retryAfterMs: number | undefined): number =>
  Math.min(MAX_BACKOFF_MS, Math.max(retryAfterMs ?? 0, 5_000 * 2 ** Math.max(0, attempt - 1)))

/** The add-on could not take the invoice; `retry` says whether to try again later. */
export class SyncFailed extends Schema.TaggedError<SyncFailed>()("SyncFailed", {
  message: Schema.String,
  retry: Schema.Boolean,
  retryAfterMs: Schema.optional(Schema.Number)
}) {}

/** The add-on an invoice goes to: the account's connected accounting add-on with its organisation chosen. */
export const destination = (account: number) =>
  Effect.gen(function* () {
    const repo = yield* AddOnsRepo
    const setup = yield* AddOnsSetup
    for (const id of AddOn.accountingIds) {
      const c = yield* repo.connection(account, id)
      if (Option.isNone(c) || c.value.status === "disconnected" || c.value.organisation_id === "") continue
      const name = Option.match(AddOn.byId(id), { onNone: () => "", onSome: (d) => d.name })
      return Option.some({
        addon_id: id,
        organisation_id: c.value.organisation_id,
        name: `${name}: ${c.value.organisation_name}`,
        setUp: setup.accounting.has(id)
      })
    }
    return Option.none()
  })

const partyOf = (p: { first_name: string; last_name: string; email: string; company: string }): Party => {
  const person = `${p.first_name} ${p.last_name}`.trim()
  return {
    name: p.company || person || p.email,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    company: p.company
  }
}

const failure = (e: AccountingError, name: string): SyncFailed =>
  e.kind === "auth"
    ? new SyncFailed({ message: AddOn.messages.reconnect(name), retry: false })
    : e.kind === "rejected"
      ? new SyncFailed({ message: e.message, retry: false })
      : new SyncFailed({
          message: `${name} is not answering right now (${e.message}). The invoice will be sent again shortly.`,
          retry: true,
          ...(e.retryAfterMs === undefined ? {} : { retryAfterMs: e.retryAfterMs })
        })

/**
 * Create `invoice` (claimed, queued, its `addon_id` an accounting add-on) in the add-on; what it answered.
 * Runs outside any transaction.
 */
export const push = (
  invoice: Invoice.Invoice,
  nowSeconds: number
): Effect.Effect<Created, SyncFailed, AddOnsRepo | InvoiceRepo | QuoteRepo | SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const repo = yield* AddOnsRepo
    const setup = yield* AddOnsSetup
    const account = invoice.account_id
    const def = Option.getOrUndefined(AddOn.byId(invoice.addon_id))
    const name = def?.name ?? "The add-on"
    const accounting: Accounting | undefined = AddOn.isAccounting(invoice.addon_id)
      ? setup.accounting.get(invoice.addon_id)
      : undefined
    if (accounting === undefined) return yield* new SyncFailed({ message: AddOn.messages.notSetUp(name), retry: false })
    const connection = yield* repo.connection(account, invoice.addon_id)
    if (Option.isNone(connection) || connection.value.status === "disconnected")
      return yield* new SyncFailed({ message: AddOn.messages.notConnected(name), retry: false })
    const org = invoice.addon_org_id || connection.value.organisation_id
    if (org === "") return yield* new SyncFailed({ message: AddOn.messages.pickOrganisation, retry: false })
    let tokens: Tokens = yield* AccessTokens.fresh(account, accounting).pipe(
      Effect.catchTag("NotConnected", () =>
        Effect.fail(new SyncFailed({ message: AddOn.messages.notConnected(name), retry: false }))
      ),
      Effect.catchTag("AddOnError", (e) => Effect.fail(failure(e, name)))
    )
    /** One call with the tokens; an access token refused before its time is refreshed once and the call made again. */
    const call = <A>(op: (tokens: Tokens) => Effect.Effect<A, AccountingError>) =>
      op(tokens).pipe(
        Effect.catchIf(
          (err) => err.kind === "auth",
          () =>
            AccessTokens.fresh(account, accounting, tokens.access_token).pipe(
              Effect.catchTag("NotConnected", () =>
                Effect.fail(new AccountingError({ kind: "auth", message: AddOn.messages.notConnected(name) }))
              ),
              Effect.tap((renewed) =>
                Effect.sync(() => {
                  tokens = renewed
                })
              ),
              Effect.flatMap(op)
            )
        ),
        // Access revoked at the add-on: the page shows the connection needs attention.
        Effect.tapError((err) =>
          err.kind === "auth" ? repo.setError(account, invoice.addon_id, err.message) : Effect.void
        ),
        Effect.mapError((err) => failure(err, name))
      )

    const { record, rows, content } = yield* BuiltinInvoice.prepare(invoice)

    const found = yield* repo.party(account, invoice.quote_id)
    if (Option.isNone(found))
      return yield* new SyncFailed({ message: "Add a contact to the quote to invoice them.", retry: false })
    const party = partyOf(found.value)
    const remembered = yield* repo.remoteContact(account, invoice.addon_id, org, found.value.contact_id)
    const contact = Option.isSome(remembered)
      ? { id: remembered.value.remote_id, url: remembered.value.url }
      : yield* Effect.gen(function* () {
          const existing = yield* call((t) => accounting.findContact(t, org, party))
          const made = Option.isSome(existing)
            ? existing.value
            : yield* call((t) => accounting.createContact(t, org, party))
          yield* repo.linkContact(account, invoice.addon_id, org, found.value.contact_id, {
            remote_id: made.id,
            url: made.url
          })
          return { id: made.id, url: made.url }
        })

    const taxMap = yield* repo.taxMap(account, invoice.addon_id, org)
    const accountCode = yield* repo.accountCode(account, invoice.addon_id, org)
    const settings = yield* (yield* InvoiceRepo).settings(invoice.account_id)
    const taxOfItem = new Map(rows.map((r) => [r.quote_item_id, r.item_tax_id]))
    const reference = AccountingDocument.reference(yield* repo.instance, account, invoice.quote_invoice_id)
    const document = AccountingDocument.build({
      content,
      reference,
      contactId: contact.id,
      date: AccountingDocument.day(nowSeconds),
      dueDate: AccountingDocument.day(nowSeconds + settings.payment_terms_days * 86_400),
      currency: Option.match(Currency.byId(record.currency_id), { onNone: () => "USD", onSome: (c) => c.code }),
      taxIdOf: (id) => taxOfItem.get(id as (typeof rows)[number]["quote_item_id"]) ?? 0,
      taxCodeOf: (taxId) => taxMap.get(taxId) ?? null,
      accountCode
    })
    // Look up before create: an earlier attempt may have created it and died before recording it.
    const existing = yield* call((t) => accounting.findDocument(t, org, document.kind, reference))
    const created = Option.isSome(existing)
      ? existing.value
      : yield* call((t) => accounting.createDocument(t, org, document))
    // The add-on answered: a connection that needed attention works again.
    if (connection.value.status === "error") yield* repo.clearError(account, invoice.addon_id)
    return created
  })
