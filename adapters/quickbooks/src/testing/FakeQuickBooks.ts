/**
 * A fake QuickBooks Online for tests and local runs: `msw` handlers answering Intuit's OAuth 2 endpoints and the
 * Accounting API with their documented shapes, over in-memory companies that behave like QuickBooks where the
 * add-on depends on it:
 *
 * - OAuth: `consent` plays the user approving the app on the consent page (checks client id, scope, PKCE S256
 *   challenge); the token endpoint checks Basic client auth, the code (once), the redirect URI and the PKCE
 *   verifier, and rotates refresh tokens on refresh (the previous one then fails with `invalid_grant`); access
 *   tokens expire (`expireAccessTokens`, or the clock given) and revoked grants stop working.
 * - API: bearer token checked (401 with Intuit's lower-case `fault` shape), `companyinfo`, `preferences`,
 *   `query` (see `FakeQuery`: only filterable fields), `customer` (unique `DisplayName`, error 6240),
 *   `invoice` and `creditmemo` (customer, item and tax code references checked, error 2500; `Qty x UnitPrice`
 *   must be the `Amount`, error 6070; tax worked out per line from the tax code, `TaxExcluded` or
 *   `TaxInclusive`; numbers from QuickBooks' sequence; `requestid` answered again with the first answer).
 * - Faults: `failNext` queues answers (429 with `Retry-After`, 500, 400 faults, 401) for matching requests;
 *   `lose: true` processes the request and then answers 500, as a lost answer looks to the client.
 *
 * Money is `BigDecimal` and goes out as JSON number literals (see `Json`).
 *
 * @example
 * const qb = FakeQuickBooks.make({ clientId: "id", clientSecret: "secret" })
 * const server = setupServer(...qb.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 * qb.addCompany({ realmId: "9130350", name: "Craig's Design and Landscaping" })
 *
 * @since 0.1.0
 */
import { createHash, randomBytes } from "node:crypto"
import { BigDecimal, Option } from "effect"
import { HttpResponse, http } from "msw"
import * as Endpoints from "../Endpoints.ts"
import * as Json from "../internal/Json.ts"
import * as FakeQuery from "./FakeQuery.ts"

/** A tax rate of a fake company. */
export interface FakeTaxRate {
  readonly Id: string
  readonly Name: string
  readonly RateValue: string
  readonly Active?: boolean
}

/** A tax code of a fake company: its sales rates by id (in order), or none (purchase only, or US `TAX`/`NON`). */
export interface FakeTaxCode {
  readonly Id: string
  readonly Name: string
  readonly sales: ReadonlyArray<{ readonly rate: string; readonly compound?: boolean }>
  readonly purchaseOnly?: boolean
  readonly Active?: boolean
}

/** What a company starts with. */
export interface CompanyInit {
  readonly realmId: string
  readonly name: string
  readonly country?: string
  readonly currency?: string
  /** Other currencies may be used (QuickBooks' multicurrency preference). */
  readonly multiCurrency?: boolean
  /** The company types its own invoice numbers (`Preferences.SalesFormsPrefs.CustomTxnNumbers`). */
  readonly customTxnNumbers?: boolean
  readonly taxRates?: ReadonlyArray<FakeTaxRate>
  readonly taxCodes?: ReadonlyArray<FakeTaxCode>
  /** Names held by vendors and employees, which a customer cannot take. */
  readonly otherNames?: ReadonlyArray<string>
}

/** A company's state; entities are kept in QuickBooks' JSON shape with money as decimal strings. */
export interface FakeCompany {
  readonly init: CompanyInit
  readonly customers: Array<Record<string, unknown>>
  readonly invoices: Array<Record<string, unknown>>
  readonly creditMemos: Array<Record<string, unknown>>
  /** Item ids lines may use; `1` is QuickBooks' "Services". */
  readonly items: Map<string, string>
  readonly requestIds: Map<string, { readonly status: number; readonly body: string }>
  nextId: number
  nextNumber: number
}

/** A request the fake received, for assertions. */
export interface Seen {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: string
}

/** An answer to give instead of the real one. */
export interface Failure {
  readonly status: number
  /** Only requests whose URL path contains this (e.g. `"/invoice"`, `"tokens/bearer"`); any request unless said. */
  readonly path?: string
  /** Only requests of this method. */
  readonly method?: string
  /** `Retry-After` seconds. */
  readonly retryAfter?: number
  /** The body; QuickBooks' fault for the status unless said. */
  readonly body?: unknown
  /** Carry the request out, then answer with this failure (an answer lost on the way back). */
  readonly lose?: boolean
}

interface Grant {
  readonly realmId: string
  access: string
  refresh: string
  accessExpiresAt: number
  readonly retiredRefresh: Set<string>
  revoked: boolean
}

interface Code {
  readonly realmId: string
  readonly redirectUri: string
  readonly challenge: string
  readonly clientId: string
}

/** The fake's state, handlers and controls. */
export interface FakeQuickBooks {
  readonly handlers: ReadonlyArray<ReturnType<typeof http.get>>
  readonly endpoints: Endpoints.Endpoints
  readonly seen: Array<Seen>
  readonly addCompany: (init: CompanyInit) => FakeCompany
  readonly company: (realmId: string) => FakeCompany
  /** The user approves the consent page of `authorizeUrl` for `realmId`: the callback URL the browser is sent to. */
  readonly consent: (authorizeUrl: URL, realmId: string) => URL
  /** The company the consent page (a `GET` of the authorize URL) connects; the first one added unless told. */
  readonly consentTo: (realmId: string) => void
  /** Every access token issued so far stops working (what an hour does). */
  readonly expireAccessTokens: () => void
  /** The user disconnects the app in QuickBooks: every grant of the realm stops working. */
  readonly revokeRealm: (realmId: string) => void
  /** Whether a refresh token is still usable. */
  readonly refreshTokenWorks: (token: string) => boolean
  /** The next request whose URL path contains `path` is answered only after `ms` (a slow or hung QuickBooks). */
  readonly slowNext: (path: string, ms: number) => void
  /** Queue answers for the next matching requests, in order. */
  readonly failNext: (...failures: ReadonlyArray<Failure>) => void
}

/** The configuration of a fake. */
export interface FakeOptions {
  readonly clientId: string
  readonly clientSecret: string
  readonly environment?: Endpoints.Environment
  readonly urls?: Partial<Endpoints.Endpoints>
  /** Access token lifetime; Intuit's is an hour. */
  readonly accessTokenSeconds?: number
  /** The clock (epoch ms); `Date.now` unless said. */
  readonly now?: () => number
}

/** A Canadian company's tax set: GST, QST on the amount, HST, zero-rated, exempt, and a purchase-only code. */
export const canadianTaxes: {
  readonly taxRates: ReadonlyArray<FakeTaxRate>
  readonly taxCodes: ReadonlyArray<FakeTaxCode>
} = {
  taxRates: [
    { Id: "1", Name: "GST (sales)", RateValue: "5" },
    { Id: "2", Name: "QST (sales)", RateValue: "9.975" },
    { Id: "3", Name: "HST ON (sales)", RateValue: "13" },
    { Id: "4", Name: "Zero-rated (sales)", RateValue: "0" }
  ],
  taxCodes: [
    { Id: "4", Name: "GST", sales: [{ rate: "1" }] },
    { Id: "5", Name: "GST/QST QC - 9.975", sales: [{ rate: "1" }, { rate: "2" }] },
    { Id: "6", Name: "HST ON", sales: [{ rate: "3" }] },
    { Id: "7", Name: "Zero-rated", sales: [{ rate: "4" }] },
    { Id: "8", Name: "Out of Scope", sales: [], purchaseOnly: true }
  ]
}

const MONEY_KEYS = new Set([
  "Amount",
  "TotalAmt",
  "UnitPrice",
  "Qty",
  "TotalTax",
  "Balance",
  "RateValue",
  "TaxInclusiveAmt"
])

/** Money values as JSON number literals, everything else as it is. */
const numbersOut = (value: unknown, key = ""): unknown => {
  if (Array.isArray(value)) return value.map((v) => numbersOut(v))
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersOut(v, k)]))
  if (typeof value === "string" && MONEY_KEYS.has(key)) return Json.decimal(value)
  return value
}

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new HttpResponse(Json.stringify(numbersOut(body)), {
    status,
    headers: { "content-type": "application/json;charset=UTF-8", intuit_tid: "1-fake", ...headers }
  })

const fault = (
  status: number,
  type: string,
  errors: ReadonlyArray<{ Message: string; Detail: string; code: string; element?: string }>
) => answer({ Fault: { Error: errors, type }, time: new Date().toISOString() }, status)

/** QuickBooks' 401: lower-case keys, as Intuit sends its authentication faults. */
const authFault = (detail: string) =>
  answer(
    {
      fault: {
        error: [{ message: "message=AuthenticationFailed; errorCode=003200; statusCode=401", detail, code: "3200" }],
        type: "AUTHENTICATION"
      },
      time: new Date().toISOString()
    },
    401
  )

const defaultFaultBody = (status: number): unknown => {
  const time = new Date().toISOString()
  if (status === 429)
    return {
      Fault: {
        Error: [
          {
            Message: "ThrottleExceeded",
            Detail: "The request exceeded the maximum number of requests allowed.",
            code: "003001"
          }
        ],
        type: "SERVICE"
      },
      time
    }
  if (status === 401)
    return {
      fault: {
        error: [
          {
            message: "message=AuthenticationFailed; errorCode=003200; statusCode=401",
            detail: "Token revoked",
            code: "3200"
          }
        ],
        type: "AUTHENTICATION"
      },
      time
    }
  if (status >= 500)
    return {
      Fault: {
        Error: [
          {
            Message: "An application error has occurred while processing your request",
            Detail:
              "System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again.",
            code: "10000"
          }
        ],
        type: "SystemFault"
      },
      time
    }
  return {
    Fault: {
      Error: [
        {
          Message: "Business Validation Error",
          Detail: "A business validation error has occurred while processing your request",
          code: "6000"
        }
      ],
      type: "ValidationFault"
    },
    time
  }
}

/** Intuit's access tokens are long (a JWE); refresh tokens shorter. */
const token = (prefix: string, bytes = 18) => `${prefix}${randomBytes(bytes).toString("base64url")}`

const decimal = (text: unknown): BigDecimal.BigDecimal | undefined =>
  typeof text === "string" ? Option.getOrUndefined(BigDecimal.fromString(text)) : undefined

const round2 = (d: BigDecimal.BigDecimal) => BigDecimal.round(d, { scale: 2, mode: "half-from-zero" })
const fixed2 = (d: BigDecimal.BigDecimal) => {
  const rounded = round2(d)
  const [whole, fraction = ""] = BigDecimal.format(rounded).split(".")
  return `${whole}.${fraction.padEnd(2, "0")}`
}
const hundred = BigDecimal.fromStringUnsafe("100")
const zero = BigDecimal.fromStringUnsafe("0")

/** A fresh fake with no companies. */
export const make = (options: FakeOptions): FakeQuickBooks => {
  const endpoints: Endpoints.Endpoints = { ...Endpoints.of(options.environment ?? "sandbox"), ...options.urls }
  const now = options.now ?? Date.now
  const ttl = (options.accessTokenSeconds ?? 3600) * 1000
  const companies = new Map<string, FakeCompany>()
  const codes = new Map<string, Code>()
  const grants: Array<Grant> = []
  const seen: Array<Seen> = []
  const queued: Array<Failure> = []
  const slowed: Array<{ readonly path: string; readonly ms: number }> = []

  const addCompany = (init: CompanyInit): FakeCompany => {
    const company: FakeCompany = {
      init: { ...canadianTaxes, ...init },
      customers: [],
      invoices: [],
      creditMemos: [],
      items: new Map([
        ["1", "Services"],
        ["2", "Hours"]
      ]),
      requestIds: new Map(),
      nextId: 100,
      nextNumber: 1001
    }
    companies.set(init.realmId, company)
    return company
  }
  const company = (realmId: string): FakeCompany => {
    const found = companies.get(realmId)
    if (found === undefined) throw new Error(`FakeQuickBooks: no company ${realmId}`)
    return found
  }

  /** Record the request; the queued failure it matches, if any. */
  const open = async (request: Request) => {
    const url = new URL(request.url)
    const body = request.method === "GET" ? "" : await request.text()
    seen.push({ method: request.method, url, headers: request.headers, body })
    const slow = slowed.findIndex((x) => url.pathname.includes(x.path))
    if (slow !== -1) {
      const [{ ms }] = slowed.splice(slow, 1) as [{ path: string; ms: number }]
      await new Promise((resolve) => setTimeout(resolve, ms))
    }
    const index = queued.findIndex(
      (f) =>
        (f.path === undefined || url.pathname.includes(f.path)) &&
        (f.method === undefined || f.method === request.method)
    )
    const failure = index === -1 ? undefined : queued.splice(index, 1)[0]
    return { url, body, failure }
  }
  const failWith = (failure: Failure) =>
    answer(failure.body ?? defaultFaultBody(failure.status), failure.status, {
      ...(failure.retryAfter === undefined ? {} : { "retry-after": String(failure.retryAfter) })
    })

  const basicOk = (request: Request) =>
    request.headers.get("authorization") ===
    `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`

  const issue = (grant: Grant) => ({
    token_type: "bearer",
    access_token: grant.access,
    refresh_token: grant.refresh,
    expires_in: 3600,
    x_refresh_token_expires_in: 8726400
  })
  const oauthError = (status: number, error: string, description?: string) =>
    new HttpResponse(
      JSON.stringify({ error, ...(description === undefined ? {} : { error_description: description }) }),
      {
        status,
        headers: { "content-type": "application/json" }
      }
    )

  const tokenHandler = http.post(endpoints.token, async ({ request }) => {
    const { body, failure } = await open(request)
    if (failure !== undefined && !failure.lose) return failWith(failure)
    if (!basicOk(request)) return oauthError(401, "invalid_client")
    const form = new URLSearchParams(body)
    const grantType = form.get("grant_type")
    let result: Response
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "")
      codes.delete(form.get("code") ?? "")
      const verifier = form.get("code_verifier") ?? ""
      const challenge = createHash("sha256").update(verifier).digest("base64url")
      if (code === undefined || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge)
        result = oauthError(400, "invalid_grant")
      else {
        const grant: Grant = {
          realmId: code.realmId,
          access: token("at-", 96),
          refresh: token("rt-"),
          accessExpiresAt: now() + ttl,
          retiredRefresh: new Set(),
          revoked: false
        }
        grants.push(grant)
        result = answer(issue(grant))
      }
    } else if (grantType === "refresh_token") {
      const presented = form.get("refresh_token") ?? ""
      const grant = grants.find((g) => g.refresh === presented && !g.revoked)
      if (grant === undefined) result = oauthError(400, "invalid_grant", "Incorrect or invalid refresh token")
      else {
        grant.retiredRefresh.add(grant.refresh)
        grant.refresh = token("rt-")
        grant.access = token("at-", 96)
        grant.accessExpiresAt = now() + ttl
        result = answer(issue(grant))
      }
    } else result = oauthError(400, "unsupported_grant_type")
    return failure?.lose === true ? failWith(failure) : result
  })

  const revokeHandler = http.post(endpoints.revoke, async ({ request }) => {
    const { body, failure } = await open(request)
    if (failure !== undefined) return failWith(failure)
    if (!basicOk(request)) return oauthError(401, "invalid_client")
    const presented = (JSON.parse(body === "" ? "{}" : body) as { token?: string }).token ?? ""
    const grant = grants.find((g) => g.refresh === presented || g.access === presented)
    if (grant === undefined) return oauthError(400, "invalid_request", "Token invalid")
    grant.revoked = true
    return new HttpResponse(null, { status: 200 })
  })

  /** The grant behind a bearer token for a realm, or the 401/403 QuickBooks answers. */
  const authorize = (request: Request, realmId: string): Response | undefined => {
    const header = request.headers.get("authorization") ?? ""
    const presented = header.startsWith("Bearer ") ? header.slice(7) : ""
    const grant = grants.find((g) => g.access === presented)
    if (grant === undefined || grant.revoked) return authFault("Token revoked")
    if (now() >= grant.accessExpiresAt) return authFault(`Token expired: ${presented}`)
    if (grant.realmId !== realmId)
      return fault(403, "AUTHORIZATION", [
        {
          Message: "message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403",
          Detail: "",
          code: "003100"
        }
      ])
    return undefined
  }

  const validation = (Message: string, Detail: string, code: string, element = "") =>
    fault(400, "ValidationFault", [{ Message, Detail, code, element }])

  const customerHandler = (c: FakeCompany, body: Record<string, unknown>): Response => {
    const name = typeof body.DisplayName === "string" ? body.DisplayName.trim() : ""
    if (name === "" || /[:\t\n]/.test(name))
      return validation(
        "Invalid DisplayName",
        "DisplayName must be given and cannot contain a colon, tab or new line.",
        "2050",
        "DisplayName"
      )
    const taken = [...c.customers.map((x) => String(x.DisplayName)), ...(c.init.otherNames ?? [])].find(
      (n) => n.toLowerCase() === name.toLowerCase()
    )
    if (taken !== undefined)
      return validation(
        "Duplicate Name Exists Error",
        "The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.",
        "6240"
      )
    const at = new Date(now()).toISOString()
    const customer = {
      ...body,
      DisplayName: name,
      Id: String(c.nextId++),
      SyncToken: "0",
      Active: true,
      Balance: "0.00",
      CurrencyRef: { value: c.init.currency ?? "CAD" },
      domain: "QBO",
      sparse: false,
      MetaData: { CreateTime: at, LastUpdatedTime: at }
    }
    c.customers.push(customer)
    return answer({ Customer: customer, time: at })
  }

  const transactionHandler = (
    c: FakeCompany,
    kind: "Invoice" | "CreditMemo",
    body: Record<string, unknown>
  ): Response => {
    const customerId = (body.CustomerRef as { value?: string } | undefined)?.value
    const customer = c.customers.find((x) => x.Id === customerId && x.Active !== false)
    if (customer === undefined)
      return validation(
        "Invalid Reference Id",
        `Invalid Reference Id : Customer assigned to this transaction has been deleted. Before you can modify this transaction, you must restore ${customerId ?? ""}.`,
        "2500",
        "CustomerRef"
      )
    const currency = (body.CurrencyRef as { value?: string } | undefined)?.value ?? c.init.currency ?? "CAD"
    if (currency !== (c.init.currency ?? "CAD") && c.init.multiCurrency !== true)
      return validation(
        "Business Validation Error",
        `You can only use your home currency (${c.init.currency ?? "CAD"}) when multicurrency is off.`,
        "6000",
        "CurrencyRef"
      )
    const lines = Array.isArray(body.Line) ? (body.Line as Array<Record<string, unknown>>) : []
    if (lines.length === 0)
      return validation(
        "Required param missing, need to supply the required value for the API",
        "Required parameter Line is missing in the request",
        "2020",
        "Line"
      )
    const inclusive = body.GlobalTaxCalculation === "TaxInclusive"
    const rates = new Map((c.init.taxRates ?? []).map((r) => [r.Id, r] as const))
    const taxCodes = new Map((c.init.taxCodes ?? []).map((t) => [t.Id, t] as const))
    const stored: Array<Record<string, unknown>> = []
    let net = zero
    let tax = zero
    for (const [index, line] of lines.entries()) {
      const detail = (line.SalesItemLineDetail ?? {}) as Record<string, unknown>
      if (line.DetailType !== "SalesItemLineDetail")
        return validation("Invalid line", `Line ${index + 1}: DetailType must be SalesItemLineDetail here.`, "2010")
      const itemId = (detail.ItemRef as { value?: string } | undefined)?.value ?? "1"
      if (!c.items.has(itemId))
        return validation(
          "Invalid Reference Id",
          `Invalid Reference Id : Item ${itemId} does not exist.`,
          "2500",
          "ItemRef"
        )
      const taxCodeId = (detail.TaxCodeRef as { value?: string } | undefined)?.value
      const taxCode = taxCodeId === undefined ? undefined : taxCodes.get(taxCodeId)
      if (
        taxCodeId !== undefined &&
        (taxCode === undefined || taxCode.purchaseOnly === true || taxCode.Active === false)
      )
        return validation(
          "Invalid Reference Id",
          `Invalid Reference Id : TaxCode ${taxCodeId} cannot be used on sales.`,
          "2500",
          "TaxCodeRef"
        )
      let rate = zero
      for (const part of taxCode?.sales ?? []) {
        const r = decimal(rates.get(part.rate)?.RateValue) ?? zero
        rate =
          part.compound === true
            ? BigDecimal.sum(
                rate,
                BigDecimal.divideUnsafe(BigDecimal.multiply(r, BigDecimal.sum(hundred, rate)), hundred)
              )
            : BigDecimal.sum(rate, r)
      }
      let amount = decimal(line.Amount)
      const qty = decimal(detail.Qty)
      const unit = decimal(detail.UnitPrice)
      if (
        qty !== undefined &&
        unit !== undefined &&
        amount !== undefined &&
        !BigDecimal.equals(round2(BigDecimal.multiply(qty, unit)), amount)
      )
        return validation(
          "Amount is not equal to UnitPrice * Qty",
          `Amount is not equal to UnitPrice * Qty. Supplied value:${BigDecimal.format(amount)}`,
          "6070"
        )
      const inclusiveAmount = decimal(detail.TaxInclusiveAmt)
      let lineTax: BigDecimal.BigDecimal
      if (inclusive) {
        const gross = inclusiveAmount ?? amount
        if (gross === undefined)
          return validation("Required param missing", `Line ${index + 1}: Amount is missing.`, "2020", "Amount")
        amount = round2(BigDecimal.divideUnsafe(BigDecimal.multiply(gross, hundred), BigDecimal.sum(hundred, rate)))
        lineTax = BigDecimal.subtract(round2(gross), amount)
      } else {
        if (amount === undefined)
          return validation("Required param missing", `Line ${index + 1}: Amount is missing.`, "2020", "Amount")
        lineTax = BigDecimal.divideUnsafe(BigDecimal.multiply(amount, rate), hundred)
      }
      net = BigDecimal.sum(net, amount)
      tax = BigDecimal.sum(tax, lineTax)
      stored.push({
        ...line,
        Id: String(index + 1),
        LineNum: index + 1,
        Amount: fixed2(amount),
        SalesItemLineDetail: {
          ...detail,
          ItemRef: { value: itemId, name: c.items.get(itemId) },
          ...(inclusiveAmount === undefined ? {} : { TaxInclusiveAmt: fixed2(inclusiveAmount) })
        }
      })
    }
    const totalTax = round2(tax)
    const at = new Date(now()).toISOString()
    const docNumber =
      typeof body.DocNumber === "string"
        ? body.DocNumber
        : c.init.customTxnNumbers === true
          ? undefined
          : String(c.nextNumber++)
    const total = BigDecimal.sum(net, totalTax)
    const txn: Record<string, unknown> = {
      ...body,
      Id: String(c.nextId++),
      SyncToken: "0",
      domain: "QBO",
      sparse: false,
      ...(docNumber === undefined ? {} : { DocNumber: docNumber }),
      CustomerRef: { value: customer.Id, name: customer.DisplayName },
      CurrencyRef: { value: currency },
      Line: [...stored, { DetailType: "SubTotalLineDetail", Amount: fixed2(net), SubTotalLineDetail: {} }],
      TxnTaxDetail: { TotalTax: fixed2(totalTax) },
      TotalAmt: fixed2(total),
      Balance: fixed2(total),
      MetaData: { CreateTime: at, LastUpdatedTime: at }
    }
    ;(kind === "Invoice" ? c.invoices : c.creditMemos).push(txn)
    return answer({ [kind]: txn, time: at })
  }

  const queryHandler = (c: FakeCompany, statement: string): Response => {
    let parsed: FakeQuery.Statement
    try {
      parsed = FakeQuery.parse(statement)
    } catch (error) {
      return fault(400, "ValidationFault", [
        { Message: "Error parsing query", Detail: `QueryParserError: ${(error as Error).message}`, code: "4000" }
      ])
    }
    const source: ReadonlyArray<Record<string, unknown>> =
      parsed.entity === "Customer"
        ? c.customers
        : parsed.entity === "Invoice"
          ? c.invoices
          : parsed.entity === "CreditMemo"
            ? c.creditMemos
            : parsed.entity === "TaxRate"
              ? (c.init.taxRates ?? []).map((r) => ({
                  Active: true,
                  ...r,
                  SpecialTaxType: "NONE",
                  DisplayType: "ReadOnly"
                }))
              : (c.init.taxCodes ?? []).map((t) => ({
                  Id: t.Id,
                  Name: t.Name,
                  Description: t.Name,
                  Active: t.Active ?? true,
                  Hidden: false,
                  Taxable: t.sales.length > 0,
                  TaxGroup: t.sales.length > 1,
                  SalesTaxRateList: {
                    TaxRateDetail:
                      t.purchaseOnly === true
                        ? []
                        : t.sales.map((s, i) => ({
                            TaxRateRef: {
                              value: s.rate,
                              name: (c.init.taxRates ?? []).find((r) => r.Id === s.rate)?.Name
                            },
                            TaxTypeApplicable: s.compound === true ? "TaxOnAmountPlusTax" : "TaxOnAmount",
                            TaxOrder: String(i)
                          }))
                  },
                  PurchaseTaxRateList: { TaxRateDetail: [] }
                }))
    // Like QuickBooks, inactive customers are left out unless the statement asks about `Active`.
    const askedActive = parsed.where.some((w) => w.field === "Active")
    let rows = source.filter(
      (row) =>
        (askedActive || parsed.entity !== "Customer" || row.Active !== false) &&
        parsed.where.every((w) => FakeQuery.matches(row, w))
    )
    if (parsed.orderBy !== undefined) {
      const { field, descending } = parsed.orderBy
      rows = [...rows].sort((a, b) => {
        const x = String(FakeQuery.fieldOf(a, field) ?? "")
        const y = String(FakeQuery.fieldOf(b, field) ?? "")
        return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1)
      })
    }
    const page = rows.slice(parsed.startPosition - 1, parsed.startPosition - 1 + parsed.maxResults)
    const time = new Date(now()).toISOString()
    return answer({
      QueryResponse:
        page.length === 0
          ? {}
          : { [parsed.entity]: page, startPosition: parsed.startPosition, maxResults: page.length },
      time
    })
  }

  const apiBase = `${endpoints.api}/v3/company/:realmId`

  const api = (
    method: "get" | "post",
    path: string,
    handle: (c: FakeCompany, request: Request, url: URL, body: string) => Response | Promise<Response>
  ) =>
    http[method](`${apiBase}/${path}`, async ({ request, params }) => {
      const { url, body, failure } = await open(request)
      if (failure !== undefined && !failure.lose) return failWith(failure)
      const realmId = String(params.realmId)
      const refused = authorize(request, realmId)
      if (refused !== undefined) return refused
      const c = companies.get(realmId)
      if (c === undefined)
        return fault(400, "ValidationFault", [
          { Message: "Invalid company", Detail: `No company ${realmId}`, code: "4001" }
        ])
      const result = await handle(c, request, url, body)
      return failure?.lose === true ? failWith(failure) : result
    })

  /** `POST` of an entity, answered again for a `requestid` QuickBooks has seen. */
  const create = (path: string, make: (c: FakeCompany, body: Record<string, unknown>) => Response) =>
    api("post", path, async (c, _request, url, text) => {
      const requestId = url.searchParams.get("requestid")
      const earlier = requestId === null ? undefined : c.requestIds.get(`${path}:${requestId}`)
      if (earlier !== undefined)
        return new HttpResponse(earlier.body, {
          status: earlier.status,
          headers: { "content-type": "application/json" }
        })
      let body: Record<string, unknown>
      try {
        body = Json.parse(text) as Record<string, unknown>
      } catch {
        return validation(
          "Request has invalid or unsupported property",
          "Could not parse the request body as JSON.",
          "2010"
        )
      }
      const response = make(c, body)
      // The answer is kept as sent (read from a clone, so the original can still be returned).
      if (requestId !== null)
        c.requestIds.set(`${path}:${requestId}`, { status: response.status, body: await response.clone().text() })
      return response
    })

  const handlers = [
    tokenHandler,
    revokeHandler,
    api("get", "companyinfo/:id", (c) =>
      answer({
        CompanyInfo: {
          Id: "1",
          CompanyName: c.init.name,
          LegalName: c.init.name,
          Country: c.init.country ?? "CA",
          SyncToken: "0",
          domain: "QBO",
          sparse: false
        },
        time: new Date(now()).toISOString()
      })
    ),
    api("get", "preferences", (c) =>
      answer({
        Preferences: {
          CurrencyPrefs: {
            MultiCurrencyEnabled: c.init.multiCurrency === true,
            HomeCurrency: { value: c.init.currency ?? "CAD" }
          },
          SalesFormsPrefs: { CustomTxnNumbers: c.init.customTxnNumbers === true }
        },
        time: new Date(now()).toISOString()
      })
    ),
    api("get", "query", (c, _request, url) => queryHandler(c, url.searchParams.get("query") ?? "")),
    create("customer", customerHandler),
    create("invoice", (c, body) => transactionHandler(c, "Invoice", body)),
    create("creditmemo", (c, body) => transactionHandler(c, "CreditMemo", body))
  ]

  const consent = (authorizeUrl: URL, realmId: string): URL => {
    const p = authorizeUrl.searchParams
    if (p.get("client_id") !== options.clientId) throw new Error("FakeQuickBooks: unknown client_id")
    if (p.get("response_type") !== "code") throw new Error("FakeQuickBooks: response_type must be code")
    if (!(p.get("scope") ?? "").split(" ").includes(Endpoints.SCOPE))
      throw new Error("FakeQuickBooks: accounting scope missing")
    if (p.get("code_challenge_method") !== "S256" || (p.get("code_challenge") ?? "") === "")
      throw new Error("FakeQuickBooks: a PKCE S256 challenge is required")
    const redirectUri = p.get("redirect_uri") ?? ""
    company(realmId)
    const code = token("AB11")
    codes.set(code, { realmId, redirectUri, challenge: p.get("code_challenge") ?? "", clientId: options.clientId })
    const callback = new URL(redirectUri)
    callback.searchParams.set("code", code)
    callback.searchParams.set("state", p.get("state") ?? "")
    callback.searchParams.set("realmId", realmId)
    return callback
  }

  /**
   * The consent page itself, for a flow that follows the authorize URL (a server test fetching it, a browser
   * whose requests reach msw): the user "approves" at once for the company `consentTo` names, the first one added
   * unless told, and is redirected to the callback; a request QuickBooks would refuse gets a 400 page.
   */
  let consentRealm: string | undefined
  const consentHandler = http.get(endpoints.authorize, async ({ request }) => {
    await open(request)
    const realmId = consentRealm ?? companies.keys().next().value
    try {
      if (realmId === undefined) throw new Error("FakeQuickBooks: no company to connect")
      return new HttpResponse(null, { status: 302, headers: { location: consent(new URL(request.url), realmId).href } })
    } catch (error) {
      return new HttpResponse((error as Error).message, { status: 400, headers: { "content-type": "text/plain" } })
    }
  })

  return {
    handlers: [consentHandler, ...handlers],
    consentTo: (realmId) => {
      consentRealm = realmId
    },
    endpoints,
    seen,
    addCompany,
    company,
    consent,
    expireAccessTokens: () => {
      for (const g of grants) g.accessExpiresAt = now() - 1
    },
    revokeRealm: (realmId) => {
      for (const g of grants) if (g.realmId === realmId) g.revoked = true
    },
    refreshTokenWorks: (t) => grants.some((g) => g.refresh === t && !g.revoked),
    slowNext: (path, ms) => {
      slowed.push({ path, ms })
    },
    failNext: (...failures) => {
      queued.push(...failures)
    }
  }
}
