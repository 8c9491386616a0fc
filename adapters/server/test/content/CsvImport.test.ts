import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option, Result } from "effect"
import fc from "fast-check"
import * as CsvImport from "../../src/imports/CsvImport.ts"

const rowsOf = (text: string) => Result.getOrThrow(CsvImport.parseRows(text))

describe("CsvImport", () => {
  it("reads comma, semicolon and tab files, quoted delimiters and a BOM", () => {
    assert.deepStrictEqual(rowsOf('\uFEFFName,Email\n"Smith, Jane",jane@acme.co\n'), [
      ["Name", "Email"],
      ["Smith, Jane", "jane@acme.co"]
    ])
    assert.deepStrictEqual(rowsOf('Name;Email\n"A;B";c\n'), [
      ["Name", "Email"],
      ["A;B", "c"]
    ])
    assert.deepStrictEqual(rowsOf("Name\tEmail\nJane\tj@x.co\n\n\n"), [
      ["Name", "Email"],
      ["Jane", "j@x.co"]
    ])
  })

  it("decodes UTF-8, and Windows-1252 when the bytes are not UTF-8", () => {
    assert.strictEqual(CsvImport.decode(new TextEncoder().encode("Zoë")), "Zoë")
    assert.strictEqual(CsvImport.decode(Uint8Array.from([0x5a, 0x6f, 0xeb])), "Zoë")
  })

  it("an empty file has no rows to import", () => {
    assert.deepStrictEqual(CsvImport.parseRows("\n\n , \n"), Result.fail("There are no rows to import in that file."))
  })

  it("maps headers by their names and synonyms, each field once", () => {
    const headers = ["First Name", "Surname", "E-mail", "Company Name", "Mobile Phone", "Zip Code", "Email", "Notes"]
    assert.deepStrictEqual(CsvImport.autoMap(headers, "contacts"), [
      "name_first",
      "name_last",
      "email",
      "company",
      "mobile",
      "zip",
      null,
      null
    ])
    assert.deepStrictEqual(CsvImport.autoMap(["SKU", "Product Name", "Price", "Qty", "GST"], "price-items"), [
      "item_code",
      "item_title",
      "price_unit",
      "quantity",
      "tax"
    ])
    assert.isTrue(CsvImport.looksLikeHeader(headers, "contacts"))
    assert.isFalse(CsvImport.looksLikeHeader(["Jane", "jane@acme.co"], "contacts"))
  })

  it("a mapping needs its required fields, once each", () => {
    assert.deepStrictEqual(
      CsvImport.mappingProblem(["email", "email"], "contacts"),
      Option.some("Two columns are set to Email; choose one.")
    )
    assert.deepStrictEqual(
      CsvImport.mappingProblem(["phone"], "contacts"),
      Option.some("Choose the column that holds a name, company or email.")
    )
    assert.deepStrictEqual(
      CsvImport.mappingProblem(["price_unit"], "price-items"),
      Option.some("Choose the column that holds Item.")
    )
    assert.deepStrictEqual(
      CsvImport.mappingProblem(["nonsense"], "text-items"),
      Option.some('Field "nonsense" is not known.')
    )
    assert.isTrue(Option.isNone(CsvImport.mappingProblem(["item_title", null], "text-items")))
  })

  it("reads contacts: full names split, companies alone become companies, bad emails refused", () => {
    const jane = Result.getOrThrow(
      CsvImport.readContact({ name: "Dr Jane Smith", email: "jane@acme.co", company: "Acme", phone: "04 555 0100" })
    )
    assert.deepStrictEqual(
      [jane.type, jane.name_first, jane.name_last, jane.company],
      ["person", "Jane", "Smith", "Acme"]
    )
    assert.deepStrictEqual(jane.methods, [{ phoneOther: "04 555 0100", phoneOther_type: 1 }])
    const acme = Result.getOrThrow(CsvImport.readContact({ company: "Acme", city: "Wellington" }))
    assert.deepStrictEqual([acme.type, acme.name_first, acme.company], ["company", "Acme", ""])
    assert.strictEqual(acme.address?.city, "Wellington")
    assert.deepStrictEqual(
      CsvImport.readContact({ email: "jane@" }),
      Result.fail("That does not look like an email address.")
    )
    assert.deepStrictEqual(CsvImport.readContact({ phone: "123" }), Result.fail("No name, company or email."))
    assert.deepStrictEqual(CsvImport.readContact({ name: "x".repeat(201) }), Result.fail("Full name is too long."))
  })

  it("reads item numbers as spreadsheets write them", () => {
    const item = Result.getOrThrow(
      CsvImport.readItem("price-items", { item_title: "Tiles", price_unit: "$1,234.5", quantity: "" })
    )
    assert.strictEqual(BigDecimal.format(item.price_unit), "1234.5")
    assert.strictEqual(BigDecimal.format(item.quantity), "1")
    assert.deepStrictEqual(
      CsvImport.readItem("price-items", { item_title: "T", price_unit: "twelve" }),
      Result.fail("Unit price is not a number.")
    )
    assert.deepStrictEqual(
      CsvImport.readItem("price-items", { item_title: "T", quantity: "-2" }),
      Result.fail("Quantity is out of range.")
    )
    assert.deepStrictEqual(CsvImport.readItem("text-items", { item_body: "" }), Result.fail("Title is required."))
  })

  it("property: every data row is either accepted or rejected, once, with its own row number", () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.constant(""), fc.string({ maxLength: 12 }), fc.emailAddress()), { maxLength: 4 }),
          {
            maxLength: 40
          }
        ),
        (rows) => {
          const read = CsvImport.readAll(rows, 2, ["name", "email", "company", "phone"], CsvImport.readContact)
          const numbers = [...read.accepted.map((a) => a.row), ...read.rejected.map((r) => r.row)].sort((a, b) => a - b)
          assert.deepStrictEqual(
            numbers,
            rows.map((_, i) => i + 2)
          )
        }
      )
    ))

  it("property: a CSV written with quotes round-trips through the parser", () =>
    fc.assert(
      fc.property(
        fc.constantFrom(",", ";", "\t"),
        fc.array(
          fc.array(
            fc.string({ minLength: 1, maxLength: 10 }).map((s) => s.trim() || "x"),
            { minLength: 2, maxLength: 2 }
          ),
          {
            minLength: 1,
            maxLength: 20
          }
        ),
        (delimiter, rows) => {
          const header = ["Name", "Email"]
          const quote = (c: string) => `"${c.replaceAll('"', '""')}"`
          const text = [header, ...rows].map((r) => r.map(quote).join(delimiter)).join("\r\n")
          const parsed = rowsOf(text)
          assert.deepStrictEqual(
            parsed.slice(1),
            rows.map((r) => r.map((c) => c.trim()))
          )
        }
      )
    ))

  it("property: auto-mapping never maps a field twice and is stable", () =>
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("Name", "Email", "email", "E-mail", "Phone", "Company", "x", ""), { maxLength: 10 }),
        (headers) => {
          const mapped = CsvImport.autoMap(headers, "contacts").filter((f) => f !== null)
          assert.strictEqual(new Set(mapped).size, mapped.length)
          assert.deepStrictEqual(CsvImport.autoMap(headers, "contacts"), CsvImport.autoMap(headers, "contacts"))
        }
      )
    ))
})
