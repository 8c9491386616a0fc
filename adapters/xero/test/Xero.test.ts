/**
 * The Xero add-on against `FakeXero` over msw (Xero's documented request and answer shapes, no internet): every
 * call's request as sent and answer as parsed, OAuth with PKCE, refresh and revocation, the errors Xero answers
 * with (400 validation, 401, 429, 5xx) and what retrying does, and that a document is never created twice.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Accounting, Document, Party, Tokens } from "@quotekit/addons/Accounting"
import { Effect, Option } from "effect"
import { delay, HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import * as oauth from "oauth4webapi"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeXero from "../src/testing/FakeXero.ts"
import * as Xero from "../src/Xero.ts"

const fake = FakeXero.make({ items: ["KIT-1"] })
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  fake.reset()
})
afterAll(() => server.close())

const redirectUri = "https://quotes.example.com/addons/callback"
const org = FakeXero.DEFAULT_ORGANISATIONS[0]!.id
const fast = { times: 3, baseDelayMs: 1, maxDelayMs: 5_000 }
const xero: Accounting = Xero.make({ clientId: fake.clientId, clientSecret: fake.clientSecret, retry: fast })

const calls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.pathname.endsWith(path))

/** The whole connect: the consent URL, the fake's consent, the code exchanged with the verifier. */
const connect = (choice?: Parameters<typeof fake.consent>[1]) =>
  Effect.gen(function* () {
    const verifier = oauth.generateRandomCodeVerifier()
    const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
    const url = xero.authorizeUrl({ state: "state-1", codeChallenge: challenge, redirectUri })
    const back = fake.consent(url, choice)
    return yield* xero.exchange({
      code: back.searchParams.get("code") ?? "",
      codeVerifier: verifier,
      redirectUri,
      params: back.searchParams
    })
  })

const party: Party = {
  name: "Harbour Joinery",
  first_name: "Mere",
  last_name: "Tane",
  email: "mere@harbourjoinery.co.nz",
  company: "Harbour Joinery Ltd"
}

const invoice = (contactId: string, overrides: Partial<Document> = {}): Document => ({
  kind: "invoice",
  reference: "qk-12-345",
  contact_id: contactId,
  date: "2026-11-25",
  due_date: "2026-12-09",
  currency: "NZD",
  amounts_include_tax: false,
  lines: [
    {
      description: "Kitchen cabinets",
      item_code: "KIT-1",
      quantity: "2.5000",
      unit_amount: "1234.5678",
      amount: "3086.42",
      tax_code: "OUTPUT2",
      account_code: null
    },
    {
      description: "Installation",
      item_code: "",
      quantity: "1",
      unit_amount: "450.00",
      amount: "450.00",
      tax_code: "OUTPUT2",
      account_code: "260"
    }
  ],
  total: "4066.88",
  ...overrides
})

/** Connected, with the customer in Xero. */
const ready = Effect.gen(function* () {
  const { tokens } = yield* connect()
  const contact = yield* xero.createContact(tokens, org, party)
  return { tokens, contact }
})

describe("connecting", () => {
  it("the consent URL carries the client, the scopes with offline_access, state and a PKCE S256 challenge", () => {
    const url = xero.authorizeUrl({ state: "st-42", codeChallenge: "chal-lenge", redirectUri })
    assert.strictEqual(url.origin + url.pathname, "https://login.xero.com/identity/connect/authorize")
    const p = url.searchParams
    assert.strictEqual(p.get("response_type"), "code")
    assert.strictEqual(p.get("client_id"), fake.clientId)
    assert.strictEqual(p.get("redirect_uri"), redirectUri)
    assert.strictEqual(p.get("state"), "st-42")
    assert.strictEqual(p.get("code_challenge"), "chal-lenge")
    assert.strictEqual(p.get("code_challenge_method"), "S256")
    assert.deepStrictEqual(p.get("scope")?.split(" "), [...Xero.DEFAULT_SCOPES])
    assert.include(p.get("scope"), "offline_access")
  })

  it.live("exchanges the code with the verifier and lists the organisations with their currency", () =>
    Effect.gen(function* () {
      const before = Date.now()
      const connected = yield* connect()
      assert.deepStrictEqual(connected.organisations, [{ id: org, name: "Demo Company (NZ)", currency: "NZD" }])
      assert.match(connected.tokens.access_token, /^fake-xero-access-/)
      assert.match(connected.tokens.refresh_token, /^fake-xero-refresh-/)
      assert.isAtLeast(connected.tokens.expires_at, before + 1_790_000)
      assert.isAtMost(connected.tokens.expires_at, Date.now() + 1_800_000)
      const [tokenCall] = calls("POST", "/connect/token")
      const form = new URLSearchParams(tokenCall!.body)
      assert.strictEqual(form.get("grant_type"), "authorization_code")
      assert.strictEqual(form.get("redirect_uri"), redirectUri)
      assert.isTrue((form.get("code_verifier") ?? "").length >= 43)
      assert.match(tokenCall!.headers.get("authorization") ?? "", /^Basic /)
      assert.strictEqual(
        calls("GET", "/connections")[0]!.headers.get("authorization"),
        `Bearer ${connected.tokens.access_token}`
      )
      assert.strictEqual(calls("GET", "/Organisation")[0]!.headers.get("xero-tenant-id"), org)
    })
  )

  it.live("only the organisations the user ticked are listed", () =>
    Effect.gen(function* () {
      const two = FakeXero.make({
        organisations: [
          { id: "11111111-1111-4111-8111-111111111111", name: "North Ltd", currency: "NZD" },
          { id: "22222222-2222-4222-8222-222222222222", name: "South Pty", currency: "AUD" }
        ]
      })
      server.use(...two.handlers)
      const client = Xero.make({ clientId: two.clientId, clientSecret: two.clientSecret, retry: fast })
      const verifier = oauth.generateRandomCodeVerifier()
      const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
      const back = two.consent(client.authorizeUrl({ state: "s", codeChallenge: challenge, redirectUri }), {
        organisations: ["22222222-2222-4222-8222-222222222222"]
      })
      const connected = yield* client.exchange({
        code: back.searchParams.get("code")!,
        codeVerifier: verifier,
        redirectUri,
        params: back.searchParams
      })
      assert.deepStrictEqual(connected.organisations, [
        { id: "22222222-2222-4222-8222-222222222222", name: "South Pty", currency: "AUD" }
      ])
    })
  )

  it.live("a wrong verifier, a refused consent and a wrong secret are auth failures", () =>
    Effect.gen(function* () {
      const url = xero.authorizeUrl({ state: "s", codeChallenge: "not-the-verifiers-challenge", redirectUri })
      const back = fake.consent(url)
      const wrong = yield* Effect.flip(
        xero.exchange({
          code: back.searchParams.get("code")!,
          codeVerifier: oauth.generateRandomCodeVerifier(),
          redirectUri,
          params: back.searchParams
        })
      )
      assert.strictEqual(wrong.kind, "auth")
      assert.include(wrong.message, "invalid_grant")

      const denied = fake.consent(url, { deny: true })
      const refused = yield* Effect.flip(
        xero.exchange({ code: "", codeVerifier: "v", redirectUri, params: denied.searchParams })
      )
      assert.strictEqual(refused.kind, "auth")
      assert.include(refused.message, "access_denied")

      const impostor = Xero.make({ clientId: fake.clientId, clientSecret: "wrong", retry: fast })
      const verifier = oauth.generateRandomCodeVerifier()
      const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
      const again = fake.consent(impostor.authorizeUrl({ state: "s", codeChallenge: challenge, redirectUri }))
      const bad = yield* Effect.flip(
        impostor.exchange({
          code: again.searchParams.get("code")!,
          codeVerifier: verifier,
          redirectUri,
          params: again.searchParams
        })
      )
      assert.strictEqual(bad.kind, "auth")
      assert.include(bad.message, "invalid_client")
    })
  )
})

describe("a stand-in Xero over plain http", () => {
  it.live("connects and creates against configured addresses (a local fake for development)", () =>
    Effect.gen(function* () {
      const local = FakeXero.make({
        identityUrl: "http://127.0.0.1:4999/identity",
        apiUrl: "http://127.0.0.1:4999/api",
        loginUrl: "http://127.0.0.1:4999/login"
      })
      server.use(...local.handlers)
      const client = Xero.make({
        clientId: local.clientId,
        clientSecret: local.clientSecret,
        identityUrl: "http://127.0.0.1:4999/identity",
        apiUrl: "http://127.0.0.1:4999/api",
        loginUrl: "http://127.0.0.1:4999/login",
        appUrl: "http://127.0.0.1:4999/app",
        scopes: ["offline_access", "accounting.transactions", "accounting.contacts", "accounting.settings.read"],
        retry: fast
      })
      const verifier = oauth.generateRandomCodeVerifier()
      const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
      const url = client.authorizeUrl({ state: "s", codeChallenge: challenge, redirectUri })
      assert.strictEqual(url.origin + url.pathname, "http://127.0.0.1:4999/login/identity/connect/authorize")
      assert.include(url.searchParams.get("scope"), "accounting.transactions")
      const back = local.consent(url)
      const { tokens } = yield* client.exchange({
        code: back.searchParams.get("code")!,
        codeVerifier: verifier,
        redirectUri,
        params: back.searchParams
      })
      const contact = yield* client.createContact(tokens, org, party)
      assert.strictEqual(contact.url, `http://127.0.0.1:4999/app/Contacts/View/${contact.id}`)
      const fresh = yield* client.refresh(tokens)
      yield* client.revoke(fresh)
      assert.strictEqual(local.invoices.length, 0)
      assert.strictEqual(local.contacts.length, 1)
    })
  )
})

describe("tokens", () => {
  it.live("an expired access token is a 401 (auth) until refreshed; the refresh token rotates", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.expireAccessTokens()
      const expired = yield* Effect.flip(xero.taxRates(tokens, org))
      assert.strictEqual(expired.kind, "auth")
      assert.include(expired.message, "TokenExpired")
      const fresh = yield* xero.refresh(tokens)
      assert.notStrictEqual(fresh.access_token, tokens.access_token)
      assert.notStrictEqual(fresh.refresh_token, tokens.refresh_token)
      assert.isAbove(fresh.expires_at, Date.now())
      assert.isNotEmpty(yield* xero.taxRates(fresh, org))
      const form = new URLSearchParams(calls("POST", "/connect/token").at(-1)!.body)
      assert.strictEqual(form.get("grant_type"), "refresh_token")
      assert.strictEqual(form.get("refresh_token"), tokens.refresh_token)
      // The spent refresh token is refused.
      assert.strictEqual((yield* Effect.flip(xero.refresh(tokens))).kind, "auth")
    })
  )

  it.live("a revoked refresh token is an auth failure with Xero's invalid_grant", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.revokeRefreshTokens()
      const error = yield* Effect.flip(xero.refresh(tokens))
      assert.strictEqual(error.kind, "auth")
      assert.include(error.message, "invalid_grant")
      assert.strictEqual((yield* Effect.flip(xero.taxRates(tokens, org))).kind, "auth")
    })
  )

  it.live("revoke sends the refresh token to the revocation endpoint and ends the connection", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      yield* xero.revoke(tokens)
      const form = new URLSearchParams(calls("POST", "/connect/revocation")[0]!.body)
      assert.strictEqual(form.get("token"), tokens.refresh_token)
      assert.strictEqual(form.get("token_type_hint"), "refresh_token")
      assert.strictEqual((yield* Effect.flip(xero.refresh(tokens))).kind, "auth")
    })
  )

  it.live("a 503 from the token endpoint is retried", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("POST token", { status: 503 })
      const fresh = yield* xero.refresh(tokens)
      assert.match(fresh.access_token, /^fake-xero-access-/)
      assert.strictEqual(calls("POST", "/connect/token").length, 3)
    })
  )
})

describe("tax rates and contacts", () => {
  it.live("tax rates: the active revenue rates with TaxType, Name and EffectiveRate kept exact", () =>
    Effect.gen(function* () {
      const exotic = FakeXero.make({
        taxRates: [
          { TaxType: "OUTPUT", Name: "Sales Tax (Harris County)", EffectiveRate: "8.2500" },
          { TaxType: "TAX002", Name: "Precise", EffectiveRate: "12.3456" },
          { TaxType: "OLD", Name: "Old rate", EffectiveRate: "12.5000", Status: "ARCHIVED" },
          { TaxType: "INPUT", Name: "Purchases", EffectiveRate: "10.0000", CanApplyToRevenue: false }
        ]
      })
      server.use(...exotic.handlers)
      const client = Xero.make({ clientId: exotic.clientId, clientSecret: exotic.clientSecret, retry: fast })
      const verifier = oauth.generateRandomCodeVerifier()
      const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
      const back = exotic.consent(client.authorizeUrl({ state: "s", codeChallenge: challenge, redirectUri }))
      const { tokens } = yield* client.exchange({
        code: back.searchParams.get("code")!,
        codeVerifier: verifier,
        redirectUri,
        params: back.searchParams
      })
      assert.deepStrictEqual(yield* client.taxRates(tokens, org), [
        { code: "OUTPUT", name: "Sales Tax (Harris County)", rate: "8.25" },
        { code: "TAX002", name: "Precise", rate: "12.3456" }
      ])
      const call = exotic.requests.find((r) => r.url.pathname === "/api.xro/2.0/TaxRates")!
      assert.strictEqual(call.headers.get("xero-tenant-id"), org)
      assert.strictEqual(call.headers.get("authorization"), `Bearer ${tokens.access_token}`)
    })
  )

  it.live("a tenant the connection does not reach is an auth failure (403)", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      const error = yield* Effect.flip(xero.taxRates(tokens, "00000000-0000-4000-8000-000000000000"))
      assert.strictEqual(error.kind, "auth")
      assert.include(error.message, "AuthorizationUnsuccessful")
    })
  )

  it.live("creates the contact with its name, person and email, under an idempotency key", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      assert.strictEqual(contact.name, "Harbour Joinery")
      assert.strictEqual(contact.email, "mere@harbourjoinery.co.nz")
      assert.strictEqual(contact.url, `https://go.xero.com/Contacts/View/${contact.id}`)
      const sent = JSON.parse(calls("POST", "/Contacts")[0]!.body)
      assert.deepStrictEqual(sent, {
        Contacts: [
          {
            Name: "Harbour Joinery",
            FirstName: "Mere",
            LastName: "Tane",
            EmailAddress: "mere@harbourjoinery.co.nz",
            IsCustomer: true
          }
        ]
      })
      assert.match(calls("POST", "/Contacts")[0]!.headers.get("idempotency-key") ?? "", /^qk-contact-[0-9a-f]{64}$/)
      // The same name again: Xero's own validation text.
      const twice = yield* Effect.flip(xero.createContact(tokens, org, { ...party, email: "other@example.com" }))
      assert.strictEqual(twice.kind, "rejected")
      assert.strictEqual(
        twice.message,
        "The contact name Harbour Joinery is already assigned to another contact. The contact name must be unique across all active contacts."
      )
    })
  )

  it.live("finds a contact by email first (any case), then by exact name, else none", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      const byEmail = fake.addContact({ Name: "Someone Else", EmailAddress: "Mere@HarbourJoinery.co.nz" })
      const byName = fake.addContact({ Name: 'Quote "Co" \\ Ltd' })
      fake.addContact({ Name: "Archived Ltd", ContactStatus: "ARCHIVED" })

      const first = yield* xero.findContact(tokens, org, { ...party, email: "Mere@HarbourJoinery.co.nz" })
      assert.strictEqual(Option.getOrThrow(first).id, byEmail.ContactID)
      assert.strictEqual(
        calls("GET", "/Contacts")[0]!.url.searchParams.get("where"),
        'EmailAddress=="Mere@HarbourJoinery.co.nz"'
      )

      const second = yield* xero.findContact(tokens, org, {
        ...party,
        name: 'Quote "Co" \\ Ltd',
        email: "none@x.example"
      })
      assert.strictEqual(Option.getOrThrow(second).id, byName.ContactID)
      assert.strictEqual(
        calls("GET", "/Contacts").at(-1)!.url.searchParams.get("where"),
        'Name=="Quote \\"Co\\" \\\\ Ltd"'
      )

      const none = yield* xero.findContact(tokens, org, { ...party, name: "Archived Ltd", email: "" })
      assert.isTrue(Option.isNone(none))
    })
  )

  it.live("searches contacts by text; an empty search asks nothing", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.addContact({ Name: "Harbour Joinery", EmailAddress: "mere@harbourjoinery.co.nz" })
      fake.addContact({ Name: "Harbourside Cafe" })
      fake.addContact({ Name: "Inland Builders" })
      const found = yield* xero.searchContacts(tokens, org, "harbour")
      assert.deepStrictEqual(
        found.map((c) => c.name),
        ["Harbour Joinery", "Harbourside Cafe"]
      )
      assert.strictEqual(calls("GET", "/Contacts")[0]!.url.searchParams.get("searchTerm"), "harbour")
      assert.deepStrictEqual(yield* xero.searchContacts(tokens, org, "  "), [])
      assert.strictEqual(calls("GET", "/Contacts").length, 1)
    })
  )
})

describe("documents", () => {
  it.live("creates an AUTHORISED ACCREC invoice with exact numbers, the reference, taxes, accounts and items", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const created = yield* xero.createDocument(tokens, org, invoice(contact.id))
      const stored = fake.invoices[0]!
      assert.deepStrictEqual(created, {
        id: stored.ID,
        number: "INV-0001",
        url: `https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=${stored.ID}`
      })
      // Looked up by reference before creating.
      const lookup = calls("GET", "/Invoices")[0]!
      assert.strictEqual(lookup.url.searchParams.get("where"), 'Type=="ACCREC" AND Reference=="qk-12-345"')
      const post = calls("POST", "/Invoices")[0]!
      assert.strictEqual(post.url.searchParams.get("unitdp"), "4")
      assert.match(post.headers.get("idempotency-key") ?? "", /^qk-invoice-[0-9a-f]{64}$/)
      assert.strictEqual(post.headers.get("xero-tenant-id"), org)
      // Money goes as JSON numbers with exactly quotekit's digits.
      assert.include(post.body, '"Quantity":2.5000,"UnitAmount":1234.5678,"LineAmount":3086.42')
      const sent = JSON.parse(post.body).Invoices[0]
      assert.deepStrictEqual(
        { ...sent, LineItems: undefined },
        {
          Type: "ACCREC",
          Contact: { ContactID: contact.id },
          Date: "2026-11-25",
          LineAmountTypes: "Exclusive",
          Reference: "qk-12-345",
          CurrencyCode: "NZD",
          Status: "AUTHORISED",
          LineItems: undefined,
          DueDate: "2026-12-09"
        }
      )
      assert.deepStrictEqual(sent.LineItems[0], {
        Description: "Kitchen cabinets",
        Quantity: 2.5,
        UnitAmount: 1234.5678,
        LineAmount: 3086.42,
        TaxType: "OUTPUT2",
        ItemCode: "KIT-1"
      })
      assert.deepStrictEqual(sent.LineItems[1], {
        Description: "Installation",
        Quantity: 1,
        UnitAmount: 450,
        LineAmount: 450,
        TaxType: "OUTPUT2",
        AccountCode: "260"
      })
      // Xero's totals agree with quotekit's to the cent.
      assert.strictEqual(stored.Total, "4066.88")
      assert.strictEqual(stored.TotalTax, "530.46")
      assert.strictEqual(stored.Status, "AUTHORISED")
    })
  )

  it.live("a line without an account takes the default account, an unknown item code is left out", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const doc = invoice(contact.id, {
        lines: [
          {
            description: "Custom part",
            item_code: "NOT-IN-XERO",
            quantity: "3",
            unit_amount: "10.00",
            amount: "30.00",
            tax_code: "OUTPUT2",
            account_code: null
          }
        ],
        total: "34.50"
      })
      yield* xero.createDocument(tokens, org, doc)
      const line = JSON.parse(calls("POST", "/Invoices")[0]!.body).Invoices[0].LineItems[0]
      assert.strictEqual(line.AccountCode, "200")
      assert.notProperty(line, "ItemCode")
      assert.strictEqual(fake.invoices[0]!.Total, "34.50")
    })
  )

  it.live("prices that include tax are Inclusive; a document with no tax at all is NoTax; mixed lines get NONE", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      yield* xero.createDocument(tokens, org, invoice(contact.id, { reference: "qk-incl", amounts_include_tax: true }))
      assert.strictEqual(fake.invoices[0]!.LineAmountTypes, "Inclusive")
      assert.strictEqual(fake.invoices[0]!.Total, "3536.42")
      assert.strictEqual(fake.invoices[0]!.TotalTax, "461.28")

      const untaxed = invoice(contact.id, {
        reference: "qk-none",
        lines: invoice(contact.id).lines.map((l) => ({ ...l, tax_code: null }))
      })
      yield* xero.createDocument(tokens, org, untaxed)
      const none = JSON.parse(calls("POST", "/Invoices")[1]!.body).Invoices[0]
      assert.strictEqual(none.LineAmountTypes, "NoTax")
      assert.notProperty(none.LineItems[0], "TaxType")
      assert.strictEqual(fake.invoices[1]!.Total, "3536.42")

      const [first, second] = invoice(contact.id).lines
      const mixed = invoice(contact.id, { reference: "qk-mixed", lines: [first!, { ...second!, tax_code: null }] })
      yield* xero.createDocument(tokens, org, mixed)
      const sent = JSON.parse(calls("POST", "/Invoices")[2]!.body).Invoices[0]
      assert.strictEqual(sent.LineAmountTypes, "Exclusive")
      assert.strictEqual(sent.LineItems[1].TaxType, "NONE")
    })
  )

  it.live("a line that is a share of its price (a 30% deposit) goes as one unit at its amount", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const deposit = invoice(contact.id, {
        reference: "qk-12-deposit",
        lines: [
          {
            description: "Kitchen cabinets",
            item_code: "",
            quantity: "2",
            unit_amount: "1000.00",
            amount: "600.00",
            tax_code: "OUTPUT2",
            account_code: null
          }
        ],
        total: "690.00"
      })
      yield* xero.createDocument(tokens, org, deposit)
      const line = fake.invoices[0]!.LineItems[0]!
      assert.strictEqual(line.Description, "Kitchen cabinets (2 × 1000.00)")
      assert.strictEqual(line.Quantity, "1.0000")
      assert.strictEqual(line.LineAmount, "600.00")
      assert.strictEqual(fake.invoices[0]!.Total, "690.00")
    })
  )

  it.live("a credit becomes an ACCRECCREDIT credit note with positive amounts and its own URL", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const credit: Document = {
        ...invoice(contact.id),
        kind: "credit",
        reference: "qk-12-credit-1",
        lines: [
          {
            description: "Credit: cabinets returned",
            item_code: "",
            quantity: "1",
            unit_amount: "-200.00",
            amount: "-200.00",
            tax_code: "OUTPUT2",
            account_code: null
          }
        ],
        total: "-230.00"
      }
      const created = yield* xero.createDocument(tokens, org, credit)
      const stored = fake.creditNotes[0]!
      assert.deepStrictEqual(created, {
        id: stored.ID,
        number: "CN-0001",
        url: `https://go.xero.com/AccountsReceivable/ViewCreditNote.aspx?creditNoteID=${stored.ID}`
      })
      const sent = JSON.parse(calls("POST", "/CreditNotes")[0]!.body).CreditNotes[0]
      assert.strictEqual(sent.Type, "ACCRECCREDIT")
      assert.notProperty(sent, "DueDate")
      assert.strictEqual(sent.LineItems[0].UnitAmount, 200)
      assert.strictEqual(stored.Total, "230.00")
      assert.strictEqual(
        calls("GET", "/CreditNotes")[0]!.url.searchParams.get("where"),
        'Type=="ACCRECCREDIT" AND Reference=="qk-12-credit-1"'
      )
      // Found again by its reference.
      const found = yield* xero.findDocument(tokens, org, "credit", "qk-12-credit-1")
      assert.deepStrictEqual(Option.getOrThrow(found), created)
      assert.isTrue(Option.isNone(yield* xero.findDocument(tokens, org, "invoice", "qk-12-credit-1")))
    })
  )

  it.live("an invoice that already exists with the reference is returned, not created again", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const first = yield* xero.createDocument(tokens, org, invoice(contact.id))
      const again = yield* xero.createDocument(tokens, org, invoice(contact.id))
      assert.deepStrictEqual(again, first)
      assert.strictEqual(fake.invoices.length, 1)
      assert.strictEqual(calls("POST", "/Invoices").length, 1)
    })
  )
})

describe("documents voided in Xero", () => {
  it.live("a voided or deleted invoice with the reference does not stop a new one", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const first = yield* xero.createDocument(tokens, org, invoice(contact.id))
      fake.setStatus(first.id, "VOIDED")
      assert.isTrue(Option.isNone(yield* xero.findDocument(tokens, org, "invoice", "qk-12-345")))
      const second = yield* xero.createDocument(tokens, org, invoice(contact.id, { date: "2026-11-26" }))
      assert.notStrictEqual(second.id, first.id)
      assert.strictEqual(second.number, "INV-0002")
      fake.setStatus(second.id, "PAID")
      assert.deepStrictEqual(Option.getOrThrow(yield* xero.findDocument(tokens, org, "invoice", "qk-12-345")), second)
    })
  )
})

describe("errors and retries", () => {
  const created = (tokens: Tokens, contactId: string) => xero.createDocument(tokens, org, invoice(contactId))

  it.live("Xero's validation errors are `rejected` with Xero's own text", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const bad = invoice(contact.id, {
        lines: [{ ...invoice(contact.id).lines[1]!, tax_code: "GST99", account_code: "999" }]
      })
      const error = yield* Effect.flip(xero.createDocument(tokens, org, bad))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(
        error.message,
        "Account code '999' is not a valid code for this document.\nThe TaxType code 'GST99' does not exist or cannot be used for this type of transaction."
      )
      fake.fail("POST Invoices", { status: 400, messages: ["Invoice # must be unique."] })
      const injected = yield* Effect.flip(created(tokens, contact.id))
      assert.strictEqual(injected.kind, "rejected")
      assert.strictEqual(injected.message, "Invoice # must be unique.")
      assert.strictEqual(calls("POST", "/Invoices").length, 2)
      assert.strictEqual(fake.invoices.length, 0)
    })
  )

  it.live("a 401 is `auth`, not retried", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      fake.fail("POST Invoices", { status: 401 })
      const error = yield* Effect.flip(created(tokens, contact.id))
      assert.strictEqual(error.kind, "auth")
      assert.strictEqual(calls("POST", "/Invoices").length, 1)
    })
  )

  it.live("a 429 then success creates exactly one invoice, after waiting as Retry-After says", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      fake.fail("POST Invoices", { status: 429, retryAfterSeconds: 1, problem: "minute" })
      const started = Date.now()
      const result = yield* created(tokens, contact.id)
      assert.isAtLeast(Date.now() - started, 950)
      assert.strictEqual(result.number, "INV-0001")
      assert.strictEqual(fake.invoices.length, 1)
      assert.strictEqual(calls("POST", "/Invoices").length, 2)
    })
  )

  it.live("an answer lost after Xero created the invoice (500) is retried under the same key: still one invoice", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      fake.fail("POST Invoices", { status: 500 }, { after: true })
      const result = yield* created(tokens, contact.id)
      assert.strictEqual(fake.invoices.length, 1)
      assert.strictEqual(result.id, fake.invoices[0]!.ID)
      const posts = calls("POST", "/Invoices")
      assert.strictEqual(posts.length, 2)
      assert.strictEqual(posts[0]!.headers.get("idempotency-key"), posts[1]!.headers.get("idempotency-key"))
    })
  )

  it.live("5xx past the retries is `unavailable`; the daily limit fails at once with retryAfterMs", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      fake.fail("GET Invoices", { status: 503 }, { times: 4 })
      const down = yield* Effect.flip(created(tokens, contact.id))
      assert.strictEqual(down.kind, "unavailable")
      assert.include(down.message, "HTTP 503")
      assert.strictEqual(calls("GET", "/Invoices").length, 4)

      fake.fail("GET Invoices", { status: 429, retryAfterSeconds: 86_400, problem: "day" })
      const limited = yield* Effect.flip(created(tokens, contact.id))
      assert.strictEqual(limited.kind, "rate-limited")
      assert.strictEqual(limited.retryAfterMs, 86_400_000)
      assert.include(limited.message, "day limit")
      assert.strictEqual(calls("GET", "/Invoices").length, 5)
      assert.strictEqual(fake.invoices.length, 0)
    })
  )

  it.live("no answer at all is `unavailable` after the retries", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      let tries = 0
      server.use(
        http.get("https://api.xero.com/api.xro/2.0/TaxRates", () => {
          tries++
          return HttpResponse.error()
        })
      )
      const error = yield* Effect.flip(xero.taxRates(tokens, org))
      assert.strictEqual(error.kind, "unavailable")
      assert.include(error.message, "Xero could not be reached")
      assert.strictEqual(tries, 4)
    })
  )

  it.live("a request with no answer in time is given up, retried, then `unavailable`", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      let tries = 0
      server.use(
        http.get("https://api.xero.com/api.xro/2.0/TaxRates", async () => {
          tries++
          await delay(5_000)
          return HttpResponse.json({ TaxRates: [] })
        })
      )
      const impatient = Xero.make({
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        retry: { ...fast, times: 1 },
        timeoutMs: 100
      })
      const error = yield* Effect.flip(impatient.taxRates(tokens, org))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Xero did not answer within 0.1 s.")
      assert.strictEqual(tries, 2)
    })
  )

  it.live("a decimal that is not one is refused before anything is sent", () =>
    Effect.gen(function* () {
      const { tokens, contact } = yield* ready
      const bad = invoice(contact.id, { lines: [{ ...invoice(contact.id).lines[0]!, unit_amount: "1e3" }] })
      const error = yield* Effect.flip(xero.createDocument(tokens, org, bad))
      assert.strictEqual(error.kind, "rejected")
      assert.include(error.message, "unit amount")
      assert.strictEqual(calls("POST", "/Invoices").length, 0)
    })
  )
})
