import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { expectStatus, server, signUp } from "./Harness.ts"

const person = (over: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
  contact: { type: "person", name_first: "Jane", name_last: "Smith", email: "jane@acme.co", company_id: null, ...over },
  phones: [],
  addresses: [],
  ...rest
})
const company = (name: string) => ({
  contact: { type: "company", name_first: name, name_last: "", email: "", company_id: null },
  phones: [],
  addresses: []
})

describeBackends(
  "contacts over HTTP",
  (it) => {
    it.effect("a new contact with the email of another is refused with who has it, unless created anyway", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const first = expectStatus(
          yield* client.post("/post/contact-update/0", person({ email: "priya@harbour.example" })),
          200
        ).body
        const again = yield* client.post(
          "/post/contact-update/0",
          person({ name_first: "Priya", name_last: "S.", email: " PRIYA@Harbour.example " })
        )
        assert.strictEqual(again.status, 409, again.text)
        assert.strictEqual(again.body._tag, "DuplicateContact")
        assert.deepStrictEqual(again.body.existing, { contact_id: first.contact_id, display_name: "Jane Smith" })
        assert.strictEqual(again.body._serveError.message, Message.duplicateContact("Jane Smith"))
        // Created anyway when asked; editing the first keeps its own email without a word; no email, no check.
        const anyway = yield* client.post("/post/contact-update/0", {
          ...person({ name_first: "Priya", email: "priya@harbour.example" }),
          allow_duplicate: true
        })
        assert.strictEqual(anyway.status, 200, anyway.text)
        assert.strictEqual(
          (yield* client.post(`/post/contact-update/${first.contact_id}`, person({ email: "priya@harbour.example" })))
            .status,
          200
        )
        assert.strictEqual((yield* client.post("/post/contact-update/0", person({ email: "" }))).status, 200)
        assert.strictEqual((yield* client.post("/post/contact-update/0", person({ email: "" }))).status, 200)
      })
    )

    it.effect("creates a person with phones, an address and a new company, and shows them", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const saved = expectStatus(
          yield* client.post(
            "/post/contact-update/0",
            person(
              { company_name: "Acme Ltd" },
              {
                phones: [
                  { phoneOther: "+64 21 555 0100", phoneOther_type: 3 },
                  { phoneOther: "acme.co", phoneOther_type: 8 },
                  { phoneOther: "javascript:alert(1)", phoneOther_type: 8 }
                ],
                addresses: [
                  { address: "12 High St", city: "Wellington", state: "", zip: "6011", country: "New Zealand" }
                ],
                from_quote_edit: true
              }
            )
          ),
          200
        ).body
        assert.strictEqual(saved.contact.display_name, "Jane Smith")
        assert.strictEqual(saved.contact._name_company, "Acme Ltd")
        assert.strictEqual(saved.next_url, `/contacts/view/${saved.contact_id}`)
        const view = expectStatus(yield* client.get(`/get/contact-view/${saved.contact_id}`), 200).body
        assert.strictEqual(view.company.display_name, "Acme Ltd")
        assert.deepStrictEqual(
          view.phones.map((p: { label: string; link: string | null }) => [p.label, p.link]),
          [
            ["Mobile", "tel:+64215550100"],
            ["Website", "https://acme.co"],
            ["Website", null]
          ]
        )
        assert.deepStrictEqual(view.addresses[0].lines, ["12 High St", "Wellington 6011", "New Zealand"])
        assert.match(
          view.addresses[0].map_url,
          /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20High%20St/
        )
        assert.strictEqual(view.sticker, null)
        assert.strictEqual(view.people, null)
        assert.strictEqual(view.view_quotes_url, "/quotes?search=Jane%20Smith")
        const acme = expectStatus(yield* client.get(`/get/contact-view/${saved.contact.company_id}`), 200).body
        assert.strictEqual(acme.people_label, "1 person")
        assert.deepStrictEqual(
          acme.people.map((p: { display_name: string }) => p.display_name),
          ["Jane Smith"]
        )
        // A second person naming the same company (any case) joins it rather than making another.
        const john = expectStatus(
          yield* client.post(
            "/post/contact-update/0",
            person({ name_first: "John", email: "", company_name: "ACME LTD" })
          ),
          200
        ).body
        assert.strictEqual(john.contact.company_id, saved.contact.company_id)
        const acme2 = expectStatus(yield* client.get(`/get/contact-view/${saved.contact.company_id}`), 200).body
        assert.strictEqual(acme2.people_label, "2 people")
        const empty = expectStatus(yield* client.post("/post/contact-update/0", company("Empty Co")), 200).body
        const emptyView = expectStatus(yield* client.get(`/get/contact-view/${empty.contact_id}`), 200).body
        assert.strictEqual(emptyView.people_label, "No people here")
      })
    )

    it.effect("refuses a contact without a name, a company without a name and a malformed email", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const noName = yield* client.post(
          "/post/contact-update/0",
          person({ name_first: " ", name_last: "", email: "" })
        )
        assert.strictEqual(noName.status, 400)
        assert.strictEqual(noName.body._serveError.message, "Name is required.")
        assert.deepStrictEqual(noName.body.form_errors[0].input_id, "name_first")
        const noCompany = yield* client.post("/post/contact-update/0", company(""))
        assert.strictEqual(noCompany.body._serveError.message, "Company name is required.")
        const badEmail = yield* client.post("/post/contact-update/0", person({ email: "jane@" }))
        assert.strictEqual(badEmail.status, 400)
        assert.strictEqual(badEmail.body._serveError.message, "That does not look like an email address.")
        const badType = yield* client.post(
          "/post/contact-update/0",
          person({}, { phones: [{ phoneOther: "1", phoneOther_type: 9 }] })
        )
        assert.strictEqual(badType.status, 400)
      })
    )

    it.effect("edits a contact, replacing its rows, and warns when someone else saved since it was loaded", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const saved = expectStatus(
          yield* client.post(
            "/post/contact-update/0",
            person({}, { phones: [{ phoneOther: "04 555 0100", phoneOther_type: 1 }] })
          ),
          200
        ).body
        const form = expectStatus(yield* client.get(`/get/contact-edit/${saved.contact_id}`), 200).body
        assert.strictEqual(form.phones.length, 1)
        assert.strictEqual(form.method_types.length, 8)
        assert.strictEqual(form.method_types[6].label, "X")
        const edited = expectStatus(
          yield* client.post(`/post/contact-update/${saved.contact_id}`, {
            ...person({ name_first: "Janet" }),
            _modifiedIn: form.contact.modified
          }),
          200
        ).body
        assert.strictEqual(edited.contact.display_name, "Janet Smith")
        const after = expectStatus(yield* client.get(`/get/contact-edit/${saved.contact_id}`), 200).body
        assert.strictEqual(after.phones.length, 0)
        // Someone else saves later: a save based on the old copy gets the conflict prompt.
        const sql = yield* SqlClient.SqlClient
        const [other] = yield* sql<{ signin_id: number }>`
          INSERT INTO signins (email, name_display) VALUES (${`other-${Date.now()}@example.com`}, 'Bob Other')
          RETURNING signin_id`
        yield* sql`UPDATE contacts SET modified = now() + interval '5 seconds', modified_by = ${other!.signin_id}
                   WHERE contact_id = ${saved.contact_id}`
        const stale = yield* client.post(`/post/contact-update/${saved.contact_id}`, {
          ...person({ name_first: "Jan" }),
          _modifiedIn: after.contact.modified
        })
        assert.strictEqual(stale.status, 409)
        assert.strictEqual(stale.body._changeWarning.who, "Bob Other")
        assert.match(stale.body._serveError.message, /^Saving will replace changes made by Bob Other /)
        // "Continue to Save" sends without the stale time.
        expectStatus(yield* client.post(`/post/contact-update/${saved.contact_id}`, person({ name_first: "Jan" })), 200)
      })
    )

    it.effect("new-person and new-company forms, with the company of 'Add person'", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const acme = expectStatus(yield* client.post("/post/contact-update/0", company("Acme")), 200).body
        const blank = expectStatus(
          yield* client.get(`/get/contact-new/new-person?company_id=${acme.contact_id}`),
          200
        ).body
        assert.strictEqual(blank.contact.type, "person")
        assert.strictEqual(blank.contact.contact_id, 0)
        assert.strictEqual(blank.company.display_name, "Acme")
        const blankCompany = expectStatus(yield* client.get("/get/contact-new/new-company"), 200).body
        assert.strictEqual(blankCompany.contact.type, "company")
        assert.strictEqual(blankCompany.company, null)
        assert.strictEqual((yield* client.get("/get/contact-new/new-robot")).status, 400)
      })
    )

    it.effect("lists people and companies, searches, pages by 100 and counts on demand", () =>
      Effect.gen(function* () {
        const { client, account_id } = yield* signUp()
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO contacts (account_id, contact_type, name_first, name_last, email, search_text)
          SELECT ${account_id}, 'person', 'Person', lpad(g::text, 3, '0'), '', 'person ' || lpad(g::text, 3, '0')
          FROM generate_series(1, 150) g`
        expectStatus(yield* client.post("/post/contact-update/0", company("Zenith Holdings")), 200)
        const page1 = expectStatus(yield* client.get("/get/contacts?type=person&getCount=1"), 200).body
        assert.strictEqual(page1.rows.length, 100)
        assert.strictEqual(page1.has_more, true)
        assert.strictEqual(page1.total, 150)
        assert.strictEqual(page1.rows[0].display_name, "Person 001")
        const page2 = expectStatus(yield* client.get("/get/contacts?type=person&page=2"), 200).body
        assert.strictEqual(page2.rows.length, 50)
        assert.strictEqual(page2.has_more, false)
        assert.strictEqual(page2.total, null)
        const companies = expectStatus(yield* client.get("/get/contacts?type=company"), 200).body
        assert.deepStrictEqual(
          companies.rows.map((r: { display_name: string }) => r.display_name),
          ["Zenith Holdings"]
        )
        const found = expectStatus(yield* client.get(`/get/contacts?search=${encodeURIComponent("SON 12")}`), 200).body
        assert.deepStrictEqual(
          found.rows.map((r: { display_name: string }) => r.display_name),
          [
            "Person 120",
            "Person 121",
            "Person 122",
            "Person 123",
            "Person 124",
            "Person 125",
            "Person 126",
            "Person 127",
            "Person 128",
            "Person 129"
          ]
        )
        const wild = expectStatus(yield* client.get(`/get/contacts?search=${encodeURIComponent("%")}`), 200).body
        assert.strictEqual(wild.rows.length, 0)
      })
    )

    it.effect("archives and restores; archived contacts leave the current list and show the sticker", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const saved = expectStatus(yield* client.post("/post/contact-update/0", person()), 200).body
        expectStatus(yield* client.post(`/post/contact-archive/${saved.contact_id}/2`), 200)
        const view = expectStatus(yield* client.get(`/get/contact-view/${saved.contact_id}`), 200).body
        assert.strictEqual(view.sticker, "Archived")
        const current = expectStatus(yield* client.get("/get/contacts"), 200).body
        assert.isFalse(current.rows.some((r: { contact_id: number }) => r.contact_id === saved.contact_id))
        const archived = expectStatus(yield* client.get("/get/contacts?archive=archived"), 200).body
        assert.isTrue(archived.rows.some((r: { contact_id: number }) => r.contact_id === saved.contact_id))
        expectStatus(yield* client.post(`/post/contact-archive/${saved.contact_id}/1`), 200)
        const restored = expectStatus(yield* client.get(`/get/contact-view/${saved.contact_id}`), 200).body
        assert.strictEqual(restored.sticker, null)
        assert.strictEqual((yield* client.post(`/post/contact-archive/${saved.contact_id}/3`)).status, 400)
        const sql = yield* SqlClient.SqlClient
        const history = yield* sql<{ html_summary: string }>`SELECT html_summary FROM history
          WHERE table_name = 'contact' AND category_id = ${saved.contact_id} ORDER BY history_id`
        assert.deepStrictEqual(
          history.map((h) => h.html_summary),
          ["Created", "Archived", "Restored"]
        )
      })
    )

    it.effect("merges a loser into a winner: quotes and people move, the loser is archived as merged", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const sql = yield* SqlClient.SqlClient
        const winner = expectStatus(yield* client.post("/post/contact-update/0", company("Acme Ltd")), 200).body
        const loser = expectStatus(
          yield* client.post("/post/contact-update/0", {
            ...company("ACME Limited"),
            phones: [{ phoneOther: "04 555 0199", phoneOther_type: 2 }]
          }),
          200
        ).body
        const jane = expectStatus(
          yield* client.post("/post/contact-update/0", person({ company_id: loser.contact_id })),
          200
        ).body
        const quotes = yield* sql<{ quote_id: number }>`
          INSERT INTO quotes (account_id, quote_no, title, from_signin_id)
          VALUES (${account_id}, 901, 'One', ${signin_id}), (${account_id}, 902, 'Two', ${signin_id}) RETURNING quote_id`
        yield* sql`INSERT INTO quote_contacts (account_id, quote_id, contact_id) VALUES
          (${account_id}, ${quotes[0]!.quote_id}, ${loser.contact_id}),
          (${account_id}, ${quotes[1]!.quote_id}, ${loser.contact_id}),
          (${account_id}, ${quotes[1]!.quote_id}, ${winner.contact_id})`
        const bad = yield* client.post("/post/contact-merge", {
          loser_id: jane.contact_id,
          winner_id: winner.contact_id
        })
        assert.strictEqual(bad.status, 400)
        assert.strictEqual(
          bad.body._serveError.message,
          "A person can only be merged with a person, and a company with a company."
        )
        const same = yield* client.post("/post/contact-merge", {
          loser_id: winner.contact_id,
          winner_id: winner.contact_id
        })
        assert.strictEqual(same.body._serveError.message, "Choose two different records to merge.")
        const merged = expectStatus(
          yield* client.post("/post/contact-merge", { loser_id: loser.contact_id, winner_id: winner.contact_id }),
          200
        ).body
        assert.deepStrictEqual([merged.moved_quotes, merged.moved_people], [1, 1])
        const onQuotes = yield* sql<{ quote_id: number; contact_id: number }>`
          SELECT quote_id, contact_id FROM quote_contacts WHERE account_id = ${account_id} ORDER BY quote_id`
        assert.deepStrictEqual(
          onQuotes.map((q) => q.contact_id),
          [winner.contact_id, winner.contact_id]
        )
        const winnerView = expectStatus(yield* client.get(`/get/contact-view/${winner.contact_id}`), 200).body
        assert.strictEqual(winnerView.people_label, "1 person")
        assert.deepStrictEqual(
          winnerView.phones.map((p: { phoneOther: string }) => p.phoneOther),
          ["04 555 0199"]
        )
        const loserView = expectStatus(yield* client.get(`/get/contact-view/${loser.contact_id}`), 200).body
        assert.strictEqual(loserView.sticker, "Archived")
        assert.strictEqual(loserView.merged_into.contact_id, winner.contact_id)
        // The loser's old name now finds the winner.
        const lookup = expectStatus(yield* client.post("/get/lookup-contact/company", { search: "limited" }), 200).body
        assert.deepStrictEqual(
          lookup.results.map((r: { id: number }) => r.id),
          [winner.contact_id]
        )
        const again = yield* client.post("/post/contact-merge", {
          loser_id: loser.contact_id,
          winner_id: winner.contact_id
        })
        assert.strictEqual(again.body._serveError.message, "That was already merged into another record.")
        assert.strictEqual((yield* client.post(`/post/contact-archive/${loser.contact_id}/1`)).status, 403)
      })
    )

    it.effect("looks up people and companies; over 100 characters only creation is offered", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        expectStatus(yield* client.post("/post/contact-update/0", person({ company_name: "Smithson Co" })), 200)
        expectStatus(
          yield* client.post(
            "/post/contact-update/0",
            person({ name_first: "Adam", name_last: "Smithers", email: "" })
          ),
          200
        )
        const people = expectStatus(yield* client.post("/get/lookup-contact/person", { search: "smith" }), 200).body
        assert.strictEqual(people.create_only, false)
        assert.sameMembers(
          people.results.map((r: { contact: { display_name: string } }) => r.contact.display_name),
          ["Jane Smith", "Adam Smithers", "Smithson Co"]
        )
        assert.isTrue(people.results.every((r: { addonId: number }) => r.addonId === 0))
        const companies = expectStatus(yield* client.post("/get/lookup-contact/company", { search: "smith" }), 200).body
        assert.deepStrictEqual(
          companies.results.map((r: { contact: { display_name: string } }) => r.contact.display_name),
          ["Smithson Co"]
        )
        const long = expectStatus(
          yield* client.post("/get/lookup-contact/person", { search: "x".repeat(101) }),
          200
        ).body
        assert.deepStrictEqual(long, { results: [], create_only: true })
        const atLimit = expectStatus(
          yield* client.post("/get/lookup-contact/person", { search: "x".repeat(100) }),
          200
        ).body
        assert.strictEqual(atLimit.create_only, false)
        const pasted = expectStatus(
          yield* client.post("/get/lookup-contact/person", { search: "Jane\nAcme" }),
          200
        ).body
        assert.strictEqual(pasted.create_only, true)
        const blank = expectStatus(yield* client.post("/get/lookup-contact/person", { search: "  " }), 200).body
        assert.deepStrictEqual(blank, { results: [], create_only: false })
      })
    )
  },
  { layer: server }
)
