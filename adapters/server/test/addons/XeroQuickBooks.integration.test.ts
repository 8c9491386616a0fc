/**
 * The server with the real Xero and QuickBooks add-ons (`@quotekit/xero`, `@quotekit/quickbooks`), their calls
 * answered at the server's network edge by `FakeXero` and `FakeQuickBooks` through msw with the providers'
 * documented shapes: connecting over OAuth 2 (state and PKCE S256, a callback with another state refused, the
 * organisation picked, the audit), a 30 % deposit and the remainder landing with their lines and the
 * organisation's tax rates, an adjustment's credit as a credit note, 429 and lost answers creating one document,
 * an access token refused before its time refreshed once, the add-on's refusal as the invoice's issue text, each
 * sync change on the real-time channel (`invoice-sync`), "Mark removed" leaving the add-on alone, disconnecting
 * keeping the history, and tokens in no answer.
 */
import { assert } from "@effect/vitest"
import * as Invoice from "@quotekit/core/Invoice"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { QuickBooks } from "@quotekit/quickbooks"
import * as FakeQuickBooks from "@quotekit/quickbooks/testing/FakeQuickBooks"
import { Xero } from "@quotekit/xero"
import * as FakeXero from "@quotekit/xero/testing/FakeXero"
import { Effect, Schedule } from "effect"
import { setupServer } from "msw/node"
import { afterAll, beforeAll } from "vitest"
import { type Browser, newAccount } from "../Harness.ts"
import { event, open } from "../push/Socket.ts"
import { contact, rows, saveBody, saveNew, taxRate } from "../quotes/Fixtures.ts"
import { layer, startConnect } from "./Fixtures.ts"

const HARBOUR = { id: "7c0e2bd4-3f0a-4a52-9a3e-1d2f5b6c7d8e", name: "Harbour Tiling (NZ)", currency: "NZD" }
const HOLDINGS = { id: "0b6f4c1e-8d2a-4e3b-b7c9-5a4d3e2f1a0b", name: "Harbour Holdings", currency: "NZD" }
const fakeXero = FakeXero.make({ organisations: [HOLDINGS, HARBOUR] })
const fakeQuickBooks = FakeQuickBooks.make({ clientId: "ABqkClient", clientSecret: "qk-client-secret" })
const network = setupServer(...fakeXero.handlers, ...fakeQuickBooks.handlers)
// Only the providers' addresses are answered; the test's requests to the server pass through.
beforeAll(() => network.listen({ onUnhandledFrame: "bypass" }))
afterAll(() => network.close())

const xero = Xero.make({
  clientId: fakeXero.clientId,
  clientSecret: fakeXero.clientSecret,
  retry: { times: 2, baseDelayMs: 20, maxDelayMs: 200 }
})
const quickbooks = QuickBooks.make({
  clientId: "ABqkClient",
  clientSecret: "qk-client-secret",
  environment: "sandbox",
  retry: { retries: 2, baseDelayMs: 20, maxDelayMs: 200, timeoutMs: 10_000 }
})

let realms = 9130350100
/** A QuickBooks company of its own (Canadian taxes: GST code 4 at 5 %). */
const newRealm = (name: string) => {
  const realmId = String(realms++)
  fakeQuickBooks.addCompany({ realmId, name, country: "CA", currency: "CAD" })
  return realmId
}

/** Currency ids: the organisation's own currency (Xero's demo is NZD, the QuickBooks company CAD). */
const NZD = 107
const CAD = 27

/** An accepted quote in `currency`: 3 boards at 100 taxed 15 % (or `rate`), labour 250 untaxed, a 30 % deposit. */
const acceptedQuote = (name: string, currency: number, rate = "15") =>
  Effect.gen(function* () {
    const owner = yield* newAccount(name)
    const b = owner.browser
    const tax = yield* taxRate(owner.accountId, rate)
    const person = yield* contact(owner.accountId, "Ada", `Payer${owner.accountId}`)
    const saved = yield* saveNew(b, owner.signinId, {
      quote: { title: "Deck", deposit_percent: "30", currency_id: currency },
      items: rows([
        { title: "Boards", unit: "100.00", qty: "3", item_tax_id: tax },
        { title: "Labour", unit: "250.00" }
      ]),
      contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
    })
    yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
    const accepted = yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
    assert.strictEqual(accepted.status, 200, accepted.text)
    return { ...owner, id: saved.quote_id, tax, person }
  })

/** Connect through the consent page (as the fake answers it) and the callback; the add-on's answer. */
const connectVia = (b: Browser, id: 1 | 7, consent: (url: URL) => URL) =>
  Effect.gen(function* () {
    const url = yield* startConnect(b, id)
    const back = consent(url)
    const answer = yield* b.post("/post/add-on-callback", { query: back.search })
    assert.strictEqual(answer.status, 200, answer.text)
    return answer.body
  })

const picture = (b: Browser, id: number) =>
  Effect.map(b.get(`/get/quote-invoices/${id}`), (a) => {
    assert.strictEqual(a.status, 200, a.text)
    return a.body
  })

type Row = { invoice: Record<string, unknown>; applied: string }
const invoicesOf = (view: { groups: ReadonlyArray<{ key: string; invoices: ReadonlyArray<Row> }> }) =>
  view.groups.find((g) => g.key === "up-front")?.invoices ?? []

/** The picture once no invoice is syncing. */
const settled = (b: Browser, id: number) =>
  picture(b, id).pipe(
    Effect.flatMap((view) =>
      invoicesOf(view).some((r) => r.invoice.invoice_sync_status === Invoice.SyncStatus.Syncing)
        ? Effect.fail("syncing" as const)
        : Effect.succeed(view)
    ),
    Effect.retry({ schedule: Schedule.spaced("100 millis"), times: 300 }),
    Effect.orDie
  )

const act = (b: Browser, id: number, type: number, percent: number, adj = 0) =>
  Effect.gen(function* () {
    const view = yield* picture(b, id)
    const made = yield* b.post(`/act-on/quote-invoice/action/do-create/${type}/${id}/up-front/${adj}/${percent}/0`, {
      _modifiedIn: view._modifiedIn
    })
    assert.strictEqual(made.status, 200, made.text)
    return made.body
  })

/** Every bearer token the server sent to a fake, and the refresh tokens it was given. */
const xeroTokens = (): Array<string> => [
  ...new Set(
    fakeXero.requests.flatMap((r) => {
      const bearer = /^Bearer (.+)$/.exec(r.headers.get("authorization") ?? "")?.[1]
      const refresh = new URLSearchParams(r.body).get("refresh_token")
      return [bearer, refresh].filter((t): t is string => t !== undefined && t !== null && t !== "")
    })
  )
]

/** What the server logged while these tests ran. */
const logs: Array<string> = []

const assertNoTokens = (text: string, tokens: ReadonlyArray<string>) => {
  for (const t of tokens) assert.notInclude(text, t)
}

describeBackends(
  "Xero and QuickBooks through their fakes",
  (it) => {
    it.effect(
      "Xero: OAuth with state and PKCE, the organisation picked and audited; a 30 % deposit and the rest land with the organisation's tax; each sync change is announced",
      () =>
        Effect.gen(function* () {
          const q = yield* acceptedQuote("Harbour", NZD)
          const b = q.browser

          // A callback with another state is refused and connects nothing.
          const consent = yield* startConnect(b, 1)
          assert.strictEqual(consent.origin, "https://login.xero.com")
          assert.strictEqual(consent.searchParams.get("code_challenge_method"), "S256")
          const honest = fakeXero.consent(consent)
          const forged = new URLSearchParams(honest.search)
          forged.set("state", "not-the-state")
          const refused = yield* b.post("/post/add-on-callback", { query: `?${forged}` })
          assert.strictEqual(refused.status, 400, refused.text)
          assert.match(refused.body._serveError.message, /expired or was already used/)
          assert.strictEqual((yield* b.get("/get/add-ons")).body.addons[0].state, "off")

          // The right state: Xero's token endpoint checks the PKCE verifier; two organisations, one is picked.
          const back = yield* b.post("/post/add-on-callback", { query: honest.search })
          assert.strictEqual(back.status, 200, back.text)
          assert.deepStrictEqual(back.body.connection.organisations.map((o: { name: string }) => o.name).sort(), [
            "Harbour Holdings",
            "Harbour Tiling (NZ)"
          ])
          const chosen = yield* b.post("/post/add-on-organisation/1", { organisation_id: HARBOUR.id })
          assert.strictEqual(chosen.status, 200, chosen.text)
          assert.strictEqual(chosen.body.state, "connected")
          assert.strictEqual(chosen.body.connection.organisation_name, HARBOUR.name)

          // Our 15 % maps to Xero's '15% GST on Income'; revenue account 200.
          const mapping = yield* b.get("/get/add-on-taxes/1")
          assert.strictEqual(mapping.status, 200, mapping.text)
          assert.includeDeepMembers(mapping.body.rates, [{ code: "OUTPUT2", name: "15% GST on Income", rate: "15" }])
          const saved = yield* b.post("/post/add-on-taxes/1", {
            mapping: [{ tax_id: q.tax, code: "OUTPUT2" }],
            account_code: "200"
          })
          assert.strictEqual(saved.status, 200, saved.text)

          const socket = yield* open(b)
          socket.send({ type: "join", room: "account" })
          const created = fakeXero.invoices.length
          yield* act(b, q.id, Invoice.InvoiceType.Deposit, 30)
          const syncing = yield* socket.next(
            event("invoice-sync", (p) => p.quote_id === q.id),
            10_000
          )
          const queued = (syncing.payload as { invoice: Record<string, unknown> }).invoice
          assert.deepStrictEqual(
            [queued.invoice_status, queued.invoice_sync_status, queued.addon_id],
            [Invoice.InvoiceStatus.Queued, Invoice.SyncStatus.Syncing, 1]
          )
          const synced = yield* socket.next(
            event(
              "invoice-sync",
              (p) => (p.invoice as { invoice_sync_status: number }).invoice_sync_status === Invoice.SyncStatus.Synced
            ),
            20_000
          )
          const deposit = fakeXero.invoices[created]!
          const announced = (synced.payload as { invoice: Record<string, unknown> }).invoice
          assert.deepStrictEqual(
            [announced.invoice_status, announced.addon_invoice_number, announced.addon_invoice_id],
            [Invoice.InvoiceStatus.Sent, deposit.Number, deposit.ID]
          )
          yield* act(b, q.id, Invoice.InvoiceType.Invoice, 70)
          const done = yield* settled(b, q.id)
          socket.close()

          const rest = fakeXero.invoices[created + 1]!
          assert.strictEqual(fakeXero.invoices.length, created + 2)
          for (const doc of [deposit, rest]) {
            assert.deepStrictEqual(
              [doc.tenantId, doc.Type, doc.Status, doc.LineAmountTypes, doc.CurrencyCode],
              [HARBOUR.id, "ACCREC", "AUTHORISED", "Exclusive", "NZD"]
            )
          }
          const lines = (doc: FakeXero.FakeDocument) =>
            doc.LineItems.map((l) => [l.Description, l.Quantity, l.UnitAmount, l.LineAmount, l.TaxType, l.TaxAmount])
          assert.deepStrictEqual(lines(deposit), [
            ["Boards (30%)", "0.9000", "100.0000", "90.00", "OUTPUT2", "13.50"],
            ["Labour (30%)", "0.3000", "250.0000", "75.00", "NONE", "0.00"]
          ])
          assert.deepStrictEqual([deposit.SubTotal, deposit.TotalTax, deposit.Total], ["165.00", "13.50", "178.50"])
          assert.deepStrictEqual(lines(rest), [
            ["Boards (70%)", "2.1000", "100.0000", "210.00", "OUTPUT2", "31.50"],
            ["Labour (70%)", "0.7000", "250.0000", "175.00", "NONE", "0.00"]
          ])
          assert.strictEqual(rest.Total, "416.50")
          // The one Xero contact made for our contact, whose lookup link the contact's view now carries.
          assert.strictEqual(deposit.ContactID, rest.ContactID)
          const person = fakeXero.contacts.find((c) => c.ContactID === deposit.ContactID)!
          assert.deepStrictEqual([person.Name, person.EmailAddress], [`Ada Payer${q.accountId}`, "ada@example.com"])
          const view = yield* b.get(`/get/contact-view/${q.person}`)
          assert.strictEqual(view.status, 200, view.text)
          assert.strictEqual(view.body.meta.lookup_addon_id, 1)
          assert.include(view.body.meta.lookup_url, deposit.ContactID)

          const rows = invoicesOf(done)
          assert.deepStrictEqual(
            rows.map((r) => [r.invoice.invoice_sync_status, r.invoice.addon_invoice_number]),
            [
              [Invoice.SyncStatus.Synced, deposit.Number],
              [Invoice.SyncStatus.Synced, rest.Number]
            ]
          )
          assert.include(rows[0]!.invoice.addon_invoice_url as string, deposit.ID)

          // Who connected what, and when.
          const audit = yield* b.get("/get/add-on-audit")
          assert.deepStrictEqual(
            audit.body.rows.map((r: { action: string; who: string; detail: string }) => [r.action, r.who, r.detail]),
            [
              ["tax-mapping-changed", "Harbour Tester", HARBOUR.name],
              ["organisation-chosen", "Harbour Tester", HARBOUR.name],
              ["connected", "Harbour Tester", ""]
            ]
          )
          assert.isAbove(audit.body.rows[2].at, Math.floor(Date.now() / 1000) - 600)

          // No token in any answer.
          const tokens = xeroTokens()
          assert.isAbove(tokens.length, 0)
          for (const path of [
            "/get/add-ons",
            "/get/add-on-audit",
            `/get/quote-invoices/${q.id}`,
            "/get/add-on-taxes/1"
          ])
            assertNoTokens((yield* b.get(path)).text, tokens)
          assertNoTokens(JSON.stringify(syncing.payload) + JSON.stringify(synced.payload), tokens)
          // Nor in a log line (the server logged this test's requests, so the capture works).
          assert.isAbove(logs.length, 10)
          assertNoTokens(logs.join("\n"), tokens)
        })
    )

    it.effect(
      "Xero: a 429 and a lost answer create one invoice; an access token refused early is refreshed once; Xero's refusal is the issue text; 'Mark removed' and disconnecting leave Xero alone",
      () =>
        Effect.gen(function* () {
          const q = yield* acceptedQuote("Breakwater", NZD)
          const b = q.browser
          yield* connectVia(b, 1, (url) => fakeXero.consent(url))
          yield* b.post("/post/add-on-organisation/1", { organisation_id: HARBOUR.id })
          const before = fakeXero.invoices.length

          // Xero refuses the first document with its validation message: the invoice is in error with it.
          fakeXero.fail("POST Invoices", { status: 400, messages: ["Account code '999' is not a valid code."] })
          const socket = yield* open(b)
          socket.send({ type: "join", room: "account" })
          yield* act(b, q.id, Invoice.InvoiceType.Deposit, 30)
          const failed = invoicesOf(yield* settled(b, q.id))[0]!
          // The error is announced too, with Xero's words.
          const announced = yield* socket.next(
            event(
              "invoice-sync",
              (p) => (p.invoice as { invoice_sync_status: number }).invoice_sync_status === Invoice.SyncStatus.Error
            ),
            10_000
          )
          assert.include(
            (announced.payload as { invoice: { error_html: string } }).invoice.error_html,
            "Account code '999' is not a valid code."
          )
          socket.close()
          assert.deepStrictEqual(
            [failed.invoice.invoice_status, failed.invoice.invoice_sync_status],
            [Invoice.InvoiceStatus.Ready, Invoice.SyncStatus.Error]
          )
          assert.include(failed.invoice.error_html as string, "Account code '999' is not a valid code.")
          assert.strictEqual(fakeXero.invoices.length, before)

          // Created again: every access token is refused (revoked early), Xero answers 429 once and loses one
          // answer; one refresh, and one invoice.
          fakeXero.expireAccessTokens()
          const refreshes = () =>
            fakeXero.requests.filter((r) => new URLSearchParams(r.body).has("refresh_token")).length
          const refreshed = refreshes()
          fakeXero.fail("*", { status: 429, retryAfterSeconds: 0 })
          fakeXero.fail("POST Invoices", { status: 503 }, { after: true })
          const view = yield* picture(b, q.id)
          const again = yield* b.post(
            `/act-on/quote-invoice/create-invoice/${q.id}/${failed.invoice.quote_invoice_id}`,
            { _modifiedIn: view._modifiedIn }
          )
          assert.strictEqual(again.status, 200, again.text)
          const done = invoicesOf(yield* settled(b, q.id))[0]!
          assert.strictEqual(done.invoice.invoice_sync_status, Invoice.SyncStatus.Synced, JSON.stringify(done))
          assert.strictEqual(fakeXero.invoices.length, before + 1)
          assert.strictEqual(refreshes(), refreshed + 1)
          assert.strictEqual((yield* b.get("/get/add-ons")).body.addons[0].state, "connected")

          // 'Mark removed' only marks it here; disconnecting keeps it there and its history here.
          const id = done.invoice.quote_invoice_id as number
          const current = yield* picture(b, q.id)
          const removed = yield* b.post(`/act-on/quote-invoice/set-removed/${q.id}/${id}/up-front`, {
            _modifiedIn: current._modifiedIn
          })
          assert.strictEqual(removed.status, 200, removed.text)
          const mine = fakeXero.invoices.find((d) => d.Number === done.invoice.addon_invoice_number)!
          assert.strictEqual(mine.Status, "AUTHORISED")
          const deletes = fakeXero.requests.filter((r) => r.method === "DELETE" || r.body.includes('"DELETED"'))
          assert.strictEqual(deletes.length, 0)
          const gone = yield* b.post("/post/add-on-disconnect/1")
          assert.strictEqual(gone.status, 200, gone.text)
          assert.strictEqual(gone.body.state, "disconnected")
          const after = invoicesOf(yield* picture(b, q.id))[0]!
          assert.deepStrictEqual(
            [after.invoice.invoice_status, after.invoice.addon_invoice_number],
            [Invoice.InvoiceStatus.Removed, mine.Number]
          )
          assert.strictEqual(fakeXero.invoices.find((d) => d.ID === mine.ID)?.Status, "AUTHORISED")
        })
    )

    it.effect(
      "Xero: access revoked there leaves the invoice asking to connect again and the add-on needing attention; connecting again lets it through",
      () =>
        Effect.gen(function* () {
          const q = yield* acceptedQuote("Revoked", NZD)
          const b = q.browser
          yield* connectVia(b, 1, (url) => fakeXero.consent(url))
          yield* b.post("/post/add-on-organisation/1", { organisation_id: HARBOUR.id })
          // The user disconnected quotekit in Xero: access tokens are refused and the refresh token is dead.
          fakeXero.revokeRefreshTokens()
          fakeXero.expireAccessTokens()
          const before = fakeXero.invoices.length
          yield* act(b, q.id, Invoice.InvoiceType.Deposit, 30)
          const failed = invoicesOf(yield* settled(b, q.id))[0]!
          assert.deepStrictEqual(
            [failed.invoice.invoice_sync_status, failed.invoice.error_html],
            [Invoice.SyncStatus.Error, "Xero needs to be connected again: the access it gave has ended."]
          )
          const listed = (yield* b.get("/get/add-ons")).body.addons[0]
          assert.strictEqual(listed.state, "error")
          assert.match(listed.connection.last_error, /reconnect Xero/)

          const again = yield* connectVia(b, 1, (url) => fakeXero.consent(url))
          assert.strictEqual(again.state, "connected")
          yield* b.post("/post/add-on-organisation/1", { organisation_id: HARBOUR.id })
          const view = yield* picture(b, q.id)
          const retried = yield* b.post(
            `/act-on/quote-invoice/create-invoice/${q.id}/${failed.invoice.quote_invoice_id}`,
            { _modifiedIn: view._modifiedIn }
          )
          assert.strictEqual(retried.status, 200, retried.text)
          const done = invoicesOf(yield* settled(b, q.id))[0]!
          assert.strictEqual(done.invoice.invoice_sync_status, Invoice.SyncStatus.Synced)
          assert.strictEqual(fakeXero.invoices.length, before + 1)
        })
    )

    it.effect(
      "QuickBooks: the company from the consent; a 30 % deposit and the rest land with the company's tax codes; an adjustment's credit is a credit memo; a 429 then success makes one invoice",
      () =>
        Effect.gen(function* () {
          const q = yield* acceptedQuote("Maple", CAD, "5")
          const b = q.browser
          const realm = newRealm(`Maple Decks ${q.accountId}`)
          const connected = yield* connectVia(b, 7, (url) => {
            assert.strictEqual(url.origin, "https://appcenter.intuit.com")
            return fakeQuickBooks.consent(url, realm)
          })
          assert.deepStrictEqual(
            [connected.state, connected.connection.organisation_id, connected.connection.organisation_name],
            ["connected", realm, `Maple Decks ${q.accountId}`]
          )
          const mapping = yield* b.get("/get/add-on-taxes/7")
          assert.strictEqual(mapping.status, 200, mapping.text)
          assert.includeDeepMembers(
            mapping.body.rates.map((r: { code: string; rate: string }) => [r.code, r.rate]),
            [["4", "5"]]
          )
          const saved = yield* b.post("/post/add-on-taxes/7", {
            mapping: [{ tax_id: q.tax, code: "4" }],
            account_code: ""
          })
          assert.strictEqual(saved.status, 200, saved.text)

          fakeQuickBooks.failNext({ status: 429, path: "/invoice", method: "POST", retryAfter: 0 })
          yield* act(b, q.id, Invoice.InvoiceType.Deposit, 30)
          yield* act(b, q.id, Invoice.InvoiceType.Invoice, 70)
          let done = yield* settled(b, q.id)
          const company = fakeQuickBooks.company(realm)
          assert.strictEqual(company.invoices.length, 2)
          const lines = (txn: Record<string, unknown>) =>
            (txn.Line as ReadonlyArray<Record<string, unknown>>)
              .filter((l) => l.DetailType === "SalesItemLineDetail")
              .map((l) => [
                l.Description,
                l.Amount,
                (l.SalesItemLineDetail as { TaxCodeRef?: { value: string } }).TaxCodeRef?.value
              ])
          const [deposit, rest] = company.invoices as [Record<string, unknown>, Record<string, unknown>]
          assert.deepStrictEqual(lines(deposit).slice(0, 1), [["Boards (30%)", "90.00", "4"]])
          assert.strictEqual(lines(deposit)[1]![1], "75.00")
          // 90.00 × 5 % GST.
          assert.deepStrictEqual([deposit.TxnTaxDetail, deposit.TotalAmt], [{ TotalTax: "4.50" }, "169.50"])
          assert.deepStrictEqual(lines(rest).slice(0, 1), [["Boards (70%)", "210.00", "4"]])
          assert.strictEqual(rest.TotalAmt, "395.50")
          assert.deepStrictEqual(
            invoicesOf(done).map((r) => [r.invoice.invoice_sync_status, r.invoice.addon_invoice_number]),
            [
              [Invoice.SyncStatus.Synced, deposit.DocNumber],
              [Invoice.SyncStatus.Synced, rest.DocNumber]
            ]
          )
          assert.strictEqual(company.customers.length, 1)

          // Adjustment A credits 'Labour': a credit memo in QuickBooks for 250.
          const started = yield* b.post(`/act-on/quote-invoice/make-adjustment/${q.id}`)
          assert.strictEqual(started.status, 200, started.text)
          const editorData = (yield* b.get(started.body.editor_url.replace("/quotes/", "/get/quote-edit/edit/"))).body
          const items = editorData.items as Array<Record<string, unknown>>
          const prices = items.filter((i) => i.item_type === 1)
          const others = items.filter((i) => i.item_type !== 1)
          const adjusted = [
            ...prices.map((i) => (i.item_title === "Labour" ? { ...i, credited_adj_at: 1 } : i)),
            ...others
          ].map((i, n) => ({ ...i, order_index: n }))
          const edited = yield* b.post(
            `/post/quote-update/edit/${q.id}/is-adjustment`,
            saveBody(q.signinId, {
              quote: { title: "Deck", deposit_percent: "30", currency_id: CAD },
              items: adjusted as never,
              contacts: editorData.contacts,
              modifiedIn: editorData._modifiedIn
            })
          )
          assert.strictEqual(edited.status, 200, edited.text)
          yield* act(b, q.id, Invoice.InvoiceType.Credit, 100, 1)
          done = yield* settled(b, q.id)
          assert.strictEqual(company.creditMemos.length, 1)
          const memo = company.creditMemos[0]!
          assert.deepStrictEqual(
            lines(memo).map((l) => l.slice(0, 2)),
            [["Labour", "250.00"]]
          )
          assert.strictEqual(memo.TotalAmt, "250.00")
          const credit = invoicesOf(done).at(-1)!
          assert.deepStrictEqual(
            [credit.invoice.invoice_type_in, credit.invoice.invoice_sync_status, credit.invoice.addon_invoice_number],
            [Invoice.InvoiceType.Credit, Invoice.SyncStatus.Synced, memo.DocNumber]
          )
          // No token in any answer: the fake's grants are never echoed.
          const bearer = fakeQuickBooks.seen
            .map((s) => /^Bearer (.+)$/.exec(s.headers.get("authorization") ?? "")?.[1])
            .filter((t): t is string => t !== undefined)
          assert.isAbove(bearer.length, 0)
          for (const path of ["/get/add-ons", "/get/add-on-audit", `/get/quote-invoices/${q.id}`])
            assertNoTokens((yield* b.get(path)).text, bearer)
          assertNoTokens(logs.join("\n"), bearer)
        })
    )
  },
  { layer: layer([xero, quickbooks], { logs }) }
)
