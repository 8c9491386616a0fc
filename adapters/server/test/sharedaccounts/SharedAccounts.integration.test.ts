import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import * as SharedAccount from "@quotekit/core/SharedAccount"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Browser, layer, newAccount, TestServer } from "../Harness.ts"
import { editor, member, reusableItem, rows, saveBody, saveNew, taxRate } from "../quotes/Fixtures.ts"

interface Link {
  readonly link_id: number
  readonly side: "parent" | "child"
  readonly other_account_name: string
  readonly relationship_status: SharedAccount.RelationshipStatus
  readonly created_by_name: string
  readonly started_by_name: string | null
  readonly started_at: number | null
  readonly stopped_by_name: string | null
  readonly stopped_at: number | null
  readonly code_expires_at: number | null
}

const makeCode = (b: Browser) =>
  Effect.gen(function* () {
    const made = yield* b.post("/post/settings/shared-accounts/code")
    assert.strictEqual(made.status, 201, made.text)
    return made.body as { link: Link; code: string }
  })

const linkWith = (b: Browser, code: string) => b.post("/post/settings/shared-accounts/link", { code })

const titles = (b: Browser, path: string) =>
  Effect.map(b.get(path), (a) => {
    assert.strictEqual(a.status, 200, a.text)
    return (a.body.rows as Array<{ title?: string; item_title?: string; shared: boolean }>).map((r) => [
      r.title ?? r.item_title,
      r.shared
    ])
  })

/** A parent with a template (a price row linked to a reusable item) and a second item, linked to a new child. */
const linkedPair = (name: string, taxed = false) =>
  Effect.gen(function* () {
    const parent = yield* newAccount(`${name}Parent`)
    const child = yield* newAccount(`${name}Child`)
    const itemId = yield* reusableItem(parent.accountId, "Boiler service", "120")
    if (taxed) {
      yield* taxRate(child.accountId, "10")
      yield* taxRate(child.accountId, "15")
      const parentGst = yield* taxRate(parent.accountId, "15")
      yield* (yield* SqlClient.SqlClient)`UPDATE items SET item_tax_id = ${parentGst} WHERE item_id = ${itemId}`
    }
    const spare = yield* reusableItem(parent.accountId, "Call-out", "60")
    const template = yield* saveNew(
      parent.browser,
      parent.signinId,
      { quote: { title: "Annual service" }, items: rows([{ title: "Boiler service", unit: "120", item_id: itemId }]) },
      "template"
    )
    const { code } = yield* makeCode(parent.browser)
    const linked = yield* linkWith(child.browser, code)
    assert.strictEqual(linked.status, 200, linked.text)
    return { parent, child, itemId, spare, template, link: linked.body as Link }
  })

describeBackends(
  "shared accounts",
  (it) => {
    it.effect("a parent's code links a child once; both sides list the link and who started it; audited", () =>
      Effect.gen(function* () {
        const parent = yield* newAccount("Head")
        const child = yield* newAccount("Branch")
        const made = yield* makeCode(parent.browser)
        assert.match(made.code, /^QK-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
        assert.strictEqual(made.link.relationship_status, "pending")
        assert.isNumber(made.link.code_expires_at)
        // Only the code's hash is kept, and the list never shows the code again.
        const sql = yield* SqlClient.SqlClient
        assert.notInclude(
          JSON.stringify(yield* sql`SELECT * FROM account_links`),
          made.code.slice(3, 7) + made.code.slice(8, 12)
        )
        assert.notInclude((yield* parent.browser.get("/get/settings/shared-accounts")).text, made.code)

        // The parent cannot use its own code; a wrong code is refused on the field.
        const own = yield* linkWith(parent.browser, made.code)
        assert.strictEqual(own.status, 400)
        assert.strictEqual(own.body._serveError.message, SharedAccount.messages.ownCode)
        const wrong = yield* linkWith(child.browser, "QK-0000-0000-0000")
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body.form_errors[0].input_id, "code")
        assert.strictEqual(wrong.body._serveError.message, SharedAccount.messages.codeNotFound)

        // Typed loosely (lower case, spaces) it still links.
        const linked = yield* linkWith(child.browser, ` ${made.code.toLowerCase().replaceAll("-", " ")} `)
        assert.strictEqual(linked.status, 200, linked.text)
        assert.deepInclude(linked.body, {
          side: "child",
          other_account_name: "Head Ltd",
          relationship_status: "active",
          started_by_name: "Branch Tester"
        })
        // A code links once.
        const again = yield* linkWith((yield* newAccount("Other")).browser, made.code)
        assert.strictEqual(again.status, 400)

        const seenByParent = (yield* parent.browser.get("/get/settings/shared-accounts")).body.links as Array<Link>
        assert.deepStrictEqual(
          seenByParent.map((l) => [l.side, l.other_account_name, l.relationship_status, l.created_by_name]),
          [["parent", "Branch Ltd", "active", "Head Tester"]]
        )
        const audit = yield* sql<{ account_id: number; action: string }>`
          SELECT account_id, action FROM audit_log WHERE subject_table = 'account_links' ORDER BY audit_id`
        assert.deepStrictEqual(
          audit.map((a) => [a.account_id, a.action]),
          [
            [parent.accountId, "shared_account.code"],
            [child.accountId, "shared_account.link"],
            [parent.accountId, "shared_account.link"]
          ]
        )

        // One active parent per child, and no cycle.
        const second = yield* makeCode((yield* newAccount("Rival")).browser)
        const twoParents = yield* linkWith(child.browser, second.code)
        assert.strictEqual(twoParents.body._serveError.message, SharedAccount.messages.alreadyLinked)
        const back = yield* makeCode(child.browser)
        const cycle = yield* linkWith(parent.browser, back.code)
        assert.strictEqual(cycle.status, 400)
        assert.strictEqual(cycle.body._serveError.message, SharedAccount.messages.cycle)
      })
    )

    it.effect("admins only, and another account never sees or stops the link", () =>
      Effect.gen(function* () {
        const { parent, child, link } = yield* linkedPair("Scope")
        const staff = yield* member(child.accountId, { admin: false, name: "Staff" })
        yield* staff.browser.post(`/sign-in/act-on/account-select/${child.accountId}`)
        for (const answer of [
          yield* staff.browser.get("/get/settings/shared-accounts"),
          yield* staff.browser.post("/post/settings/shared-accounts/code"),
          yield* staff.browser.post(`/post/settings/shared-accounts/${link.link_id}/stop`),
          yield* linkWith(staff.browser, "QK-0000-0000-0000")
        ]) {
          assert.strictEqual(answer.status, 403, answer.text)
          assert.strictEqual(answer.body._serveError.message, Message.adminOnly)
        }
        const stranger = yield* newAccount("Stranger")
        assert.deepStrictEqual((yield* stranger.browser.get("/get/settings/shared-accounts")).body.links, [])
        const stop = yield* stranger.browser.post(`/post/settings/shared-accounts/${link.link_id}/stop`)
        assert.strictEqual(stop.status, 404)
        assert.deepStrictEqual(yield* titles(stranger.browser, "/get/content/templates"), [])
        assert.deepStrictEqual(yield* titles(stranger.browser, "/get/content-items/price-items"), [])
        // The parent sees its own content, not marked shared.
        assert.deepStrictEqual(yield* titles(parent.browser, "/get/content/templates"), [["Annual service", false]])
      })
    )

    it.effect("the child lists the parent's templates and items as shared, read-only, and quotes from them", () =>
      Effect.gen(function* () {
        const { parent, child, itemId } = yield* linkedPair("Use", true)
        const [gst] = yield* (yield* SqlClient.SqlClient)<{ item_tax_id: number }>`
          SELECT item_tax_id FROM item_taxes WHERE account_id = ${child.accountId} AND tax_rate = 15`
        const childGst = gst!.item_tax_id
        assert.deepStrictEqual(yield* titles(child.browser, "/get/content/templates"), [["Annual service", true]])
        assert.deepStrictEqual(yield* titles(child.browser, "/get/content-items/price-items"), [
          ["Boiler service", true],
          ["Call-out", true]
        ])
        const template = (yield* child.browser.get("/get/content/templates")).body.rows[0]
        assert.notInclude(
          template.offers.map((o: { action: string }) => o.action),
          "archive"
        )
        assert.notInclude(
          template.offers.map((o: { action: string }) => o.action),
          "delete"
        )
        // The editor's item look-up offers them too (the fixture's items have no search text, so all are listed).
        const found = yield* child.browser.post("/get/lookup-item/search/1", { search: "" })
        const offered = found.body.items as Array<{ item_id: number; item_title: string; shared: boolean }>
        assert.deepStrictEqual(offered.map((i) => [i.item_title, i.shared]).sort(), [
          ["Boiler service", true],
          ["Call-out", true]
        ])
        const copyId = offered.find((i) => i.item_title === "Boiler service")!.item_id
        // Taxes are the account's own: the copy takes the child's tax of the parent's rate.
        assert.strictEqual(
          (offered.find((i) => i.item_title === "Boiler service") as { item_tax_id?: number }).item_tax_id,
          childGst
        )
        assert.notStrictEqual(copyId, itemId)

        // Archive, delete, merge and edit are refused with the spec's reason.
        const locked = "This is shared from another account, so it can't be changed here."
        for (const answer of [
          yield* child.browser.post(`/post/content/archive/${template.quote_id}/archived`),
          yield* child.browser.post(`/post/content/archive/${template.quote_id}/deleted`),
          yield* child.browser.post(`/post/content-item/archive/${copyId}/2`),
          yield* child.browser.post(`/post/content-item/archive/${copyId}/3`)
        ]) {
          assert.include([403, 409], answer.status, answer.text)
          assert.strictEqual(answer.body._serveError.message, locked)
        }
        const own = (yield* child.browser.post("/post/content-item/update/price-items/new", {
          item: {
            item_code: "",
            item_title: "Own",
            item_body: "",
            item_cat_id: 0,
            item_tax_id: 0,
            price_unit: "1",
            price_cost: "0",
            quantity: "1",
            editable_quantity: "0",
            discount_item: "0",
            contact_choice: 0,
            term_every: 0,
            term_type: 2,
            term_duration: 0
          }
        })).body
        const merge = yield* child.browser.post("/post/content-item/merge", {
          loser_id: copyId,
          winner_id: own.item_id
        })
        assert.include([403, 409], merge.status, merge.text)
        const retitled = yield* child.browser.post(
          `/post/quote-update/template/${template.quote_id}/is-editing`,
          saveBody(child.signinId, { quote: { title: "Mine now" }, modifiedIn: 0 })
        )
        assert.strictEqual(retitled.status, 403, retitled.text)
        assert.strictEqual(retitled.body._serveError.message, locked)
        // Adding a row of its own is refused as well: the copy follows the parent's template.
        const added = yield* child.browser.post(
          `/post/quote-update/template/${template.quote_id}/is-editing`,
          saveBody(child.signinId, { quote: { title: "Annual service" }, modifiedIn: 0 })
        )
        assert.strictEqual(added.status, 403, added.text)

        // A quote from the shared template.
        const fresh = yield* editor(child.browser, "new", "edit", `?from-template=${template.quote_id}`)
        assert.strictEqual(fresh.status, 200, fresh.text)
        assert.include(
          fresh.body.items.map((i: { item_title: string }) => i.item_title),
          "Boiler service"
        )

        // A template the parent adds shows in the child's template dropdown (the account cache, within its 5 s).
        yield* saveNew(parent.browser, parent.signinId, { quote: { title: "Boiler install" } }, "template")
        yield* (yield* TestServer).advance(6_000)
        const dropdown = (yield* child.browser.get("/get/cache-account")).body.templates as Array<{ title: string }>
        assert.deepStrictEqual(
          dropdown.map((o) => o.title),
          ["Annual service", "Boiler install"]
        )

        // The parent's change shows in the child at the next look.
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE items SET item_title = 'Boiler service (gas)', modified = now()
                   WHERE item_id = ${itemId}`
        assert.deepInclude(yield* titles(child.browser, "/get/content-items/price-items"), [
          "Boiler service (gas)",
          true
        ])
        yield* parent.browser.post(`/post/content-item/archive/${itemId}/2`)
        assert.notDeepInclude(yield* titles(child.browser, "/get/content-items/price-items"), [
          "Boiler service (gas)",
          true
        ])
      })
    )

    it.effect("stopping keeps what the child uses as its own and removes the rest", () =>
      Effect.gen(function* () {
        const { parent, child, link } = yield* linkedPair("Stop")
        const template = (yield* child.browser.get("/get/content/templates")).body.rows[0]
        const fresh = yield* editor(child.browser, "new", "edit", `?from-template=${template.quote_id}`)
        const body = saveBody(child.signinId, { items: fresh.body.items, meta: { fromTemplate: template.quote_id } })
        const saved = yield* child.browser.post("/post/quote-update/edit/new/is-editing", body)
        assert.strictEqual(saved.status, 200, saved.text)
        const sql = yield* SqlClient.SqlClient
        const [q] = yield* sql<{ from_template_id: number | null }>`
          SELECT from_template_id FROM quotes WHERE quote_id = ${saved.body.quote_id}`
        assert.strictEqual(q?.from_template_id, template.quote_id)

        const stopped = yield* parent.browser.post(`/post/settings/shared-accounts/${link.link_id}/stop`)
        assert.strictEqual(stopped.status, 200, stopped.text)
        assert.deepInclude(stopped.body, { relationship_status: "stopped", stopped_by_name: "StopParent Tester" })
        assert.isNumber(stopped.body.stopped_at)
        // Stopping again answers the link as it is.
        assert.strictEqual(
          (yield* child.browser.post(`/post/settings/shared-accounts/${link.link_id}/stop`)).body.stopped_at,
          stopped.body.stopped_at
        )

        // The template the quote came from and the item its row links stay, as the child's own; the unused
        // item is gone.
        assert.deepStrictEqual(yield* titles(child.browser, "/get/content/templates"), [["Annual service", false]])
        assert.deepStrictEqual(yield* titles(child.browser, "/get/content-items/price-items"), [
          ["Boiler service", false]
        ])
        const archived = yield* child.browser.post(`/post/content/archive/${template.quote_id}/archived`)
        assert.strictEqual(archived.status, 200, archived.text)
        // The parent keeps all its own content.
        assert.deepStrictEqual(yield* titles(parent.browser, "/get/content-items/price-items"), [
          ["Boiler service", false],
          ["Call-out", false]
        ])
        const childLinks = (yield* child.browser.get("/get/settings/shared-accounts")).body.links as Array<Link>
        assert.deepStrictEqual(
          childLinks.map((l) => [l.relationship_status, l.started_by_name, l.stopped_by_name]),
          [["stopped", "StopChild Tester", "StopParent Tester"]]
        )
        // A new parent may link now.
        const next = yield* makeCode((yield* newAccount("Next")).browser)
        assert.strictEqual((yield* linkWith(child.browser, next.code)).status, 200)
        yield* TestServer
      })
    )
  },
  { layer: layer() }
)
