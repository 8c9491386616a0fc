import { inflateSync } from "node:zlib"
import { assert } from "@effect/vitest"
import * as Appearance from "@quotekit/core/Appearance"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { PNG } from "pngjs"
import { extractText, getDocumentProxy } from "unpdf"
import { layer, newAccount, TestServer } from "../Harness.ts"
import { contact, rows, saveNew } from "../quotes/Fixtures.ts"

const textOf = (bytes: Uint8Array) =>
  Effect.promise(
    async () => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
  )

const mediaBox = (bytes: Uint8Array) =>
  Effect.promise(async () =>
    (await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1)).view.map(Math.round).join(" ")
  )

/** Every content stream of a PDF, inflated, as text: where its drawing operators (colours included) are. */
const drawingOf = (bytes: Uint8Array): string => {
  const raw = Buffer.from(bytes)
  const out: Array<string> = []
  let at = 0
  for (;;) {
    const start = raw.indexOf("stream", at)
    if (start < 0) break
    const from = start + (raw[start + 6] === 0x0d ? 8 : 7)
    const end = raw.indexOf("endstream", from)
    if (end < 0) break
    try {
      out.push(inflateSync(raw.subarray(from, end)).toString("latin1"))
    } catch {
      // Not a deflated stream (an image, a font): no drawing operators there.
    }
    at = end + 9
  }
  return out.join("\n")
}

const fetchBytes = (url: string) =>
  Effect.promise(async () => {
    const res = await fetch(url)
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) }
  })

/** A 20 × 10 PNG: the left half teal, the right half orange, on no background. */
const twoColourPng = (): Uint8Array => {
  const png = new PNG({ width: 20, height: 10 })
  for (let y = 0; y < 10; y++)
    for (let x = 0; x < 20; x++) {
      const i = (y * 20 + x) * 4
      const [r, g, b] = x < 12 ? [15, 118, 110] : [234, 88, 12]
      png.data[i] = r
      png.data[i + 1] = g
      png.data[i + 2] = b
      png.data[i + 3] = 255
    }
  return new Uint8Array(PNG.sync.write(png))
}

const chosen = {
  ...Appearance.defaults,
  accent: "#0f766e",
  font: "georgia",
  heading_style: "underlined",
  logo_position: "right",
  logo_size: "large",
  density: "compact",
  legacy_theme: "paper",
  show_pdf: true,
  pdf_page_size: "Letter"
}

describeBackends(
  "quote appearance",
  (it) => {
    it.effect("saves, validates at the boundary, audits each change, and is for admins only", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Looks")
        const b = owner.browser
        const first = yield* b.get("/get/quote-appearance")
        assert.strictEqual(first.status, 200, first.text)
        assert.deepStrictEqual(first.body.appearance, Appearance.defaults)
        assert.deepStrictEqual(first.body.logo_colours, [])

        const saved = yield* b.post("/post/quote-appearance", chosen)
        assert.strictEqual(saved.status, 200, saved.text)
        assert.deepStrictEqual(saved.body.appearance, chosen)
        assert.deepStrictEqual((yield* b.get("/get/quote-appearance")).body.appearance, chosen)

        for (const bad of [
          { accent: "#FFF" },
          { accent: "teal" },
          { font: "Comic Sans" },
          { pdf_page_size: "A5" },
          { show_pdf: "yes" }
        ]) {
          const refused = yield* b.post("/post/quote-appearance", { ...chosen, ...bad })
          assert.strictEqual(refused.status, 400, JSON.stringify(bad))
          assert.isString(refused.body._serveError.message)
        }
        assert.deepStrictEqual((yield* b.get("/get/quote-appearance")).body.appearance, chosen)

        // Saving the same values again writes no audit row; a change writes one with the old and new values.
        yield* b.post("/post/quote-appearance", chosen)
        yield* b.post("/post/quote-appearance", { ...chosen, show_pdf: false })
        const sql = yield* SqlClient.SqlClient
        const audit = yield* sql<{ actor_signin_id: number; data: Record<string, unknown> }>`
          SELECT actor_signin_id, data FROM audit_log
          WHERE account_id = ${owner.accountId} AND action = 'quote_appearance.changed' ORDER BY audit_id`
        assert.strictEqual(audit.length, 2)
        assert.strictEqual(audit[0]?.actor_signin_id, owner.signinId)
        assert.deepStrictEqual(audit[0]?.data.accent, [Appearance.defaults.accent, "#0f766e"])
        assert.deepStrictEqual(audit[1]?.data, { show_pdf: [true, false] })

        // Another account's appearance is its own.
        const other = yield* newAccount("Elsewhere")
        assert.deepStrictEqual((yield* other.browser.get("/get/quote-appearance")).body.appearance, Appearance.defaults)

        // Only admins see, change or preview it.
        const member = yield* newAccount("Member")
        yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
                   VALUES (${owner.accountId}, ${member.signinId}, false, now())`
        assert.strictEqual(
          (yield* member.browser.post(`/sign-in/act-on/account-select/${owner.accountId}`)).status,
          200
        )
        assert.strictEqual((yield* member.browser.get("/get/quote-appearance")).status, 403)
        assert.strictEqual((yield* member.browser.post("/post/quote-appearance", Appearance.defaults)).status, 403)
        assert.strictEqual(
          (yield* member.browser.post("/settings/quote/appearance/preview-quote", Appearance.defaults)).status,
          403
        )
        const server = yield* TestServer
        const anonymous = yield* Effect.promise(() => fetch(`${server.url}/get/quote-appearance`))
        assert.strictEqual(anonymous.status, 401)
      })
    )

    it.effect("the logo's colours come from its pixels; the preview answers quoteCss and quoteHtml", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Palette")
        const b = owner.browser
        const form = new FormData()
        form.set("file", new Blob([twoColourPng()]), "logo.png")
        assert.strictEqual((yield* b.post("/service/file-upload/logo", form)).status, 200)
        const view = yield* b.get("/get/quote-appearance")
        assert.deepStrictEqual(view.body.logo_colours, ["#0f766e", "#ea580c"])
        assert.match(view.body.logo_url, /^\/files\//)

        const preview = yield* b.post("/settings/quote/appearance/preview-quote", chosen)
        assert.strictEqual(preview.status, 200, preview.text)
        assert.include(preview.body.quoteCss, "--qk-color-primary:#0f766e")
        assert.include(preview.body.quoteCss, "Georgia")
        assert.include(preview.body.quoteCss, ".qk-brand{justify-content:flex-end}")
        // The customer page's own markup: the brand header with the logo and name, the title, items and total.
        const html: string = preview.body.quoteHtml
        assert.include(html, '<header class="qk-brand"><img class="qk-logo"')
        assert.include(html, "Palette Ltd")
        assert.include(html, '<h1 class="qk-title">Kitchen renovation')
        assert.include(html, "Cabinets and benchtop")
        assert.include(html, "Download PDF")
        const noPdf = yield* b.post("/settings/quote/appearance/preview-quote", { ...chosen, show_pdf: false })
        assert.notInclude(noPdf.body.quoteHtml, "Download PDF")
        assert.strictEqual(
          (yield* b.post("/settings/quote/appearance/preview-quote", { ...chosen, accent: "javascript" })).status,
          400
        )
      })
    )

    it.effect("the customer page, its PDF and the team's PDF follow the appearance; show-PDF off hides the PDF", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const owner = yield* newAccount("Styled")
        const b = owner.browser
        const person = yield* contact(owner.accountId, "Rua", `Kahu${owner.accountId}`)
        const saved = yield* saveNew(b, owner.signinId, {
          quote: { title: "Styled quote" },
          items: rows([{ title: "Bespoke table", unit: "2500.00" }]),
          contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
        })
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        const links = yield* b.get(`/get/quote-links/${saved.quote_id}`)
        const link = (links.body[0].url as string).replace(/^https?:\/\/[^/]+/, server.url)

        // The defaults: A4, the default accent, Download PDF offered.
        const before = new TextDecoder().decode((yield* fetchBytes(link)).bytes)
        assert.include(before, `--qk-color-primary:${Appearance.defaults.accent}`)
        assert.include(before, "Download PDF")
        const plain = (yield* fetchBytes(`${link}/pdf`)).bytes
        assert.strictEqual(yield* mediaBox(plain), "0 0 595 842")
        // #1f5fbf (31, 95, 191) as the heading's fill colour.
        assert.match(drawingOf(plain), /0\.1215\d* 0\.3725\d* 0\.749\d* (?:scn|sc)/)

        assert.strictEqual((yield* b.post("/post/quote-appearance", chosen)).status, 200)
        const page = new TextDecoder().decode((yield* fetchBytes(link)).bytes)
        assert.include(page, '<style id="qk-appearance">')
        assert.include(page, "--qk-color-primary:#0f766e")
        assert.include(page, "Download PDF")
        const pdf = yield* fetchBytes(`${link}/pdf`)
        assert.strictEqual(pdf.status, 200)
        assert.strictEqual(yield* mediaBox(pdf.bytes), "0 0 612 792")
        assert.include(yield* textOf(pdf.bytes), "$2,500.00")
        // The accent colours the PDF's heading: #0f766e (15, 118, 110) as a fill colour, the default's gone.
        const drawing = drawingOf(pdf.bytes)
        assert.match(drawing, /0\.0588\d* 0\.4627\d* 0\.4313\d* (?:scn|sc)/)
        assert.notMatch(drawing, /0\.1215\d* 0\.3725\d* 0\.749\d* (?:scn|sc)/)
        const team = yield* b.get(`/get/quote-pdf/${saved.quote_id}`)
        assert.strictEqual(yield* mediaBox(team.bytes), "0 0 612 792")

        assert.strictEqual((yield* b.post("/post/quote-appearance", { ...chosen, show_pdf: false })).status, 200)
        const hidden = new TextDecoder().decode((yield* fetchBytes(link)).bytes)
        assert.notInclude(hidden, "Download PDF")
        assert.strictEqual((yield* fetchBytes(`${link}/pdf`)).status, 404)
      })
    )
  },
  { layer: layer() }
)
