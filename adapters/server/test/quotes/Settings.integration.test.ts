import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { acceptBody, choicesOf, open, sentQuote } from "../customer/Fixtures.ts"
import { layer, newAccount, TestServer } from "../Harness.ts"
import { member, saveBody, saveNew } from "./Fixtures.ts"

const DAY_MS = 86_400_000

const path = (id: number) => `/post/quote-settings/${id}`
const off = { terms_checkbox: null, customer_quantities: null }

describeBackends(
  "quote settings over HTTP",
  (it) => {
    it.effect("reads the defaults, changes a setting with a history row naming who changed what", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const { browser: b, signinId, accountId } = yield* newAccount("Setter")
        const saved = yield* saveNew(b, signinId)
        const first = yield* b.get(`/get/quote-settings/${saved.quote_id}`)
        assert.strictEqual(first.status, 200, first.text)
        assert.deepStrictEqual(first.body, {
          quote_id: saved.quote_id,
          settings: off,
          defaults: { terms_checkbox: false, customer_quantities: true },
          locked: null
        })

        const changed = yield* b.post(path(saved.quote_id), { terms_checkbox: true, customer_quantities: null })
        assert.strictEqual(changed.status, 200, changed.text)
        assert.deepStrictEqual(changed.body.settings, { terms_checkbox: true, customer_quantities: null })
        const again = yield* b.get(`/get/quote-settings/${saved.quote_id}`)
        assert.deepStrictEqual(again.body.settings, { terms_checkbox: true, customer_quantities: null })

        const history = yield* b.get(`/get/history/quote/${saved.quote_id}`)
        assert.strictEqual(
          history.body.rows[0].html_summary,
          "<b>Setter Tester</b> changed the settings: Terms box to tick before accepting: On."
        )
        const [audit] = yield* sql<{ action: string; actor_signin_id: number; data: { from: unknown; to: unknown } }>`
          SELECT action, actor_signin_id, data FROM audit_log
          WHERE account_id = ${accountId} AND subject_table = 'quote' AND subject_id = ${saved.quote_id}
          ORDER BY audit_id DESC LIMIT 1`
        assert.strictEqual(audit?.action, "quote.settings")
        assert.strictEqual(audit?.actor_signin_id, signinId)
        assert.deepStrictEqual(audit?.data.from, off)
        assert.deepStrictEqual(audit?.data.to, { terms_checkbox: true, customer_quantities: null })

        // The same settings again change nothing and write no history.
        const count = () =>
          sql<{ n: number }>`SELECT count(*)::int AS n FROM history WHERE category_id = ${saved.quote_id}`.pipe(
            Effect.map((r) => r[0]!.n)
          )
        const before = yield* count()
        assert.strictEqual(
          (yield* b.post(path(saved.quote_id), { terms_checkbox: true, customer_quantities: null })).status,
          200
        )
        assert.strictEqual(yield* count(), before)

        // The account's appearance is the terms default.
        yield* sql`UPDATE accounts SET appearance = '{"termsCheckbox": true}'::jsonb WHERE account_id = ${accountId}`
        assert.isTrue((yield* b.get(`/get/quote-settings/${saved.quote_id}`)).body.defaults.terms_checkbox)

        // A save of the editor does not undo the settings.
        const editor = yield* b.get(`/get/quote-edit/edit/${saved.quote_id}/is-editing`)
        const resaved = yield* b.post(
          `/post/quote-update/edit/${saved.quote_id}/is-editing`,
          saveBody(signinId, { quote: { title: "Renamed" }, modifiedIn: editor.body._modifiedIn })
        )
        assert.strictEqual(resaved.status, 200, resaved.text)
        assert.deepStrictEqual((yield* b.get(`/get/quote-settings/${saved.quote_id}`)).body.settings, {
          terms_checkbox: true,
          customer_quantities: null
        })
      })
    )

    it.effect("the settings reach the customer page: terms box to accept, quantity edits", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Settled")
        const before = (yield* open(q.customer, q.token!)).body
        assert.isFalse(before.terms_required)
        assert.isTrue(before.quote.isCustomerEditable)

        const set = yield* q.browser.post(path(q.quoteId), { terms_checkbox: true, customer_quantities: false })
        assert.strictEqual(set.status, 200, set.text)
        const data = (yield* open(q.customer, q.token!)).body
        assert.isTrue(data.terms_required)
        assert.isFalse(data.quote.isCustomerEditable)

        const choices = choicesOf(data)
        const tiles = data.quote.publicItems.find((i: { item_title: string }) => i.item_title === "Spare tiles")
        const more = choices.map((c) => (c.quote_item_id === tiles.quote_item_id ? { ...c, quantity: "7" } : c))
        const post = (body: unknown) => q.customer.post(`/api/q/${q.token}/accept`, body)
        const quantity = yield* post(acceptBody(more, { confirm: true }))
        assert.strictEqual(quantity.status, 400)
        assert.strictEqual(quantity.body.form_errors[0].input_id, "choices")
        const unticked = yield* post(acceptBody(choices))
        assert.strictEqual(unticked.status, 400)
        assert.strictEqual(unticked.body._serveError.message, Message.checkBoxToAccept)
        const accepted = yield* post(acceptBody(choices, { confirm: true }))
        assert.strictEqual(accepted.status, 200, accepted.text)

        // Answered: the settings are what the customer met, and stay.
        const view = yield* q.browser.get(`/get/quote-settings/${q.quoteId}`)
        assert.strictEqual(view.body.locked, "This quote is Accepted: its settings can no longer be changed.")
        const refused = yield* q.browser.post(path(q.quoteId), off)
        assert.strictEqual(refused.status, 409)
        assert.strictEqual(refused.body._serveError.message, Message.settingsLocked(Message.accepted))
        assert.deepStrictEqual((yield* q.browser.get(`/get/quote-settings/${q.quoteId}`)).body.settings, {
          terms_checkbox: true,
          customer_quantities: false
        })
      })
    )

    it.effect("a sent quote past its expiry is locked; the account's wording is used", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const server = yield* TestServer
        const { browser: b, signinId, accountId } = yield* newAccount("Expirer")
        yield* sql`UPDATE accounts SET product_noun = 'estimate' WHERE account_id = ${accountId}`
        const saved = yield* saveNew(b, signinId, {
          quote: { expiry_date: Math.floor(Date.now() / 1000) + 86_400 }
        })
        assert.strictEqual((yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })).status, 200)
        assert.strictEqual((yield* b.post(path(saved.quote_id), off)).status, 200)
        yield* server.advance(2 * DAY_MS)
        const refused = yield* b.post(path(saved.quote_id), { terms_checkbox: true, customer_quantities: null })
        assert.strictEqual(refused.status, 409, refused.text)
        assert.strictEqual(
          refused.body._serveError.message,
          "This estimate is Expired: its settings can no longer be changed."
        )
      })
    )

    it.effect("other accounts' quotes, templates and bad ids are not found; bad input is 400; forgery 403", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const owner = yield* newAccount("Owner")
        const saved = yield* saveNew(owner.browser, owner.signinId)
        const template = yield* saveNew(owner.browser, owner.signinId, {}, "template")
        const stranger = yield* newAccount("Stranger")
        for (const id of [saved.quote_id, 999_999, "abc"]) {
          const read = yield* stranger.browser.get(`/get/quote-settings/${id}`)
          assert.strictEqual(read.status, 404, String(id))
          assert.strictEqual(read.body._serveError.message, Message.quoteNotFound)
          const write = yield* stranger.browser.post(`/post/quote-settings/${id}`, off)
          assert.strictEqual(write.status, 404, String(id))
        }
        assert.strictEqual((yield* owner.browser.get(`/get/quote-settings/${template.quote_id}`)).status, 404)
        assert.strictEqual((yield* owner.browser.post(path(template.quote_id), off)).status, 404)

        for (const bad of [{}, { terms_checkbox: "yes", customer_quantities: null }, "not json"]) {
          const a = yield* owner.browser.post(path(saved.quote_id), bad)
          assert.strictEqual(a.status, 400, JSON.stringify(bad))
        }
        const forged = yield* owner.browser.post(
          path(saved.quote_id),
          { terms_checkbox: true, customer_quantities: null },
          { csrfHeader: "wrong" }
        )
        assert.strictEqual(forged.status, 403)
        const [row] = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM quote_settings WHERE quote_id = ${saved.quote_id}`
        assert.strictEqual(row?.n, 0)

        // Any team member may change them, not only admins.
        const colleague = yield* member(owner.accountId, { admin: false, name: "Colleague" })
        const set = yield* colleague.browser.post(path(saved.quote_id), {
          terms_checkbox: null,
          customer_quantities: false
        })
        assert.strictEqual(set.status, 200, set.text)
        const history = yield* owner.browser.get(`/get/history/quote/${saved.quote_id}`)
        assert.strictEqual(
          history.body.rows[0].html_summary,
          "<b>Colleague Person</b> changed the settings: Customer can edit quantities: Off."
        )
      })
    )
  },
  { layer: layer() }
)
