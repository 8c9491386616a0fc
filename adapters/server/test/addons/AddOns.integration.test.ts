import { assert } from "@effect/vitest"
import { AccountingError } from "@quotekit/addons/Accounting"
import * as FakeAccounting from "@quotekit/addons/testing/FakeAccounting"
import * as Invoice from "@quotekit/core/Invoice"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { type Browser, newAccount, TestServer } from "../Harness.ts"
import { contact, member, rows, saveNew, taxRate } from "../quotes/Fixtures.ts"
import { connect, layer, startConnect } from "./Fixtures.ts"

const xero = FakeAccounting.make({
  addonId: 1,
  organisations: [{ id: "org-nz", name: "Demo Trading Ltd", currency: "NZD" }]
})
const quickbooks = FakeAccounting.make({
  addonId: 7,
  organisations: [
    { id: "realm-1", name: "Sandbox Company A" },
    { id: "realm-2", name: "Sandbox Company B" }
  ],
  taxRates: [{ code: "TAX-9", name: "GST 15%", rate: "15" }]
})

/** An accepted quote: 3 boards at 100 taxed 15 %, labour 250 untaxed, a 30 % deposit. */
const acceptedQuote = (name: string) =>
  Effect.gen(function* () {
    const owner = yield* newAccount(name)
    const b = owner.browser
    const gst = yield* taxRate(owner.accountId, "15")
    const person = yield* contact(owner.accountId, "Ada", `Payer${owner.accountId}`)
    const saved = yield* saveNew(b, owner.signinId, {
      quote: { title: "Deck", deposit_percent: "30" },
      items: rows([
        { title: "Boards", unit: "100.00", qty: "3", item_tax_id: gst },
        { title: "Labour", unit: "250.00" }
      ]),
      contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
    })
    yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
    const accepted = yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
    assert.strictEqual(accepted.status, 200, accepted.text)
    return { ...owner, id: saved.quote_id, gst, person }
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

const create = (b: Browser, id: number, type: number, percent: number) =>
  Effect.gen(function* () {
    const view = yield* picture(b, id)
    const made = yield* b.post(`/act-on/quote-invoice/action/do-create/${type}/${id}/up-front/0/${percent}/0`, {
      _modifiedIn: view._modifiedIn
    })
    assert.strictEqual(made.status, 200, made.text)
    return made.body
  })

/** The documents of an account of this database in a fake (by their reference). */
const docsOf = (fake: FakeAccounting.Fake, accountId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ instance_id: string }>`SELECT instance_id FROM addon_instance`
    return fake.documents.filter((d) => d.document.reference.startsWith(`qk-${row!.instance_id}-${accountId}-`))
  })

describeBackends(
  "accounting add-ons",
  (it) => {
    it.effect("connects Xero over the OAuth callback: PKCE S256, state used once, tokens sealed, never shown", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Connector")
        const b = owner.browser
        const before = yield* b.get("/get/add-ons")
        assert.strictEqual(before.status, 200, before.text)
        assert.deepStrictEqual(
          before.body.addons.map((a: { id: number }) => a.id),
          [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
        )
        const xeroBefore = before.body.addons[0]
        assert.deepStrictEqual([xeroBefore.state, xeroBefore.connection], ["off", null])
        assert.strictEqual(before.body.addons[1].state, "not-set-up")

        const consent = yield* startConnect(b, 1)
        assert.strictEqual(consent.searchParams.get("code_challenge_method"), "S256")
        assert.match(consent.searchParams.get("code_challenge") ?? "", /^[A-Za-z0-9_-]{43}$/)
        assert.match(consent.searchParams.get("redirect_uri") ?? "", /\/settings\/add-ons\/callback$/)
        const state = consent.searchParams.get("state") ?? ""
        // Another state is refused, and so is the right one with the add-on's refusal (consumes the attempt).
        const forged = yield* b.post("/post/add-on-callback", { query: `code=${xero.code}&state=nope` })
        assert.strictEqual(forged.status, 400)
        const back = yield* b.post("/post/add-on-callback", { query: `?code=${xero.code}&state=${state}` })
        assert.strictEqual(back.status, 200, back.text)
        assert.strictEqual(back.body.state, "connected")
        assert.strictEqual(back.body.connection.organisation_name, "Demo Trading Ltd")
        assert.strictEqual(back.body.connection.connected_by, "Connector Tester")
        const replay = yield* b.post("/post/add-on-callback", { query: `code=${xero.code}&state=${state}` })
        assert.strictEqual(replay.status, 400)
        assert.match(replay.body._serveError.message, /expired or was already used/)

        const listed = yield* b.get("/get/add-ons")
        const tokens = xero.lastTokens()!
        assert.notInclude(listed.text, tokens.access_token)
        assert.notInclude(listed.text, tokens.refresh_token)
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ credentials: string }>`
          SELECT credentials FROM addon_connections WHERE account_id = ${owner.accountId} AND addon_id = 1`
        assert.match(row!.credentials, /^v1\./)
        assert.notInclude(row!.credentials, tokens.access_token)
        const [attempt] = yield* sql<{ verifier_sealed: string; used: boolean }>`
          SELECT verifier_sealed, used_at IS NOT NULL AS used FROM addon_oauth_attempts
          WHERE account_id = ${owner.accountId}`
        assert.isTrue(attempt!.used)
        assert.match(attempt!.verifier_sealed, /^v1\./)

        // Another account sees none of it; a member who is not an admin sees it and may change nothing.
        const other = yield* newAccount("Stranger")
        const theirs = yield* other.browser.get("/get/add-ons")
        assert.deepStrictEqual([theirs.body.addons[0].state, theirs.body.addons[0].connection], ["off", null])
        const cross = yield* other.browser.post("/post/add-on-callback", { query: `code=${xero.code}&state=${state}` })
        assert.strictEqual(cross.status, 400)
        const staff = yield* member(owner.accountId, { admin: false, name: "Staff" })
        const seen = yield* staff.browser.get("/get/add-ons")
        assert.strictEqual(seen.body.addons[0].state, "connected")
        assert.isFalse(seen.body.can_change)
        for (const path of ["/post/add-on-connect/7", "/post/add-on-disconnect/1"]) {
          const refused = yield* staff.browser.post(path)
          assert.strictEqual(refused.status, 403, path)
        }
        const switched = yield* staff.browser.post("/post/add-on-switch/13", { enabled: true })
        assert.strictEqual(switched.status, 403)
      })
    )

    it.effect("QuickBooks reaching two companies asks which one; switches audit who did what", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Picker")
        const b = owner.browser
        const connected = yield* connect(b, 7, quickbooks.code)
        assert.strictEqual(connected.connection.organisation_id, "")
        assert.deepStrictEqual(
          connected.connection.organisations.map((o: { name: string }) => o.name),
          ["Sandbox Company A", "Sandbox Company B"]
        )
        const unknown = yield* b.post("/post/add-on-organisation/7", { organisation_id: "realm-9" })
        assert.strictEqual(unknown.status, 400)
        const chosen = yield* b.post("/post/add-on-organisation/7", { organisation_id: "realm-2" })
        assert.strictEqual(chosen.status, 200, chosen.text)
        assert.strictEqual(chosen.body.connection.organisation_name, "Sandbox Company B")

        const leads = yield* b.post("/post/add-on-switch/13", { enabled: true })
        assert.strictEqual(leads.status, 200, leads.text)
        assert.strictEqual(leads.body.state, "on")
        const cache = yield* b.get("/get/cache-account")
        assert.isTrue(cache.body.account_signin.hasLeads, cache.text)
        const notASwitch = yield* b.post("/post/add-on-switch/1", { enabled: true })
        assert.strictEqual(notASwitch.status, 400)
        const later = yield* b.post("/post/add-on-switch/2", { enabled: true })
        assert.strictEqual(later.status, 400)
        const unknownId = yield* b.get("/get/add-on-taxes/4")
        assert.strictEqual(unknownId.status, 400)

        const audit = yield* b.get("/get/add-on-audit")
        assert.deepStrictEqual(
          audit.body.rows.map((r: { addon_name: string; action: string; who: string; detail: string }) => [
            r.addon_name,
            r.action,
            r.who,
            r.detail
          ]),
          [
            ["Leads", "switched-on", "Picker Tester", ""],
            ["QuickBooks", "organisation-chosen", "Picker Tester", "Sandbox Company B"],
            ["QuickBooks", "connected", "Picker Tester", ""]
          ]
        )
      })
    )

    it.effect(
      "a 30 % deposit and the rest land in Xero with their lines and mapped taxes; an expired token is refreshed",
      () =>
        Effect.gen(function* () {
          const server = yield* TestServer
          const q = yield* acceptedQuote("Booker")
          const b = q.browser
          const blocked = yield* picture(b, q.id)
          assert.strictEqual(blocked.creation_blocked?.reason, "no-addon")
          yield* connect(b, 1, xero.code)

          // Half an hour on, the access token has under five minutes left: the tax screen refreshes it first.
          const refreshes = xero.refreshes()
          yield* server.advance(26 * 60_000)
          const mapping = yield* b.get("/get/add-on-taxes/1")
          assert.strictEqual(mapping.status, 200, mapping.text)
          assert.strictEqual(xero.refreshes(), refreshes + 1)
          assert.deepStrictEqual(
            mapping.body.rows.map((r: { tax_id: number; code: string | null }) => [r.tax_id, r.code]),
            [[q.gst, null]]
          )
          const badCode = yield* b.post("/post/add-on-taxes/1", {
            mapping: [{ tax_id: q.gst, code: "MADE-UP" }],
            account_code: "200"
          })
          assert.strictEqual(badCode.status, 400)
          const saved = yield* b.post("/post/add-on-taxes/1", {
            mapping: [{ tax_id: q.gst, code: "OUTPUT2" }],
            account_code: "200"
          })
          assert.strictEqual(saved.status, 200, saved.text)
          assert.strictEqual(saved.body.rows[0].code, "OUTPUT2")

          const view = yield* picture(b, q.id)
          assert.strictEqual(view.creation_blocked, null)
          assert.deepStrictEqual(view.destination, { kind: "add-on", name: "Xero: Demo Trading Ltd" })
          yield* create(b, q.id, 5, 30)
          yield* create(b, q.id, 0, 70)
          const done = yield* settled(b, q.id)
          const invoices = invoicesOf(done)
          assert.deepStrictEqual(
            invoices.map((r) => [r.invoice.invoice_status, r.invoice.invoice_sync_status, r.invoice.addon_id]),
            [
              [Invoice.InvoiceStatus.Sent, Invoice.SyncStatus.Synced, 1],
              [Invoice.InvoiceStatus.Sent, Invoice.SyncStatus.Synced, 1]
            ]
          )
          const docs = yield* docsOf(xero, q.accountId)
          assert.strictEqual(docs.length, 2)
          assert.deepStrictEqual(
            invoices.map((r) => [r.invoice.addon_invoice_number, r.invoice.addon_invoice_url]),
            docs.map((d) => [d.number, d.url])
          )
          const [deposit, rest] = docs
          assert.deepStrictEqual(
            deposit!.document.lines.map((l) => [
              l.description,
              l.quantity,
              l.unit_amount,
              l.amount,
              l.tax_code,
              l.account_code
            ]),
            [
              ["Boards (30%)", "0.9000", "100.0000", "90.00", "OUTPUT2", "200"],
              ["Labour (30%)", "0.3000", "250.0000", "75.00", null, "200"]
            ]
          )
          assert.strictEqual(deposit!.document.total, "178.50")
          assert.strictEqual(deposit!.document.kind, "invoice")
          assert.deepStrictEqual(
            rest!.document.lines.map((l) => [l.amount, l.tax_code]),
            [
              ["210.00", "OUTPUT2"],
              ["175.00", null]
            ]
          )
          assert.strictEqual(rest!.document.total, "416.50")
          // One contact in Xero for both, linked from ours.
          assert.strictEqual(deposit!.document.contact_id, rest!.document.contact_id)
          const sql = yield* SqlClient.SqlClient
          const [linked] = yield* sql<{ lookup_url: string; lookup_addon_id: number }>`
          SELECT lookup_url, lookup_addon_id::int AS lookup_addon_id FROM contacts
          WHERE account_id = ${q.accountId} AND contact_id = ${q.person}`
          assert.strictEqual(linked!.lookup_addon_id, 1)
          assert.match(linked!.lookup_url, /^https:\/\/books\.fake\.invalid\/org-nz\/contacts\//)

          // Disconnecting keeps what was created, and its history; invoices are no longer offered.
          const revokes = xero.calls.filter((c) => c === "revoke").length
          const gone = yield* b.post("/post/add-on-disconnect/1")
          assert.strictEqual(gone.status, 200, gone.text)
          assert.strictEqual(gone.body.state, "disconnected")
          assert.strictEqual(xero.calls.filter((c) => c === "revoke").length, revokes + 1)
          const after = yield* picture(b, q.id)
          assert.deepStrictEqual(
            invoicesOf(after).map((r) => r.invoice.addon_invoice_number),
            docs.map((d) => d.number)
          )
          assert.strictEqual(after.destination.kind, "none")
          const [stored] = yield* sql<{ credentials: string | null; status: string }>`
          SELECT credentials, status FROM addon_connections WHERE account_id = ${q.accountId} AND addon_id = 1`
          assert.deepStrictEqual([stored!.credentials, stored!.status], [null, "disconnected"])
          const audit = yield* b.get("/get/add-on-audit")
          assert.deepStrictEqual(
            audit.body.rows.map((r: { action: string }) => r.action),
            ["disconnected", "tax-mapping-changed", "connected"]
          )
        })
    )

    it.effect(
      "a 429 then success creates exactly one invoice, and an answer lost on the way is found, not repeated",
      () =>
        Effect.gen(function* () {
          const server = yield* TestServer
          const q = yield* acceptedQuote("Throttled")
          const b = q.browser
          yield* connect(b, 1, xero.code)
          xero.failNext("createDocument", new AccountingError({ kind: "rate-limited", message: "Too many requests" }))
          xero.loseNextAnswer(new AccountingError({ kind: "unavailable", message: "Connection reset" }))
          yield* create(b, q.id, 5, 30)
          // First try: 429 (tried again after 5 s); second: created but the answer lost (again after 10 s); third:
          // looked up by its reference and found.
          for (let i = 0; i < 2; i++) {
            yield* Effect.sleep("1500 millis")
            yield* server.advance(11_000)
          }
          const done = yield* settled(b, q.id)
          const [row] = invoicesOf(done)
          assert.strictEqual(row!.invoice.invoice_sync_status, Invoice.SyncStatus.Synced, JSON.stringify(row))
          const docs = yield* docsOf(xero, q.accountId)
          assert.strictEqual(docs.length, 1)
          assert.strictEqual(row!.invoice.addon_invoice_number, docs[0]!.number)
        })
    )

    it.effect("the add-on's refusal is the invoice's issue text, and it can be created again", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Refused")
        const b = q.browser
        yield* connect(b, 1, xero.code)
        const reason = "Account code '999' is not a valid code for this document."
        xero.failNext("createDocument", new AccountingError({ kind: "rejected", message: reason }))
        yield* create(b, q.id, 5, 30)
        const failed = yield* settled(b, q.id)
        const [row] = invoicesOf(failed)
        assert.deepStrictEqual(
          [row!.invoice.invoice_status, row!.invoice.invoice_sync_status, row!.invoice.error_html],
          [Invoice.InvoiceStatus.Ready, Invoice.SyncStatus.Error, reason]
        )
        const again = yield* b.post(`/act-on/quote-invoice/create-invoice/${q.id}/${row!.invoice.quote_invoice_id}`, {
          _modifiedIn: failed._modifiedIn
        })
        assert.strictEqual(again.status, 200, again.text)
        const done = yield* settled(b, q.id)
        assert.strictEqual(invoicesOf(done)[0]!.invoice.invoice_sync_status, Invoice.SyncStatus.Synced)
        assert.strictEqual((yield* docsOf(xero, q.accountId)).length, 1)
      })
    )
  },
  { layer: layer([xero.accounting, quickbooks.accounting]) }
)

describeBackends(
  "add-ons on a server without their set-up",
  (it) => {
    it.effect("an add-on without credentials is 'not set up'; connecting without the secret key names it", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Bare")
        const list = yield* owner.browser.get("/get/add-ons")
        const byId = new Map(list.body.addons.map((a: { id: number; state: string }) => [a.id, a.state]))
        assert.strictEqual(byId.get(1), "off")
        assert.strictEqual(byId.get(7), "not-set-up")
        const qb = yield* owner.browser.post("/post/add-on-connect/7")
        assert.strictEqual(qb.status, 400)
        assert.match(qb.body._serveError.message, /not set up on this server/)
        const x = yield* owner.browser.post("/post/add-on-connect/1")
        assert.strictEqual(x.status, 400)
        assert.match(x.body._serveError.message, /QUOTEKIT_SECRET_KEY/)
      })
    )
  },
  { layer: layer([FakeAccounting.make({ addonId: 1 }).accounting], { secretKeySet: false }) }
)
