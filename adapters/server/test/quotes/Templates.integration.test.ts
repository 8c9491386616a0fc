import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { layer, newAccount } from "../Harness.ts"
import { editor, saveBody, saveNew } from "./Fixtures.ts"

interface TemplateRow {
  quote_id: number
  title: string
  archive: string
  sticker: string | null
  isDefault: boolean
  item_count: number
  offers: Array<{ action: string; checked: boolean | null; confirm: string | null }>
}

describeBackends(
  "templates over HTTP",
  (it) => {
    it.effect("templates are the admins': a member who is not an admin can use them, not change them (403)", () =>
      Effect.gen(function* () {
        const admin = yield* newAccount("Owner")
        const member = yield* newAccount("Member")
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
          VALUES (${admin.accountId}, ${member.signinId}, false, now())`.pipe(Effect.orDie)
        assert.strictEqual(
          (yield* member.browser.post(`/sign-in/act-on/account-select/${admin.accountId}`)).status,
          200
        )
        const template = yield* saveNew(admin.browser, admin.signinId, { quote: { title: "Boiler" } }, "template")
        const id = template.quote_id
        assert.strictEqual((yield* admin.browser.post(`/post/content/make-default/${id}`)).status, 200)

        const refusals = [
          yield* member.browser.post(`/post/content/make-default/${id}/undo`),
          yield* member.browser.post(`/post/content/make-default/${id}`),
          yield* member.browser.post(`/post/content/archive/${id}/archived`),
          yield* member.browser.post(`/post/content/archive/${id}/deleted`),
          yield* member.browser.post(
            `/post/quote-update/template/${id}/is-editing`,
            saveBody(member.signinId, { quote: { title: "Changed" }, modifiedIn: template._modifiedIn })
          ),
          yield* member.browser.post("/post/quote-update/template/new/is-editing", saveBody(member.signinId, {}))
        ]
        for (const answer of refusals) {
          assert.strictEqual(answer.status, 403, answer.text)
          assert.strictEqual(answer.body._serveError.message, Message.adminOnly)
        }
        // Nothing changed: still the default, current, with its title.
        const listed = (yield* admin.browser.get("/get/content/templates")).body.rows as Array<TemplateRow>
        assert.deepStrictEqual(
          listed.map((r) => [r.title, r.isDefault, r.archive]),
          [["Boiler", true, "current"]]
        )
        // The member sees the templates to start from, with no actions offered.
        const seen = (yield* member.browser.get("/get/content/templates")).body.rows as Array<TemplateRow>
        assert.deepStrictEqual(
          seen.map((r) => [r.title, r.offers.length]),
          [["Boiler", 0]]
        )
        // And starts quotes from it.
        assert.strictEqual((yield* editor(member.browser, "new", "edit", `?from-template=${id}`)).status, 200)
      })
    )

    it.effect("lists templates, makes one the default, archives, deletes and restores them", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Templater")
        const sql = yield* SqlClient.SqlClient
        const bathroom = yield* saveNew(b, signinId, { quote: { title: "Bathroom" } }, "template")
        const kitchen = yield* saveNew(b, signinId, { quote: { title: "Kitchen" } }, "template")
        yield* saveNew(b, signinId, { quote: { title: "Not a template" } })
        const current = (yield* b.get("/get/content/templates?getCount=1")).body
        assert.deepStrictEqual(
          current.rows.map((r: TemplateRow) => r.title),
          ["Bathroom", "Kitchen"]
        )
        assert.strictEqual(current.total, 2)
        assert.strictEqual(current.rows[0].item_count, 2)
        assert.deepStrictEqual(
          current.rows[0].offers.map((o: TemplateRow["offers"][number]) => o.action),
          ["makeDefault", "archive", "copyToNewTemplate", "delete"]
        )
        assert.strictEqual(
          current.rows[0].offers.find((o: TemplateRow["offers"][number]) => o.action === "delete").confirm,
          Message.areYouSure
        )

        const made = yield* b.post(`/post/content/make-default/${kitchen.quote_id}`)
        assert.strictEqual(made.status, 200, made.text)
        assert.isTrue(made.body.isDefault)
        const [account] = yield* sql<{ default_template_id: number }>`
          SELECT default_template_id FROM accounts WHERE account_id = ${accountId}`
        assert.strictEqual(account?.default_template_id, kitchen.quote_id)
        assert.strictEqual((yield* editor(b, "new")).body.meta.fromTemplate, kitchen.quote_id)
        assert.strictEqual((yield* b.post(`/post/content/make-default/${kitchen.quote_id}`)).status, 409)
        const undone = yield* b.post(`/post/content/make-default/${kitchen.quote_id}/undo`)
        assert.isFalse(undone.body.isDefault)
        yield* b.post(`/post/content/make-default/${kitchen.quote_id}`)

        // Archiving the default stops it being the default.
        const archived = yield* b.post(`/post/content/archive/${kitchen.quote_id}/archived`)
        assert.strictEqual(archived.status, 200, archived.text)
        assert.deepStrictEqual([archived.body.archive_id, archived.body.isDefault], [2, false])
        const archivedList = (yield* b.get("/get/content/templates?archive=archived")).body.rows as Array<TemplateRow>
        assert.deepStrictEqual(
          archivedList.map((r) => [r.title, r.sticker]),
          [["Kitchen", Message.archived]]
        )
        assert.strictEqual((yield* editor(b, "new")).body.meta.fromTemplate, undefined)

        const deleted = yield* b.post(`/post/content/archive/${bathroom.quote_id}/3`)
        assert.strictEqual(deleted.body.archive_id, 3)
        assert.deepStrictEqual(
          (yield* b.get("/get/content/templates?archive=deleted")).body.rows.map((r: TemplateRow) => r.sticker),
          [Message.deleted]
        )
        assert.strictEqual((yield* editor(b, "new", "edit", `?from-template=${bathroom.quote_id}`)).status, 404)
        const restored = yield* b.post(`/post/content/archive/${bathroom.quote_id}/current`)
        assert.strictEqual(restored.body.archive_id, 1)
        assert.strictEqual((yield* b.post(`/post/content/archive/${bathroom.quote_id}/current`)).status, 409)

        const history = (yield* b.get(`/get/history/content/${kitchen.quote_id}`)).body.rows.map(
          (r: { html_summary: string }) => r.html_summary
        )
        assert.deepStrictEqual(history.slice(0, 2), [
          "<b>Templater Tester</b> archived the template.",
          "<b>Templater Tester</b> made the template the default for new quotes."
        ])
      })
    )

    it.effect("the account cache's template dropdown and default follow template changes at once", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Dropdown")
        const cached = Effect.map(b.get("/get/cache-account"), (r) => ({
          titles: (r.body.templates as Array<{ title: string }>).map((t) => t.title),
          defaultTemplate: r.body.account_signin.defaultTemplate as number
        }))
        const before = yield* cached
        const made = yield* saveNew(b, signinId, { quote: { title: "Deck" } }, "template")
        // Within the cache's 5 s: each change must be seen by the next read.
        assert.deepStrictEqual((yield* cached).titles, [...before.titles, "Deck"])
        yield* b.post(`/post/content/make-default/${made.quote_id}`)
        assert.strictEqual((yield* cached).defaultTemplate, made.quote_id)
        yield* b.post(`/post/content/archive/${made.quote_id}/archived`)
        assert.deepStrictEqual(yield* cached, { titles: before.titles, defaultTemplate: 0 })
      })
    )

    it.effect("refuses to archive or delete a shared template, and copies a template to a new one", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Sharer")
        const sql = yield* SqlClient.SqlClient
        const source = yield* saveNew(b, signinId, {}, "template")
        const shared = yield* saveNew(b, signinId, { quote: { title: "From head office" } }, "template")
        yield* sql`UPDATE quotes SET shared_quote_id = ${source.quote_id} WHERE quote_id = ${shared.quote_id}`
        for (const state of ["archived", "deleted"]) {
          const refused = yield* b.post(`/post/content/archive/${shared.quote_id}/${state}`)
          assert.strictEqual(refused.status, 409, refused.text)
          assert.strictEqual(refused.body._serveError.message, Message.sharedContentLocked)
        }
        const row = (yield* b.get("/get/content/templates")).body.rows.find(
          (r: TemplateRow) => r.quote_id === shared.quote_id
        )
        assert.deepStrictEqual(
          row.offers.map((o: { action: string }) => o.action),
          ["makeDefault", "copyToNewTemplate"]
        )

        const copy = (yield* editor(b, "new", "template", `?from-template=${shared.quote_id}`)).body
        assert.deepStrictEqual(copy.banners, { newTemplate: false, copyOf: "template", matchCount: 0, example: false })
        assert.strictEqual(copy.quote.title, "From head office")
        const saved = yield* saveNew(b, signinId, { quote: { title: "My copy" }, items: copy.items }, "template")
        assert.notStrictEqual(saved.quote_id, shared.quote_id)

        const notATemplate = yield* saveNew(b, signinId)
        assert.strictEqual((yield* b.post(`/post/content/archive/${notATemplate.quote_id}/archived`)).status, 404)
        assert.strictEqual((yield* b.post("/post/content/make-default/abc")).status, 404)
      })
    )
  },
  { layer: layer() }
)
