import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { TestServer } from "../Harness.ts"
import { addMember, type Client, expectStatus, serverBehindProxy, signUp } from "./Harness.ts"

/** Turn on leads for the client's account; returns the form path. */
const enableLeads = (client: Client) =>
  Effect.gen(function* () {
    const s = expectStatus(yield* client.get("/get/settings/account"), 200).body
    const { account_id: _a, logo_url: _l, lead_form_key: _k, lead_form_path, ...input } = s
    expectStatus(yield* client.post("/post/settings/account", { ...input, leads_enabled: true }), 200)
    return lead_form_path as string
  })

const form = (fields: Record<string, string>, file?: { name: string; text: string }) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  if (file !== undefined) f.set("file", new Blob([file.text]), file.name)
  return f
}

/** A visitor of the business's website: no session, no anti-forgery token, from a given address. */
const visitor = (path: string, body: FormData, address = "203.0.113.7", accept = "application/json") =>
  Effect.gen(function* () {
    const { url } = yield* TestServer
    return yield* Effect.promise(async () => {
      const res = await fetch(`${url}${path}`, {
        method: "POST",
        body,
        headers: { "x-forwarded-for": address, accept }
      })
      const text = await res.text()
      return {
        status: res.status,
        headers: res.headers,
        text,
        body: accept.includes("json") && text !== "" ? JSON.parse(text) : null
      }
    })
  })

const enquiry = {
  name: "Mr Sam Taylor",
  email: "sam@taylor.example",
  company: "Taylor Builds",
  phone: "021 555 0142",
  subject: "New deck",
  message: "About 20 square metres."
}

describeBackends(
  "leads over HTTP",
  (it) => {
    it.effect("the public form takes a lead with a file; the team lists, views and downloads it", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const path = yield* enableLeads(client)
        const sent = yield* visitor(path, form(enquiry, { name: "deck plan.txt", text: "3m x 6m" }))
        assert.strictEqual(sent.status, 201)
        assert.deepStrictEqual(sent.body, { received: true })
        const list = expectStatus(yield* client.get("/get/leads"), 200).body
        assert.deepStrictEqual(list.counts, { open: 1, dismissed: 0, converted: 0 })
        const lead = list.rows[0]
        assert.strictEqual(lead.display_name, "Sam Taylor")
        assert.strictEqual(lead.lead_subject, "New deck")
        assert.strictEqual(lead.status_label, "Open")
        assert.deepStrictEqual(lead.actions, ["dismiss", "convert"])
        assert.strictEqual(lead.file_url, `/leads/download-file/${lead.lead_id}/deck%20plan.txt`)
        const file = expectStatus(yield* client.get(lead.file_url), 200)
        assert.strictEqual(file.text, "3m x 6m")
        assert.match(file.headers.get("content-disposition") ?? "", /^attachment;/)
        assert.strictEqual((yield* client.get(`/leads/download-file/${lead.lead_id}/other.txt`)).status, 404)
        const other = yield* signUp("Other")
        assert.strictEqual((yield* other.client.get(lead.file_url)).status, 404)
        assert.strictEqual((yield* other.client.get(`/get/lead/${lead.lead_id}`)).status, 404)
      })
    )

    it.effect(
      "the public form refuses bad input, unknown keys and accounts without leads; the honeypot drops robots",
      () =>
        Effect.gen(function* () {
          const { client } = yield* signUp()
          const settings = expectStatus(yield* client.get("/get/settings/account"), 200).body
          const off = yield* visitor(settings.lead_form_path, form(enquiry), "198.51.100.1")
          assert.strictEqual(off.status, 404)
          const path = yield* enableLeads(client)
          assert.strictEqual(
            (yield* visitor("/public/lead-form/0123456789abcdef0123", form(enquiry), "198.51.100.2")).status,
            404
          )
          const badEmail = yield* visitor(path, form({ ...enquiry, email: "sam@" }), "198.51.100.3")
          assert.strictEqual(badEmail.status, 400)
          assert.strictEqual(badEmail.body._serveError.message, "That does not look like an email address.")
          const noMessage = yield* visitor(path, form({ ...enquiry, message: " " }), "198.51.100.4")
          assert.strictEqual(noMessage.body._serveError.message, "Message is required.")
          const long = yield* visitor(path, form({ ...enquiry, message: "x".repeat(10_001) }), "198.51.100.5")
          assert.strictEqual(long.status, 400)
          const robot = yield* visitor(path, form({ ...enquiry, website: "http://spam.example" }), "198.51.100.6")
          assert.strictEqual(robot.status, 201)
          const big = yield* visitor(
            path,
            form(enquiry, { name: "big.bin", text: "x".repeat(10_000_001) }),
            "198.51.100.7"
          )
          assert.strictEqual(big.status, 400)
          assert.strictEqual(big.body._serveError.message, "That file is too large, the limit is 10MB.")
          const list = expectStatus(yield* client.get("/get/leads"), 200).body
          assert.strictEqual(list.counts.open, 0)
        })
    )

    it.effect("a browser posting the form gets a page: thanks, or what to fix", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const path = yield* enableLeads(client)
        const html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        const thanks = yield* visitor(path, form(enquiry), "192.0.2.70", html)
        assert.strictEqual(thanks.status, 201)
        assert.match(thanks.headers.get("content-type") ?? "", /^text\/html/)
        assert.include(thanks.text, "Your enquiry has been sent.")
        const bad = yield* visitor(path, form({ ...enquiry, email: "<b>x</b>" }), "192.0.2.70", html)
        assert.strictEqual(bad.status, 400)
        assert.include(
          bad.text,
          "That does not look like an email address. Please go back, check the form and send it again."
        )
        const unknown = yield* visitor("/public/lead-form/0123456789abcdef0123", form(enquiry), "192.0.2.70", html)
        assert.strictEqual(unknown.status, 404)
        assert.include(unknown.text, "This form is not taking enquiries at the moment.")
      })
    )

    it.effect("a NUL character in a text field of the public form is refused 400, and nothing is stored", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const path = yield* enableLeads(client)
        const refused = yield* visitor(path, form({ ...enquiry, message: "Hello\u0000there" }), "192.0.2.90")
        assert.strictEqual(refused.status, 400, refused.text)
        assert.strictEqual(refused.body._serveError.message, Message.textHasNul)
        const leads = yield* client.get("/get/leads")
        assert.strictEqual(leads.body.rows.length, 0)
      })
    )

    it.effect("each address may send 10 forms per 10 minutes, then 429 with Retry-After", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const path = yield* enableLeads(client)
        for (let i = 0; i < 10; i++) assert.strictEqual((yield* visitor(path, form(enquiry), "192.0.2.50")).status, 201)
        const limited = yield* visitor(path, form(enquiry), "192.0.2.50")
        assert.strictEqual(limited.status, 429)
        assert.isTrue(Number(limited.headers.get("retry-after")) > 0)
        assert.strictEqual((yield* visitor(path, form(enquiry), "192.0.2.51")).status, 201)
      })
    )

    it.effect("dismiss, reopen, assign, notes, value and convert into a draft quote", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const path = yield* enableLeads(client)
        expectStatus(yield* visitor(path, form(enquiry), "192.0.2.60"), 201)
        const lead = expectStatus(yield* client.get("/get/leads"), 200).body.rows[0]
        const dismissed = expectStatus(yield* client.post(`/post/lead-action/${lead.lead_id}/dismiss`), 200).body
        assert.strictEqual(dismissed.status_label, "Dismissed")
        assert.deepStrictEqual(dismissed.actions, ["reopen"])
        assert.strictEqual((yield* client.post(`/post/lead-convert/${lead.lead_id}`)).status, 403)
        expectStatus(yield* client.post(`/post/lead-action/${lead.lead_id}/reopen`), 200)
        const member = yield* addMember(account_id)
        const assigned = expectStatus(
          yield* client.post(`/post/lead-update/${lead.lead_id}`, {
            lead_author: member.signin_id,
            lead_notes: "Call after 3pm",
            lead_potential_value: "4500.5"
          }),
          200
        ).body
        assert.strictEqual(assigned.assignee_name, "Ada Owner")
        assert.strictEqual(assigned.lead_notes, "Call after 3pm")
        assert.strictEqual(assigned.lead_potential_value, "4500.5")
        const stranger = yield* signUp("Stranger")
        const badAssignee = yield* client.post(`/post/lead-update/${lead.lead_id}`, { lead_author: stranger.signin_id })
        assert.strictEqual(badAssignee.body._serveError.message, "That person is not a member of this account.")
        const converted = expectStatus(yield* client.post(`/post/lead-convert/${lead.lead_id}`), 200).body
        assert.strictEqual(converted.url, `/quotes/${converted.quote_id}/is-editing?from-lead=${lead.lead_id}`)
        const sql = yield* SqlClient.SqlClient
        const [quote] = yield* sql<{
          title: string
          status: string
          from_lead_id: number
          from_signin_id: number
          price_potential: string
        }>`
          SELECT title, status, from_lead_id, from_signin_id, price_potential::text AS price_potential FROM quotes
          WHERE quote_id = ${converted.quote_id} AND account_id = ${account_id}`
        assert.deepStrictEqual(quote, {
          title: "New deck",
          status: "draft",
          from_lead_id: lead.lead_id,
          from_signin_id: member.signin_id,
          price_potential: "4500.50"
        })
        const items = yield* sql<{
          item_type: number
        }>`SELECT item_type FROM quote_items WHERE quote_id = ${converted.quote_id} ORDER BY order_index`
        assert.deepStrictEqual(
          items.map((i) => i.item_type),
          [1, 4, 2]
        )
        const contact = expectStatus(yield* client.get(`/get/contact-view/${converted.contact_id}`), 200).body
        assert.strictEqual(contact.display_name, "Sam Taylor")
        assert.strictEqual(contact.company.display_name, "Taylor Builds")
        assert.strictEqual(contact.phones[0].phoneOther, "021 555 0142")
        const after = expectStatus(yield* client.get(`/get/lead/${lead.lead_id}`), 200).body
        assert.strictEqual(after.status_label, "Converted")
        assert.strictEqual(after.quote_id, converted.quote_id)
        assert.deepStrictEqual(after.actions, [])
        const counts = expectStatus(yield* client.get("/get/leads?status=converted"), 200).body
        assert.deepStrictEqual(counts.counts, { open: 0, dismissed: 0, converted: 1 })
        assert.strictEqual(counts.rows.length, 1)
        void signin_id
      })
    )
  },
  { layer: serverBehindProxy }
)
