import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { browser, layer, newAccount } from "../Harness.ts"
import { acceptBody, choicesOf, open, sentQuote } from "./Fixtures.ts"

/** Field names that must never reach a customer. */
const privateKeys = [
  '"price_cost"',
  '"margin"',
  '"item_cat_id"',
  '"item_id"',
  '"editing"',
  '"discuss_type":12',
  "Private"
]

const assertNoPrivate = (text: string) => {
  for (const key of privateKeys) assert.notInclude(text, key, `customer answer leaks ${key}`)
  assert.notInclude(text, "37.5")
}

describeBackends(
  "customer quote page over HTTP",
  (it) => {
    it.effect("serves the public data without costs, records customer views but not team previews", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Viewer")
        assert.isNotNull(q.token)
        assert.match(q.token!, /^[A-Za-z0-9_-]{43}$/)
        const [stored] = yield* sql<{ link_token_hash: string }>`
          SELECT link_token_hash FROM quote_contacts WHERE quote_id = ${q.quoteId}`
        assert.notStrictEqual(stored?.link_token_hash, q.token)
        assert.match(stored!.link_token_hash, /^[0-9a-f]{64}$/)

        const a = yield* open(q.customer, q.token!)
        assert.strictEqual(a.status, 200, a.text)
        assertNoPrivate(a.text)
        assert.strictEqual(a.body.quote.title, "Viewer kitchen")
        assert.strictEqual(a.body.branding.name, "Viewer Ltd")
        assert.strictEqual(a.body.status, "sent")
        assert.isTrue(a.body.can_accept)
        assert.strictEqual(a.body.signer_name, "Grace Hopper")
        assert.deepStrictEqual(
          a.body.quote.publicItems
            .filter((i: { item_type: number }) => i.item_type === 1)
            .map((i: { item_title: string }) => i.item_title),
          ["Labour", "Extended warranty", "Oak finish", "Walnut finish", "Spare tiles"]
        )
        const views = () =>
          sql<{ n: number }>`SELECT count(*)::int AS n FROM quote_views WHERE quote_id = ${q.quoteId}`.pipe(
            Effect.map((r) => r[0]!.n)
          )
        assert.strictEqual(yield* views(), 1)
        const [contactRow] = yield* sql<{ last_view: Date | null }>`
          SELECT last_view FROM quote_contacts WHERE quote_id = ${q.quoteId}`
        assert.isNotNull(contactRow?.last_view)
        // The author previewing through the same link (their session), or any preview type, records nothing.
        const asTeam = yield* open(q.browser, q.token!)
        assert.strictEqual(asTeam.status, 200)
        assert.strictEqual(asTeam.body.quote.previewType, 1)
        const teamAccept = yield* q.browser.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(a.body)))
        assert.strictEqual(teamAccept.status, 400)
        assert.strictEqual(teamAccept.body._serveError.message, Message.previewNotice)
        assert.strictEqual((yield* open(q.customer, q.token!, "2")).status, 200)
        assert.strictEqual(yield* views(), 1)
        // The quote list shows the last view rather than 'Unopened'.
        const list = yield* q.browser.get("/get/quotes")
        assert.notStrictEqual(list.body.rows[0].last_view, "Unopened")

        // The same link is shown again to copy.
        const again = yield* q.browser.get(`/get/quote-links/${q.quoteId}`)
        assert.strictEqual(again.body[0].url, q.url)
      })
    )

    it.effect("forged, foreign and never-sent links open nothing", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Forger")
        const stranger = yield* browser
        const forged = `${q.token!.slice(0, -2)}${q.token!.endsWith("AA") ? "BB" : "AA"}`
        for (const token of [forged, "A".repeat(43), "short", "../../etc"]) {
          const a = yield* stranger.get(`/api/q/${token}`)
          assert.strictEqual(a.status, 404, token)
          if (!token.includes("/")) assert.strictEqual(a.body._serveError?.message, Message.quoteLinkNotFound)
          assert.strictEqual((yield* stranger.post(`/api/q/${token}/accept`, acceptBody([]))).status, 404)
        }
        const page = yield* stranger.request("GET", `/q/${forged}`, undefined, {}, { accept: "text/html" })
        assert.strictEqual(page.status, 404)
        assert.include(page.text, Message.quoteLinkNotFound)
        // Another account's team cannot list this quote's links.
        const other = yield* newAccount("Other")
        assert.strictEqual((yield* other.browser.get(`/get/quote-links/${q.quoteId}`)).status, 404)
        const draft = yield* sentQuote("Drafter", { send: false })
        assert.isNull(draft.url)
      })
    )

    it.effect("accepts once with signature, choices, address, agent and content hash in the audit log", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Accepter")
        const data = (yield* open(q.customer, q.token!)).body
        const choices = choicesOf(data).map((c) => {
          const title = data.quote.publicItems.find(
            (i: { quote_item_id: number }) => i.quote_item_id === c.quote_item_id
          ).item_title
          if (title === "Extended warranty") return { ...c, contact_selected: 1 }
          if (title === "Walnut finish") return { ...c, contact_selected: 1 }
          if (title === "Oak finish") return { ...c, contact_selected: 2 }
          if (title === "Spare tiles") return { ...c, quantity: "8" }
          return c
        })
        const accepted = yield* q.customer.request(
          "POST",
          `/api/q/${q.token}/accept`,
          acceptBody(choices, { name: "Grace B. Hopper" }),
          {},
          { "user-agent": "QuoteTest/1.0" }
        )
        assert.strictEqual(accepted.status, 200, accepted.text)
        assert.strictEqual(accepted.body.status, "accepted")
        assert.strictEqual(accepted.body.acceptance.sign_name, "Grace B. Hopper")
        assert.match(accepted.body.content_hash, /^[0-9a-f]{64}$/)

        const [row] = yield* sql<{
          sign_method: string
          sign_value: string
          sign_name: string
          ip: string
          user_agent: string
          content_hash: string
          on_behalf_signin_id: number | null
        }>`SELECT sign_method, sign_value, sign_name, ip, user_agent, content_hash, on_behalf_signin_id
           FROM acceptances WHERE quote_id = ${q.quoteId}`
        assert.strictEqual(row?.sign_method, "text")
        assert.strictEqual(row?.sign_value, "Grace Hopper")
        assert.strictEqual(row?.user_agent, "QuoteTest/1.0")
        assert.isNotEmpty(row?.ip)
        assert.isNull(row?.on_behalf_signin_id)
        assert.strictEqual(row?.content_hash, accepted.body.content_hash)
        const [audit] = yield* sql<{
          actor: string
          content_hash: string
          data: { content: { publicItems: Array<{ item_title: string; quantity: string; contact_selected: number }> } }
        }>`
          SELECT actor, content_hash, data FROM audit_log
          WHERE subject_table = 'quote' AND subject_id = ${q.quoteId} AND action = 'quote.customerAccept'`
        assert.strictEqual(audit?.actor, "customer")
        assert.strictEqual(audit?.content_hash, accepted.body.content_hash)
        const tiles = audit!.data.content.publicItems.find((i) => i.item_title === "Spare tiles")
        assert.strictEqual(tiles?.quantity, "8")
        assertNoPrivate(JSON.stringify(audit!.data.content))

        // 200 + 50 + 450 + 80: the choices are stored and the total follows them.
        const [quote] = yield* sql<{ status: string; price_current: string }>`
          SELECT status, price_current::text AS price_current FROM quotes WHERE quote_id = ${q.quoteId}`
        assert.deepStrictEqual(quote, { status: "accepted", price_current: "780.00" })
        const history = yield* q.browser.get(`/get/history/quote/${q.quoteId}`)
        assert.strictEqual(history.body.rows[0].html_summary, "<b>Grace B. Hopper</b> accepted the quote.")
        // The team's overview shows the acceptance: signer, signature, when, from where, and what was chosen.
        const seen = (yield* q.browser.get(`/get/quote-overview/${q.quoteId}`)).body.acceptance
        assert.strictEqual(seen.sign_name, "Grace B. Hopper")
        assert.strictEqual(seen.sign_method, "text")
        assert.strictEqual(seen.signature, "typed:Grace Hopper")
        assert.strictEqual(seen.user_agent, "QuoteTest/1.0")
        assert.isNotEmpty(seen.ip)
        assert.isNull(seen.on_behalf)
        assert.isAbove(seen.accepted_at, 0)
        assert.deepStrictEqual(
          seen.choices.map((c: { title: string; chosen: boolean; quantity: string }) => [
            c.title,
            c.chosen,
            c.quantity
          ]),
          [
            ["Extended warranty", true, "1"],
            ["Oak finish", false, "1"],
            ["Walnut finish", true, "1"],
            ["Spare tiles", true, "8"]
          ]
        )

        // A second press changes nothing.
        const second = yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choices, { name: "Someone Else" }))
        assert.strictEqual(second.status, 409, second.text)
        assert.strictEqual(second.body._serveError.message, Message.quoteAcceptedNotice)
        const names = yield* sql<{ sign_name: string }>`SELECT sign_name FROM acceptances WHERE quote_id = ${q.quoteId}`
        assert.deepStrictEqual(
          names.map((n) => n.sign_name),
          ["Grace B. Hopper"]
        )
        const after = (yield* open(q.customer, q.token!)).body
        assert.strictEqual(after.status, "accepted")
        assert.isFalse(after.can_accept)
        assert.strictEqual(after.notice, Message.quoteAcceptedNotice)
        assert.strictEqual(after.acceptance.sign_name, "Grace B. Hopper")
      })
    )

    it.effect("concurrent accepts from several devices record one acceptance", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Racer")
        const choices = choicesOf((yield* open(q.customer, q.token!)).body)
        const devices = yield* Effect.all(Array.from({ length: 6 }, () => browser))
        const answers = yield* Effect.all(
          devices.map((d, i) => d.post(`/api/q/${q.token}/accept`, acceptBody(choices, { name: `Device ${i}` }))),
          { concurrency: "unbounded" }
        )
        const statuses = answers.map((a) => a.status).sort()
        assert.deepStrictEqual(statuses, [200, 409, 409, 409, 409, 409], answers.map((a) => a.text).join("\n"))
        const [n] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM acceptances WHERE quote_id = ${q.quoteId}`
        assert.strictEqual(n?.n, 1)
        const [audits] = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM audit_log WHERE subject_id = ${q.quoteId} AND action = 'quote.customerAccept'`
        assert.strictEqual(audits?.n, 1)
      })
    )

    it.effect("refuses what the rules refuse, with the spec's messages, and never in preview", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Strict")
        const data = (yield* open(q.customer, q.token!)).body
        const choices = choicesOf(data)
        const post = (body: unknown) => q.customer.post(`/api/q/${q.token}/accept`, body)
        const unsigned = yield* post(acceptBody(choices, { sign: "", method: "draw" }))
        assert.strictEqual(unsigned.status, 400)
        assert.strictEqual(unsigned.body._serveError.message, Message.signToAccept)
        assert.strictEqual(unsigned.body.form_errors[0].input_id, "accept[sign_value]")
        const preview = yield* post({ ...acceptBody(choices), preview_type: 1 })
        assert.strictEqual(preview.status, 400)
        assert.strictEqual(preview.body._serveError.message, Message.previewNotice)

        const byTitle = (title: string) =>
          data.quote.publicItems.find((i: { item_title: string }) => i.item_title === title).quote_item_id as number
        const change = (title: string, patch: Record<string, unknown>) =>
          choices.map((c) => (c.quote_item_id === byTitle(title) ? { ...c, ...patch } : c))
        for (const bad of [
          change("Labour", { contact_selected: 2 }),
          change("Labour", { quantity: "3" }),
          change("Walnut finish", { contact_selected: 1 }).map((c) =>
            c.quote_item_id === byTitle("Oak finish") ? { ...c, contact_selected: 1 } : c
          ),
          [...choices, { quote_item_id: 999_999, contact_selected: 1, quantity: "1" }]
        ]) {
          const a = yield* post(acceptBody(bad))
          assert.strictEqual(a.status, 400, JSON.stringify(bad))
          assert.strictEqual(a.body.form_errors[0].input_id, "choices")
        }

        yield* sql`UPDATE accounts SET appearance = '{"termsCheckbox": true}'::jsonb WHERE account_id = ${q.accountId}`
        assert.isTrue((yield* open(q.customer, q.token!)).body.terms_required)
        const unticked = yield* post(acceptBody(choices))
        assert.strictEqual(unticked.status, 400)
        assert.strictEqual(unticked.body._serveError.message, Message.checkBoxToAccept)
        const forged = yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choices, { confirm: true }), {
          csrfHeader: "missing"
        })
        assert.strictEqual(forged.status, 403)
        const [still] = yield* sql<{ status: string }>`SELECT status FROM quotes WHERE quote_id = ${q.quoteId}`
        assert.strictEqual(still?.status, "sent")
        assert.strictEqual((yield* post(acceptBody(choices, { confirm: true }))).status, 200)
      })
    )

    it.effect("declines with a reason; an answered or withdrawn quote shows its state", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Decliner")
        const declined = yield* q.customer.post(`/api/q/${q.token}/decline`, { reason: "Too dear <b>sorry</b>" })
        assert.strictEqual(declined.status, 200, declined.text)
        assert.strictEqual(declined.body.status, "declined")
        const data = (yield* open(q.customer, q.token!)).body
        assert.strictEqual(data.notice, Message.quoteDeclinedNotice)
        assert.isFalse(data.can_accept)
        const choices = choicesOf(data)
        assert.strictEqual((yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choices))).status, 409)
        const history = yield* q.browser.get(`/get/history/quote/${q.quoteId}`)
        assert.strictEqual(history.body.rows[0].html_summary, "<b>Grace Hopper</b> declined the quote.")
        assert.strictEqual(
          history.body.rows[0].html_full,
          "<b>Grace Hopper</b> declined the quote. Reason: Too dear &lt;b&gt;sorry&lt;/b&gt;"
        )
        // The team's overview shows the decline and its reason.
        const overview = (yield* q.browser.get(`/get/quote-overview/${q.quoteId}`)).body
        assert.strictEqual(overview.decline.by, "Grace Hopper")
        assert.strictEqual(overview.decline.reason, "Too dear <b>sorry</b>")
        assert.isAbove(overview.decline.declined_at, 0)
        assert.isNull(overview.acceptance)
        const [audit] = yield* sql<{ data: { reason: string } }>`
          SELECT data FROM audit_log WHERE subject_id = ${q.quoteId} AND action = 'quote.customerDecline'`
        assert.strictEqual(audit?.data.reason, "Too dear <b>sorry</b>")

        const w = yield* sentQuote("Withdrawer")
        assert.strictEqual((yield* w.browser.post(`/act-on/quote-action/withdraw-dodo/${w.quoteId}`)).status, 200)
        const gone = (yield* open(w.customer, w.token!)).body
        assert.strictEqual(gone.status, "withdrawn")
        assert.deepStrictEqual(gone.quote.publicItems, [])
        assert.strictEqual(gone.notice, Message.quoteWithdrawnNotice)
        assert.strictEqual(gone.comments_closed, Message.commentsClosedWithdrawn)

        const e = yield* sentQuote("Expirer")
        yield* sql`UPDATE quotes SET expiry_date = now() - interval '1 minute' WHERE quote_id = ${e.quoteId}`
        const expired = (yield* open(e.customer, e.token!)).body
        assert.strictEqual(expired.status, "expired")
        assert.strictEqual(expired.notice, Message.quoteExpiredNotice)
        assert.isFalse(expired.can_accept)
        assert.strictEqual(
          (yield* e.customer.post(`/api/q/${e.token}/accept`, acceptBody(choicesOf(expired)))).status,
          409
        )
      })
    )

    it.effect("accept on behalf records the team member; the customer sees who and when", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Behalf")
        const a = yield* q.browser.post(`/post/quote-accept-on-behalf/${q.quoteId}`)
        assert.strictEqual(a.status, 200, a.text)
        const [row] = yield* sql<{ on_behalf_signin_id: number }>`
          SELECT on_behalf_signin_id FROM acceptances WHERE quote_id = ${q.quoteId}`
        assert.strictEqual(row?.on_behalf_signin_id, q.signinId)
        const data = (yield* open(q.customer, q.token!)).body
        assert.strictEqual(data.status, "accepted")
        assert.isTrue(data.acceptance.on_behalf)
        assert.isAbove(data.acceptance.accepted_at, 0)
      })
    )

    it.effect("serves the page server-rendered, and the QR image of the link's signing room", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Paged")
        const page = yield* q.customer.request("GET", `/q/${q.token}`, undefined, {}, { accept: "text/html" })
        assert.strictEqual(page.status, 200)
        assert.include(page.text, "Paged kitchen")
        assert.include(page.text, "Paged Ltd")
        assert.include(page.text, "Walnut finish")
        assertNoPrivate(page.text)
        const data = (yield* open(q.customer, q.token!)).body
        assert.match(data.room, /^\d+\/\d+\/[0-9a-f]{32}$/)
        const qr = yield* q.customer.get(`/sign/qr/${data.room}`)
        assert.strictEqual(qr.status, 200)
        assert.strictEqual(qr.headers.get("content-type"), "image/svg+xml")
        assert.include(qr.text, "<svg")
        const [a, b] = data.room.split("/")
        assert.strictEqual((yield* q.customer.get(`/sign/qr/${a}/${b}/${"0".repeat(32)}`)).status, 404)
      })
    )

    it.effect("a question or title holding $` $' $& is text on the page, never a copy of the template", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Dollar")
        const tricky = "Is it $` or $' or $& or $$?"
        const asked = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: tricky, files: [] })
        assert.strictEqual(asked.status, 200, asked.text)
        const page = yield* q.customer.request("GET", `/q/${q.token}`, undefined, {}, { accept: "text/html" })
        assert.strictEqual(page.status, 200)
        assert.strictEqual(page.text.match(/<!doctype html>/gi)?.length, 1)
        const data = /<script type="application\/json" id="qk-data">([\s\S]*?)<\/script>/.exec(page.text)
        assert.isNotNull(data)
        const parsed = JSON.parse(data![1]!)
        assert.include(JSON.stringify(parsed), tricky)
      })
    )
  },
  { layer: layer() }
)
