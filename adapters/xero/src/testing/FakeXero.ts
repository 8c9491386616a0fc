/**
 * A stand-in for Xero over msw, for the add-on's contract tests, the server's integration tests and browser
 * tests: the consent page, the identity service (authorization code with PKCE S256, refresh with rotation,
 * revocation), `GET /connections`, and the Accounting API's tax rates, items, contacts, invoices and credit notes,
 * with Xero's request and answer shapes (numbers written as Xero writes them: `20.0000`, `15.00`), in memory.
 *
 * Switches: `fail` answers the next matching calls with a 429 (`Retry-After`, `X-Rate-Limit-Problem`), a 5xx,
 * a 400 with validation messages or a 401, before or after doing the work (a lost answer); `expireAccessTokens`
 * makes every access token answer 401 until refreshed; `revokeRefreshTokens` makes refreshing fail with
 * `invalid_grant`. What was created is in `contacts`, `invoices` and `creditNotes`; every call in `requests`.
 *
 * @example
 * ```ts
 * const xero = FakeXero.make()
 * const server = setupServer(...xero.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 * xero.fail("POST Invoices", { status: 429, retryAfterSeconds: 0 })
 * ```
 *
 * @since 0.1.0
 */
import { createHash, randomUUID } from "node:crypto"
import { BigDecimal } from "effect"
import { HttpResponse, http } from "msw"
import * as DecimalJson from "../internal/DecimalJson.ts"
import * as XeroWhere from "./XeroWhere.ts"

/** An organisation (tenant) of the fake. */
export interface FakeOrganisation {
  readonly id: string
  readonly name: string
  readonly currency: string
}

/** A tax rate of every organisation of the fake. */
export interface FakeTaxRate {
  readonly TaxType: string
  readonly Name: string
  /** Percent, decimal string. */
  readonly EffectiveRate: string
  readonly Status?: "ACTIVE" | "ARCHIVED" | "DELETED"
  readonly CanApplyToRevenue?: boolean
}

/** A contact as the fake keeps it. */
export interface FakeContact {
  readonly tenantId: string
  readonly ContactID: string
  readonly ContactStatus: "ACTIVE" | "ARCHIVED"
  readonly Name: string
  readonly FirstName?: string
  readonly LastName?: string
  readonly EmailAddress?: string
  readonly IsCustomer: boolean
}

/** A line of a created document, amounts as decimal strings. */
export interface FakeLine {
  readonly LineItemID: string
  readonly Description: string
  readonly Quantity: string
  readonly UnitAmount: string
  readonly LineAmount: string
  readonly TaxType: string
  readonly TaxAmount: string
  readonly AccountCode?: string
  readonly ItemCode?: string
}

/** An invoice or credit note as the fake keeps it, amounts as decimal strings. */
export interface FakeDocument {
  readonly tenantId: string
  readonly Type: "ACCREC" | "ACCRECCREDIT"
  readonly ID: string
  readonly Number: string
  readonly Reference: string
  readonly ContactID: string
  readonly Date: string
  readonly DueDate?: string
  readonly Status: string
  readonly LineAmountTypes: "Exclusive" | "Inclusive" | "NoTax"
  readonly CurrencyCode: string
  readonly LineItems: ReadonlyArray<FakeLine>
  readonly SubTotal: string
  readonly TotalTax: string
  readonly Total: string
  /** The `Idempotency-Key` it was created with, if any. */
  readonly idempotencyKey?: string
}

/** What the next matching calls are answered with instead of Xero's normal answer. */
export type Failure =
  | {
      readonly status: 429
      readonly retryAfterSeconds?: number
      readonly problem?: "minute" | "day" | "concurrent" | "appminute"
    }
  | { readonly status: 500 | 502 | 503 | 504; readonly message?: string }
  | { readonly status: 400; readonly messages: ReadonlyArray<string> }
  | { readonly status: 401 }

/**
 * Which calls a failure applies to: `"<METHOD> <endpoint>"` with the endpoint as Xero names it (`POST Invoices`,
 * `GET Contacts`, `POST token`, `POST revocation`, `GET connections`, `GET TaxRates`…), or `"*"` for any.
 */
export type Route = string

/** A recorded call. */
export interface Recorded {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: string
}

export interface Options {
  readonly clientId?: string
  readonly clientSecret?: string
  readonly identityUrl?: string
  readonly apiUrl?: string
  readonly loginUrl?: string
  readonly organisations?: ReadonlyArray<FakeOrganisation>
  readonly taxRates?: ReadonlyArray<FakeTaxRate>
  /** Revenue account codes the organisations have. Default 200 (Sales), 260 (Other Revenue). */
  readonly accounts?: ReadonlyArray<string>
  /** Item codes the organisations have. */
  readonly items?: ReadonlyArray<string>
  readonly accessTokenSeconds?: number
  readonly now?: () => number
}

export const DEFAULT_ORGANISATIONS: ReadonlyArray<FakeOrganisation> = [
  { id: "fe79f7dd-b6d4-4a92-ba7b-538af6289c58", name: "Demo Company (NZ)", currency: "NZD" }
]

/** Xero's demo company's sales tax rates (as `GET TaxRates` lists them) and one for expenses only. */
export const DEFAULT_TAX_RATES: ReadonlyArray<FakeTaxRate> = [
  { TaxType: "OUTPUT2", Name: "15% GST on Income", EffectiveRate: "15.0000" },
  { TaxType: "INPUT2", Name: "15% GST on Expenses", EffectiveRate: "15.0000", CanApplyToRevenue: false },
  { TaxType: "ZERORATED", Name: "Zero Rated", EffectiveRate: "0.0000" },
  { TaxType: "NONE", Name: "No GST", EffectiveRate: "0.0000" }
]

interface Grant {
  readonly tenants: ReadonlyArray<string>
  readonly authEventId: string
  revoked: boolean
}
interface Code {
  readonly challenge: string
  readonly redirectUri: string
  readonly scope: string
  readonly grant: Grant
}
interface Access {
  readonly grant: Grant
  expiresAt: number
}

const unauthorized = (detail: string) =>
  HttpResponse.json(
    { Type: null, Title: "Unauthorized", Status: 401, Detail: detail, Instance: randomUUID(), Extensions: {} },
    { status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token"' } }
  )

const forbidden = () =>
  HttpResponse.json(
    { Type: null, Title: "Forbidden", Status: 403, Detail: "AuthorizationUnsuccessful", Instance: randomUUID() },
    { status: 403 }
  )

const oauthError = (error: string, description?: string) =>
  HttpResponse.json(
    { error, ...(description === undefined ? {} : { error_description: description }) },
    { status: 400 }
  )

/** An answer whose money fields are JSON numbers with Xero's own digits. */
const xeroJson = (body: unknown, status = 200) =>
  new HttpResponse(DecimalJson.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" }
  })

const msDate = (ms: number) => `/Date(${ms}+0000)/`

const validationError = (element: Record<string, unknown>, messages: ReadonlyArray<string>) =>
  xeroJson(
    {
      ErrorNumber: 10,
      Type: "ValidationException",
      Message: "A validation exception occurred",
      Elements: [{ ...element, ValidationErrors: messages.map((Message) => ({ Message })) }]
    },
    400
  )

const str = (u: unknown): string => (typeof u === "string" ? u : "")
const dec = (u: unknown): BigDecimal.BigDecimal | undefined =>
  typeof u === "string" && DecimalJson.isDecimal(u) ? BigDecimal.fromStringUnsafe(u) : undefined
const D = (s: string) => DecimalJson.decimal(s)
const fixed = DecimalJson.toFixed

/** A fake Xero; see the module's description. */
export const make = (options: Options = {}) => {
  const clientId = options.clientId ?? "fake-xero-client-id"
  const clientSecret = options.clientSecret ?? "fake-xero-client-secret"
  const identityUrl = (options.identityUrl ?? "https://identity.xero.com").replace(/\/+$/, "")
  const apiUrl = (options.apiUrl ?? "https://api.xero.com").replace(/\/+$/, "")
  const loginUrl = (options.loginUrl ?? "https://login.xero.com").replace(/\/+$/, "")
  const organisations = options.organisations ?? DEFAULT_ORGANISATIONS
  const taxRates = options.taxRates ?? DEFAULT_TAX_RATES
  const accounts = new Set(options.accounts ?? ["200", "260"])
  const items = new Set(options.items ?? [])
  const accessSeconds = options.accessTokenSeconds ?? 1_800
  const now = options.now ?? Date.now

  const codes = new Map<string, Code>()
  const accessTokens = new Map<string, Access>()
  const refreshTokens = new Map<string, Grant>()
  const failures: Array<{ route: Route; failure: Failure; after: boolean; left: number }> = []
  const idempotent = new Map<string, { readonly status: number; readonly text: string }>()
  const contacts: Array<FakeContact> = []
  const invoices: Array<FakeDocument> = []
  const creditNotes: Array<FakeDocument> = []
  const requests: Array<Recorded> = []
  let numbers = { invoice: 0, credit: 0 }

  const failureFor = (route: Route, after: boolean): Failure | undefined => {
    const i = failures.findIndex((f) => f.after === after && f.left > 0 && (f.route === "*" || f.route === route))
    if (i < 0) return undefined
    const f = failures[i]!
    f.left -= 1
    if (f.left === 0) failures.splice(i, 1)
    return f.failure
  }

  const failureAnswer = (failure: Failure): Response => {
    switch (failure.status) {
      case 429:
        return HttpResponse.json(
          { Title: "Too Many Requests", Status: 429, Detail: "Rate limit exceeded" },
          {
            status: 429,
            headers: {
              "retry-after": String(failure.retryAfterSeconds ?? 1),
              "x-rate-limit-problem": failure.problem ?? "minute"
            }
          }
        )
      case 400:
        return validationError({}, failure.messages)
      case 401:
        return unauthorized("AuthenticationUnsuccessful")
      default:
        return HttpResponse.json(
          {
            Title: "An error occurred",
            Status: failure.status,
            Detail:
              failure.message ??
              "An error occurred in Xero. Check the API Status page http://status.developer.xero.com for current service status."
          },
          { status: failure.status }
        )
    }
  }

  /** Record the call, apply an injected failure, then the handler; and an "after" failure over its answer. */
  const guarded =
    (route: Route, handle: (request: Request, url: URL) => Promise<Response> | Response) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      const url = new URL(request.url)
      const body = request.method === "GET" ? "" : await request.clone().text()
      requests.push({ method: request.method, url, headers: new Headers(request.headers), body })
      const before = failureFor(route, false)
      if (before !== undefined) return failureAnswer(before)
      const answer = await handle(request, url)
      const after = failureFor(route, true)
      return after === undefined ? answer : failureAnswer(after)
    }

  // ---- identity -------------------------------------------------------------------------------------------

  const clientOf = (request: Request, form: URLSearchParams): boolean => {
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")
    if (basic !== null) {
      const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":")
      const decode = (s: string | undefined) => decodeURIComponent((s ?? "").replace(/\+/g, " "))
      return decode(id) === clientId && decode(secret) === clientSecret
    }
    return form.get("client_id") === clientId && form.get("client_secret") === clientSecret
  }

  const issue = (grant: Grant, scope: string) => {
    const access = `fake-xero-access-${randomUUID()}`
    const refresh = `fake-xero-refresh-${randomUUID()}`
    accessTokens.set(access, { grant, expiresAt: now() + accessSeconds * 1_000 })
    refreshTokens.set(refresh, grant)
    return HttpResponse.json(
      { access_token: access, expires_in: accessSeconds, token_type: "Bearer", refresh_token: refresh, scope },
      { headers: { "cache-control": "no-store" } }
    )
  }

  const token = guarded("POST token", async (request) => {
    const form = new URLSearchParams(await request.text())
    if (!clientOf(request, form)) return oauthError("invalid_client")
    const grantType = form.get("grant_type")
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "")
      if (code === undefined) return oauthError("invalid_grant")
      codes.delete(form.get("code") ?? "")
      if (form.get("redirect_uri") !== code.redirectUri) return oauthError("invalid_grant", "redirect_uri mismatch")
      const verifier = form.get("code_verifier") ?? ""
      if (createHash("sha256").update(verifier).digest("base64url") !== code.challenge)
        return oauthError("invalid_grant", "code_verifier does not match the code_challenge")
      return issue(code.grant, code.scope)
    }
    if (grantType === "refresh_token") {
      const presented = form.get("refresh_token") ?? ""
      const grant = refreshTokens.get(presented)
      if (grant === undefined || grant.revoked) return oauthError("invalid_grant")
      // Xero rotates refresh tokens: the one presented is spent.
      refreshTokens.delete(presented)
      return issue(grant, "offline_access")
    }
    return oauthError("unsupported_grant_type")
  })

  const revocation = guarded("POST revocation", async (request) => {
    const form = new URLSearchParams(await request.text())
    if (!clientOf(request, form)) return oauthError("invalid_client")
    const grant = refreshTokens.get(form.get("token") ?? "")
    if (grant !== undefined) grant.revoked = true
    return new HttpResponse(null, { status: 200 })
  })

  /**
   * What Xero's consent page does when the user allows access (or, with `deny`, refuses it): the redirect to
   * the app's callback with `code` and `state`. `organisations` picks which organisations the user ticks.
   */
  const consent = (
    authorizeUrl: URL | string,
    choice: { readonly deny?: boolean; readonly organisations?: ReadonlyArray<string> } = {}
  ): URL => {
    const asked = new URL(authorizeUrl)
    const p = asked.searchParams
    const problems = [
      p.get("response_type") === "code" ? undefined : "response_type must be code",
      p.get("client_id") === clientId ? undefined : "unknown client_id",
      p.get("redirect_uri") ? undefined : "redirect_uri missing",
      p.get("code_challenge_method") === "S256" && p.get("code_challenge") ? undefined : "PKCE S256 is required",
      p.get("state") ? undefined : "state missing",
      (p.get("scope") ?? "").split(" ").includes("offline_access") ? undefined : "offline_access scope missing"
    ].filter((x) => x !== undefined)
    if (problems.length > 0) throw new Error(`FakeXero consent: ${problems.join("; ")}`)
    const back = new URL(p.get("redirect_uri")!)
    if (choice.deny === true) {
      back.searchParams.set("error", "access_denied")
      back.searchParams.set("state", p.get("state")!)
      return back
    }
    const code = `fake-xero-code-${randomUUID()}`
    const grant: Grant = {
      tenants: choice.organisations ?? organisations.map((o) => o.id),
      authEventId: randomUUID(),
      revoked: false
    }
    codes.set(code, {
      challenge: p.get("code_challenge")!,
      redirectUri: p.get("redirect_uri")!,
      scope: p.get("scope")!,
      grant
    })
    back.searchParams.set("code", code)
    back.searchParams.set("scope", p.get("scope")!)
    back.searchParams.set("state", p.get("state")!)
    return back
  }

  const authorize = guarded("GET authorize", (_request, url) => {
    try {
      return new HttpResponse(null, { status: 302, headers: { location: consent(url).toString() } })
    } catch (error) {
      return new HttpResponse(String(error), { status: 400 })
    }
  })

  // ---- API access ---------------------------------------------------------------------------------------

  const grantOf = (request: Request): Grant | Response => {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")
    const access = bearer === null ? undefined : accessTokens.get(bearer[1]!)
    if (access === undefined || access.grant.revoked) return unauthorized("AuthenticationUnsuccessful")
    if (access.expiresAt <= now())
      return unauthorized(`TokenExpired: token expired at ${new Date(access.expiresAt).toUTCString()}`)
    return access.grant
  }

  const tenantOf = (request: Request): FakeOrganisation | Response => {
    const grant = grantOf(request)
    if (grant instanceof Response) return grant
    const id = request.headers.get("xero-tenant-id") ?? ""
    const org = organisations.find((o) => o.id === id)
    return org !== undefined && grant.tenants.includes(id) ? org : forbidden()
  }

  const envelope = (key: string, list: ReadonlyArray<unknown>) => ({
    Id: randomUUID(),
    Status: "OK",
    ProviderName: "quotekit tests",
    DateTimeUTC: `/Date(${now()})/`,
    [key]: list
  })

  const connections = guarded("GET connections", (request) => {
    const grant = grantOf(request)
    if (grant instanceof Response) return grant
    return HttpResponse.json(
      organisations
        .filter((o) => grant.tenants.includes(o.id))
        .map((o) => ({
          id: createHash("sha256").update(o.id).digest("hex").slice(0, 32),
          authEventId: grant.authEventId,
          tenantId: o.id,
          tenantType: "ORGANISATION",
          tenantName: o.name,
          createdDateUtc: new Date(now()).toISOString(),
          updatedDateUtc: new Date(now()).toISOString()
        }))
    )
  })

  const filtered = <A extends object>(url: URL, list: ReadonlyArray<A>): ReadonlyArray<A> | Response => {
    const where = url.searchParams.get("where")
    if (where === null) return list
    const clauses = XeroWhere.parse(where)
    if (typeof clauses === "string")
      return xeroJson({ ErrorNumber: 16, Type: "QueryParseException", Message: clauses }, 400)
    return list.filter((a) => XeroWhere.matches(a as Record<string, unknown>, clauses))
  }

  const organisation = guarded("GET Organisation", (request) => {
    const org = tenantOf(request)
    if (org instanceof Response) return org
    return xeroJson(
      envelope("Organisations", [
        { OrganisationID: org.id, Name: org.name, BaseCurrency: org.currency, OrganisationStatus: "ACTIVE" }
      ])
    )
  })

  const taxRateList = guarded("GET TaxRates", (request, url) => {
    const org = tenantOf(request)
    if (org instanceof Response) return org
    const list = filtered(
      url,
      taxRates.map((t) => ({ Status: "ACTIVE", CanApplyToRevenue: true, ...t }))
    )
    if (list instanceof Response) return list
    return xeroJson(
      envelope(
        "TaxRates",
        list.map((t) => ({
          Name: t.Name,
          TaxType: t.TaxType,
          ReportTaxType: "OUTPUT",
          CanApplyToRevenue: t.CanApplyToRevenue,
          DisplayTaxRate: D(t.EffectiveRate),
          EffectiveRate: D(t.EffectiveRate),
          Status: t.Status,
          TaxComponents: [{ Name: "GST", Rate: D(t.EffectiveRate), IsCompound: false, IsNonRecoverable: false }]
        }))
      )
    )
  })

  const itemList = guarded("GET Items", (request) => {
    const org = tenantOf(request)
    if (org instanceof Response) return org
    return xeroJson(
      envelope(
        "Items",
        [...items].map((Code) => ({ ItemID: randomUUID(), Code, Name: Code }))
      )
    )
  })

  // ---- contacts -----------------------------------------------------------------------------------------

  const contactJson = (c: FakeContact) => {
    const { tenantId: _t, ...rest } = c
    return { ...rest, UpdatedDateUTC: msDate(now()), HasValidationErrors: false }
  }

  const contactList = guarded("GET Contacts", (request, url) => {
    const org = tenantOf(request)
    if (org instanceof Response) return org
    const includeArchived = url.searchParams.get("includeArchived") === "true"
    const mine = contacts.filter((c) => c.tenantId === org.id && (includeArchived || c.ContactStatus === "ACTIVE"))
    const list = filtered(url, mine)
    if (list instanceof Response) return list
    const term = (url.searchParams.get("searchTerm") ?? "").toLowerCase()
    const found =
      term === ""
        ? list
        : list.filter((c) =>
            [c.Name, c.FirstName, c.LastName, c.EmailAddress].some((f) => (f ?? "").toLowerCase().includes(term))
          )
    const pageSize = Number(url.searchParams.get("pageSize") ?? "100")
    const page = Number(url.searchParams.get("page") ?? "1")
    return xeroJson(envelope("Contacts", found.slice((page - 1) * pageSize, page * pageSize).map(contactJson)))
  })

  /** Replay the answer stored for an `Idempotency-Key`, or run `create` and store its answer. */
  const onceFor = async (request: Request, create: () => Response): Promise<Response> => {
    const key = request.headers.get("idempotency-key")
    if (key !== null) {
      const seen = idempotent.get(`${request.headers.get("xero-tenant-id")}:${key}`)
      if (seen !== undefined)
        return new HttpResponse(seen.text, { status: seen.status, headers: { "content-type": "application/json" } })
    }
    const answer = create()
    if (key !== null)
      idempotent.set(`${request.headers.get("xero-tenant-id")}:${key}`, {
        status: answer.status,
        text: await answer.clone().text()
      })
    return answer
  }

  const createContacts = guarded("POST Contacts", async (request) => {
    const org = tenantOf(request)
    if (org instanceof Response) return org
    const body = DecimalJson.parse(await request.text()) as { Contacts?: ReadonlyArray<Record<string, unknown>> }
    return onceFor(request, () => {
      const made: Array<FakeContact> = []
      for (const c of body.Contacts ?? []) {
        const name = str(c.Name).trim()
        if (name === "") return validationError(c, ["The contact name must be specified."])
        if (contacts.some((o) => o.tenantId === org.id && o.ContactStatus === "ACTIVE" && o.Name === name))
          return validationError(c, [
            `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`
          ])
        const contact: FakeContact = {
          tenantId: org.id,
          ContactID: randomUUID(),
          ContactStatus: "ACTIVE",
          Name: name,
          ...(str(c.FirstName) === "" ? {} : { FirstName: str(c.FirstName) }),
          ...(str(c.LastName) === "" ? {} : { LastName: str(c.LastName) }),
          ...(str(c.EmailAddress) === "" ? {} : { EmailAddress: str(c.EmailAddress) }),
          IsCustomer: c.IsCustomer === true
        }
        made.push(contact)
      }
      contacts.push(...made)
      return xeroJson(envelope("Contacts", made.map(contactJson)))
    })
  })

  // ---- invoices and credit notes ------------------------------------------------------------------------

  const documentJson = (d: FakeDocument) => {
    const contact = contacts.find((c) => c.ContactID === d.ContactID)
    const ids =
      d.Type === "ACCREC"
        ? { InvoiceID: d.ID, InvoiceNumber: d.Number }
        : { CreditNoteID: d.ID, CreditNoteNumber: d.Number }
    return {
      Type: d.Type,
      ...ids,
      Reference: d.Reference,
      Contact: { ContactID: d.ContactID, Name: contact?.Name ?? "" },
      DateString: `${d.Date}T00:00:00`,
      Date: msDate(Date.parse(d.Date)),
      ...(d.DueDate === undefined
        ? {}
        : { DueDateString: `${d.DueDate}T00:00:00`, DueDate: msDate(Date.parse(d.DueDate)) }),
      Status: d.Status,
      LineAmountTypes: d.LineAmountTypes,
      LineItems: d.LineItems.map((l) => ({
        ...l,
        Quantity: D(l.Quantity),
        UnitAmount: D(l.UnitAmount),
        LineAmount: D(l.LineAmount),
        TaxAmount: D(l.TaxAmount),
        Tracking: []
      })),
      SubTotal: D(d.SubTotal),
      TotalTax: D(d.TotalTax),
      Total: D(d.Total),
      ...(d.Type === "ACCREC" ? { AmountDue: D(d.Total), AmountPaid: D("0.00") } : { RemainingCredit: D(d.Total) }),
      CurrencyCode: d.CurrencyCode,
      UpdatedDateUTC: msDate(now()),
      HasErrors: false
    }
  }

  const listDocuments = (type: FakeDocument["Type"]) =>
    guarded(type === "ACCREC" ? "GET Invoices" : "GET CreditNotes", (request, url) => {
      const org = tenantOf(request)
      if (org instanceof Response) return org
      const store = type === "ACCREC" ? invoices : creditNotes
      const list = filtered(
        url,
        store.filter((d) => d.tenantId === org.id).map((d) => ({ ...d, ...documentJson(d) }))
      )
      if (list instanceof Response) return list
      const key = type === "ACCREC" ? "Invoices" : "CreditNotes"
      return xeroJson(
        envelope(
          key,
          list.map((d) => {
            const { tenantId: _t, ID: _i, Number: _n, ContactID: _c, idempotencyKey: _k, ...shown } = d
            return shown
          })
        )
      )
    })

  /** Check and price one document the way Xero does, or say what Xero would refuse. */
  const build = (
    org: FakeOrganisation,
    type: FakeDocument["Type"],
    raw: Record<string, unknown>,
    unitdp: number,
    key: string | null
  ): FakeDocument | ReadonlyArray<string> => {
    const problems: Array<string> = []
    const expected = type === "ACCREC" ? "ACCREC" : "ACCRECCREDIT"
    if (raw.Type !== expected) problems.push(`Type must be ${expected}.`)
    const contactId = str((raw.Contact as Record<string, unknown> | undefined)?.ContactID)
    if (!contacts.some((c) => c.tenantId === org.id && c.ContactID === contactId))
      problems.push("The contact could not be found.")
    const modes = ["Exclusive", "Inclusive", "NoTax"] as const
    const mode = modes.find((m) => m === raw.LineAmountTypes) ?? "Exclusive"
    const currency = str(raw.CurrencyCode) || org.currency
    if (currency !== org.currency) problems.push(`The currency ${currency} is not enabled for this organisation.`)
    const date = str(raw.Date)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) problems.push("Date must be a valid date.")
    const dueDate = str(raw.DueDate)
    if (type === "ACCREC" && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) problems.push("Due Date is required.")
    const status = str(raw.Status) || "DRAFT"
    const rawLines = Array.isArray(raw.LineItems) ? (raw.LineItems as Array<Record<string, unknown>>) : []
    if (rawLines.length === 0) problems.push("At least one line item must be specified.")
    const lines: Array<FakeLine> = []
    for (const l of rawLines) {
      const description = str(l.Description)
      if (description.trim() === "") problems.push("Description needs to be at least 1 char long.")
      const quantity = dec(l.Quantity) ?? BigDecimal.fromBigInt(1n)
      const unitRaw = dec(l.UnitAmount)
      if (unitRaw === undefined) {
        problems.push("Unit Amount must be a number.")
        continue
      }
      // Without unitdp=4 Xero keeps unit amounts to 2 places.
      const unit = BigDecimal.fromStringUnsafe(fixed(unitRaw, unitdp))
      const computed = BigDecimal.round(BigDecimal.multiply(quantity, unit), { scale: 2, mode: "half-from-zero" })
      const sent = dec(l.LineAmount)
      if (sent !== undefined && !BigDecimal.equals(sent, computed))
        problems.push(
          `The line amount ${fixed(sent, 2)} does not equal quantity × unit amount (${fixed(computed, 2)}).`
        )
      const itemCode = str(l.ItemCode)
      if (itemCode !== "" && !items.has(itemCode)) problems.push(`Item code '${itemCode}' is not valid.`)
      const account = str(l.AccountCode)
      if (account !== "" && !accounts.has(account))
        problems.push(`Account code '${account}' is not a valid code for this document.`)
      if (account === "" && itemCode === "" && status === "AUTHORISED")
        problems.push("Account code must be specified for line items on an approved document.")
      const taxType = mode === "NoTax" ? "NONE" : str(l.TaxType) || "OUTPUT2"
      const rate = taxRates.find((t) => t.TaxType === taxType && (t.Status ?? "ACTIVE") === "ACTIVE")
      if (rate === undefined || rate.CanApplyToRevenue === false) {
        problems.push(`The TaxType code '${taxType}' does not exist or cannot be used for this type of transaction.`)
        continue
      }
      const r = BigDecimal.fromStringUnsafe(rate.EffectiveRate)
      const hundred = BigDecimal.fromBigInt(100n)
      const tax =
        mode === "NoTax"
          ? BigDecimal.fromBigInt(0n)
          : mode === "Exclusive"
            ? BigDecimal.round(BigDecimal.divideUnsafe(BigDecimal.multiply(computed, r), hundred), {
                scale: 2,
                mode: "half-from-zero"
              })
            : BigDecimal.round(BigDecimal.divideUnsafe(BigDecimal.multiply(computed, r), BigDecimal.sum(hundred, r)), {
                scale: 2,
                mode: "half-from-zero"
              })
      lines.push({
        LineItemID: randomUUID(),
        Description: description,
        Quantity: fixed(quantity, 4),
        UnitAmount: fixed(unit, unitdp),
        LineAmount: fixed(computed, 2),
        TaxType: taxType,
        TaxAmount: fixed(tax, 2),
        ...(account === "" ? {} : { AccountCode: account }),
        ...(itemCode === "" ? {} : { ItemCode: itemCode })
      })
    }
    if (problems.length > 0) return problems
    const sum = (f: (l: FakeLine) => string) =>
      lines.reduce((acc, l) => BigDecimal.sum(acc, BigDecimal.fromStringUnsafe(f(l))), BigDecimal.fromBigInt(0n))
    const amounts = sum((l) => l.LineAmount)
    const tax = sum((l) => l.TaxAmount)
    const subTotal = mode === "Inclusive" ? BigDecimal.subtract(amounts, tax) : amounts
    const number =
      type === "ACCREC"
        ? `INV-${String(++numbers.invoice).padStart(4, "0")}`
        : `CN-${String(++numbers.credit).padStart(4, "0")}`
    return {
      tenantId: org.id,
      Type: type,
      ID: randomUUID(),
      Number: number,
      Reference: str(raw.Reference),
      ContactID: contactId,
      Date: date,
      ...(type === "ACCREC" ? { DueDate: dueDate } : {}),
      Status: status,
      LineAmountTypes: mode,
      CurrencyCode: currency,
      LineItems: lines,
      SubTotal: fixed(subTotal, 2),
      TotalTax: fixed(tax, 2),
      Total: fixed(BigDecimal.sum(subTotal, tax), 2),
      ...(key === null ? {} : { idempotencyKey: key })
    }
  }

  const createDocuments = (type: FakeDocument["Type"]) =>
    guarded(type === "ACCREC" ? "POST Invoices" : "POST CreditNotes", async (request, url) => {
      const org = tenantOf(request)
      if (org instanceof Response) return org
      const key = type === "ACCREC" ? "Invoices" : "CreditNotes"
      const body = DecimalJson.parse(await request.text()) as Record<string, unknown>
      const list = Array.isArray(body[key]) ? (body[key] as Array<Record<string, unknown>>) : []
      const unitdp = url.searchParams.get("unitdp") === "4" ? 4 : 2
      return onceFor(request, () => {
        const made: Array<FakeDocument> = []
        for (const raw of list) {
          const built = build(org, type, raw, unitdp, request.headers.get("idempotency-key"))
          if (Array.isArray(built)) return validationError(raw, built)
          made.push(built as FakeDocument)
        }
        ;(type === "ACCREC" ? invoices : creditNotes).push(...made)
        return xeroJson(envelope(key, made.map(documentJson)))
      })
    })

  const api = `${apiUrl}/api.xro/2.0`
  const handlers = [
    http.get(`${loginUrl}/identity/connect/authorize`, authorize),
    http.post(`${identityUrl}/connect/token`, token),
    http.post(`${identityUrl}/connect/revocation`, revocation),
    http.get(`${apiUrl}/connections`, connections),
    http.get(`${api}/Organisation`, organisation),
    http.get(`${api}/TaxRates`, taxRateList),
    http.get(`${api}/Items`, itemList),
    http.get(`${api}/Contacts`, contactList),
    http.post(`${api}/Contacts`, createContacts),
    http.put(`${api}/Contacts`, createContacts),
    http.get(`${api}/Invoices`, listDocuments("ACCREC")),
    http.post(`${api}/Invoices`, createDocuments("ACCREC")),
    http.put(`${api}/Invoices`, createDocuments("ACCREC")),
    http.get(`${api}/CreditNotes`, listDocuments("ACCRECCREDIT")),
    http.post(`${api}/CreditNotes`, createDocuments("ACCRECCREDIT")),
    http.put(`${api}/CreditNotes`, createDocuments("ACCRECCREDIT"))
  ]

  return {
    handlers,
    clientId,
    clientSecret,
    organisations,
    consent,
    /** Contacts, oldest first (seeded and created). */
    contacts: contacts as ReadonlyArray<FakeContact>,
    /** Invoices, oldest first (seeded and created). */
    invoices: invoices as ReadonlyArray<FakeDocument>,
    creditNotes: creditNotes as ReadonlyArray<FakeDocument>,
    /** Every call the fake answered, oldest first. */
    requests: requests as ReadonlyArray<Recorded>,
    /**
     * Answer the next `times` calls of `route` with `failure`; with `after`, do the work first and answer the
     * failure instead of the result (the answer lost on the way back).
     */
    fail: (route: Route, failure: Failure, fail: { readonly times?: number; readonly after?: boolean } = {}) => {
      failures.push({ route, failure, after: fail.after ?? false, left: fail.times ?? 1 })
    },
    /** Every access token issued so far answers 401 until the connection is refreshed. */
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.expiresAt = now() - 1
    },
    /** Every connection made so far is revoked: its refresh token gets `invalid_grant`, its access tokens 401. */
    revokeRefreshTokens: () => {
      for (const grant of refreshTokens.values()) grant.revoked = true
    },
    /** A contact made in Xero by hand. */
    addContact: (
      contact: Omit<FakeContact, "tenantId" | "ContactID" | "ContactStatus" | "IsCustomer"> & {
        readonly tenantId?: string
        readonly ContactStatus?: FakeContact["ContactStatus"]
      }
    ): FakeContact => {
      const made: FakeContact = {
        tenantId: contact.tenantId ?? organisations[0]!.id,
        ContactID: randomUUID(),
        ContactStatus: contact.ContactStatus ?? "ACTIVE",
        IsCustomer: true,
        ...contact
      }
      contacts.push(made)
      return made
    },
    /** A user voiding or deleting a document in Xero (`VOIDED`, `DELETED`), or paying it (`PAID`). */
    setStatus: (id: string, status: string) => {
      for (const store of [invoices, creditNotes]) {
        const i = store.findIndex((d) => d.ID === id)
        if (i >= 0) store[i] = { ...store[i]!, Status: status }
      }
    },
    /** Forget everything but the organisations, tax rates, accounts and items. */
    reset: () => {
      codes.clear()
      accessTokens.clear()
      refreshTokens.clear()
      failures.length = 0
      idempotent.clear()
      contacts.length = 0
      invoices.length = 0
      creditNotes.length = 0
      requests.length = 0
      numbers = { invoice: 0, credit: 0 }
    }
  }
}

/** A fake Xero; see `make`. */
export type FakeXero = ReturnType<typeof make>
