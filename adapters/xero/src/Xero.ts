/**
 * The Xero add-on (id 1): quotekit's `Accounting` over Xero's OAuth 2 identity service and Accounting API.
 *
 * Connecting is the authorization code flow with PKCE S256 (`oauth4webapi`); the organisations are the
 * connection's tenants (`GET /connections`). Documents are created `AUTHORISED` with quotekit's reference as
 * Xero's `Reference`, which is also how a document is looked up before it is created again, and an
 * `Idempotency-Key` derived from the request, so a retry after an unknown outcome never makes a second one.
 *
 * Money: quotekit's decimal strings travel to Xero as JSON numbers with exactly their digits and Xero's numbers
 * are read back as their text (see `internal/DecimalJson.ts`); nothing here is ever a float.
 *
 * @example
 * ```ts
 * const xero = Xero.make({ clientId: "…", clientSecret: "…" })
 * const url = xero.authorizeUrl({ state, codeChallenge, redirectUri: "https://q.example.com/addons/callback" })
 * ```
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import {
  type Accounting,
  AccountingError,
  type Created,
  type Document,
  type Organisation,
  type Party,
  type RemoteContact,
  type TaxRate,
  type Tokens
} from "@quotekit/addons/Accounting"
import * as OAuth from "@quotekit/addons/OAuth"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import { BigDecimal, Effect, Option, Redacted, Schema } from "effect"
import * as oauth from "oauth4webapi"
import * as DecimalJson from "./internal/DecimalJson.ts"
import * as Http from "./internal/Http.ts"

/** Xero's add-on id in the spec. */
export const ADDON_ID = 1

/**
 * The scopes asked for by default: a refresh token, and the granular accounting scopes Xero requires of apps
 * created from 2 March 2026 on (invoices and credit notes; contacts; tax rates, items and the organisation).
 * An older app may still pass `accounting.transactions` instead of `accounting.invoices`.
 */
export const DEFAULT_SCOPES: ReadonlyArray<string> = [
  "offline_access",
  "accounting.invoices",
  "accounting.contacts",
  "accounting.settings.read"
]

/** What the Xero add-on is set up with: the app made at developer.xero.com, and where Xero is. */
export interface Config {
  readonly clientId: string
  readonly clientSecret: string | Redacted.Redacted<string>
  readonly scopes?: ReadonlyArray<string>
  /** Default `https://identity.xero.com` (token, revocation). */
  readonly identityUrl?: string
  /** Default `https://api.xero.com` (connections, Accounting API). */
  readonly apiUrl?: string
  /** Default `https://login.xero.com` (the consent page). */
  readonly loginUrl?: string
  /** Default `https://go.xero.com`: where users open contacts and documents. */
  readonly appUrl?: string
  /**
   * The revenue account of a line with no account code of its own and no Xero item to take one from: Xero
   * refuses an approved invoice line without one. Default `200`, "Sales" in Xero's default charts of accounts.
   */
  readonly defaultAccountCode?: string
  readonly retry?: ServiceHttp.Retry
  /** How long one request may take before it counts as no answer (and is retried). Default 30 s. */
  readonly timeoutMs?: number
}

export type Retry = ServiceHttp.Retry

const trimSlash = (url: string) => url.replace(/\/+$/, "")

// A Xero `where` string literal: the filter language is C#-like, so `"` and `\` are escaped with `\`.
const quoted = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`

const Connection = Schema.Struct({
  tenantId: Schema.String,
  tenantName: Schema.NullOr(Schema.String),
  tenantType: Schema.String
})
const Connections = Schema.Array(Connection)
const OrganisationAnswer = Schema.Struct({
  Organisations: Schema.Array(Schema.Struct({ BaseCurrency: Schema.optional(Schema.String) }))
})
const TaxRatesAnswer = Schema.Struct({
  TaxRates: Schema.Array(
    Schema.Struct({
      Name: Schema.String,
      TaxType: Schema.String,
      Status: Schema.optional(Schema.String),
      EffectiveRate: Schema.optional(Schema.String),
      DisplayTaxRate: Schema.optional(Schema.String),
      CanApplyToRevenue: Schema.optional(Schema.Boolean)
    })
  )
})
const ContactAnswer = Schema.Struct({
  ContactID: Schema.String,
  Name: Schema.String,
  EmailAddress: Schema.optional(Schema.NullOr(Schema.String)),
  ContactStatus: Schema.optional(Schema.String)
})
const ContactsAnswer = Schema.Struct({ Contacts: Schema.Array(ContactAnswer) })
const ItemsAnswer = Schema.Struct({ Items: Schema.Array(Schema.Struct({ Code: Schema.String })) })
const InvoicesAnswer = Schema.Struct({
  Invoices: Schema.Array(
    Schema.Struct({
      InvoiceID: Schema.String,
      InvoiceNumber: Schema.optional(Schema.String),
      Reference: Schema.optional(Schema.String),
      Status: Schema.optional(Schema.String),
      Total: Schema.optional(Schema.String)
    })
  )
})
const CreditNotesAnswer = Schema.Struct({
  CreditNotes: Schema.Array(
    Schema.Struct({
      CreditNoteID: Schema.String,
      CreditNoteNumber: Schema.optional(Schema.String),
      Reference: Schema.optional(Schema.String),
      Status: Schema.optional(Schema.String),
      Total: Schema.optional(Schema.String)
    })
  )
})

/** A document Xero keeps but that no longer counts: it does not stop a new one being created. */
const isGone = (status: string | undefined) => status === "DELETED" || status === "VOIDED"

/** The name a quotekit customer has in Xero: its display name, else the company, else the person. */
export const contactName = (party: Party): string =>
  [party.name, party.company, `${party.first_name} ${party.last_name}`].map((s) => s.trim()).find((s) => s !== "") ??
  party.email.trim()

const fixed = DecimalJson.toFixed

const parseDecimal = (s: string, what: string): Effect.Effect<BigDecimal.BigDecimal, AccountingError> =>
  DecimalJson.isDecimal(s.trim())
    ? Effect.succeed(BigDecimal.fromStringUnsafe(s.trim()))
    : Effect.fail(new AccountingError({ kind: "rejected", message: `${what} is not a decimal number: "${s}".` }))

/**
 * One Xero line from a quotekit line. When quotekit's amount is quantity x unit amount (rounded to cents) the
 * three travel as they are. A line that is a share of its price (a 30% deposit of `2 x 1000.00` is `600.00`) is
 * sent as one unit at its amount, the quantity and price named in the description: Xero recomputes
 * `LineAmount` from `Quantity x UnitAmount`, and a discount would read as one on the customer's invoice.
 */
export const lineOf = (
  line: Document["lines"][number],
  options: {
    readonly negate: boolean
    readonly withTaxType: boolean
    readonly itemCodes: ReadonlySet<string>
    readonly defaultAccountCode: string
  }
) =>
  Effect.gen(function* () {
    const sign = (d: BigDecimal.BigDecimal) => (options.negate ? BigDecimal.negate(d) : d)
    const quantity = yield* parseDecimal(line.quantity, "A line's quantity")
    const unit = sign(yield* parseDecimal(line.unit_amount, "A line's unit amount"))
    const amount = sign(yield* parseDecimal(line.amount, "A line's amount"))
    const known = options.itemCodes.has(line.item_code.trim())
    const whole = BigDecimal.equals(BigDecimal.round(BigDecimal.multiply(quantity, unit), { scale: 2 }), amount)
    const description = line.description.trim() !== "" ? line.description : line.item_code.trim() || "Item"
    const shown = whole
      ? description
      : `${description} (${BigDecimal.format(BigDecimal.normalize(quantity))} × ${fixed(
          unit,
          Math.max(2, Math.min(4, BigDecimal.normalize(unit).scale))
        )})`
    return {
      Description: shown,
      Quantity: DecimalJson.decimal(whole ? fixed(quantity, 4) : "1.0000"),
      UnitAmount: DecimalJson.decimal(fixed(whole ? unit : amount, 4)),
      LineAmount: DecimalJson.decimal(fixed(amount, 2)),
      ...(line.tax_code !== null ? { TaxType: line.tax_code } : options.withTaxType ? { TaxType: "NONE" } : {}),
      ...(line.account_code !== null && line.account_code.trim() !== ""
        ? { AccountCode: line.account_code.trim() }
        : known
          ? {}
          : { AccountCode: options.defaultAccountCode }),
      ...(known ? { ItemCode: line.item_code.trim() } : {})
    }
  })

/** The Xero add-on for an app's credentials. */
export const make = (config: Config): Accounting => {
  const identityUrl = trimSlash(config.identityUrl ?? "https://identity.xero.com")
  const apiUrl = trimSlash(config.apiUrl ?? "https://api.xero.com")
  const loginUrl = trimSlash(config.loginUrl ?? "https://login.xero.com")
  const appUrl = trimSlash(config.appUrl ?? "https://go.xero.com")
  const retry = { ...ServiceHttp.defaultRetry, ...config.retry }
  const defaultAccountCode = config.defaultAccountCode ?? "200"
  const scopes = config.scopes ?? DEFAULT_SCOPES
  const secret = Redacted.isRedacted(config.clientSecret) ? Redacted.value(config.clientSecret) : config.clientSecret

  const as: oauth.AuthorizationServer = {
    issuer: "https://identity.xero.com",
    authorization_endpoint: `${loginUrl}/identity/connect/authorize`,
    token_endpoint: `${identityUrl}/connect/token`,
    revocation_endpoint: `${identityUrl}/connect/revocation`
  }
  const client: oauth.Client = { client_id: config.clientId }
  const clientAuth = oauth.ClientSecretBasic(secret)
  // Plain http only for a local stand-in of Xero; Xero itself is https.
  const insecure = identityUrl.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {}
  const timeoutMs = config.timeoutMs ?? 30_000

  /** A call to the identity service; its 429 and 5xx are retried, its refusals are `auth`. */
  const tokenCall = <A>(
    send: (options: { readonly signal: AbortSignal }) => Promise<Response>,
    process: (response: Response) => Promise<A>
  ): Effect.Effect<A, AccountingError> =>
    ServiceHttp.request({
      service: "Xero",
      timeoutMs,
      retry,
      send: (signal) => send({ ...insecure, signal }),
      answer: async (response) => {
        if (response.status === 429 || response.status >= 500)
          throw Http.errorOf(response.status, response.headers, await Http.bodyOf(response))
        return process(response)
      },
      failed: (cause) => {
        if (cause instanceof oauth.ResponseBodyError)
          return new AccountingError({
            kind: "auth",
            message: `Xero refused the connection (${cause.error}${
              cause.error_description ? `: ${cause.error_description}` : ""
            }); reconnect Xero.`
          })
        if (cause instanceof oauth.AuthorizationResponseError)
          return new AccountingError({
            kind: "auth",
            message: `Xero did not authorise the connection (${cause.error}${
              cause.error_description ? `: ${cause.error_description}` : ""
            }).`
          })
        if (cause instanceof oauth.OperationProcessingError)
          return new AccountingError({
            kind: "unavailable",
            message: `Xero's identity service answered unexpectedly (${cause.message}).`
          })
        return undefined
      }
    })

  const tokensOf = (answer: oauth.TokenEndpointResponse, previous?: Tokens): Effect.Effect<Tokens, AccountingError> => {
    const refresh = answer.refresh_token ?? previous?.refresh_token
    if (refresh === undefined)
      return Effect.fail(
        new AccountingError({
          kind: "auth",
          message: "Xero gave no refresh token: the offline_access scope is missing from the app's scopes."
        })
      )
    return Effect.succeed({
      access_token: answer.access_token,
      refresh_token: refresh,
      expires_at: Date.now() + (answer.expires_in ?? 1_800) * 1_000
    })
  }

  /** One call to Xero's API, retried as configured; the answer's numbers are kept as text. */
  const call = (
    tokens: Tokens,
    method: "GET" | "POST",
    url: string,
    options: {
      readonly tenant?: string
      readonly query?: Record<string, string>
      readonly body?: unknown
      readonly idempotencyKey?: string
    } = {}
  ): Effect.Effect<unknown, AccountingError> => {
    const target = new URL(url)
    for (const [k, v] of Object.entries(options.query ?? {})) target.searchParams.set(k, v)
    const headers: Record<string, string> = {
      authorization: `Bearer ${tokens.access_token}`,
      accept: "application/json"
    }
    if (options.tenant !== undefined) headers["xero-tenant-id"] = options.tenant
    if (options.body !== undefined) headers["content-type"] = "application/json"
    if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey
    const body = options.body === undefined ? undefined : DecimalJson.stringify(options.body)
    return ServiceHttp.request({
      service: "Xero",
      timeoutMs,
      retry,
      send: (signal) => fetch(target, { method, headers, signal, ...(body === undefined ? {} : { body }) }),
      answer: ServiceHttp.readAnswer(Http.errorOf, { parse: DecimalJson.parse })
    })
  }

  const decode = <S extends Schema.Top>(schema: S, what: string) => ServiceHttp.decode("Xero", schema, what)

  const accounting = (tokens: Tokens, org: string, method: "GET" | "POST", path: string, options = {}) =>
    call(tokens, method, `${apiUrl}/api.xro/2.0/${path}`, { ...options, tenant: org })

  const remoteContact = (c: typeof ContactAnswer.Type): RemoteContact => ({
    id: c.ContactID,
    name: c.Name,
    email: c.EmailAddress ?? "",
    url: `${appUrl}/Contacts/View/${c.ContactID}`
  })

  const contactsWhere = (tokens: Tokens, org: string, where: string) =>
    // Not `summaryOnly`: the match is confirmed on the email address, which a summary may leave out.
    accounting(tokens, org, "GET", "Contacts", { query: { where } }).pipe(
      Effect.flatMap(decode(ContactsAnswer, "contacts")),
      Effect.map((a) => a.Contacts.filter((c) => c.ContactStatus !== "ARCHIVED").map(remoteContact))
    )

  const organisations = (tokens: Tokens) =>
    call(tokens, "GET", `${apiUrl}/connections`).pipe(
      Effect.flatMap(decode(Connections, "connections")),
      Effect.flatMap((connections) =>
        Effect.forEach(
          connections.filter((c) => c.tenantType === "ORGANISATION"),
          (c) =>
            // The base currency is a nicety for the picker: an organisation is listed without it if Xero will not say.
            accounting(tokens, c.tenantId, "GET", "Organisation").pipe(
              Effect.flatMap(decode(OrganisationAnswer, "organisation")),
              Effect.map((a) => a.Organisations[0]?.BaseCurrency),
              Effect.orElseSucceed(() => undefined),
              Effect.map(
                (currency): Organisation => ({
                  id: c.tenantId,
                  name: c.tenantName ?? c.tenantId,
                  ...(currency === undefined ? {} : { currency })
                })
              )
            )
        )
      )
    )

  const findDocument = (
    tokens: Tokens,
    org: string,
    kind: Document["kind"],
    reference: string
  ): Effect.Effect<Option.Option<Created>, AccountingError> =>
    kind === "invoice"
      ? accounting(tokens, org, "GET", "Invoices", {
          query: { where: `Type=="ACCREC" AND Reference==${quoted(reference)}`, summaryOnly: "true" }
        }).pipe(
          Effect.flatMap(decode(InvoicesAnswer, "invoices")),
          Effect.map((a) =>
            Option.fromNullishOr(a.Invoices.find((i) => i.Reference === reference && !isGone(i.Status))).pipe(
              Option.map(
                (i): Created => ({
                  id: i.InvoiceID,
                  number: i.InvoiceNumber ?? "",
                  url: `${appUrl}/AccountsReceivable/View.aspx?InvoiceID=${i.InvoiceID}`
                })
              )
            )
          )
        )
      : accounting(tokens, org, "GET", "CreditNotes", {
          query: { where: `Type=="ACCRECCREDIT" AND Reference==${quoted(reference)}` }
        }).pipe(
          Effect.flatMap(decode(CreditNotesAnswer, "credit notes")),
          Effect.map((a) =>
            Option.fromNullishOr(a.CreditNotes.find((c) => c.Reference === reference && !isGone(c.Status))).pipe(
              Option.map(
                (c): Created => ({
                  id: c.CreditNoteID,
                  number: c.CreditNoteNumber ?? "",
                  url: `${appUrl}/AccountsReceivable/ViewCreditNote.aspx?creditNoteID=${c.CreditNoteID}`
                })
              )
            )
          )
        )

  /** The organisation's item codes among `codes`: a line names its item only when Xero has it. */
  const knownItems = (tokens: Tokens, org: string, codes: ReadonlyArray<string>) =>
    codes.length === 0
      ? Effect.succeed(new Set<string>())
      : accounting(tokens, org, "GET", "Items").pipe(
          Effect.flatMap(decode(ItemsAnswer, "items")),
          Effect.map((a) => new Set(a.Items.map((i) => i.Code).filter((code) => codes.includes(code))))
        )

  const idempotencyKey = (kind: string, reference: string, body: string) =>
    `qk-${kind}-${createHash("sha256").update(`${reference}\n${body}`).digest("hex")}`.slice(0, 128)

  return {
    addonId: ADDON_ID,

    authorizeUrl: (input) => OAuth.consentUrl(as.authorization_endpoint as string, config.clientId, input, scopes),

    exchange: (input) =>
      Effect.gen(function* () {
        const callback = OAuth.callbackParams(input)
        // The framework has checked `state` against the attempt it started; this checks the rest of the answer.
        const validated = yield* Effect.try({
          try: () => oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck),
          catch: (cause) =>
            cause instanceof oauth.AuthorizationResponseError
              ? new AccountingError({
                  kind: "auth",
                  message: `Xero did not authorise the connection (${cause.error}${
                    cause.error_description ? `: ${cause.error_description}` : ""
                  }).`
                })
              : new AccountingError({ kind: "auth", message: `Xero's answer was not understood (${String(cause)}).` })
        })
        const answer = yield* tokenCall(
          (options) =>
            oauth.authorizationCodeGrantRequest(
              as,
              client,
              clientAuth,
              validated,
              input.redirectUri,
              input.codeVerifier,
              options
            ),
          (response) => oauth.processAuthorizationCodeResponse(as, client, response)
        )
        const tokens = yield* tokensOf(answer)
        return { tokens, organisations: yield* organisations(tokens) }
      }),

    refresh: (tokens) =>
      tokenCall(
        (options) => oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token, options),
        (response) => oauth.processRefreshTokenResponse(as, client, response)
      ).pipe(Effect.flatMap((answer) => tokensOf(answer, tokens))),

    revoke: (tokens) =>
      tokenCall(
        (options) =>
          oauth.revocationRequest(as, client, clientAuth, tokens.refresh_token, {
            ...options,
            additionalParameters: { token_type_hint: "refresh_token" }
          }),
        (response) => oauth.processRevocationResponse(response)
      ),

    taxRates: (tokens, org) =>
      accounting(tokens, org, "GET", "TaxRates").pipe(
        Effect.flatMap(decode(TaxRatesAnswer, "tax rates")),
        Effect.map((a) =>
          a.TaxRates.filter((t) => (t.Status ?? "ACTIVE") === "ACTIVE" && t.CanApplyToRevenue !== false).map(
            (t): TaxRate => ({
              code: t.TaxType,
              name: t.Name,
              rate: BigDecimal.format(
                BigDecimal.normalize(BigDecimal.fromStringUnsafe(t.EffectiveRate ?? t.DisplayTaxRate ?? "0"))
              )
            })
          )
        )
      ),

    searchContacts: (tokens, org, text) =>
      text.trim() === ""
        ? Effect.succeed([])
        : accounting(tokens, org, "GET", "Contacts", {
            query: { searchTerm: text.trim(), page: "1", pageSize: "25" }
          }).pipe(
            Effect.flatMap(decode(ContactsAnswer, "contacts")),
            Effect.map((a) => a.Contacts.filter((c) => c.ContactStatus !== "ARCHIVED").map(remoteContact))
          ),

    findContact: (tokens, org, party) =>
      Effect.gen(function* () {
        const email = party.email.trim()
        if (email !== "") {
          const byEmail = yield* contactsWhere(tokens, org, `EmailAddress==${quoted(email)}`)
          const match = byEmail.find((c) => c.email.toLowerCase() === email.toLowerCase())
          if (match !== undefined) return Option.some(match)
        }
        const name = contactName(party)
        if (name === "") return Option.none()
        const byName = yield* contactsWhere(tokens, org, `Name==${quoted(name)}`)
        return Option.fromNullishOr(byName.find((c) => c.name === name))
      }),

    createContact: (tokens, org, party) => {
      const contact = {
        Name: contactName(party),
        ...(party.first_name.trim() === "" ? {} : { FirstName: party.first_name.trim() }),
        ...(party.last_name.trim() === "" ? {} : { LastName: party.last_name.trim() }),
        ...(party.email.trim() === "" ? {} : { EmailAddress: party.email.trim() }),
        IsCustomer: true
      }
      const body = { Contacts: [contact] }
      return accounting(tokens, org, "POST", "Contacts", {
        body,
        idempotencyKey: idempotencyKey("contact", contact.Name, DecimalJson.stringify(body))
      }).pipe(
        Effect.flatMap(decode(ContactsAnswer, "contacts")),
        Effect.flatMap((a) =>
          a.Contacts[0] === undefined
            ? Effect.fail(new AccountingError({ kind: "unavailable", message: "Xero created no contact." }))
            : Effect.succeed(remoteContact(a.Contacts[0]))
        )
      )
    },

    findDocument,

    createDocument: (tokens, org, document) =>
      Effect.gen(function* () {
        const existing = yield* findDocument(tokens, org, document.kind, document.reference)
        if (Option.isSome(existing)) return existing.value
        if (document.lines.length === 0)
          return yield* new AccountingError({ kind: "rejected", message: "A document needs at least one line." })
        const total = yield* parseDecimal(document.total, "The document's total")
        // Xero's credit notes carry positive amounts; quotekit may hold a credit as negative ones.
        const negate = document.kind === "credit" && BigDecimal.isNegative(total)
        const codes = [...new Set(document.lines.map((l) => l.item_code.trim()).filter((c) => c !== ""))]
        const itemCodes = yield* knownItems(tokens, org, codes)
        const untaxed = document.lines.every((l) => l.tax_code === null)
        const withTaxType = !untaxed
        const lines = yield* Effect.forEach(document.lines, (l) =>
          lineOf(l, { negate, withTaxType, itemCodes, defaultAccountCode })
        )
        const common = {
          Contact: { ContactID: document.contact_id },
          Date: document.date,
          LineAmountTypes: untaxed ? "NoTax" : document.amounts_include_tax ? "Inclusive" : "Exclusive",
          Reference: document.reference,
          CurrencyCode: document.currency,
          Status: "AUTHORISED",
          LineItems: lines
        }
        if (document.kind === "invoice") {
          const body = { Invoices: [{ Type: "ACCREC", ...common, DueDate: document.due_date }] }
          const answer = yield* accounting(tokens, org, "POST", "Invoices", {
            query: { unitdp: "4" },
            body,
            idempotencyKey: idempotencyKey("invoice", document.reference, DecimalJson.stringify(body))
          }).pipe(Effect.flatMap(decode(InvoicesAnswer, "invoices")))
          const created = answer.Invoices[0]
          if (created === undefined)
            return yield* new AccountingError({ kind: "unavailable", message: "Xero created no invoice." })
          return {
            id: created.InvoiceID,
            number: created.InvoiceNumber ?? "",
            url: `${appUrl}/AccountsReceivable/View.aspx?InvoiceID=${created.InvoiceID}`
          }
        }
        const body = { CreditNotes: [{ Type: "ACCRECCREDIT", ...common }] }
        const answer = yield* accounting(tokens, org, "POST", "CreditNotes", {
          query: { unitdp: "4" },
          body,
          idempotencyKey: idempotencyKey("credit", document.reference, DecimalJson.stringify(body))
        }).pipe(Effect.flatMap(decode(CreditNotesAnswer, "credit notes")))
        const created = answer.CreditNotes[0]
        if (created === undefined)
          return yield* new AccountingError({ kind: "unavailable", message: "Xero created no credit note." })
        return {
          id: created.CreditNoteID,
          number: created.CreditNoteNumber ?? "",
          url: `${appUrl}/AccountsReceivable/ViewCreditNote.aspx?creditNoteID=${created.CreditNoteID}`
        }
      })
  }
}
