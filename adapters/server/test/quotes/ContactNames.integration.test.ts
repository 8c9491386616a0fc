import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Browser, layer, newAccount } from "../Harness.ts"
import { saveNew } from "./Fixtures.ts"

interface Row {
  readonly quote_id: number
  readonly title: string
  readonly activity: number
}

/** A contact saved over HTTP (id 0: a new one); returns its id and company id. */
const saveContact = (b: Browser, id: number, contact: Record<string, unknown>) =>
  Effect.gen(function* () {
    const a = yield* b.post(`/post/contact-update/${id}`, {
      contact: { type: "person", name_first: "", name_last: "", email: "", company_id: null, ...contact },
      phones: [],
      addresses: []
    })
    if (a.status !== 200) return yield* Effect.die(`contact save failed ${a.status}: ${a.text}`)
    return { id: a.body.contact_id as number, company: a.body.contact.company_id as number | null }
  })

/** The ids of the quotes the list finds for a search, sorted. */
const found = (b: Browser, search: string) =>
  Effect.map(b.get(`/get/quotes?getCount=1&search=${encodeURIComponent(search)}`), (a) => {
    assert.strictEqual(a.status, 200)
    const ids = (a.body.rows as ReadonlyArray<Row>).map((r) => r.quote_id).sort((x, y) => x - y)
    assert.strictEqual(a.body.total, ids.length)
    return ids
  })

const withContacts = (...ids: ReadonlyArray<number>) => ({
  contacts: ids.map((contact_id, i) => ({ quote_contact_id: -(i + 1), contact_id, contact_order: i }))
})

describeBackends(
  "the quote list finds quotes by their contacts' current names",
  (it) => {
    it.effect("a person renamed, given another email or moved to another company", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Renamer")
        const ada = yield* saveContact(b, 0, {
          name_first: "Ada",
          name_last: "Lovelace",
          email: "ada@engines.example",
          company_name: "Analytical Engines"
        })
        const grace = yield* saveContact(b, 0, { name_first: "Grace", name_last: "Hopper" })
        const boiler = yield* saveNew(b, signinId, { quote: { title: "Boiler service" }, ...withContacts(ada.id) })
        const both = yield* saveNew(b, signinId, { quote: { title: "Heat pump" }, ...withContacts(grace.id, ada.id) })
        const other = yield* saveNew(b, signinId, { quote: { title: "Gutters" }, ...withContacts(grace.id) })
        assert.deepStrictEqual(yield* found(b, "lovelace"), [boiler.quote_id, both.quote_id])
        const before = (yield* b.get("/get/quotes")).body.rows as ReadonlyArray<Row>

        yield* saveContact(b, ada.id, {
          name_first: "Augusta",
          name_last: "King",
          email: "augusta@king.example",
          company_id: ada.company
        })
        assert.deepStrictEqual(yield* found(b, "lovelace"), [])
        assert.deepStrictEqual(yield* found(b, "ada@engines"), [])
        assert.deepStrictEqual(yield* found(b, "augusta king"), [boiler.quote_id, both.quote_id])
        assert.deepStrictEqual(yield* found(b, "augusta@king.example"), [boiler.quote_id, both.quote_id])
        // The other contact, the titles, numbers and company still find them.
        assert.deepStrictEqual(yield* found(b, "hopper"), [both.quote_id, other.quote_id])
        assert.deepStrictEqual(yield* found(b, "boiler"), [boiler.quote_id])
        assert.deepStrictEqual(yield* found(b, String(both.quote_no)), [both.quote_id])
        assert.deepStrictEqual(yield* found(b, "analytical"), [boiler.quote_id, both.quote_id])
        // A rename is not activity on the quotes: the list keeps its order and times.
        const after = (yield* b.get("/get/quotes")).body.rows as ReadonlyArray<Row>
        assert.deepStrictEqual(
          after.map((r) => [r.quote_id, r.activity]),
          before.map((r) => [r.quote_id, r.activity])
        )

        // Moved to another company (named, so made on the way).
        yield* saveContact(b, ada.id, { name_first: "Augusta", name_last: "King", company_name: "Babbage & Co" })
        assert.deepStrictEqual(yield* found(b, "analytical"), [])
        assert.deepStrictEqual(yield* found(b, "babbage & co"), [boiler.quote_id, both.quote_id])
      })
    )

    it.effect("a company renamed: its own quotes and its people's quotes", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Company")
        const jane = yield* saveContact(b, 0, { name_first: "Jane", name_last: "Smith", company_name: "Acme Ltd" })
        const companyId = jane.company!
        const ofPerson = yield* saveNew(b, signinId, { quote: { title: "Deck" }, ...withContacts(jane.id) })
        const ofCompany = yield* saveNew(b, signinId, { quote: { title: "Fence" }, ...withContacts(companyId) })
        const template = yield* saveNew(
          b,
          signinId,
          { quote: { title: "Standard deck" }, ...withContacts(jane.id) },
          "template"
        )
        assert.deepStrictEqual(yield* found(b, "acme"), [ofPerson.quote_id, ofCompany.quote_id])

        yield* saveContact(b, companyId, { type: "company", name_first: "Zenith Holdings" })
        assert.deepStrictEqual(yield* found(b, "acme"), [])
        assert.deepStrictEqual(yield* found(b, "zenith holdings"), [ofPerson.quote_id, ofCompany.quote_id])
        // Templates carry the same text for the templates' search.
        const sql = yield* SqlClient.SqlClient
        const [t] = yield* sql<{ search_text: string }>`
          SELECT search_text FROM quotes WHERE quote_id = ${template.quote_id}`
        assert.strictEqual(t!.search_text, "standard deck jane smith zenith holdings")
        // The company's people are found by its new name among contacts too.
        const people = (yield* b.get("/get/contacts?search=zenith")).body.rows as ReadonlyArray<{ contact_id: number }>
        assert.includeMembers(
          people.map((p) => p.contact_id),
          [jane.id, companyId]
        )
      })
    )

    it.effect("a merge: the loser's quotes, and its people's quotes, are found by the winner's names", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Merger")
        const typo = yield* saveContact(b, 0, { name_first: "Charles", name_last: "Babage" })
        const right = yield* saveContact(b, 0, {
          name_first: "Charles",
          name_last: "Babbage",
          email: "charles@difference.example"
        })
        const byTypo = yield* saveNew(b, signinId, { quote: { title: "Engine" }, ...withContacts(typo.id) })
        const merged = yield* b.post("/post/contact-merge", { loser_id: typo.id, winner_id: right.id })
        assert.strictEqual(merged.status, 200)
        assert.deepStrictEqual(yield* found(b, "babage"), [])
        assert.deepStrictEqual(yield* found(b, "babbage"), [byTypo.quote_id])
        assert.deepStrictEqual(yield* found(b, "charles@difference"), [byTypo.quote_id])

        const oldCo = yield* saveContact(b, 0, { type: "company", name_first: "Old Name Ltd" })
        const newCo = yield* saveContact(b, 0, { type: "company", name_first: "New Name Ltd" })
        const worker = yield* saveContact(b, 0, { name_first: "Wendy", name_last: "Worker", company_id: oldCo.id })
        const byWorker = yield* saveNew(b, signinId, { quote: { title: "Roof" }, ...withContacts(worker.id) })
        assert.deepStrictEqual(yield* found(b, "old name"), [byWorker.quote_id])
        assert.strictEqual(
          (yield* b.post("/post/contact-merge", { loser_id: oldCo.id, winner_id: newCo.id })).status,
          200
        )
        assert.deepStrictEqual(yield* found(b, "old name"), [])
        assert.deepStrictEqual(yield* found(b, "new name ltd"), [byWorker.quote_id])
      })
    )
  },
  { layer: layer() }
)
