/**
 * What an accounting add-on (Xero, id 1; QuickBooks Online, id 7) does for quotekit, in the terms of neither:
 * connect over OAuth 2 (PKCE and state are the framework's), list the organisations a connection reaches and
 * their tax rates, find or create the customer, and push an invoice or credit note exactly once.
 *
 * Money and quantities travel as decimal strings (`"1234.50"`, `"2.5000"`), never floats. Implementations
 * retry 429 and 5xx answers a bounded number of times with backoff (honouring `Retry-After`), then fail with
 * `AccountingError`; the sync worker decides when to try again. `createDocument` is safe to call again after a
 * failure whose outcome is unknown: implementations look the document up by `reference` first and send the
 * add-on's idempotency key where it has one.
 *
 * @since 0.1.0
 */
import type { Effect, Option } from "effect"
import type { AddOnError as AccountingError } from "./AddOnError.ts"
import type { OAuthService, Tokens } from "./OAuthService.ts"

export type { AuthorizeInput, Connected, ExchangeInput, Organisation, Tokens } from "./OAuthService.ts"

/** A tax rate of the organisation, offered in the tax mapping screen. */
export interface TaxRate {
  /** Xero `TaxType`, QuickBooks `TaxCode` id. */
  readonly code: string
  readonly name: string
  /** Effective rate in percent, decimal string. */
  readonly rate: string
}

/** The customer as quotekit knows them. */
export interface Party {
  readonly name: string
  readonly first_name: string
  readonly last_name: string
  readonly email: string
  readonly company: string
}

/** A customer record in the add-on. */
export interface RemoteContact {
  readonly id: string
  readonly name: string
  readonly email: string
  /** Where a user opens the record in the add-on. */
  readonly url: string
}

export interface DocumentLine {
  readonly description: string
  readonly item_code: string
  readonly quantity: string
  readonly unit_amount: string
  /** The line amount as quotekit computed it (quantity x unit amount x percent), 2 decimals. */
  readonly amount: string
  /** The organisation's tax code this line's quotekit tax maps to; `null`: no tax. */
  readonly tax_code: string | null
  /** Revenue account code (Xero `AccountCode`, QuickBooks income account / item id); `null`: the add-on's default. */
  readonly account_code: string | null
}

/** An invoice or credit note to create. */
export interface Document {
  readonly kind: "invoice" | "credit"
  /** quotekit's own stable key for this document (e.g. `qk-12-345`); the look-up-before-create key. */
  readonly reference: string
  readonly contact_id: string
  /** `YYYY-MM-DD` */
  readonly date: string
  readonly due_date: string
  /** ISO 4217 */
  readonly currency: string
  /** Whether the line amounts include tax (quotekit's "prices include tax" mode). */
  readonly amounts_include_tax: boolean
  readonly lines: ReadonlyArray<DocumentLine>
  /** The total quotekit expects, tax included; implementations may check the add-on's answer against it. */
  readonly total: string
}

/** A document as the add-on created it. */
export interface Created {
  readonly id: string
  readonly number: string
  /** Where a user opens the document in the add-on. */
  readonly url: string
}

/** A failure talking to the accounting add-on (the framework's `AddOnError`). */
export { AddOnError as AccountingError } from "./AddOnError.ts"

export interface Accounting extends OAuthService {
  readonly addonId: 1 | 7
  readonly taxRates: (tokens: Tokens, org: string) => Effect.Effect<ReadonlyArray<TaxRate>, AccountingError>
  readonly searchContacts: (
    tokens: Tokens,
    org: string,
    text: string
  ) => Effect.Effect<ReadonlyArray<RemoteContact>, AccountingError>
  /** By email first, then by exact name. */
  readonly findContact: (
    tokens: Tokens,
    org: string,
    party: Party
  ) => Effect.Effect<Option.Option<RemoteContact>, AccountingError>
  readonly createContact: (tokens: Tokens, org: string, party: Party) => Effect.Effect<RemoteContact, AccountingError>
  readonly findDocument: (
    tokens: Tokens,
    org: string,
    kind: Document["kind"],
    reference: string
  ) => Effect.Effect<Option.Option<Created>, AccountingError>
  readonly createDocument: (tokens: Tokens, org: string, document: Document) => Effect.Effect<Created, AccountingError>
}
