import { assert } from "@effect/vitest"
import * as Webhook from "@quotekit/core/Webhook"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Outbox from "../../src/webhooks/Outbox.ts"
import * as WebhooksRepo from "../../src/webhooks/Repo.ts"
import * as Worker from "../../src/webhooks/Worker.ts"
import { acceptBody, choicesOf, open, sentQuote } from "../customer/Fixtures.ts"
import { type Browser, layer, newAccount, TestServer } from "../Harness.ts"
import * as Receiver from "./Receiver.ts"

/** Make an endpoint over the API; its view and its secret (answered this once). */
const endpoint = (b: Browser, url: string, events: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const made = yield* b.post("/post/webhook-endpoint", { url, description: "Test receiver", events, enabled: true })
    assert.strictEqual(made.status, 201, made.text)
    return { id: made.body.endpoint.endpoint_id as number, secret: made.body.secret as string }
  })

/** The successful (2xx-answered) requests per `webhook-id`. */
const deliveredPerId = (received: ReadonlyArray<Receiver.Received>) => {
  const counts = new Map<string, number>()
  for (const r of received)
    if (r.status < 300)
      counts.set(String(r.headers["webhook-id"]), (counts.get(String(r.headers["webhook-id"])) ?? 0) + 1)
  return counts
}

const newContact = (b: Browser, name: string) =>
  b.post("/post/contact-update/0", {
    contact: { type: "person", name_first: name, name_last: "Webhook", email: "", company_id: null },
    phones: [],
    addresses: []
  })

describeBackends(
  "webhooks to a receiver on this machine",
  (it) => {
    it.effect("a sent, viewed and accepted quote reaches the receiver signed, each event once", () =>
      Effect.gen(function* () {
        const receiver = yield* Receiver.start
        const q = yield* sentQuote("Hooked", { send: false })
        const hook = yield* endpoint(q.browser, receiver.url, ["quote.sent", "quote.viewed", "quote.accepted"])
        // The secret is answered once: the list never shows it.
        const listed = yield* q.browser.get("/get/webhooks")
        assert.notInclude(listed.text, hook.secret)
        assert.notInclude(listed.text, "whsec_")

        assert.strictEqual((yield* q.browser.post("/post/quote-mark-sent", { quote_id: q.quoteId })).status, 200)
        const links = yield* q.browser.get(`/get/quote-links/${q.quoteId}`)
        const url: string = links.body[0].url
        const token = url.slice(url.lastIndexOf("/") + 1)
        const page = yield* open(q.customer, token)
        yield* open(q.customer, token)
        const accepted = yield* q.customer.post(`/api/q/${token}/accept`, acceptBody(choicesOf(page.body)))
        assert.strictEqual(accepted.status, 200, accepted.text)

        yield* Receiver.until(() => receiver.received.length >= 3, "three deliveries")
        const payloads = receiver.received.map((r) => Receiver.verified(hook.secret, r))
        // Deliveries are not ordered (a round sends several at once).
        assert.sameMembers(
          payloads.map((p) => p.type),
          ["quote.sent", "quote.viewed", "quote.accepted"]
        )
        const acceptedEvent = payloads.find((p) => p.type === "quote.accepted")!
        const quote = acceptedEvent.data.quote as Record<string, unknown>
        assert.strictEqual(quote.id, q.quoteId)
        assert.strictEqual(quote.title, "Hooked kitchen")
        assert.strictEqual(quote.status, "accepted")
        assert.match(String(quote.total), /^\d+\.\d{2}$/)
        assert.strictEqual((quote.customer as Record<string, unknown>).name, "Grace Hopper")
        assert.match(String(quote.url), new RegExp(`/quote/${q.quoteId}$`))
        assert.strictEqual(acceptedEvent.data.accepted_by, "Grace Hopper")
        // Headers of Standard Webhooks; the body's own timestamp is ISO 8601.
        const first = receiver.received[0]!
        assert.match(String(first.headers["webhook-id"]), /^msg_[A-Za-z0-9]{24}$/)
        assert.match(acceptedEvent.timestamp, /^\d{4}-\d\d-\d\dT/)
        // A tampered body does not verify.
        assert.throws(() => Receiver.verified(hook.secret, { ...first, body: first.body.replace("quote", "quota") }))

        // The log shows each attempt (recorded once its round is done), answered 200.
        const logged = () => q.browser.get(`/get/webhook-deliveries/${hook.id}`)
        let log = yield* logged()
        for (let i = 0; i < 100 && log.body.rows?.length !== 3; i++)
          log = yield* Effect.andThen(Effect.sleep(50), logged())
        assert.strictEqual(log.status, 200, log.text)
        assert.sameDeepMembers(
          log.body.rows.map((r: { event: string; status_code: number; delivery_status: string }) => [
            r.event,
            r.status_code,
            r.delivery_status
          ]),
          [
            ["quote.accepted", 200, "delivered"],
            ["quote.viewed", 200, "delivered"],
            ["quote.sent", 200, "delivered"]
          ]
        )
        assert.strictEqual(log.body.rows[0].response_excerpt, "thanks")
        assert.isAbove(log.body.rows[0].at, log.body.rows[2].at - 1)
      })
    )

    it.effect("a receiver failing with 500 then recovering gets exactly one successful delivery per event", () =>
      Effect.gen(function* () {
        const receiver = yield* Receiver.start
        const server = yield* TestServer
        const owner = yield* newAccount("Flaky")
        const hook = yield* endpoint(owner.browser, receiver.url, ["contact.created", "contact.updated"])
        receiver.answer = () => 500
        for (const name of ["Ada", "Bob", "Cy"])
          assert.strictEqual((yield* newContact(owner.browser, name)).status, 200)
        yield* Receiver.until(() => receiver.received.length >= 3, "three failed attempts")
        // Recovered; the retries fall due 5 s (±10 %) later.
        receiver.answer = () => 200
        yield* server.advance(6_000)
        yield* Receiver.until(() => deliveredPerId(receiver.received).size === 3, "three deliveries")
        yield* Effect.sleep("2500 millis")
        const counts = deliveredPerId(receiver.received)
        assert.deepStrictEqual([...counts.values()], [1, 1, 1])
        const names = receiver.received
          .filter((r) => r.status === 200)
          .map((r) => (Receiver.verified(hook.secret, r).data.contact as Record<string, unknown>).first_name)
        assert.sameMembers(names, ["Ada", "Bob", "Cy"])
        assert.strictEqual(receiver.received.length, 6)
        const log = yield* owner.browser.get(`/get/webhook-deliveries/${hook.id}`)
        assert.sameMembers(
          log.body.rows.map((r: { attempt: number; status_code: number }) => `${r.attempt}:${r.status_code}`),
          ["1:500", "1:500", "1:500", "2:200", "2:200", "2:200"]
        )

        // Replay: the same message, the same webhook-id, once more.
        const replayed = yield* owner.browser.post(`/post/webhook-delivery-replay/${log.body.rows[0].delivery_id}`)
        assert.strictEqual(replayed.status, 200, replayed.text)
        yield* Receiver.until(() => receiver.received.length === 7, "the replay")
        assert.strictEqual(receiver.received[6]!.headers["webhook-id"], replayed.body.message_id)

        // Send test: a webhook.test message to this endpoint only.
        const test = yield* owner.browser.post(`/post/webhook-endpoint-test/${hook.id}`)
        assert.strictEqual(test.status, 200, test.text)
        yield* Receiver.until(() => receiver.received.length === 8, "the test")
        assert.strictEqual(Receiver.verified(hook.secret, receiver.received[7]!).type, "webhook.test")

        // Rotating the secret: the old one no longer verifies.
        const rotated = yield* owner.browser.post(`/post/webhook-endpoint-rotate/${hook.id}`)
        assert.notStrictEqual(rotated.body.secret, hook.secret)
        yield* owner.browser.post(`/post/webhook-endpoint-test/${hook.id}`)
        yield* Receiver.until(() => receiver.received.length === 9, "the test after rotation")
        assert.throws(() => Receiver.verified(hook.secret, receiver.received[8]!))
        Receiver.verified(rotated.body.secret, receiver.received[8]!)
      })
    )

    it.effect("an endpoint failing through the whole schedule is turned off and its admins emailed", () =>
      Effect.gen(function* () {
        const receiver = yield* Receiver.start
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const owner = yield* newAccount("Gone")
        const hook = yield* endpoint(owner.browser, receiver.url, ["contact.created"])
        receiver.answer = () => 503
        yield* newContact(owner.browser, "Dee")
        yield* Receiver.until(() => receiver.received.length === 1, "the first attempt")
        // Eight attempts and 24 hours later: the last one is due.
        yield* sql`UPDATE webhook_deliveries SET attempts = 8, next_attempt_at = now() - interval '1 minute'
                   WHERE endpoint_id = ${hook.id}`
        yield* sql`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE endpoint_id = ${hook.id}`
        yield* Receiver.until(() => receiver.received.length === 2, "the last attempt")
        const alert = yield* Effect.suspend(() => {
          const m = server.outbox.find((mail) => mail.to === owner.email && mail.subject.includes("webhook endpoint"))
          return m === undefined ? Effect.fail("no alert yet") : Effect.succeed(m)
        }).pipe(Effect.eventually, Effect.timeout("10 seconds"))
        assert.include(alert.text, receiver.url)
        const listed = yield* owner.browser.get("/get/webhooks")
        assert.isFalse(listed.body.endpoints[0].enabled)
        assert.match(listed.body.endpoints[0].disabled_reason, /24 hours/)
        const log = yield* owner.browser.get(`/get/webhook-deliveries/${hook.id}`)
        assert.strictEqual(log.body.rows[0].delivery_status, "failed")
        assert.strictEqual(log.body.rows[0].attempt, 9)
        // Turned off: a new event is not queued for it.
        yield* newContact(owner.browser, "Eve")
        const [queued] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries
                                                   WHERE endpoint_id = ${hook.id}`
        assert.strictEqual(queued?.n, 1)
        // Thirty days on, the failed message goes with its delivery and log.
        const pruned = yield* Effect.flatMap(WebhooksRepo.WebhooksRepo, (repo) =>
          repo.prune(Date.now() + Worker.KEEP_MS + 60_000)
        ).pipe(Effect.provide(WebhooksRepo.layer))
        assert.isAtLeast(pruned, 1)
        assert.deepStrictEqual((yield* owner.browser.get(`/get/webhook-deliveries/${hook.id}`)).body.rows, [])
      })
    )

    it.effect("every event type is queued where its change is written", () =>
      Effect.gen(function* () {
        const receiver = yield* Receiver.start
        const server = yield* TestServer
        const q = yield* sentQuote("Everything", { send: false })
        const b = q.browser
        const hook = yield* endpoint(b, receiver.url, [...Webhook.eventTypes])
        const person = yield* newContact(b, "Una")
        assert.strictEqual(person.status, 200, person.text)
        const updated = yield* b.post(`/post/contact-update/${person.body.contact_id}`, {
          contact: { type: "person", name_first: "Una", name_last: "Changed", email: "", company_id: null },
          phones: [],
          addresses: []
        })
        assert.strictEqual(updated.status, 200, updated.text)
        // Sent, viewed, asked about, accepted; invoiced, issued and paid.
        assert.strictEqual((yield* b.post("/post/quote-mark-sent", { quote_id: q.quoteId })).status, 200)
        const links = yield* b.get(`/get/quote-links/${q.quoteId}`)
        const token = String(links.body[0].url).split("/").at(-1)!
        const page = yield* open(q.customer, token)
        const asked = yield* q.customer.post(`/api/q/${token}/discuss-update`, {
          discuss_body: "Oak or walnut?",
          files: []
        })
        assert.strictEqual(asked.status, 200, asked.text)
        assert.strictEqual(
          (yield* q.customer.post(`/api/q/${token}/accept`, acceptBody(choicesOf(page.body)))).status,
          200
        )
        yield* b.post("/post/invoicing-settings", {
          builtin_enabled: true,
          prefix: "W-",
          next_number: 1,
          payment_terms_days: 7,
          payment_instructions: "",
          email_invoices: false
        })
        const view = (yield* b.get(`/get/quote-invoices/${q.quoteId}`)).body
        const created = yield* b.post(`/act-on/quote-invoice/action/do-create/0/${q.quoteId}/up-front/0/100/0`, {
          _modifiedIn: view._modifiedIn
        })
        assert.strictEqual(created.status, 200, created.text)
        yield* Receiver.until(() => receiver.received.some((r) => r.body.includes('"invoice.synced"')), "the sync")
        const sql = yield* SqlClient.SqlClient
        const [invoice] = yield* sql<{ id: number }>`SELECT quote_invoice_id AS id FROM invoice_documents
                                                    WHERE account_id = ${q.accountId}`
        const paid = yield* b.post(`/post/invoice-paid/${invoice!.id}`, { paid_at: Math.floor(Date.now() / 1000) - 60 })
        assert.strictEqual(paid.status, 200, paid.text)
        // Marking it paid again is no second payment.
        yield* b.post(`/post/invoice-paid/${invoice!.id}`, { paid_at: Math.floor(Date.now() / 1000) - 30 })
        // Another quote, declined by its customer.
        const other = yield* sentQuote("Declining")
        yield* endpoint(other.browser, receiver.url, ["quote.declined"])
        assert.strictEqual(
          (yield* other.customer.post(`/api/q/${other.token}/decline`, { reason: "Too dear" })).status,
          200
        )
        // A lead from the public form.
        const settings = (yield* b.get("/get/settings/account")).body
        const { account_id: _a, logo_url: _l, lead_form_key: _k, lead_form_path, ...input } = settings
        assert.strictEqual((yield* b.post("/post/settings/account", { ...input, leads_enabled: true })).status, 200)
        const form = new FormData()
        for (const [k, v] of Object.entries({ name: "Sam Taylor", email: "sam@taylor.example", message: "A deck" }))
          form.set(k, v)
        const lead = yield* Effect.promise(() =>
          fetch(`${server.url}${lead_form_path}`, { method: "POST", body: form })
        )
        assert.strictEqual(lead.status, 201)

        yield* Receiver.until(
          () => receiver.received.length >= Webhook.eventTypes.length,
          () => receiver.received.map((r) => JSON.parse(r.body).type).join(", ")
        )
        yield* Effect.sleep("300 millis")
        const ours = receiver.received
          .filter((r) => r.headers["webhook-signature"] !== undefined)
          .flatMap((r) => {
            try {
              return [Receiver.verified(hook.secret, r)]
            } catch {
              return []
            }
          })
        assert.sameMembers(
          ours.map((p) => p.type),
          Webhook.eventTypes.filter((t) => t !== "quote.declined")
        )
        const byType = new Map(ours.map((p) => [p.type, p.data]))
        assert.strictEqual((byType.get("question.asked")!.question as Record<string, unknown>).text, "Oak or walnut?")
        assert.strictEqual((byType.get("invoice.synced")!.invoice as Record<string, unknown>).number, "W-0001")
        assert.match(String((byType.get("payment.received")!.invoice as Record<string, unknown>).paid_at), /^\d{4}-/)
        assert.strictEqual((byType.get("lead.created")!.lead as Record<string, unknown>).email, "sam@taylor.example")
        assert.strictEqual((byType.get("contact.updated")!.contact as Record<string, unknown>).name, "Una Changed")
        const declined = receiver.received.map((r) => JSON.parse(r.body)).find((p) => p.type === "quote.declined")
        assert.strictEqual(declined.data.reason, "Too dear")
      })
    )

    it.effect("the outbox is written in the change's transaction: a refused or rolled back change queues nothing", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const receiver = yield* Receiver.start
        const q = yield* sentQuote("Refused")
        yield* endpoint(q.browser, receiver.url, ["quote.accepted", "contact.created"])
        const messages = sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_messages
                                            WHERE account_id = ${q.accountId}`.pipe(Effect.map((r) => r[0]?.n))
        const page = yield* open(q.customer, q.token!)
        // Refused: not signed.
        const refused = yield* q.customer.post(`/api/q/${q.token}/accept`, {
          ...acceptBody(choicesOf(page.body)),
          "accept[sign_value]": ""
        })
        assert.strictEqual(refused.status, 400, refused.text)
        assert.strictEqual(yield* messages, 0)
        // An enqueue whose transaction fails afterwards leaves nothing.
        const failed = yield* sql
          .withTransaction(
            Effect.andThen(Outbox.enqueue(q.accountId, "contact.created", { contact: { id: 1 } }), Effect.fail("no"))
          )
          .pipe(Effect.flip)
        assert.strictEqual(failed, "no")
        assert.strictEqual(yield* messages, 0)
        // The accept that commits queues its message.
        assert.strictEqual(
          (yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(page.body)))).status,
          200
        )
        assert.strictEqual(yield* messages, 1)
      })
    )
  },
  { layer: layer({ webhooksAllowPrivate: true }) }
)

describeBackends(
  "webhooks on a server that keeps them off private networks",
  (it) => {
    it.effect("refuses an endpoint on a loopback, private or link-local address, and anyone but an admin", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Guarded")
        for (const url of [
          "http://127.0.0.1:8080/x",
          "http://[::1]/x",
          "http://10.0.0.7/x",
          "http://169.254.169.254/"
        ]) {
          const refused = yield* owner.browser.post("/post/webhook-endpoint", {
            url,
            description: "",
            events: ["lead.created"],
            enabled: true
          })
          assert.strictEqual(refused.status, 400, url)
          assert.strictEqual(refused.body.form_errors[0].input_id, "url")
        }
        const notHttp = yield* owner.browser.post("/post/webhook-endpoint", {
          url: "ftp://hooks.example.com/",
          description: "",
          events: [],
          enabled: true
        })
        assert.strictEqual(notHttp.status, 400)
        // Only admins see or change webhooks.
        const member = yield* newAccount("Member")
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
                   VALUES (${owner.accountId}, ${member.signinId}, false, now())`
        assert.strictEqual(
          (yield* member.browser.post(`/sign-in/act-on/account-select/${owner.accountId}`)).status,
          200
        )
        assert.strictEqual((yield* member.browser.get("/get/webhooks")).status, 403)
        const byMember = yield* member.browser.post("/post/webhook-endpoint", {
          url: "https://hooks.example.com/x",
          description: "",
          events: ["lead.created"],
          enabled: true
        })
        assert.strictEqual(byMember.status, 403)
        // A name resolving to loopback is refused at once too (and at every connection).
        const named = yield* owner.browser.post("/post/webhook-endpoint", {
          url: "http://localhost:9/x",
          description: "",
          events: [],
          enabled: true
        })
        assert.strictEqual(named.status, 400)
      })
    )
  },
  { layer: layer() }
)
