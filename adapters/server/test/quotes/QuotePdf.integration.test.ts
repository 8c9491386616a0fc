import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { extractText, getDocumentProxy } from "unpdf"
import { layer, newAccount, TestServer } from "../Harness.ts"
import { contact, rows, saveNew, taxRate } from "./Fixtures.ts"

const textOf = (bytes: Uint8Array) =>
  Effect.promise(
    async () => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
  )

const fetchBytes = (url: string) =>
  Effect.promise(async () => {
    const res = await fetch(url)
    return { status: res.status, type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) }
  })

describeBackends(
  "a quote as a PDF",
  (it) => {
    it.effect("the team's download and the customer's, with the page's rows, totals and the acceptance", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const owner = yield* newAccount("Printer")
        const b = owner.browser
        const gst = yield* taxRate(owner.accountId, "15")
        const person = yield* contact(owner.accountId, "Zoë", `Łódź${owner.accountId}`)
        const saved = yield* saveNew(b, owner.signinId, {
          quote: { title: "Café fit-out", deposit_percent: "20" },
          items: rows([
            { title: "Counter", unit: "1200.00", item_tax_id: gst },
            { title: "Espresso machine", unit: "900.00", contact_choice: 1, contact_selected: 2 }
          ]),
          contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
        })
        // The account's logo is printed on its documents.
        const png = Uint8Array.from(
          Buffer.from(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
            "base64"
          )
        )
        const form = new FormData()
        form.set("file", new Blob([png]), "logo.png")
        const logo = yield* b.post("/service/file-upload/logo", form)
        assert.strictEqual(logo.status, 200, logo.text)
        const team = yield* b.get(`/get/quote-pdf/${saved.quote_id}`)
        assert.include(new TextDecoder("latin1").decode(team.bytes), "/Subtype /Image")
        assert.strictEqual(team.status, 200)
        assert.strictEqual(team.headers.get("content-type"), "application/pdf")
        assert.include(yield* textOf(team.bytes), "Counter")

        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        const links = yield* b.get(`/get/quote-links/${saved.quote_id}`)
        const link = (links.body[0].url as string).replace(/^https?:\/\/[^/]+/, server.url)
        // The customer's page offers the download.
        const page = new TextDecoder().decode((yield* fetchBytes(link)).bytes)
        assert.include(page, `href="${new URL(link).pathname}/pdf" download>Download PDF</a>`)
        const sent = yield* fetchBytes(`${link}/pdf`)
        assert.deepStrictEqual([sent.status, sent.type], [200, "application/pdf"])
        const text = yield* textOf(sent.bytes)
        // 1,200 + 15% = 1,380; the unchosen option is listed but not counted; 20% deposit of 1,380.
        for (const expected of [
          "Quote",
          "Café fit-out",
          "Counter",
          "Espresso machine",
          "Option not chosen",
          "$1,380.00",
          "$276.00",
          "Zoë"
        ]) {
          assert.include(text, expected)
        }
        assert.notInclude(text, "Accepted by")

        yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
        const accepted = yield* textOf((yield* fetchBytes(`${link}/pdf`)).bytes)
        assert.include(accepted, "Accepted by")
        assert.include(accepted, "on the customer's behalf")

        const wrong = yield* fetchBytes(`${server.url}/q/${"A".repeat(43)}/pdf`)
        assert.strictEqual(wrong.status, 404)
        const other = yield* newAccount("Stranger")
        const theirs = yield* other.browser.get(`/get/quote-pdf/${saved.quote_id}`)
        assert.strictEqual(theirs.status, 404)
      })
    )

    it.effect("private pricing: a quote showing no prices prints none", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Private")
        const b = owner.browser
        const saved = yield* saveNew(b, owner.signinId, {
          quote: { title: "Secret", private_pricing: 0 },
          items: rows([{ title: "Mystery work", unit: "4321.00" }])
        })
        const pdf = yield* b.get(`/get/quote-pdf/${saved.quote_id}`)
        assert.strictEqual(pdf.status, 200)
        const server = yield* TestServer
        const bytes = yield* fetchBytes(`${server.url}/get/quote-pdf/${saved.quote_id}`)
        assert.strictEqual(bytes.status, 401)
        const text = yield* textOf(pdf.bytes)
        assert.include(text, "Mystery work")
        assert.notInclude(text, "4,321")
        // A4 until the account picks US Letter for its PDFs; a save leaving the size out keeps it.
        const mediaBox = (bytes: Uint8Array) =>
          Effect.promise(async () =>
            (await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1)).view.map(Math.round).join(" ")
          )
        assert.strictEqual(yield* mediaBox(pdf.bytes), "0 0 595 842")
        const settings = {
          builtin_enabled: false,
          prefix: "INV-",
          next_number: 1,
          payment_terms_days: 14,
          payment_instructions: "",
          email_invoices: true
        }
        assert.strictEqual(
          (yield* b.post("/post/invoicing-settings", { ...settings, page_size: "Letter" })).status,
          200
        )
        assert.strictEqual((yield* b.post("/post/invoicing-settings", settings)).body.page_size, "Letter")
        assert.strictEqual(yield* mediaBox((yield* b.get(`/get/quote-pdf/${saved.quote_id}`)).bytes), "0 0 612 792")
      })
    )
  },
  { layer: layer() }
)
