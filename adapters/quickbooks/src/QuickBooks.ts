/**
 * The QuickBooks Online accounting add-on (id 7): `make` gives the `Accounting` the framework drives, talking
 * to Intuit's OAuth 2 endpoints and Accounting API (see `Endpoints`). Everything is plain `fetch` under
 * `oauth4webapi` for the token requests, so tests answer it with msw (`@quotekit/quickbooks/testing/FakeQuickBooks`).
 *
 * @example
 * ```ts
 * const quickbooks = QuickBooks.make({ clientId, clientSecret, environment: "production" })
 * const url = quickbooks.authorizeUrl({ state, codeChallenge, redirectUri })
 * ```
 *
 * @since 0.1.0
 */

import type {
  Accounting,
  AccountingError,
  Created,
  Document,
  Party,
  RemoteContact,
  Tokens
} from "@quotekit/addons/Accounting"
import { Clock, Effect, Option } from "effect"
import * as Customers from "./Customers.ts"
import * as Documents from "./Documents.ts"
import * as Endpoints from "./Endpoints.ts"
import * as Api from "./internal/Api.ts"
import * as Entities from "./internal/Entities.ts"
import { defaultRetry, QuickBooksFault, type RetryPolicy, toAccountingError } from "./internal/Http.ts"
import * as OAuth from "./internal/OAuth.ts"
import * as Query from "./internal/Query.ts"
import * as TaxCodes from "./TaxCodes.ts"

export type { RetryPolicy } from "./internal/Http.ts"

/** What the add-on is set up with: the app's keys from developer.intuit.com and its environment. */
export interface Config {
  readonly clientId: string
  readonly clientSecret: string
  readonly environment: Endpoints.Environment
  /** Other addresses than Intuit's (a proxy, a test double); each one given replaces the default. */
  readonly urls?: Partial<Endpoints.Endpoints> | undefined
  /** How 429 and 5xx answers are tried again. */
  readonly retry?: Partial<RetryPolicy> | undefined
  /** How far back `findDocument` looks for a document by its reference; 90 days unless said. */
  readonly lookupDays?: number | undefined
}

/** The add-on id of the spec. */
export const ADDON_ID = 7

/** How many documents one look-up page reads, and how many pages at most. */
const PAGE = 1000
const MAX_PAGES = 10
/** How many customers a search shows. */
const SEARCH_LIMIT = 25

const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** Why a document cannot be sent as it is, before anything is sent. */
const invalidOf = (document: Document): string | undefined => {
  if (document.lines.length === 0) return "The invoice has no lines."
  for (const line of document.lines) {
    for (const [field, value] of [
      ["quantity", line.quantity],
      ["unit amount", line.unit_amount],
      ["amount", line.amount]
    ] as const)
      if (!DECIMAL.test(value)) return `The line '${line.description}' has an invalid ${field}: ${value}`
  }
  if (!/^[A-Z]{3}$/.test(document.currency)) return `Not a currency code: ${document.currency}`
  for (const date of document.kind === "invoice" ? [document.date, document.due_date] : [document.date])
    if (!DATE.test(date)) return `Not a date: ${date}`
  if (!/^\d{1,32}$/.test(document.contact_id)) return `Not a QuickBooks customer id: ${document.contact_id}`
  return undefined
}

/** Run a call and give the public error. */
const run = <A>(effect: Effect.Effect<A, QuickBooksFault>): Effect.Effect<A, AccountingError> =>
  Effect.mapError(effect, toAccountingError)

/** The QuickBooks Online `Accounting`. */
export const make = (config: Config): Accounting => {
  const endpoints: Endpoints.Endpoints = { ...Endpoints.of(config.environment), ...config.urls }
  const retry: RetryPolicy = { ...defaultRetry, ...config.retry }
  const credentials: OAuth.Credentials = { clientId: config.clientId, clientSecret: config.clientSecret }
  const api: Api.Api = { endpoints, retry }
  const lookupDays = config.lookupDays ?? 90

  const customers = (tokens: Tokens, realm: string, where: string, limit = SEARCH_LIMIT) =>
    Effect.map(
      Api.query(
        api,
        tokens,
        realm,
        "Customer",
        Entities.Customer,
        `select * from Customer where ${where} ORDERBY DisplayName MAXRESULTS ${limit}`
      ),
      (rows) => rows.map((c) => Customers.remoteOf(endpoints.app, c))
    )

  const organisation = (tokens: Tokens, realm: string) =>
    Effect.gen(function* () {
      const info = yield* Api.get(api, tokens, realm, `companyinfo/${realm}`).pipe(
        Effect.flatMap(Api.decode(Entities.CompanyInfoAnswer))
      )
      const preferences = yield* Api.get(api, tokens, realm, "preferences").pipe(
        Effect.flatMap(Api.decode(Entities.PreferencesAnswer))
      )
      const currency = preferences.Preferences.CurrencyPrefs?.HomeCurrency?.value
      return { id: realm, name: info.CompanyInfo.CompanyName, ...(currency === undefined ? {} : { currency }) }
    })

  /**
   * The document carrying `reference` among those created in the look-up window, newest first, a page at a
   * time (the query language has no projection, so whole documents come back; `customer` narrows the search
   * to one customer's documents when it is known, as it is before a create).
   */
  const findDocument = (tokens: Tokens, realm: string, kind: Document["kind"], reference: string, customer?: string) =>
    Effect.gen(function* () {
      const entity = Documents.entityOf(kind)
      const now = yield* Clock.currentTimeMillis
      // QuickBooks' dateTime form, with an explicit offset.
      const since = `${new Date(now - lookupDays * 86_400_000).toISOString().slice(0, 19)}+00:00`
      const ofCustomer = customer === undefined ? "" : ` and CustomerRef = ${Query.literal(customer)}`
      for (let page = 0; page < MAX_PAGES; page++) {
        const rows = yield* Api.query(
          api,
          tokens,
          realm,
          entity.name,
          Entities.Transaction,
          `select * from ${entity.name} where MetaData.CreateTime >= ${Query.literal(since)}${ofCustomer} ` +
            `ORDERBY MetaData.CreateTime DESC STARTPOSITION ${page * PAGE + 1} MAXRESULTS ${PAGE}`
        )
        const found = rows.find((row) => Documents.hasMarker(row.PrivateNote, reference))
        if (found !== undefined) return Option.some(Documents.createdOf(endpoints.app, kind, found))
        if (rows.length < PAGE) break
      }
      return Option.none<Created>()
    })

  const findContact = (tokens: Tokens, realm: string, party: Party) =>
    Effect.gen(function* () {
      const email = party.email.trim()
      if (email !== "") {
        const byEmail = yield* customers(tokens, realm, `PrimaryEmailAddr = ${Query.literal(email)}`, 1)
        if (byEmail[0] !== undefined) return Option.some(byEmail[0])
      }
      const name = Customers.displayNameOf(party)
      if (name === "") return Option.none<RemoteContact>()
      const byName = yield* customers(tokens, realm, `DisplayName = ${Query.literal(name)}`, 1)
      return Option.fromNullishOr(byName[0])
    })

  const createCustomer = (tokens: Tokens, realm: string, party: Party, name: string) =>
    Api.post(api, tokens, realm, "customer", Customers.bodyOf(party, name)).pipe(
      Effect.flatMap(Api.decode(Entities.CustomerAnswer)),
      Effect.map((answer) => Customers.remoteOf(endpoints.app, answer.Customer))
    )

  return {
    addonId: ADDON_ID,

    authorizeUrl: (input) => OAuth.authorizeUrl(endpoints, credentials, input),

    exchange: (input) =>
      run(
        Effect.gen(function* () {
          const realm = input.params.get("realmId")
          if (realm === null || realm === "")
            return yield* new QuickBooksFault({
              kind: "rejected",
              message: "QuickBooks did not say which company was connected (no realmId).",
              codes: []
            })
          const tokens = yield* OAuth.exchangeCode(endpoints, credentials, retry, input)
          const org = yield* organisation(tokens, realm)
          return { tokens, organisations: [org] }
        })
      ),

    refresh: (tokens) => run(OAuth.refresh(endpoints, credentials, retry, tokens)),

    revoke: (tokens) => run(OAuth.revoke(endpoints, credentials, retry, tokens)),

    taxRates: (tokens, realm) =>
      run(
        Effect.gen(function* () {
          const codes = yield* Api.query(
            api,
            tokens,
            realm,
            "TaxCode",
            Entities.TaxCode,
            "select * from TaxCode MAXRESULTS 1000"
          )
          const rates = yield* Api.query(
            api,
            tokens,
            realm,
            "TaxRate",
            Entities.TaxRate,
            "select * from TaxRate MAXRESULTS 1000"
          )
          return TaxCodes.taxRatesOf(codes, rates)
        })
      ),

    searchContacts: (tokens, realm, text) =>
      run(
        Effect.gen(function* () {
          const trimmed = text.trim()
          if (trimmed === "") return yield* customers(tokens, realm, "Active = true")
          const byName = yield* customers(tokens, realm, `DisplayName LIKE ${Query.containing(trimmed)}`)
          if (!trimmed.includes("@")) return byName
          const byEmail = yield* customers(tokens, realm, `PrimaryEmailAddr = ${Query.literal(trimmed)}`)
          const seen = new Set(byEmail.map((c) => c.id))
          return [...byEmail, ...byName.filter((c) => !seen.has(c.id))]
        })
      ),

    findContact: (tokens, realm, party) => run(findContact(tokens, realm, party)),

    createContact: (tokens, realm, party) =>
      run(
        Effect.gen(function* () {
          const name = Customers.displayNameOf(party)
          if (name === "")
            return yield* new QuickBooksFault({
              kind: "rejected",
              message: "The customer has no name or email.",
              codes: []
            })
          // A vendor or employee may hold the name (error 6240): the customer is made with its email added.
          return yield* createCustomer(tokens, realm, party, name).pipe(
            Effect.catchTag("QuickBooksFault", (fault) =>
              fault.codes.includes("6240") && Customers.distinctNameOf(party) !== name
                ? createCustomer(tokens, realm, party, Customers.distinctNameOf(party))
                : Effect.fail(fault)
            )
          )
        })
      ),

    findDocument: (tokens, realm, kind, reference) => run(findDocument(tokens, realm, kind, reference)),

    createDocument: (tokens, realm, document) =>
      run(
        Effect.gen(function* () {
          const invalid = invalidOf(document)
          if (invalid !== undefined)
            return yield* new QuickBooksFault({ kind: "rejected", message: invalid, codes: [] })
          const existing = yield* findDocument(tokens, realm, document.kind, document.reference, document.contact_id)
          if (Option.isSome(existing)) return existing.value
          const entity = Documents.entityOf(document.kind)
          // One `requestid` for every try of this call: a POST that reached QuickBooks but whose answer was lost
          // (a 5xx, a reset connection) is answered with the original result instead of creating a second
          // document. A new call gets a new id, so a document refused once is not refused again from Intuit's
          // memory of the old answer after the user fixed the cause; the look-up above covers calls in between.
          const requestId = crypto.randomUUID()
          const answer = yield* Api.post(api, tokens, realm, entity.path, Documents.bodyOf(document), {
            requestid: requestId
          })
          const created = yield* Api.decode(
            document.kind === "invoice" ? Entities.InvoiceAnswer : Entities.CreditMemoAnswer
          )(answer)
          const txn = "Invoice" in created ? created.Invoice : created.CreditMemo
          return Documents.createdOf(endpoints.app, document.kind, txn)
        })
      )
  }
}
