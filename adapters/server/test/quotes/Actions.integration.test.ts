import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Browser, layer, newAccount, TestServer } from "../Harness.ts"
import { editor, member, saveBody, saveNew } from "./Fixtures.ts"

const DAY_MS = 86_400_000

const state = (b: Browser, id: number) =>
  Effect.map(b.get(`/get/quote-overview/${id}`), (a) => [a.body.quote.status, a.body.quote.archive_id])

describeBackends(
  "quote status actions over HTTP",
  (it) => {
    it.effect("marks a draft as sent, without email, and records who did it", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Sender")
        const sql = yield* SqlClient.SqlClient
        const saved = yield* saveNew(b, signinId)
        const sent = yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        assert.strictEqual(sent.status, 200, sent.text)
        assert.strictEqual(sent.body.status, "sent")
        assert.strictEqual(sent.body.status_label, "Sent")
        assert.deepStrictEqual(sent.body.upNext, { href: `/quote/${saved.quote_id}` })
        const quote = (yield* editor(b, saved.quote_id)).body.quote
        assert.isAbove(quote.sent_when, 0)
        assert.isFalse(quote.has_been_emailed)
        const history = yield* b.get(`/get/history/quote/${saved.quote_id}`)
        assert.strictEqual(history.body.rows[0].html_summary, "<b>Sender Tester</b> marked the quote as sent.")
        const [audit] = yield* sql<{ action: string; actor_signin_id: number; data: { to: { status: string } } }>`
          SELECT action, actor_signin_id, data FROM audit_log
          WHERE account_id = ${accountId} AND subject_table = 'quote' AND subject_id = ${saved.quote_id}
          ORDER BY audit_id DESC LIMIT 1`
        assert.strictEqual(audit?.action, "quote.markSent")
        assert.strictEqual(audit?.actor_signin_id, signinId)
        assert.strictEqual(audit?.data.to.status, "sent")

        const again = yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        assert.strictEqual(again.status, 409, again.text)
        assert.strictEqual(again.body._serveError.message, Message.notAvailableNow)
        assert.strictEqual(again.body.reason, "status")

        const lapsed = yield* saveNew(b, signinId)
        yield* sql`UPDATE quotes SET expiry_date = now() - interval '1 day' WHERE quote_id = ${lapsed.quote_id}`
        const refused = yield* b.post("/post/quote-mark-sent", { quote_id: lapsed.quote_id })
        assert.strictEqual(refused.status, 400, refused.text)
        assert.strictEqual(refused.body._serveError.message, Message.expiryInPast)
      })
    )

    it.effect("deletes a draft and restores it within 30 days, not after", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Deleter")
        const server = yield* TestServer
        const saved = yield* saveNew(b, signinId, { quote: { title: "Doomed draft" } })
        const deleted = yield* b.post(`/post/quote-delete-draft/${saved.quote_id}`)
        assert.strictEqual(deleted.status, 200, deleted.text)
        assert.strictEqual(deleted.body.archive_id, 3)
        assert.deepStrictEqual(deleted.body.upNext, { href: "/dashboard" })
        assert.deepStrictEqual((yield* b.get("/get/quotes")).body.rows, [])
        const bin = yield* b.get("/get/quotes?status=deletedDrafts")
        assert.deepStrictEqual(
          bin.body.rows.map((r: { quote_id: number }) => r.quote_id),
          [saved.quote_id]
        )
        assert.deepStrictEqual(bin.body.tabs, [])

        const restored = yield* b.post(`/post/quote-restore-draft/${saved.quote_id}`)
        assert.strictEqual(restored.status, 200, restored.text)
        assert.deepStrictEqual([restored.body.status, restored.body.archive_id], ["draft", 1])

        assert.strictEqual((yield* b.post(`/post/quote-delete-draft/${saved.quote_id}`)).status, 200)
        yield* Effect.gen(function* () {
          yield* server.advance(31 * DAY_MS)
          const late = yield* b.post(`/post/quote-restore-draft/${saved.quote_id}`)
          assert.strictEqual(late.status, 409, late.text)
          assert.strictEqual(late.body._serveError.message, Message.restoreWindowOver)
          assert.deepStrictEqual((yield* b.get("/get/quotes?status=deletedDrafts")).body.rows, [])
        }).pipe(Effect.ensuring(server.advance(-31 * DAY_MS)))

        const sent = yield* saveNew(b, signinId)
        yield* b.post("/post/quote-mark-sent", { quote_id: sent.quote_id })
        const notDraft = yield* b.post(`/post/quote-delete-draft/${sent.quote_id}`)
        assert.strictEqual(notDraft.status, 409, notDraft.text)
      })
    )

    it.effect("accepts on behalf (recording the team member) and undoes acceptance, deleting the customer's data", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Acceptor")
        const sql = yield* SqlClient.SqlClient
        const saved = yield* saveNew(b, signinId)
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        const accepted = yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
        assert.strictEqual(accepted.status, 200, accepted.text)
        assert.strictEqual(accepted.body.status, "accepted")
        const [acceptance] = yield* sql<{ on_behalf_signin_id: number; sign_name: string }>`
          SELECT on_behalf_signin_id, sign_name FROM acceptances WHERE account_id = ${accountId} AND quote_id = ${saved.quote_id}`
        assert.deepStrictEqual(acceptance, { on_behalf_signin_id: signinId, sign_name: "Acceptor Tester" })
        // The customer's choices and quantity edits (made by the customer view, simulated here).
        yield* sql`
          UPDATE quote_items SET contact_selected = 1, original_quantity = quantity, quantity = 5
          WHERE quote_id = ${saved.quote_id} AND item_type = 1`

        const undone = yield* b.post(`/act-on/quote-action/accept-undo/${saved.quote_id}`)
        assert.strictEqual(undone.status, 200, undone.text)
        assert.deepStrictEqual([undone.body.status, undone.body.archive_id], ["sent", 1])
        const left = yield* sql<{
          n: number
        }>`SELECT count(*)::int AS n FROM acceptances WHERE quote_id = ${saved.quote_id}`
        assert.strictEqual(left[0]?.n, 0)
        const items = yield* sql<{ contact_selected: number; quantity: string; original_quantity: string | null }>`
          SELECT contact_selected::int AS contact_selected, quantity::text AS quantity,
                 original_quantity::text AS original_quantity
          FROM quote_items WHERE quote_id = ${saved.quote_id} AND item_type = 1`
        assert.deepStrictEqual(items, [{ contact_selected: 0, quantity: "2.0000", original_quantity: null }])

        const twice = yield* b.post(`/act-on/quote-action/accept-undo/${saved.quote_id}`)
        assert.strictEqual(twice.status, 409, twice.text)
      })
    )

    it.effect("revises a sent quote, keeping the sent version under All Activity", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Reviser")
        const saved = yield* saveNew(b, signinId, { quote: { title: "As sent" } })
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        const revised = yield* b.post(`/act-on/quote-action/revise-dodo/${saved.quote_id}`)
        assert.strictEqual(revised.status, 200, revised.text)
        assert.strictEqual(revised.body.status, "sentEditing")
        assert.strictEqual(revised.body.status_label, "Editing")
        assert.deepStrictEqual(revised.body.upNext, { href: `/quotes/${saved.quote_id}/is-editing` })
        const versions = (yield* b.get(`/get/quote-versions/${saved.quote_id}`)).body
        assert.deepStrictEqual(
          versions.versions.map((v: { reason: string }) => v.reason),
          ["sent"]
        )
        const version = yield* b.get(`/get/quote-versions/${saved.quote_id}/${versions.versions[0].quote_version_id}`)
        assert.strictEqual(version.body.snapshot.quote.status, "sent")
        assert.strictEqual(version.body.snapshot.quote.title, "As sent")
        assert.strictEqual((yield* b.get(`/get/quote-versions/${saved.quote_id}/999999`)).status, 404)
        // A revision can be published again without email.
        assert.strictEqual((yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })).status, 200)
      })
    )

    it.effect("declines, withdraws and undoes each exactly", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Undoer")
        const sql = yield* SqlClient.SqlClient
        const saved = yield* saveNew(b, signinId)
        const id = saved.quote_id
        yield* b.post("/post/quote-mark-sent", { quote_id: id })

        const declined = yield* b.post(`/act-on/quote-action/decline-dodo/${id}`)
        assert.deepStrictEqual([declined.body.status, declined.body.archive_id], ["declined", 4])
        assert.strictEqual((yield* b.post(`/act-on/quote-action/decline-dodo/${id}`)).status, 409)
        const undone = yield* b.post(`/act-on/quote-action/decline-undo/${id}`)
        assert.deepStrictEqual([undone.body.status, undone.body.archive_id], ["sent", 1])

        const withdrawn = yield* b.post(`/act-on/quote-action/withdraw-dodo/${id}`)
        assert.deepStrictEqual([withdrawn.body.status, withdrawn.body.archive_id], ["withdrawn", 1])
        assert.strictEqual((yield* b.post(`/act-on/quote-action/decline-dodo/${id}`)).status, 409)
        const back = yield* b.post(`/act-on/quote-action/withdraw-undo/${id}`)
        assert.deepStrictEqual([back.body.status, back.body.archive_id], ["sent", 1])

        // Undo returns exactly: an expired, waiting quote declined and undone is expired and waiting again.
        assert.strictEqual((yield* b.post(`/post/quote-archive/to-state/${id}/waiting`)).body.archive_id, 5)
        yield* sql`UPDATE quotes SET expiry_date = now() - interval '1 hour' WHERE quote_id = ${id}`
        assert.deepStrictEqual(yield* state(b, id), ["expired", 5])
        const declinedExpired = yield* b.post(`/act-on/quote-action/decline-dodo/${id}`)
        assert.deepStrictEqual([declinedExpired.body.status, declinedExpired.body.archive_id], ["declined", 4])
        const exact = yield* b.post(`/act-on/quote-action/decline-undo/${id}`)
        assert.deepStrictEqual([exact.body.status, exact.body.archive_id], ["expired", 5])

        const history = (yield* b.get(`/get/history/quote/${id}`)).body.rows.map(
          (r: { html_summary: string }) => r.html_summary
        )
        assert.include(history, "The quote expired.")
        assert.include(history, "<b>Undoer Tester</b> undid the decline of the quote.")
      })
    )

    it.effect("resets the expiry of an expired quote", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Expiry")
        const sql = yield* SqlClient.SqlClient
        const saved = yield* saveNew(b, signinId)
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        yield* sql`
          UPDATE quotes SET sent_when = now() - interval '15 days', expiry_date = now() - interval '1 day'
          WHERE quote_id = ${saved.quote_id}`
        const list = yield* b.get("/get/quotes?status=expired")
        assert.deepStrictEqual(
          list.body.rows.map((r: { status: string }) => r.status),
          ["expired"]
        )
        assert.deepStrictEqual((yield* b.get("/get/quotes?status=sent")).body.rows, [])
        const reset = yield* b.post(`/act-on/quote-action/expired-undo/${saved.quote_id}`)
        assert.strictEqual(reset.status, 200, reset.text)
        assert.strictEqual(reset.body.status, "sent")
        const quote = (yield* editor(b, saved.quote_id)).body.quote
        const days = (quote.expiry_date - Math.floor(Date.now() / 1000)) / 86400
        assert.isAbove(days, 13.9)
        assert.isBelow(days, 14.1)
        assert.strictEqual((yield* b.post(`/act-on/quote-action/expired-undo/${saved.quote_id}`)).status, 409)
      })
    )

    it.effect("moves accepted quotes to Complete and declined ones to Dismissed, and back", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Archiver")
        const saved = yield* saveNew(b, signinId)
        const id = saved.quote_id
        yield* b.post("/post/quote-mark-sent", { quote_id: id })
        const dismissEarly = yield* b.post(`/post/quote-archive/to-state/${id}/complete`)
        assert.strictEqual(dismissEarly.status, 409, dismissEarly.text)
        yield* b.post(`/post/quote-accept-on-behalf/${id}`)
        const complete = yield* b.post(`/post/quote-archive/to-state/${id}/complete`)
        assert.strictEqual(complete.status, 200, complete.text)
        assert.deepStrictEqual([complete.body.archive_id, complete.body.upNext.href], [2, "/dashboard"])
        const toggle = complete.body.offers.find((o: { action: string }) => o.action === "reactivate")
        assert.deepStrictEqual([toggle.label, toggle.checked], ["Complete", true])
        assert.deepStrictEqual((yield* b.get("/get/quotes?status=accepted&tab=complete")).body.rows.length, 1)
        const active = yield* b.post(`/post/quote-archive/to-state/${id}/active`)
        assert.strictEqual(active.body.archive_id, 1)
        const bad = yield* b.post(`/post/quote-archive/to-state/${id}/deleted`)
        assert.strictEqual(bad.status, 400, bad.text)
      })
    )

    it.effect("refuses unknown ids, non-numeric ids and other accounts' quotes with 'Could not find that quote?'", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Finder")
        const other = yield* newAccount("Hider")
        const theirs = yield* saveNew(other.browser, other.signinId)
        const mine = yield* saveNew(b, signinId)
        for (const path of [
          `/act-on/quote-action/decline-dodo/${theirs.quote_id}`,
          "/act-on/quote-action/decline-dodo/abc",
          `/post/quote-delete-draft/${theirs.quote_id}`,
          `/post/quote-archive/to-state/${theirs.quote_id}/waiting`
        ]) {
          const a = yield* b.post(path)
          assert.strictEqual(a.status, 404, `${path}: ${a.text}`)
          assert.strictEqual(a.body._serveError.message, Message.quoteNotFound)
        }
        for (const path of [
          "/get/quote-edit/edit/abc/is-editing",
          `/get/quote-edit/edit/${theirs.quote_id}/is-editing`,
          `/get/quote-edit/template/${mine.quote_id}/is-editing`,
          `/get/quote-versions/${theirs.quote_id}`,
          `/get/quote-overview/${theirs.quote_id}`
        ]) {
          const a = yield* b.get(path)
          assert.strictEqual(a.status, 404, `${path}: ${a.text}`)
          assert.strictEqual(a.body._serveError.message, Message.quoteNotFound)
        }
        assert.strictEqual((yield* b.post(`/act-on/quote-action/explode/${mine.quote_id}`)).status, 400)
        // Unchanged by all of that.
        assert.deepStrictEqual(yield* state(other.browser, theirs.quote_id), ["draft", 1])
      })
    )

    it.effect("copies to a new quote for anyone and to a template for admins only", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Copier")
        const colleague = yield* member(owner.accountId, { admin: false, name: "Ned" })
        const saved = yield* saveNew(owner.browser, owner.signinId, { quote: { title: "Original" } })
        const asQuote = yield* editor(colleague.browser, "new", "edit", `?from-quote=${saved.quote_id}`)
        assert.strictEqual(asQuote.status, 200, asQuote.text)
        assert.strictEqual(asQuote.body.quote.title, "Original")
        assert.strictEqual(asQuote.body.banners.copyOf, "quote")
        const denied = yield* editor(colleague.browser, "new", "template", `?from-quote=${saved.quote_id}`)
        assert.strictEqual(denied.status, 403, denied.text)
        assert.strictEqual(denied.body._serveError.message, Message.adminOnly)
        const direct = yield* colleague.browser.post(
          "/post/quote-update/template/new/is-editing",
          saveBody(owner.signinId, { meta: { fromQuote: saved.quote_id } })
        )
        assert.strictEqual(direct.status, 403, direct.text)
        const allowed = yield* editor(owner.browser, "new", "template", `?from-quote=${saved.quote_id}`)
        assert.strictEqual(allowed.status, 200, allowed.text)
        assert.isTrue(allowed.body.is_template)
        assert.deepStrictEqual(allowed.body.contacts, [])
        const offers = (yield* editor(colleague.browser, saved.quote_id)).body.offers
        const copyToTemplate = offers.find((o: { action: string }) => o.action === "copyToTemplate")
        assert.strictEqual(copyToTemplate.disabledReason, Message.adminOnly)
      })
    )
  },
  // Sessions outlive the 31 days the restore window test moves the clock by.
  { layer: layer({ sessionIdleSeconds: 400 * 86_400, sessionAbsoluteSeconds: 800 * 86_400 }) }
)
