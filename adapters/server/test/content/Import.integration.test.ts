import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { addMember, type Client, expectStatus, fileForm, server, signUp } from "./Harness.ts"

const upload = (client: Client, text: string, name = "contacts.csv") =>
  Effect.map(
    client.post("/service/file-upload/import", fileForm(name, text)),
    (r) => expectStatus(r, 200).body.hash as string
  )

const contactsCsv = [
  "First Name,Last Name,Email,Company,Phone,City,Notes",
  "Jane,Smith,jane@acme.co,Acme Ltd,04 555 0100,Wellington,VIP",
  "John,Brown,john@acme,Acme Ltd,,,",
  ",,,Widget Co,,Auckland,",
  "Ann,Lee,,ACME LTD,,,",
  ",,,,021 555,,"
].join("\n")

describeBackends(
  "CSV import over HTTP",
  (it) => {
    it.effect("previews contacts (auto-mapped, rejected rows with reasons), then imports them in one go", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const hash = yield* upload(client, contactsCsv)
        const preview = expectStatus(
          yield* client.post("/post/import/preview", { _csv_file_hash: hash, kind: "contacts" }),
          200
        ).body
        assert.strictEqual(preview.has_header, true)
        assert.deepStrictEqual(
          preview.columns.map((c: { field: string | null }) => c.field),
          ["name_first", "name_last", "email", "company", "phone", "city", null]
        )
        assert.strictEqual(preview.total_rows, 5)
        assert.strictEqual(preview.importable_rows, 3)
        assert.deepStrictEqual(preview.rejected, [
          { row: 3, reason: "That does not look like an email address." },
          { row: 6, reason: "No name, company or email." }
        ])
        assert.strictEqual(preview.rejected_total, 2)
        assert.deepStrictEqual(preview.rows[0], {
          row: 2,
          values: {
            name_first: "Jane",
            name_last: "Smith",
            email: "jane@acme.co",
            company: "Acme Ltd",
            phone: "04 555 0100",
            city: "Wellington"
          }
        })
        // Nothing is imported by a preview.
        assert.strictEqual(expectStatus(yield* client.get("/get/contacts?getCount=1"), 200).body.total, 0)
        const run = expectStatus(
          yield* client.post("/post/import/run", { _csv_file_hash: hash, kind: "contacts" }),
          200
        ).body
        assert.strictEqual(run.imported, 3)
        assert.strictEqual(run.rejected.length, 2)
        const people = expectStatus(yield* client.get("/get/contacts?type=person"), 200).body.rows
        assert.deepStrictEqual(
          people.map((p: { display_name: string; _name_company: string }) => [p.display_name, p._name_company]),
          [
            ["Ann Lee", "Acme Ltd"],
            ["Jane Smith", "Acme Ltd"]
          ]
        )
        const companies = expectStatus(yield* client.get("/get/contacts?type=company"), 200).body.rows
        assert.deepStrictEqual(
          companies.map((c: { display_name: string }) => c.display_name),
          ["Acme Ltd", "Widget Co"]
        )
        const jane = people.find((p: { display_name: string }) => p.display_name === "Jane Smith")
        const view = expectStatus(yield* client.get(`/get/contact-view/${jane.contact_id}`), 200).body
        assert.deepStrictEqual(
          view.phones.map((p: { phoneOther: string }) => p.phoneOther),
          ["04 555 0100"]
        )
        assert.deepStrictEqual(view.addresses[0].lines, ["Wellington"])
      })
    )

    it.effect("a mapping can be chosen by hand; a file without a header is read from its first row", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const hash = yield* upload(client, "sam@taylor.example;Sam Taylor\nkim@lee.example;Kim Lee\n")
        const guessed = expectStatus(
          yield* client.post("/post/import/preview", { _csv_file_hash: hash, kind: "contacts" }),
          400
        )
        assert.strictEqual(guessed.body._serveError.message, "Choose the column that holds a name, company or email.")
        const preview = expectStatus(
          yield* client.post("/post/import/preview", {
            _csv_file_hash: hash,
            kind: "contacts",
            mapping: ["email", "name"]
          }),
          200
        ).body
        assert.strictEqual(preview.has_header, false)
        assert.deepStrictEqual(
          preview.columns.map((c: { header: string }) => c.header),
          ["Column 1", "Column 2"]
        )
        assert.strictEqual(preview.importable_rows, 2)
        const twice = yield* client.post("/post/import/preview", {
          _csv_file_hash: hash,
          kind: "contacts",
          mapping: ["email", "email"]
        })
        assert.strictEqual(twice.body._serveError.message, "Two columns are set to Email; choose one.")
        const unknown = yield* client.post("/post/import/preview", { _csv_file_hash: "0".repeat(64), kind: "contacts" })
        assert.strictEqual(unknown.status, 404)
        const other = yield* signUp("Other")
        const foreign = yield* other.client.post("/post/import/preview", {
          _csv_file_hash: hash,
          kind: "contacts",
          mapping: ["email", "name"]
        })
        assert.strictEqual(foreign.status, 404)
      })
    )

    it.effect(
      "imports price items with categories (created when new) and taxes (by rate or name); needs an admin",
      () =>
        Effect.gen(function* () {
          const { client, account_id } = yield* signUp()
          const gst = expectStatus(
            yield* client.post("/post/item-tax/new", { tax_rate: "15", description: "GST" }),
            200
          ).body
          const hash = yield* upload(
            client,
            [
              "SKU,Product Name,Description,Price,Cost,Category,Tax",
              "T1,Tiles,Per m2,$45.50,30,Flooring,15%",
              "T2,Grout,,12,,flooring,GST",
              "T3,Sealer,,abc,,,",
              "T4,Labour,,80,,Labour,9%"
            ].join("\n"),
            "items.csv"
          )
          const preview = expectStatus(
            yield* client.post("/post/import/preview", { _csv_file_hash: hash, kind: "price-items" }),
            200
          ).body
          assert.deepStrictEqual(preview.rejected, [
            { row: 4, reason: "Unit price is not a number." },
            { row: 5, reason: 'Tax "9%" is not known.' }
          ])
          const member = yield* addMember(account_id)
          const memberHash = yield* upload(member.client, "Product Name\nX\n", "m.csv")
          assert.strictEqual(
            (yield* member.client.post("/post/import/run", { _csv_file_hash: memberHash, kind: "price-items" })).status,
            403
          )
          const run = expectStatus(
            yield* client.post("/post/import/run", { _csv_file_hash: hash, kind: "price-items" }),
            200
          ).body
          assert.strictEqual(run.imported, 2)
          const items = expectStatus(yield* client.get("/get/content-items/price-items"), 200).body.rows
          assert.deepStrictEqual(
            items.map((i: { item_title: string; price_unit: string; item_tax_id: number }) => [
              i.item_title,
              i.price_unit,
              i.item_tax_id
            ]),
            [
              ["Grout", "12", gst.item_tax_id],
              ["Tiles", "45.5", gst.item_tax_id]
            ]
          )
          const categories = expectStatus(yield* client.get("/get/item-categories"), 200).body
          assert.deepStrictEqual(
            categories.map((c: { name: string }) => c.name),
            ["Flooring"]
          )
          assert.strictEqual(items[0].item_cat_id, categories[0].item_cat_id)
        })
    )
  },
  { layer: server }
)
