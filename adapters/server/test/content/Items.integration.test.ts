import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { addMember, expectStatus, fileForm, server, signUp } from "./Harness.ts"

const priceItem = (over: Record<string, unknown> = {}) => ({
  item: {
    item_code: "LAB-1",
    item_title: "Labour",
    item_body: "Per hour",
    item_cat_id: 0,
    item_tax_id: 0,
    price_unit: "80.00",
    price_cost: "50.00",
    quantity: "1",
    editable_quantity: "0",
    discount_item: "0",
    contact_choice: 0,
    term_every: 0,
    term_type: 2,
    term_duration: 0,
    ...over
  }
})

/** A template (as the templates feature stores one) with a row linked to an item, at a quantity. */
const templateUsing = (
  accountId: number,
  signinId: number,
  title: string,
  itemId: number,
  quantity: string,
  editing = "locked"
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [t] = yield* sql<{ quote_id: number }>`INSERT INTO quotes (account_id, is_template, title, from_signin_id)
      VALUES (${accountId}, true, ${title}, ${signinId}) RETURNING quote_id`
    yield* sql`INSERT INTO quote_items (account_id, quote_id, item_type, item_id, item_title, price_unit, quantity,
                                        price_total, order_index, editing)
      VALUES (${accountId}, ${t!.quote_id}, 1, ${itemId}, 'old', 1, ${quantity}, 1, 0, ${editing}),
             (${accountId}, ${t!.quote_id}, 4, NULL, '', 0, 0, 0, 1, 'normal'),
             (${accountId}, ${t!.quote_id}, 2, NULL, '', 0, 0, 0, 2, 'normal')`
    return t!.quote_id
  })

describeBackends(
  "reusable items, categories and taxes over HTTP",
  (it) => {
    it.effect("categories and taxes: created by admins, a category's default tax, a used rate is kept", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const gst = expectStatus(
          yield* client.post("/post/item-tax/new", { tax_rate: "15", description: "GST" }),
          200
        ).body
        assert.strictEqual(gst.tax_rate, "15")
        const cat = expectStatus(
          yield* client.post("/post/item-category/new", {
            name: "Labour",
            description: "",
            tax_id_default: gst.item_tax_id
          }),
          200
        ).body
        assert.strictEqual(cat.tax_id_default, gst.item_tax_id)
        const badTax = yield* client.post("/post/item-category/new", {
          name: "X",
          description: "",
          tax_id_default: 999999
        })
        assert.strictEqual(badTax.body._serveError.message, "That tax is not available.")
        const cache = expectStatus(yield* client.get("/get/item-taxes"), 200).body
        assert.deepStrictEqual(
          cache.map((t: { description: string }) => t.description),
          ["GST"]
        )
        expectStatus(
          yield* client.post(`/post/item-tax/${gst.item_tax_id}`, { tax_rate: "12.5", description: "GST" }),
          200
        )
        // Once a sent quote uses the rate, it cannot change (the description still can).
        const sql = yield* SqlClient.SqlClient
        const [q] = yield* sql<{
          quote_id: number
        }>`INSERT INTO quotes (account_id, quote_no, status, title, from_signin_id)
          VALUES (${account_id}, 1, 'sent', 'Sent', ${signin_id}) RETURNING quote_id`
        yield* sql`INSERT INTO quote_items (account_id, quote_id, item_type, item_tax_id, order_index)
          VALUES (${account_id}, ${q!.quote_id}, 1, ${gst.item_tax_id}, 0)`
        const refused = yield* client.post(`/post/item-tax/${gst.item_tax_id}`, { tax_rate: "15", description: "GST" })
        assert.strictEqual(refused.status, 400)
        assert.strictEqual(
          refused.body._serveError.message,
          "This rate is used on sent quotes, so it can't change: archive it and add a new rate instead."
        )
        expectStatus(
          yield* client.post(`/post/item-tax/${gst.item_tax_id}`, { tax_rate: "12.5", description: "GST (old)" }),
          200
        )
        expectStatus(yield* client.post(`/post/item-tax-archive/${gst.item_tax_id}/2`), 200)
        assert.deepStrictEqual(expectStatus(yield* client.get("/get/item-taxes"), 200).body, [])
        assert.strictEqual(expectStatus(yield* client.get("/get/item-taxes?archive=archived"), 200).body.length, 1)
        const overHundred = yield* client.post("/post/item-tax/new", { tax_rate: "100.5", description: "No" })
        assert.strictEqual(overHundred.status, 400)
        const member = yield* addMember(account_id)
        const denied = yield* member.client.post("/post/item-category/new", {
          name: "Nope",
          description: "",
          tax_id_default: 0
        })
        assert.strictEqual(denied.status, 403)
        assert.strictEqual(expectStatus(yield* member.client.get("/get/item-categories"), 200).body.length, 1)
      })
    )

    it.effect("new item data starts from the account's category and its tax; from-item copies", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const gst = expectStatus(
          yield* client.post("/post/item-tax/new", { tax_rate: "15", description: "GST" }),
          200
        ).body
        const cat = expectStatus(
          yield* client.post("/post/item-category/new", {
            name: "Labour",
            description: "",
            tax_id_default: gst.item_tax_id
          }),
          200
        ).body
        const settings = expectStatus(yield* client.get("/get/settings/account"), 200).body
        const { account_id: _a, logo_url: _l, lead_form_key: _k, lead_form_path: _p, ...input } = settings
        expectStatus(
          yield* client.post("/post/settings/account", {
            ...input,
            default_category_id: cat.item_cat_id,
            cost_always: true
          }),
          200
        )
        const blank = expectStatus(yield* client.get("/get/content-item/price-items/new"), 200).body
        assert.strictEqual(blank.item.item_cat_id, cat.item_cat_id)
        assert.strictEqual(blank.item.item_tax_id, gst.item_tax_id)
        assert.strictEqual(blank.meta.is_new, true)
        assert.strictEqual(blank.meta.save_label, "Save")
        assert.strictEqual(blank.meta.cost_always, true)
        const saved = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem()),
          200
        ).body
        assert.strictEqual(saved.item.price_margin, "37.5")
        const copy = expectStatus(
          yield* client.get(`/get/content-item/price-items/new?from-item=${saved.item_id}`),
          200
        ).body
        assert.strictEqual(copy.item.item_id, 0)
        assert.strictEqual(copy.item.item_title, "Labour")
        assert.strictEqual(copy.meta.from_item.item_id, saved.item_id)
        assert.strictEqual((yield* client.get(`/get/content-item/text-items/${saved.item_id}`)).status, 404)
      })
    )

    it.effect("saving a used item updates its linked template rows and names the templates", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const saved = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem()),
          200
        ).body
        const kitchen = yield* templateUsing(account_id, signin_id, "Kitchen", saved.item_id, "3")
        yield* templateUsing(account_id, signin_id, "Bathroom", saved.item_id, "2")
        yield* templateUsing(account_id, signin_id, "Copied", saved.item_id, "1", "copied")
        const edit = expectStatus(
          yield* client.get(`/get/content-item/price-items/${saved.item_id}?within_template=${kitchen}`),
          200
        ).body
        assert.strictEqual(edit.meta.save_label, "Update 2 Templates")
        assert.strictEqual(edit.meta.templates_notice, "Changes will be applied to 2 Template(s)")
        assert.strictEqual(edit.meta.see_where_used, "See where used…")
        assert.deepStrictEqual(
          edit.templates_in_use.map((t: { title: string }) => t.title),
          ["Bathroom", "Kitchen"]
        )
        assert.strictEqual(edit.meta.within_template.title, "Kitchen")
        assert.strictEqual(
          edit.meta.delete_confirm,
          "Are you sure? It will be removed from 2 Templates: Bathroom, Kitchen."
        )
        const updated = expectStatus(
          yield* client.post(`/post/content-item/update/price-items/${saved.item_id}`, {
            ...priceItem({ item_title: "Skilled labour", price_unit: "19.99", discount_item: "10" }),
            _modifiedIn: edit.item.modified
          }),
          200
        ).body
        assert.deepStrictEqual(
          updated.templates_updated.map((t: { title: string }) => t.title),
          ["Bathroom", "Kitchen"]
        )
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ title: string; item_title: string; quantity: string; price_total: string }>`
          SELECT q.title, qi.item_title, qi.quantity::text AS quantity, qi.price_total::text AS price_total
          FROM quote_items qi JOIN quotes q USING (quote_id)
          WHERE qi.account_id = ${account_id} AND qi.item_type = 1 ORDER BY q.title`
        // LineItem.total: 19.99 x 3 less 10% = 53.97; x 2 = 35.98; the copied row is left alone.
        assert.deepStrictEqual(
          rows.map((r) => [r.title, r.item_title, Number(r.quantity), r.price_total]),
          [
            ["Bathroom", "Skilled labour", 2, "35.98"],
            ["Copied", "old", 1, "1.00"],
            ["Kitchen", "Skilled labour", 3, "53.97"]
          ]
        )
        const longCode = yield* client.post(
          `/post/content-item/update/price-items/${saved.item_id}`,
          priceItem({ item_code: "X".repeat(61) })
        )
        assert.strictEqual(longCode.body._serveError.message, "Code must be at most 60 characters.")
      })
    )

    it.effect("archive, delete (removed from templates), restore within 30 days, and the shared guard", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const saved = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem()),
          200
        ).body
        yield* templateUsing(account_id, signin_id, "Kitchen", saved.item_id, "1")
        expectStatus(yield* client.post(`/post/content-item/archive/${saved.item_id}/2`), 200)
        const archived = expectStatus(yield* client.get(`/get/content-item/price-items/${saved.item_id}`), 200).body
        assert.strictEqual(archived.meta.sticker, "Archived")
        const list = expectStatus(yield* client.get("/get/content-items/price-items?archive=archived"), 200).body
        assert.deepStrictEqual(
          list.rows.map((r: { item_id: number; templates_count: number }) => [r.item_id, r.templates_count]),
          [[saved.item_id, 1]]
        )
        const deleted = expectStatus(yield* client.post(`/post/content-item/archive/${saved.item_id}/3`), 200).body
        assert.deepStrictEqual(
          deleted.templates_removed_from.map((t: { title: string }) => t.title),
          ["Kitchen"]
        )
        const sql = yield* SqlClient.SqlClient
        const left = yield* sql<{
          n: number
        }>`SELECT count(*)::int AS n FROM quote_items WHERE item_id = ${saved.item_id}`
        assert.strictEqual(left[0]!.n, 0)
        const view = expectStatus(yield* client.get(`/get/content-item/price-items/${saved.item_id}`), 200).body
        assert.strictEqual(view.meta.sticker, "Deleted")
        assert.strictEqual(
          (yield* client.post(`/post/content-item/update/price-items/${saved.item_id}`, priceItem())).status,
          403
        )
        expectStatus(yield* client.post(`/post/content-item/archive/${saved.item_id}/1`), 200)
        // Deleted 31 days ago: too late to restore.
        expectStatus(yield* client.post(`/post/content-item/archive/${saved.item_id}/3`), 200)
        yield* sql`UPDATE items SET deleted_at = now() - interval '31 days' WHERE item_id = ${saved.item_id}`
        const late = yield* client.post(`/post/content-item/archive/${saved.item_id}/1`)
        assert.strictEqual(late.status, 403)
        assert.strictEqual(
          late.body._serveError.message,
          "Deleted more than 30 days ago, it can no longer be restored."
        )
        const shared = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem()),
          200
        ).body
        yield* sql`UPDATE items SET shared_account_id = ${account_id} WHERE item_id = ${shared.item_id}`
        for (const path of [
          `/post/content-item/archive/${shared.item_id}/2`,
          `/post/content-item/archive/${shared.item_id}/3`
        ]) {
          const r = yield* client.post(path)
          assert.strictEqual(r.status, 403)
          assert.strictEqual(
            r.body._serveError.message,
            "This is shared from another account, so it can't be changed here."
          )
        }
        const other = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem()),
          200
        ).body
        const merge = yield* client.post("/post/content-item/merge", {
          loser_id: shared.item_id,
          winner_id: other.item_id
        })
        assert.strictEqual(merge.status, 403)
        assert.strictEqual(
          (yield* client.post(`/post/content-item/update/price-items/${shared.item_id}`, priceItem())).status,
          403
        )
      })
    )

    it.effect("merges items: every linked row moves to the winner and templates take the winner's content", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const loser = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem({ item_title: "Labor" })),
          200
        ).body
        const winner = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem({ price_unit: "90" })),
          200
        ).body
        const text = expectStatus(
          yield* client.post(
            "/post/content-item/update/text-items/new",
            priceItem({ item_title: "Terms", item_body: "Pay in 7 days" })
          ),
          200
        ).body
        assert.strictEqual(text.item.price_unit, "0")
        yield* templateUsing(account_id, signin_id, "Kitchen", loser.item_id, "2")
        const wrongType = yield* client.post("/post/content-item/merge", {
          loser_id: loser.item_id,
          winner_id: text.item_id
        })
        assert.strictEqual(
          wrongType.body._serveError.message,
          "A price item can only be merged with a price item, and a text item with a text item."
        )
        const merged = expectStatus(
          yield* client.post("/post/content-item/merge", { loser_id: loser.item_id, winner_id: winner.item_id }),
          200
        ).body
        assert.strictEqual(merged.moved_rows, 1)
        assert.deepStrictEqual(
          merged.templates_updated.map((t: { title: string }) => t.title),
          ["Kitchen"]
        )
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{
          item_id: number
          price_total: string
        }>`SELECT item_id, price_total::text AS price_total
          FROM quote_items WHERE account_id = ${account_id} AND item_type = 1`
        assert.deepStrictEqual(
          rows.map((r) => [r.item_id, r.price_total]),
          [[winner.item_id, "180.00"]]
        )
        const gone = expectStatus(yield* client.get(`/get/content-item/price-items/${loser.item_id}`), 200).body
        assert.strictEqual(gone.meta.sticker, "Deleted")
        const mergeMode = expectStatus(
          yield* client.get(`/get/content-item/price-items/${winner.item_id}?merge_loser=${text.item_id}`),
          404
        )
        void mergeMode
      })
    )

    it.effect("the editor's lookups search current items of a type and fetch one with its files", () =>
      Effect.gen(function* () {
        const { client, account_id } = yield* signUp()
        const a = expectStatus(
          yield* client.post("/post/content-item/update/price-items/new", priceItem({ item_title: "Tiling" })),
          200
        ).body
        expectStatus(
          yield* client.post(
            "/post/content-item/update/price-items/new",
            priceItem({ item_title: "Plumbing", item_code: "PL" })
          ),
          200
        )
        expectStatus(
          yield* client.post("/post/content-item/update/text-items/new", priceItem({ item_title: "Tiling terms" })),
          200
        )
        const found = expectStatus(yield* client.post("/get/lookup-item/search/1", { search: "til" }), 200).body
        assert.deepStrictEqual(
          found.items.map((i: { item_title: string }) => i.item_title),
          ["Tiling"]
        )
        assert.strictEqual(found.addon_id, 0)
        const recent = expectStatus(yield* client.post("/get/lookup-item/search/1", { search: "" }), 200).body
        assert.strictEqual(recent.items.length, 2)
        const up = expectStatus(
          yield* client.post("/service/file-upload/file", fileForm("spec.pdf", "%PDF-1.4 x")),
          200
        ).body
        expectStatus(
          yield* client.post(`/post/content-item/update/price-items/${a.item_id}`, {
            ...priceItem({ item_title: "Tiling" }),
            files: [up.file_id]
          }),
          200
        )
        const got = expectStatus(yield* client.post(`/get/lookup-item/get/${a.item_id}`), 200).body
        assert.deepStrictEqual(
          got.files.map((f: { original_filename: string }) => f.original_filename),
          ["spec.pdf"]
        )
        assert.deepStrictEqual(got.items[0].files, [{ file_id: up.file_id, parent_id: a.item_id }])
        const member = yield* addMember(account_id)
        const memberSearch = expectStatus(
          yield* member.client.post("/get/lookup-item/search/1", { search: "plumb" }),
          200
        ).body
        assert.strictEqual(memberSearch.items.length, 1)
        assert.strictEqual(
          (yield* member.client.post("/post/content-item/update/price-items/new", priceItem())).status,
          403
        )
      })
    )
  },
  { layer: server }
)
