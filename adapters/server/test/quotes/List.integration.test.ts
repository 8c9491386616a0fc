import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { layer, newAccount } from "../Harness.ts"
import { contact, member, saveNew } from "./Fixtures.ts"

interface Row {
  quote_id: number
  title: string
  status: string
  href: string
  last_view: string | null
  _new_questions: number
  _followSubjectId: number
  _followSecsDif: number
  _companyOrPerson: string
  _name_from: string
}

describeBackends(
  "the quote list over HTTP",
  (it) => {
    it.effect("pages 100 rows by most recent activity, with the total only on request", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Pager")
        const sql = yield* SqlClient.SqlClient
        yield* sql`
          INSERT INTO quotes (account_id, quote_no, title, from_signin_id, modified, search_text)
          SELECT ${accountId}, n, 'Bulk ' || n, ${signinId}, now() - n * interval '1 minute', 'bulk ' || n
          FROM generate_series(1, 205) AS n`
        const first = (yield* b.get("/get/quotes")).body
        assert.strictEqual(first.rows.length, 100)
        assert.isTrue(first.has_more)
        assert.strictEqual(first.total, null)
        assert.deepStrictEqual(
          first.rows.slice(0, 3).map((r: Row) => r.title),
          ["Bulk 1", "Bulk 2", "Bulk 3"]
        )
        const third = (yield* b.get("/get/quotes?page=3&getCount=1")).body
        assert.strictEqual(third.rows.length, 5)
        assert.isFalse(third.has_more)
        assert.strictEqual(third.total, 205)
        assert.strictEqual(third.rows[4].title, "Bulk 205")
        // A save moves a quote to the top.
        const bumped = yield* saveNew(b, signinId, { quote: { title: "Fresh" } })
        assert.strictEqual((yield* b.get("/get/quotes")).body.rows[0].quote_id, bumped.quote_id)
      })
    )

    it.effect("filters by status, tab, author and search; tabs follow the status filter", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Filter")
        const colleague = yield* member(accountId, { admin: false, name: "Colleague" })
        const draft = yield* saveNew(b, signinId, { quote: { title: "Draft one" } })
        const sent = yield* saveNew(b, signinId, { quote: { title: "Sent one" } })
        yield* b.post("/post/quote-mark-sent", { quote_id: sent.quote_id })
        const accepted = yield* saveNew(b, signinId, { quote: { title: "Won one" } })
        yield* b.post(`/post/quote-accept-on-behalf/${accepted.quote_id}`)
        yield* b.post(`/post/quote-archive/to-state/${accepted.quote_id}/complete`)
        const theirs = yield* saveNew(colleague.browser, colleague.signinId, { quote: { title: "Colleague's" } })
        const ids = (path: string) => Effect.map(b.get(path), (a) => a.body.rows.map((r: Row) => r.quote_id).sort())

        assert.deepStrictEqual(yield* ids("/get/quotes"), [draft, sent, accepted, theirs].map((q) => q.quote_id).sort())
        assert.deepStrictEqual(yield* ids("/get/quotes?status=draft"), [draft.quote_id, theirs.quote_id].sort())
        assert.deepStrictEqual(yield* ids("/get/quotes?tab=complete"), [accepted.quote_id])
        assert.deepStrictEqual(yield* ids("/get/quotes?status=accepted&tab=active"), [])
        assert.deepStrictEqual(yield* ids(`/get/quotes?author=${colleague.signinId}`), [theirs.quote_id])
        assert.deepStrictEqual(yield* ids("/get/quotes?search=WON"), [accepted.quote_id])
        // The number as the list shows it ("#3"), with or without "#", finds that quote.
        const numbered = (yield* b.get(`/get/quotes?search=Sent`)).body.rows[0] as Row & { quote_no: number }
        assert.deepStrictEqual(yield* ids(`/get/quotes?search=%23${numbered.quote_no}`), [sent.quote_id])
        assert.deepStrictEqual(yield* ids(`/get/quotes?search=%23%20${numbered.quote_no}`), [sent.quote_id])
        assert.include(yield* ids(`/get/quotes?search=${numbered.quote_no}`), sent.quote_id)
        assert.deepStrictEqual(yield* ids("/get/quotes?search=%2399999"), [])
        const withdrawn = (yield* b.get("/get/quotes?status=withdrawn&tab=active")).body
        assert.deepStrictEqual([withdrawn.tabs, withdrawn.tab], [[], "all"])
        const declined = (yield* b.get("/get/quotes?status=declined&tab=complete")).body
        assert.deepStrictEqual([declined.tabs, declined.tab], [["all", "active", "waiting", "dismissed"], "all"])
        assert.strictEqual((yield* b.get("/get/quotes?status=bogus")).status, 400)
        assert.strictEqual((yield* b.get(`/get/quotes?search=${"x".repeat(201)}`)).status, 400)
      })
    )

    it.effect("shows each row's status, last view, new questions, due follow-up and where it opens", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Rows")
        const sql = yield* SqlClient.SqlClient
        const ada = yield* contact(accountId, "Ada", "Lovelace", "Engines Ltd")
        const bob = yield* contact(accountId, "Bob", "Jones")
        const draft = yield* saveNew(b, signinId, {
          quote: { title: "Draft" },
          contacts: [{ quote_contact_id: -1, contact_id: ada, contact_order: 0 }]
        })
        const sent = yield* saveNew(b, signinId, {
          quote: { title: "Sent" },
          contacts: [{ quote_contact_id: -1, contact_id: bob, contact_order: 0 }]
        })
        const old = yield* saveNew(b, signinId, { quote: { title: "Old view" } })
        for (const q of [sent, old]) yield* b.post("/post/quote-mark-sent", { quote_id: q.quote_id })
        yield* sql`UPDATE quotes SET last_view = now() - interval '2 hours' WHERE quote_id = ${sent.quote_id}`
        yield* sql`UPDATE quotes SET last_view = now() - interval '40 days' WHERE quote_id = ${old.quote_id}`
        yield* sql`
          INSERT INTO discussion (account_id, quote_id, discuss_type, from_contact_id, discuss_body)
          VALUES (${accountId}, ${sent.quote_id}, 1, ${bob}, 'Does it include tax?'),
                 (${accountId}, ${sent.quote_id}, 1, ${bob}, 'And delivery?')`
        const [f] = yield* sql<{ follow_up_id: number }>`
          INSERT INTO follow_ups (account_id, quote_id, due_at) VALUES (${accountId}, ${sent.quote_id}, now() - interval '1 hour')
          RETURNING follow_up_id`
        yield* sql`
          INSERT INTO follow_ups (account_id, quote_id, due_at) VALUES (${accountId}, ${old.quote_id}, now() + interval '1 day')`

        const rows = (yield* b.get("/get/quotes")).body.rows as Array<Row>
        const byTitle = new Map(rows.map((r) => [r.title, r]))
        const d = byTitle.get("Draft")!
        assert.deepStrictEqual(
          [d.status, d.href, d.last_view, d._companyOrPerson, d._name_from],
          ["draft", `/quotes/${draft.quote_id}/is-editing`, Message.unopened, "Engines Ltd", "Rows Tester"]
        )
        const s = byTitle.get("Sent")!
        assert.deepStrictEqual(
          [s.status, s.last_view, s._new_questions, s._followSubjectId, s.href, s._companyOrPerson],
          [
            "sent",
            "2 hours ago",
            2,
            f!.follow_up_id,
            `/quote/${sent.quote_id}?do-follow-up=${f!.follow_up_id}`,
            "Bob Jones"
          ]
        )
        assert.isAtLeast(s._followSecsDif, 3590)
        const o = byTitle.get("Old view")!
        assert.deepStrictEqual([o.last_view, o._followSubjectId, o.href], [null, 0, `/quote/${old.quote_id}`])
      })
    )
  },
  { layer: layer() }
)
