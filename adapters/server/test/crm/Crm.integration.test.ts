import { assert } from "@effect/vitest"
import { AddOnError } from "@quotekit/addons/AddOnError"
import * as FakeCrm from "@quotekit/addons/testing/FakeCrm"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { connect, layer } from "../addons/Fixtures.ts"
import { type Browser, newAccount } from "../Harness.ts"
import { contact, rows, saveNew } from "../quotes/Fixtures.ts"

const insightly = FakeCrm.make({
  addonId: 5,
  records: [
    FakeCrm.person("101", "Grace", "Hopper", "grace@navy.example.com", "Navy Labs"),
    FakeCrm.person("102", "Gracie", "Allen", "gracie@example.com"),
    FakeCrm.organisation("201", "Gracewell Builders")
  ]
})
const mailchimp = FakeCrm.marketing()

/** Everyone the fake Mailchimp's audience was given, in order. */
const membersOf = () => mailchimp.members.get("list-1") ?? []

const connectInsightly = (b: Browser) =>
  Effect.gen(function* () {
    const done = yield* b.post("/post/add-on-token/5", { token: insightly.token, site: insightly.site })
    assert.strictEqual(done.status, 200, done.text)
    return done.body
  })

/** Poll until `check` holds (the push worker runs every few seconds). */
const eventually = <A, R>(check: Effect.Effect<A, string, R>) =>
  check.pipe(Effect.retry({ schedule: Schedule.spaced("200 millis"), times: 100 }), Effect.orDie)

const pushesOf = (accountId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<{ addon_id: number; event: string; status: string; last_error: string }>`
      SELECT addon_id::int AS addon_id, event, status, last_error FROM addon_pushes
      WHERE account_id = ${accountId} ORDER BY push_id`
  }).pipe(Effect.orDie)

describeBackends(
  "CRM and marketing add-ons",
  (it) => {
    it.effect("connects an API-token CRM after checking the token and the site; the token is never shown", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Tokenist")
        const b = owner.browser
        const listed = yield* b.get("/get/add-ons")
        const before = listed.body.addons.find((a: { id: number }) => a.id === 5)
        assert.deepStrictEqual([before.state, before.connects], ["off", "api-token"])
        const empty = yield* b.post("/post/add-on-token/5", { token: " ", site: "acme" })
        assert.strictEqual(empty.status, 400)
        assert.strictEqual(empty.body._serveError.message, "Paste the API token.")
        const wrong = yield* b.post("/post/add-on-token/5", { token: "bad", site: "acme" })
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body._serveError.message, "That token was refused.")
        const elsewhere = yield* b.post("/post/add-on-token/5", { token: insightly.token, site: "nope" })
        assert.strictEqual(elsewhere.status, 400)
        assert.strictEqual(elsewhere.body._serveError.message, "That is not an account address.")
        const connected = yield* connectInsightly(b)
        assert.strictEqual(connected.state, "connected")
        assert.strictEqual(connected.connection.organisation_name, "Acme CRM")
        assert.deepStrictEqual(connected.options, { push_notes: true, tags: ["quotekit"], include_leads: false })
        const again = yield* b.get("/get/add-ons")
        assert.notInclude(again.text, insightly.token)
        const audit = yield* b.get("/get/add-on-audit")
        assert.deepStrictEqual(
          audit.body.rows.map((r: { action: string }) => r.action),
          ["connected", "connection-failed", "connection-failed"]
        )
        // An OAuth add-on is not connected with a token, and a switch is not connected at all.
        const oauth = yield* b.post("/post/add-on-token/6", { token: "x", site: "y" })
        assert.strictEqual(oauth.status, 400)
      })
    )

    it.effect("finds CRM contacts, answers a repeat search from the cache, and links a picked one", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Looker")
        const b = owner.browser
        const none = yield* b.post("/get/lookup-contact/add-ons", { search: "grace" })
        assert.deepStrictEqual(none.body, { results: [], failures: [] })
        yield* connectInsightly(b)
        const before = insightly.searches()
        const found = yield* b.post("/get/lookup-contact/add-ons", { search: "Grac" })
        assert.strictEqual(found.status, 200, found.text)
        assert.deepStrictEqual(
          found.body.results.map((r: { display_name: string; addonId: number; addon_name: string }) => [
            r.display_name,
            r.addonId,
            r.addon_name
          ]),
          [
            ["Grace Hopper", 5, "Insightly"],
            ["Gracie Allen", 5, "Insightly"],
            ["Gracewell Builders", 5, "Insightly"]
          ]
        )
        const grace = found.body.results[0]
        assert.deepStrictEqual(
          [grace.company, grace.email, grace.contact_id],
          ["Navy Labs", "grace@navy.example.com", null]
        )
        // The same words again, differently typed: from the cache.
        const repeat = yield* b.post("/get/lookup-contact/add-ons", { search: "  grac " })
        assert.deepStrictEqual(repeat.body.results.length, 3)
        assert.strictEqual(insightly.searches(), before + 1)
        // Companies only, and text the completer does not search.
        const companies = yield* b.post("/get/lookup-contact/add-ons", { search: "grac", companies: true })
        assert.deepStrictEqual(
          companies.body.results.map((r: { display_name: string }) => r.display_name),
          ["Gracewell Builders"]
        )
        const numeric = yield* b.post("/get/lookup-contact/add-ons", { search: "12345" })
        assert.deepStrictEqual(numeric.body.results, [])

        const linked = yield* b.post(`/post/lookup-contact/link/${grace.id}`)
        assert.strictEqual(linked.status, 200, linked.text)
        assert.deepStrictEqual(
          [linked.body.name_first, linked.body.name_last, linked.body.email, linked.body._name_company],
          ["Grace", "Hopper", "grace@navy.example.com", "Navy Labs"]
        )
        assert.deepStrictEqual([linked.body._company_addon_id, linked.body._company_found_id], [5, "org-Navy Labs"])
        const view = yield* b.get(`/get/contact-view/${linked.body.contact_id}`)
        assert.deepStrictEqual(view.body.meta, { lookup_url: grace.url, lookup_addon_id: 5 })
        // Picking it again gives the same contact; the result now names it.
        const twice = yield* b.post(`/post/lookup-contact/link/${grace.id}`)
        assert.strictEqual(twice.body.contact_id, linked.body.contact_id)
        const named = yield* b.post("/get/lookup-contact/add-ons", { search: "grac" })
        assert.strictEqual(named.body.results[0].contact_id, linked.body.contact_id)
        // Another account cannot pick this account's cached record.
        const other = yield* newAccount("Snooper")
        const stolen = yield* other.browser.post(`/post/lookup-contact/link/${grace.id}`)
        assert.strictEqual(stolen.status, 404)
        assert.strictEqual(stolen.body._serveError.message, "That search result has expired. Search again.")
      })
    )

    it.effect("a failing CRM is named and never hides what is known; a refused token asks to reconnect", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Failer")
        const b = owner.browser
        yield* connectInsightly(b)
        insightly.failNext("search", new AddOnError({ kind: "unavailable", message: "Service Unavailable" }))
        const failed = yield* b.post("/get/lookup-contact/add-ons", { search: "hopper" })
        assert.strictEqual(failed.status, 200, failed.text)
        assert.deepStrictEqual(failed.body, {
          results: [],
          failures: [
            {
              addonId: 5,
              message: "Insightly did not answer, so only your own contacts are shown. Try again in a moment."
            }
          ]
        })
        insightly.failNext("search", new AddOnError({ kind: "auth", message: "Unauthorized" }))
        const refused = yield* b.post("/get/lookup-contact/add-ons", { search: "allen" })
        assert.match(refused.body.failures[0].message, /needs to be connected again/)
        const listed = yield* b.get("/get/add-ons")
        assert.strictEqual(listed.body.addons.find((a: { id: number }) => a.id === 5).state, "error")
      })
    )

    it.effect(
      "notes sent and accepted quotes on the linked record once, and adds opted-in customers to Mailchimp",
      () =>
        Effect.gen(function* () {
          const owner = yield* newAccount("Noter")
          const b = owner.browser
          yield* connectInsightly(b)
          const mc = yield* connect(b, 6, mailchimp.code)
          assert.strictEqual(mc.connection.organisation_name, "Customers")
          const options = yield* b.post("/post/add-on-options/6", {
            push_notes: false,
            tags: [" builders ", "2026", "builders", ""],
            include_leads: false
          })
          assert.strictEqual(options.status, 200, options.text)
          assert.deepStrictEqual(options.body.options.tags, ["builders", "2026"])
          const found = yield* b.post("/get/lookup-contact/add-ons", { search: "gracie" })
          const linked = yield* b.post(`/post/lookup-contact/link/${found.body.results[0].id}`)
          const gracie = linked.body.contact_id as number
          const form = yield* b.get(`/get/contact-edit/${gracie}`)
          assert.strictEqual(form.body.marketing_opt_in, false)
          const optIn = yield* b.post(`/post/contact-update/${gracie}`, {
            contact: {
              type: "person",
              name_first: "Gracie",
              name_last: "Allen",
              email: "gracie@example.com",
              company_id: null,
              marketing_opt_in: true
            },
            phones: [],
            addresses: []
          })
          assert.strictEqual(optIn.status, 200, optIn.text)
          const unlinked = yield* contact(owner.accountId, "Local", `Only${owner.accountId}`)
          const saved = yield* saveNew(b, owner.signinId, {
            quote: { title: "Porch" },
            items: rows([{ title: "Boards", unit: "100.00", qty: "2" }]),
            contacts: [
              { quote_contact_id: -1, contact_id: gracie, contact_order: 0 },
              { quote_contact_id: -2, contact_id: unlinked, contact_order: 1 }
            ]
          })
          const before = insightly.notes.length
          const membersBefore = membersOf().length
          yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
          const accepted = yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
          assert.strictEqual(accepted.status, 200, accepted.text)
          yield* eventually(
            Effect.flatMap(pushesOf(owner.accountId), (rows) =>
              rows.length === 3 && rows.every((r) => r.status === "done") ? Effect.void : Effect.fail("pending")
            )
          )
          const notes = insightly.notes.slice(before)
          assert.deepStrictEqual(
            notes.map((n) => [n.contact.id, n.note.subject.replace(/Quote \d+/, "Quote N")]),
            [
              ["102", "Quote N sent: Porch"],
              ["102", "Quote N accepted: Porch"]
            ]
          )
          assert.match(notes[0]!.note.body, /Total: 200\.00 /)
          assert.match(notes[0]!.note.body, new RegExp(`/quote/${saved.quote_id}$`))
          assert.deepStrictEqual(membersOf().slice(membersBefore), [
            { email: "gracie@example.com", name_first: "Gracie", name_last: "Allen", tags: ["builders", "2026"] }
          ])
          const pushes = yield* pushesOf(owner.accountId)
          assert.deepStrictEqual(
            pushes.map((p) => [p.addon_id, p.event]),
            [
              [5, "sent"],
              [5, "accepted"],
              [6, "accepted"]
            ]
          )
        })
    )

    it.effect("a converted lead who ticked the form's marketing box goes to Mailchimp when leads are included", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Leader")
        const b = owner.browser
        yield* connect(b, 6, mailchimp.code)
        // The fakes live as long as the file: both databases' runs add to them.
        const membersBefore = membersOf().length
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE accounts SET leads_enabled = true WHERE account_id = ${owner.accountId}`
        const lead = (email: string, agreed: boolean) =>
          Effect.map(
            sql<{ lead_id: number }>`
              INSERT INTO leads (account_id, lead_subject, lead_message, lead_email, lead_name_first, lead_name_last,
                lead_company, lead_phone, lead_marketing_opt_in)
              VALUES (${owner.accountId}, 'Fence', 'Please quote', ${email}, 'Lee', 'Dee', '', '', ${agreed})
              RETURNING lead_id`,
            (rows) => rows[0]!.lead_id
          )
        const excluded = yield* lead(`first${owner.accountId}@example.com`, true)
        assert.strictEqual((yield* b.post(`/post/lead-convert/${excluded}`)).status, 200)
        yield* b.post("/post/add-on-options/6", { push_notes: true, tags: ["lead"], include_leads: true })
        const agreed = yield* lead(`agreed${owner.accountId}@example.com`, true)
        const declined = yield* lead(`declined${owner.accountId}@example.com`, false)
        const converted = yield* b.post(`/post/lead-convert/${agreed}`)
        assert.strictEqual(converted.status, 200, converted.text)
        assert.strictEqual((yield* b.post(`/post/lead-convert/${declined}`)).status, 200)
        const form = yield* b.get(`/get/contact-edit/${converted.body.contact_id}`)
        assert.strictEqual(form.body.marketing_opt_in, true)
        yield* eventually(
          Effect.flatMap(pushesOf(owner.accountId), (rows) =>
            rows.length === 1 && rows[0]!.status === "done" ? Effect.void : Effect.fail("pending")
          )
        )
        assert.deepStrictEqual(membersOf().slice(membersBefore), [
          { email: `agreed${owner.accountId}@example.com`, name_first: "Lee", name_last: "Dee", tags: ["lead"] }
        ])
      })
    )

    it.effect("a note the CRM refuses ends with its words; with notes off nothing is queued", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Refused")
        const b = owner.browser
        yield* connectInsightly(b)
        const found = yield* b.post("/get/lookup-contact/add-ons", { search: "hopper" })
        const linked = yield* b.post(`/post/lookup-contact/link/${found.body.results[0].id}`)
        const quote = (title: string) =>
          saveNew(b, owner.signinId, {
            quote: { title },
            items: rows([{ title: "Work", unit: "10.00" }]),
            contacts: [{ quote_contact_id: -1, contact_id: linked.body.contact_id, contact_order: 0 }]
          })
        const first = yield* quote("Refused note")
        insightly.failNext("addNote", new AddOnError({ kind: "rejected", message: "BODY is too long" }))
        yield* b.post("/post/quote-mark-sent", { quote_id: first.quote_id })
        yield* eventually(
          Effect.flatMap(pushesOf(owner.accountId), (rows) =>
            rows[0]?.status === "error" ? Effect.succeed(rows[0]) : Effect.fail("pending")
          )
        ).pipe(Effect.tap((row) => Effect.sync(() => assert.strictEqual(row.last_error, "BODY is too long"))))
        yield* b.post("/post/add-on-options/5", { push_notes: false, tags: [], include_leads: false })
        const second = yield* quote("Quiet")
        yield* b.post("/post/quote-mark-sent", { quote_id: second.quote_id })
        assert.strictEqual((yield* pushesOf(owner.accountId)).length, 1)
      })
    )
  },
  { layer: layer([], { crm: [insightly], marketing: mailchimp }) }
)
