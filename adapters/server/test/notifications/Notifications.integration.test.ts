import { assert } from "@effect/vitest"
import { encodeQuoteId } from "@quotekit/core/api/DiscussionApi"
import * as Notification from "@quotekit/core/Notification"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Clock, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as Record from "../../src/notifications/Record.ts"
import * as Worker from "../../src/notifications/Worker.ts"
import { acceptBody, choicesOf, open, sentQuote } from "../customer/Fixtures.ts"
import { type Browser, layer, newAccount, TestServer } from "../Harness.ts"
import { member } from "../quotes/Fixtures.ts"

const emailOf = (signinId: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ email: string }>`SELECT email FROM signins WHERE signin_id = ${signinId}`, (r) => r[0]!.email)
  )

/** Wait (real time) until `done`, or fail naming what was waited for. */
const until = (done: () => boolean, what: () => string) =>
  Effect.gen(function* () {
    for (let i = 0; i < 200; i++) {
      if (done()) return
      yield* Effect.sleep("50 millis")
    }
    assert.fail(`waited in vain: ${what()}`)
  })

/** The emails the server sent to `to`, by subject. */
const mailsTo = (outbox: ReadonlyArray<Mailer.Mail>, to: string) =>
  outbox
    .filter((m) => m.to === to)
    .map((m) => m.subject)
    .sort()

const list = (b: Browser) =>
  Effect.map(b.get("/notifications"), (a) => {
    assert.strictEqual(a.status, 200, a.text)
    return a.body as { items: ReadonlyArray<Notification.Item>; unread: number }
  })

/** A clock stopped at `ms` (the digest's hour is read from it). */
const clockAt = (ms: number): Clock.Clock => {
  const real = Clock.Clock.defaultValue()
  return {
    currentTimeMillisUnsafe: () => ms,
    currentTimeMillis: Effect.succeed(ms),
    currentTimeNanosUnsafe: () => BigInt(ms) * 1_000_000n,
    currentTimeNanos: Effect.succeed(BigInt(ms) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: real.monotonicTimeNanos,
    sleep: (duration) => real.sleep(duration)
  }
}

/** A mailer of the test's own, its outbox kept in `sent`; `fail` refuses every email while true. */
const testMailer = () => {
  const sent: Array<Mailer.Mail> = []
  const state = { fail: false }
  const layer = Layer.succeed(
    Mailer.Mailer,
    Mailer.Mailer.of({
      send: (mail) =>
        state.fail
          ? Effect.fail(new Mailer.MailNotSent({ to: mail.to, reason: "relay down" }))
          : Effect.sync(() => void sent.push(mail))
    })
  )
  return { sent, state, layer }
}

const quoteLabel = (title: string) => Notification.quoteName({ quote_no: 1, title })

describeBackends(
  "notifications over HTTP",
  (it) => {
    it.effect("a customer's first view, question and acceptance reach the author and watchers once each", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const q = yield* sentQuote("Notified")
        const watcher = yield* member(q.accountId, { admin: false, name: "Wendy" })
        const bystander = yield* member(q.accountId, { admin: false, name: "Barry" })
        // Wendy watches; Barry does not.
        assert.deepStrictEqual((yield* watcher.browser.get(`/notifications/watch/${q.quoteId}`)).body, {
          watching: false
        })
        const watched = yield* watcher.browser.post(`/notifications/watch/${q.quoteId}`, { watching: true })
        assert.deepStrictEqual(watched.body, { watching: true })

        const page = yield* open(q.customer, q.token!)
        assert.strictEqual(page.status, 200, page.text)
        yield* open(q.customer, q.token!)
        const asked = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, {
          discuss_body: "Can the oak be oiled rather than varnished?",
          files: []
        })
        assert.strictEqual(asked.status, 200, asked.text)
        const accepted = yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(page.body)))
        assert.strictEqual(accepted.status, 200, accepted.text)

        const quote = quoteLabel("Notified kitchen")
        const expected = [
          Notification.headline("quote.accepted", "Grace Hopper", quote),
          Notification.headline("question.asked", "Grace Hopper", quote),
          Notification.headline("quote.viewed", "Grace Hopper", quote)
        ].sort()
        const wendy = yield* emailOf(watcher.signinId)
        const barry = yield* emailOf(bystander.signinId)
        yield* until(
          () => mailsTo(server.outbox, q.email).length >= 3 && mailsTo(server.outbox, wendy).length >= 3,
          () => JSON.stringify(server.outbox.map((m) => [m.to, m.subject]))
        )
        // The worker again, in this process: nothing is sent twice.
        const mailer = testMailer()
        const again = yield* Worker.sendDue.pipe(Effect.provide(mailer.layer))
        assert.strictEqual(again.claimed, 0)
        yield* Effect.sleep("300 millis")
        assert.deepStrictEqual(mailsTo(server.outbox, q.email), expected)
        assert.deepStrictEqual(mailsTo(server.outbox, wendy), expected)
        assert.deepStrictEqual(mailsTo(server.outbox, barry), [])
        // The question's email quotes it and links to the quote, for this account.
        const question = server.outbox.find((m) => m.to === q.email && m.subject === expected[1])!
        assert.include(question.text, "Can the oak be oiled rather than varnished?")
        assert.include(question.text, `/quote/${q.quoteId}`)
        assert.strictEqual(question.account, q.accountId)

        // In the app: the same three, newest first, unread; Barry has none.
        const mine = yield* list(q.browser)
        assert.deepStrictEqual(
          mine.items.map((i) => i.kind),
          ["quote.accepted", "question.asked", "quote.viewed"]
        )
        assert.strictEqual(mine.unread, 3)
        assert.strictEqual(mine.items[1]!.excerpt, "Can the oak be oiled rather than varnished?")
        assert.strictEqual((yield* list(watcher.browser)).unread, 3)
        assert.deepStrictEqual((yield* list(bystander.browser)).items, [])
        // Marking one read, then all.
        const one = yield* q.browser.post("/notifications/read", { ids: [mine.items[2]!.id] })
        assert.strictEqual(one.body.unread, 2)
        assert.strictEqual((yield* q.browser.post("/notifications/read", {})).body.unread, 0)
        // Someone else's notification cannot be marked read by its id.
        const wendys = yield* list(watcher.browser)
        yield* q.browser.post("/notifications/read", { ids: wendys.items.map((i) => i.id) })
        assert.strictEqual((yield* list(watcher.browser)).unread, 3)
      })
    )

    it.effect("a teammate's @mention notifies the member mentioned, never the writer; an edit tells only the new", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const q = yield* sentQuote("Mentions")
        const alan = yield* member(q.accountId, { admin: false, name: "Alan" })
        const cleo = yield* member(q.accountId, { admin: false, name: "Cleo" })
        const discussion = yield* q.browser.get(`/get/discussion/${q.quoteId}`)
        const notePath = (id: number | string) =>
          `/post/discuss-update/${q.quoteId}/${id}/2/${encodeQuoteId(q.quoteId)}`
        const body = (text: string, modifiedIn = 0) => ({
          comment: { discuss_type: 12, discuss_body: text, parent_question: 0 },
          files: [],
          _modifiedIn: modifiedIn
        })
        // Alan mentions himself and the author: only the author hears of it.
        const handles: ReadonlyArray<{ signin_id: number; handle: string }> = discussion.body.handles
        const authorHandle = handles.find((h) => h.signin_id === q.signinId)!.handle
        const note = yield* alan.browser.post(notePath(0), body(`@${authorHandle} and @Alan: the tiles are in`))
        assert.strictEqual(note.status, 200, note.text)
        const mine = yield* list(q.browser)
        assert.deepStrictEqual(
          mine.items.map((i) => [i.kind, i.headline]),
          [["mention", Notification.headline("mention", "Alan Person", quoteLabel("Mentions kitchen"))]]
        )
        assert.deepStrictEqual((yield* list(alan.browser)).items, [])
        // The edit adds Cleo: Cleo hears of it; the author is not told twice.
        const edited = yield* alan.browser.post(
          notePath(note.body.discuss_id),
          body(`@${authorHandle} and @Cleo: the tiles are in`, note.body.discuss_modified)
        )
        assert.strictEqual(edited.status, 200, edited.text)
        assert.strictEqual((yield* list(q.browser)).items.length, 1)
        assert.strictEqual((yield* list(cleo.browser)).items.length, 1)
        const cleoEmail = yield* emailOf(cleo.signinId)
        yield* until(
          () => mailsTo(server.outbox, cleoEmail).length === 1 && mailsTo(server.outbox, q.email).length === 1,
          () => JSON.stringify(server.outbox.map((m) => [m.to, m.subject]))
        )
      })
    )

    it.effect("preferences are respected: off, in the app only, and the daily digest sent once", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Picky")
        const defaults = yield* q.browser.get("/notifications/settings")
        assert.deepStrictEqual(defaults.body, Notification.defaults)
        const choices: Notification.Preferences = {
          events: {
            ...Notification.defaults.events,
            "quote.viewed": { email: false, in_app: true },
            "question.asked": { email: false, in_app: false },
            "quote.declined": { email: true, in_app: false }
          },
          delivery: "digest"
        }
        const saved = yield* q.browser.post("/notifications/settings", choices)
        assert.strictEqual(saved.status, 200, saved.text)
        assert.deepStrictEqual((yield* q.browser.get("/notifications/settings")).body, choices)
        // A malformed choice is refused with 400, and changes nothing.
        const bad = yield* q.browser.post("/notifications/settings", { ...choices, delivery: "weekly" })
        assert.strictEqual(bad.status, 400)
        assert.deepStrictEqual((yield* q.browser.get("/notifications/settings")).body, choices)

        yield* open(q.customer, q.token!)
        yield* q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "Any discount?", files: [] })
        const declined = yield* q.customer.post(`/api/q/${q.token}/decline`, { reason: "Too dear" })
        assert.strictEqual(declined.status, 200, declined.text)

        // The view in the app only; the question nowhere; the decline by email in the digest only.
        assert.deepStrictEqual(
          (yield* list(q.browser)).items.map((i) => i.kind),
          ["quote.viewed"]
        )
        const rows = yield* sql<{ kind: string; in_app: boolean; email_mode: string }>`
          SELECT kind, in_app, email_mode FROM notifications WHERE account_id = ${q.accountId} ORDER BY notification_id`
        assert.deepStrictEqual(
          rows.map((r) => [r.kind, r.in_app, r.email_mode]),
          [
            ["quote.viewed", true, "none"],
            ["quote.declined", false, "digest"]
          ]
        )
        yield* Effect.sleep("300 millis")
        assert.deepStrictEqual(mailsTo(server.outbox, q.email), [])

        // The digest: not before 08:00 in the member's zone; then once, however many runs at once or after.
        const morning = Date.UTC(2031, 5, 2, 7, 59)
        const mailer = testMailer()
        const run = (at: number) =>
          Worker.sendDigests.pipe(Effect.provide(mailer.layer), Effect.provideService(Clock.Clock, clockAt(at)))
        yield* run(morning)
        assert.deepStrictEqual(mailer.sent, [])
        // The relay is down at 08:00: nothing is lost, the next run sends it.
        mailer.state.fail = true
        yield* run(morning + 60_000)
        assert.deepStrictEqual(mailer.sent, [])
        mailer.state.fail = false
        const counts = yield* Effect.all([run(morning + 120_000), run(morning + 120_000), run(morning + 120_000)], {
          concurrency: "unbounded"
        })
        yield* run(morning + 3_600_000)
        assert.strictEqual(
          counts.reduce((a, b) => a + b, 0),
          mailer.sent.filter((m) => m.to === q.email).length
        )
        const digests = mailer.sent.filter((m) => m.to === q.email)
        assert.strictEqual(digests.length, 1)
        assert.strictEqual(digests[0]!.subject, `Picky Ltd: ${Notification.digestSubject(1, 1)}`)
        assert.include(
          digests[0]!.text,
          Notification.headline("quote.declined", "Grace Hopper", quoteLabel("Picky kitchen"))
        )
        assert.include(digests[0]!.text, "Too dear")
        // The next day, nothing waits: no digest.
        yield* run(morning + 86_400_000 + 3_600_000)
        assert.strictEqual(mailer.sent.filter((m) => m.to === q.email).length, 1)
      })
    )

    it.effect("written in the change's transaction: recorded twice adds nothing, a rolled back change nothing", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Atomic")
        const count = sql<{ n: number }>`
          SELECT count(*)::int AS n FROM notifications WHERE account_id = ${q.accountId}`.pipe(
          Effect.map((r) => r[0]!.n)
        )
        const event = Record.quoteEvent({
          account: q.accountId,
          quote_id: q.quoteId,
          kind: "quote.accepted",
          contact_id: q.contactId,
          at: 1_900_000_000_000
        })
        const rolledBack = yield* Effect.flip(
          sql.withTransaction(Effect.andThen(event, Effect.fail("the change failed" as const)))
        )
        assert.strictEqual(rolledBack, "the change failed")
        assert.strictEqual(yield* count, 0)
        assert.deepStrictEqual(yield* sql.withTransaction(event), [q.signinId])
        assert.deepStrictEqual(yield* sql.withTransaction(event), [])
        assert.strictEqual(yield* count, 1)
      })
    )

    it.effect("the add-on is on until an admin switches it off; then nothing is notified", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const q = yield* sentQuote("Quiet")
        const listed = yield* q.browser.get("/get/add-ons")
        const addOn = listed.body.addons.find((a: { id: number }) => a.id === Notification.ADD_ON_ID)
        assert.strictEqual(addOn.state, "on")
        const off = yield* q.browser.post(`/post/add-on-switch/${Notification.ADD_ON_ID}`, { enabled: false })
        assert.strictEqual(off.status, 200, off.text)
        assert.strictEqual(off.body.state, "off")
        yield* open(q.customer, q.token!)
        yield* q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "Hello?", files: [] })
        yield* Effect.sleep("300 millis")
        assert.deepStrictEqual((yield* list(q.browser)).items, [])
        assert.deepStrictEqual(mailsTo(server.outbox, q.email), [])
        // On again: the next event is notified.
        yield* q.browser.post(`/post/add-on-switch/${Notification.ADD_ON_ID}`, { enabled: true })
        yield* q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "Anyone there?", files: [] })
        assert.deepStrictEqual(
          (yield* list(q.browser)).items.map((i) => i.excerpt),
          ["Anyone there?"]
        )
      })
    )

    it.effect("another account's quote cannot be watched, and its notifications are not listed", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Private")
        const other = yield* newAccount("Nosy")
        assert.strictEqual((yield* other.browser.get(`/notifications/watch/${q.quoteId}`)).status, 404)
        assert.strictEqual(
          (yield* other.browser.post(`/notifications/watch/${q.quoteId}`, { watching: true })).status,
          404
        )
        yield* open(q.customer, q.token!)
        assert.strictEqual((yield* list(q.browser)).items.length, 1)
        assert.deepStrictEqual((yield* list(other.browser)).items, [])
        assert.strictEqual((yield* other.browser.get("/notifications/watch/0")).status, 400)
      })
    )
  },
  { layer: layer() }
)
