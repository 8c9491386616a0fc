import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { browser, layer, newAccount, PASSWORD, uniqueEmail } from "../Harness.ts"
import { rows, saveBody, saveNew } from "./Fixtures.ts"

describeBackends(
  "history and dashboard over HTTP",
  (it) => {
    it.effect("pages history 20 at a time, newest first, with every name and title escaped", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const created = yield* b.post("/sign-in/new-account", {
          business_name: "Escapes Ltd",
          your_name: `<img src=x onerror=alert(1)>`,
          email: uniqueEmail("escape"),
          password: PASSWORD
        })
        assert.strictEqual(created.status, 201, created.text)
        const signinId = created.body.signin_id as number
        const saved = yield* saveNew(b, signinId, { quote: { title: "<script>alert(2)</script>" } })
        let seq = saved._modifiedIn
        for (let i = 0; i < 21; i++) {
          const a = yield* b.post(
            `/post/quote-update/edit/${saved.quote_id}/is-editing`,
            saveBody(signinId, { quote: { title: `<script>alert(2)</script>` }, modifiedIn: seq })
          )
          seq = a.body._modifiedIn
        }
        const first = (yield* b.get(`/get/history/quote/${saved.quote_id}`)).body
        assert.deepStrictEqual(
          [first.total_rows, first.rows.length, first.more_history, first.page_size],
          [22, 20, true, 20]
        )
        assert.strictEqual(
          first.rows[0].html_summary,
          "<b>&lt;img src=x onerror=alert(1)&gt;</b> saved changes to the quote."
        )
        assert.include(first.rows[0].html_full, "<q>&lt;script&gt;alert(2)&lt;/script&gt;</q>")
        assert.notInclude(first.rows.map((r: { html_full: string }) => r.html_full).join(""), "<script")
        const second = (yield* b.get(`/get/history/quote/${saved.quote_id}?page=2`)).body
        assert.deepStrictEqual([second.rows.length, second.more_history], [2, false])
        assert.include(second.rows[1].html_summary, "created the quote.")
        assert.isAtLeast(first.rows[0].action_time, second.rows[1].action_time)

        // Another account's history of the same id is empty, not theirs.
        const other = yield* newAccount("Peeker")
        const peek = (yield* other.browser.get(`/get/history/quote/${saved.quote_id}`)).body
        assert.deepStrictEqual([peek.total_rows, peek.rows], [0, []])
        assert.strictEqual((yield* b.get(`/get/history/content-item/1`)).status, 200)
        assert.strictEqual((yield* b.get(`/get/history/nonsense/1`)).status, 400)
      })
    )

    it.effect("counts quotes by status, waiting on the customer, accepted this month and the open value", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Dash")
        const sql = yield* SqlClient.SqlClient
        const make = (title: string, unit: string, currency = 156) =>
          saveNew(b, signinId, {
            quote: { title, currency_id: currency },
            items: rows([{ title, unit }])
          })
        yield* make("Draft", "10")
        const sent = yield* make("Sent", "100")
        const sentNzd = yield* make("Sent NZD", "50", 107)
        const won = yield* make("Won", "1000")
        const wonLastMonth = yield* make("Won before", "7")
        const gone = yield* make("Withdrawn", "99999")
        for (const q of [sent, sentNzd, won, wonLastMonth, gone])
          yield* b.post("/post/quote-mark-sent", { quote_id: q.quote_id })
        for (const q of [won, wonLastMonth]) yield* b.post(`/post/quote-accept-on-behalf/${q.quote_id}`)
        yield* sql`UPDATE quotes SET status_changed_at = now() - interval '45 days' WHERE quote_id = ${wonLastMonth.quote_id}`
        yield* b.post(`/act-on/quote-action/withdraw-dodo/${gone.quote_id}`)

        const d = (yield* b.get("/get/dashboard")).body
        const count = (status: string) => d.by_status.find((s: { status: string }) => s.status === status)?.count
        assert.deepStrictEqual([count("draft"), count("sent"), count("accepted")], [1, 2, 2])
        assert.isUndefined(
          d.by_status.find((s: { status: string }) => s.status === "withdrawn"),
          "withdrawn leaves the stats"
        )
        assert.strictEqual(d.waiting_on_customer.count, 2)
        assert.deepStrictEqual(d.waiting_on_customer.rows.map((r: { title: string }) => r.title).sort(), [
          "Sent",
          "Sent NZD"
        ])
        assert.deepStrictEqual(
          d.open_value.map((v: { currencyCode: string; value: string }) => [v.currencyCode, v.value]),
          [
            ["NZD", "50"],
            ["USD", "100"]
          ]
        )
        assert.strictEqual(d.accepted_this_month.count, 1)
        assert.deepStrictEqual(
          d.accepted_this_month.rows.map((r: { title: string }) => r.title),
          ["Won"]
        )
        assert.deepStrictEqual(
          d.accepted_this_month.values.map((v: { value: string }) => v.value),
          ["1000"]
        )
      })
    )

    it.effect("gives the quote overview's statistics, action bar and latest activity", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Overview")
        const sql = yield* SqlClient.SqlClient
        const saved = yield* saveNew(b, signinId)
        yield* b.post(
          `/post/quote-update/edit/${saved.quote_id}/is-editing`,
          saveBody(signinId, { modifiedIn: saved._modifiedIn })
        )
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        yield* sql`UPDATE quotes SET stat_opens = 3, stat_followups = 1 WHERE quote_id = ${saved.quote_id}`
        const o = (yield* b.get(`/get/quote-overview/${saved.quote_id}`)).body
        assert.deepStrictEqual(o.stats, { opens: 3, edits: 2, followups: 1 })
        assert.strictEqual(o.status_label, "Sent")
        assert.isTrue(o.showsActiveWaiting)
        assert.strictEqual(o.recent.html_summary, "<b>Overview Tester</b> marked the quote as sent.")
        const actions = o.offers.map((x: { action: string }) => x.action)
        assert.includeMembers(actions, ["edit", "acceptOnBehalf", "decline", "withdraw"])
        const followUp = o.offers.find((x: { action: string }) => x.action === "sendFollowUp")
        assert.strictEqual(followUp.disabledReason, "Follow-ups can be sent once the quote has been emailed.")
      })
    )
  },
  { layer: layer() }
)
