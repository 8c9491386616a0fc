import { assert } from "@effect/vitest"
import * as Limits from "@quotekit/core/Limits"
import * as Message from "@quotekit/core/Message"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import EmailRecipients from "@quotekit/pg/migrations/0325_email_recipients"
import * as Seed from "@quotekit/pg/Seed"
import type * as TestDb from "@quotekit/pg/TestDatabase"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Clock, Context, Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as LinkToken from "../../src/customer/LinkToken.ts"
import * as EmailRepo from "../../src/emails/Repo.ts"
import * as Sender from "../../src/emails/Sender.ts"
import * as HistoryRepo from "../../src/history/Repo.ts"
import { PublicUrl } from "../../src/http/PublicUrl.ts"
import * as InvoiceRepo from "../../src/invoices/Repo.ts"
import * as Main from "../../src/main.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as EventBusPg from "../../src/push/EventBusPg.ts"
import * as FileStorage from "../../src/uploads/FileStorage.ts"
import * as FilesRepo from "../../src/uploads/Repo.ts"
import * as Sink from "../email/SmtpSink.ts"
import { Browser, newAccount, shiftedClock, TestServer, testSettings } from "../Harness.ts"
import { contact, saveNew } from "../quotes/Fixtures.ts"

/** The server (SMTP mailer delivering to the in-process relay) on a clock the test moves, and extra senders. */
class EmailServer extends Context.Service<
  EmailServer,
  {
    readonly url: string
    readonly advance: (ms: number) => Effect.Effect<void>
    /** One round of another sender, as a second server process would run it (same database, same clock). */
    readonly senderRound: Effect.Effect<number>
  }
>()("quotekit/test/EmailServer") {}

const emailServer: Layer.Layer<EmailServer | TestServer | Sink.SmtpSink, unknown, TestDb.Provided> = Layer.unwrap(
  Effect.gen(function* () {
    const db = yield* TestDatabase
    const sink = yield* Sink.SmtpSink
    const { clock, advance } = shiftedClock()
    const settings = { smtpUrl: sink.url, mailFrom: "Acme Quotes <quotes@acme.test>" }
    const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
    const mailer = Mailer.layer(settings)
    const server = Main.layer.pipe(Layer.provide([testSettings(settings), bus, mailer]))
    return Layer.effect(
      EmailServer,
      Effect.gen(function* () {
        const url = yield* Main.url
        const sql = yield* SqlClient.SqlClient
        const context = yield* Layer.build(
          Layer.mergeAll(
            EmailRepo.layer,
            HistoryRepo.layer,
            InvoiceRepo.layer,
            FilesRepo.layer,
            FileStorage.layer,
            EventBusLocal.layer,
            mailer,
            Layer.succeed(PublicUrl, { current: Effect.succeed(url) })
          )
        )
        return EmailServer.of({
          url,
          advance,
          senderRound: Sender.deliverDue.pipe(
            Effect.provide(context),
            Effect.provideService(SqlClient.SqlClient, sql),
            Effect.provideService(Clock.Clock, clock)
          )
        })
      })
    ).pipe(
      Layer.provideMerge(
        Layer.effect(
          TestServer,
          Effect.map(Main.url, (url) =>
            TestServer.of({ url, advance: () => Effect.die("advance through EmailServer"), outbox: sink.received })
          )
        )
      ),
      Layer.provide(server),
      Layer.provide(Layer.succeed(Clock.Clock, clock))
    )
  })
).pipe(Layer.provideMerge(Sink.layer))

let quotes = 0
/** A quote of the account with contacts (each with an email unless `noEmail`), saved as a draft. */
const quoteWith = (
  b: Browser,
  account: { readonly accountId: number; readonly signinId: number },
  people: ReadonlyArray<string>,
  o: { readonly noEmail?: string } = {}
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const n = ++quotes
    const ids: Array<number> = []
    for (const first of people) {
      const id = yield* contact(account.accountId, `${first}${n}x${account.accountId}`, "Tester")
      if (o.noEmail === first) yield* sql`UPDATE contacts SET email = '' WHERE contact_id = ${id}`
      ids.push(id)
    }
    const saved = yield* saveNew(b, account.signinId, {
      quote: { title: `Kitchen ${n}` },
      contacts: ids.map((contact_id, i) => ({ quote_contact_id: -(i + 1), contact_id, contact_order: i }))
    })
    const composer = yield* b.get(`/get/quote-email/${saved.quote_id}?kind=send`)
    assert.strictEqual(composer.status, 200, composer.text)
    return {
      id: saved.quote_id,
      recipients: composer.body.recipients as ReadonlyArray<{
        quote_contact_id: number
        name: string
        email: string | null
      }>
    }
  })

const compose = (subject: string, recipients: ReadonlyArray<{ quote_contact_id: number }>) => ({
  subject,
  message: "Hello,\n\nHere is the <quote> we talked about.",
  recipients: recipients.map((r) => r.quote_contact_id)
})

/** The relay's messages whose subject is `subject`. */
const receivedWith = (subject: string) =>
  Effect.map(Sink.SmtpSink, (s) => s.received.filter((m) => m.subject === subject))

/** Run sender rounds until `done` holds (the background sender may get there first). */
const until = <A, R>(check: Effect.Effect<A, never, R>, done: (a: A) => boolean) =>
  Effect.gen(function* () {
    const server = yield* EmailServer
    yield* server.senderRound
    return yield* check.pipe(
      Effect.flatMap((a) => (done(a) ? Effect.succeed(a) : Effect.fail("not yet" as const))),
      Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 200 }),
      Effect.orDie
    )
  })

const emailsOf = (b: Browser, id: number) => Effect.map(b.get(`/get/quote-emails/${id}`), (a) => a.body.emails)

describeBackends(
  "quote emails over HTTP",
  (it) => {
    it.effect("emails a draft to its chosen contacts, each with their own link, after the stop window", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const owner = yield* newAccount("Mailer")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Ada", "Bob", "Cy"], { noEmail: "Cy" })
        const composer = (yield* b.get(`/get/quote-email/${q.id}?kind=send`)).body
        assert.strictEqual(composer.refused, null)
        assert.strictEqual(composer.subject, `Quote: Kitchen ${quotes}`)
        assert.strictEqual(composer.message, Message.emailMessageDefault)
        assert.strictEqual(composer.subject_type, 1)
        assert.deepStrictEqual(
          q.recipients.map((r) => r.email === null),
          [false, false, true]
        )
        const subject = `Your kitchen <quote> ${q.id}`
        const sent = yield* b.post(`/post/quote-email/send/${q.id}`, compose(subject, q.recipients.slice(0, 2)))
        assert.strictEqual(sent.status, 200, sent.text)
        assert.strictEqual(sent.body.quote.status, "sent")
        assert.strictEqual(sent.body.email.email_status, 1)
        assert.strictEqual(sent.body.email.subject_type, 1)
        assert.strictEqual(sent.body.email.scheduled_when - sent.body.email.creation, 45)
        assert.include(
          sent.body.quote.offers.find((o: { action: string }) => o.action === "sendFollowUp")?.disabledReason ?? "none",
          "none"
        )
        const editor = yield* b.get(`/get/quote-edit/edit/${q.id}/is-editing`)
        assert.isTrue(editor.body.quote.has_been_emailed)
        assert.isAbove(editor.body.quote.sent_when, 0)
        assert.strictEqual(editor.body.meta.emailsScheduled, 1)

        // Nothing goes while the email can still be stopped.
        yield* server.senderRound
        assert.deepStrictEqual(yield* receivedWith(subject), [])

        yield* server.advance(31_000)
        const mails = yield* until(receivedWith(subject), (m) => m.length === 2)
        assert.deepStrictEqual(mails.map((m) => m.to).sort(), [q.recipients[0]!.email, q.recipients[1]!.email].sort())
        const links = mails.map((m) => Mailer.linkIn(m)!)
        assert.notStrictEqual(links[0], links[1])
        for (const m of mails) {
          assert.include(m.text, "Here is the <quote> we talked about.")
          assert.include(m.html, "Here is the &lt;quote&gt; we talked about.")
          assert.include(m.text, `${Message.emailOpenQuote}:`)
          const page = yield* Effect.promise(() => fetch(Mailer.linkIn(m)!, { headers: { accept: "text/html" } }))
          assert.strictEqual(page.status, 200)
        }
        const [row] = yield* until(emailsOf(b, q.id), (e) => e[0]?.email_status === 0)
        assert.isAbove(row.sent_at, 0)
        assert.isFalse(row.failed)
        assert.strictEqual(row.from_name, "Mailer Tester")
        assert.deepStrictEqual(
          row.recipients.map((r: { email: string }) => r.email),
          [q.recipients[0]!.email, q.recipients[1]!.email]
        )
        const history = yield* b.get(`/get/history/quote/${q.id}`)
        const line = history.body.rows[0].html_summary as string
        assert.match(line, /^<b>Mailer Tester<\/b> emailed the quote to Ada\d+x\d+ Tester &lt;ada/)
        assert.include(history.body.rows[0].html_full, "Your kitchen &lt;quote&gt;")
      })
    )

    it.effect("stops an email while time remains, not after; a stopped quote email leaves the quote unemailed", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const owner = yield* newAccount("Stopper")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Dee"])
        const subject = `Stop me ${q.id}`
        const sent = yield* b.post(`/post/quote-email/send/${q.id}`, compose(subject, q.recipients))
        assert.strictEqual(sent.status, 200, sent.text)
        const id = sent.body.email.email_message_id
        const stopped = yield* b.post(`/post/quote-stop-email/${id}`)
        assert.strictEqual(stopped.status, 200, stopped.text)
        assert.strictEqual(stopped.body.email_status, 2)
        assert.isFalse((yield* b.get(`/get/quote-edit/edit/${q.id}/is-editing`)).body.quote.has_been_emailed)
        const history = (yield* b.get(`/get/history/quote/${q.id}`)).body.rows[0]
        assert.strictEqual(history.html_summary, `<b>Stopper Tester</b> stopped the email <q>${subject}</q>.`)
        assert.include(history.html_full, Message.emailStopped)

        yield* server.advance(60_000)
        yield* server.senderRound
        yield* server.senderRound
        assert.deepStrictEqual(yield* receivedWith(subject), [])
        assert.strictEqual((yield* emailsOf(b, q.id))[0].email_status, 2)

        // Once the sender may take it, it can no longer be stopped.
        const late = `Too late ${q.id}`
        const again = yield* b.post(`/post/quote-email/send/${q.id}`, compose(late, q.recipients))
        assert.strictEqual(again.status, 200, again.text)
        yield* server.advance(30_000)
        const refused = yield* b.post(`/post/quote-stop-email/${again.body.email.email_message_id}`)
        assert.strictEqual(refused.status, 409, refused.text)
        assert.strictEqual(refused.body._serveError.message, Message.emailTooLate)
        yield* until(receivedWith(late), (m) => m.length === 1)

        const other = yield* newAccount("Outsider")
        const theirs = yield* other.browser.post(`/post/quote-stop-email/${id}`)
        assert.strictEqual(theirs.status, 404, theirs.text)
        assert.strictEqual(theirs.body._serveError.message, Message.emailNotFound)
        assert.strictEqual((yield* other.browser.get(`/get/quote-emails/${q.id}`)).status, 404)
        const forged = yield* b.post(`/post/quote-stop-email/${id}`, undefined, { csrfHeader: "missing" })
        assert.strictEqual(forged.status, 403, forged.text)
      })
    )

    it.effect("several senders never deliver an email twice (claims skip locked rows)", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const owner = yield* newAccount("Bulk")
        const b = owner.browser
        const subject = `Bulk ${Date.now()}`
        const expected: Array<string> = []
        for (let i = 0; i < 6; i++) {
          const q = yield* quoteWith(b, owner, ["Eve", "Fay"])
          const sent = yield* b.post(`/post/quote-email/send/${q.id}`, compose(subject, q.recipients))
          assert.strictEqual(sent.status, 200, sent.text)
          for (const r of q.recipients) expected.push(r.email!)
        }
        yield* server.advance(31_000)
        // Four more senders besides the server's own, all at once.
        const rounds = yield* Effect.all(
          [1, 2, 3, 4].map(() => server.senderRound),
          { concurrency: "unbounded" }
        )
        const mails = yield* until(receivedWith(subject), (m) => m.length >= expected.length)
        assert.deepStrictEqual(mails.map((m) => m.to).sort(), expected.sort())
        assert.isAtMost(
          rounds.reduce((a, n) => a + n, 0),
          6
        )
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ attempts: number; email_status: number }>`
          SELECT attempts::int AS attempts, email_status::int AS email_status FROM email_messages
          WHERE account_id = ${owner.accountId}`
        assert.deepStrictEqual(
          rows.map((r) => [r.attempts, r.email_status]),
          rows.map(() => [1, 0])
        )
      })
    )

    it.effect("refuses follow-ups on a quote never emailed, expired, or with one in progress; answers a due one", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const sql = yield* SqlClient.SqlClient
        const owner = yield* newAccount("Follower")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Gus"])
        const follow = (subject: string, extra: Record<string, unknown> = {}) =>
          b.post(`/post/quote-email/follow-up/${q.id}`, { ...compose(subject, q.recipients), ...extra })

        // Marked as sent, never emailed.
        assert.strictEqual((yield* b.post("/post/quote-mark-sent", { quote_id: q.id })).status, 200)
        const notEmailed = yield* follow("Nudge")
        assert.strictEqual(notEmailed.status, 409, notEmailed.text)
        assert.strictEqual(notEmailed.body._serveError.message, Message.followUpNotEmailed)
        const composer = (yield* b.get(`/get/quote-email/${q.id}?kind=followUp`)).body
        assert.strictEqual(composer.refused, Message.followUpNotEmailed)
        assert.strictEqual(composer.subject_type, 3)

        // A sent quote may be emailed; then follow-up 1, and no second one while it is in progress.
        assert.strictEqual(
          (yield* b.post(`/post/quote-email/send/${q.id}`, compose("The quote", q.recipients))).status,
          200
        )
        const first = yield* follow(`Follow ${q.id}`)
        assert.strictEqual(first.status, 200, first.text)
        assert.strictEqual(first.body.email.subject_type, 3)
        assert.strictEqual(
          first.body.quote.offers.find((o: { action: string }) => o.action === "sendFollowUp").disabledReason,
          Message.followUpInProgress
        )
        const second = yield* follow("Again")
        assert.strictEqual(second.status, 409, second.text)
        assert.strictEqual(second.body._serveError.message, Message.followUpInProgress)
        // Stopped, it is no longer in progress; delivered, it counts and the next is follow-up 2.
        assert.strictEqual((yield* b.post(`/post/quote-stop-email/${first.body.email.email_message_id}`)).status, 200)
        const retry = yield* follow(`Follow again ${q.id}`)
        assert.strictEqual(retry.status, 200, retry.text)
        assert.strictEqual(retry.body.email.subject_type, 3)
        yield* server.advance(31_000)
        yield* until(receivedWith(`Follow again ${q.id}`), (m) => m.length === 1)
        yield* until(emailsOf(b, q.id), (e) => e.every((x: { email_status: number }) => x.email_status !== 1))
        const overview = yield* b.get(`/get/quote-overview/${q.id}`)
        assert.strictEqual(overview.body.stats.followups, 1)
        assert.strictEqual((yield* b.get(`/get/quote-email/${q.id}?kind=followUp`)).body.subject_type, 4)

        // A due follow-up (the list's ?do-follow-up=) is the one answered: its step, no "in progress" refusal.
        const [due] = yield* sql<{ follow_up_id: number }>`
          INSERT INTO follow_ups (account_id, quote_id, step, due_at)
          VALUES (${owner.accountId}, ${q.id}, 2, now() - interval '1 hour') RETURNING follow_up_id`
        const unnamed = yield* follow("Unnamed")
        assert.strictEqual(unnamed.status, 409, unnamed.text)
        const dueComposer = (yield* b.get(`/get/quote-email/${q.id}?kind=followUp&follow_up=${due!.follow_up_id}`)).body
        assert.strictEqual(dueComposer.refused, null)
        assert.strictEqual(dueComposer.follow_up_id, due!.follow_up_id)
        const answered = yield* follow(`Due ${q.id}`, { follow_up_id: due!.follow_up_id })
        assert.strictEqual(answered.status, 200, answered.text)
        assert.strictEqual(answered.body.email.subject_type, 4)
        const [state] = yield* sql<{ status: string }>`
          SELECT status FROM follow_ups WHERE follow_up_id = ${due!.follow_up_id}`
        assert.strictEqual(state!.status, "inProgress")
        yield* server.advance(31_000)
        yield* until(receivedWith(`Due ${q.id}`), (m) => m.length === 1)

        // Expired: reset the expiry first.
        yield* sql`UPDATE quotes SET expiry_date = now() - interval '1 day' WHERE quote_id = ${q.id}`
        yield* until(emailsOf(b, q.id), (e) => e.every((x: { email_status: number }) => x.email_status !== 1))
        const expired = yield* follow("Too late")
        assert.strictEqual(expired.status, 409, expired.text)
        assert.strictEqual(expired.body._serveError.message, Message.followUpExpired)
        const draft = yield* quoteWith(b, owner, ["Hal"])
        const onDraft = yield* b.post(`/post/quote-email/follow-up/${draft.id}`, compose("x", draft.recipients))
        assert.strictEqual(onDraft.status, 409, onDraft.text)
        assert.strictEqual(onDraft.body._serveError.message, Message.notAvailableNow)
      })
    )

    it.effect("refuses bad input with catalogue messages, and another account's quote", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Careful")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Ivy", "Jo"], { noEmail: "Jo" })
        const other = yield* quoteWith(b, owner, ["Kay"])
        const post = (body: unknown) => b.post(`/post/quote-email/send/${q.id}`, body)
        const blank = yield* post(compose("   ", q.recipients.slice(0, 1)))
        assert.strictEqual(blank.status, 400, blank.text)
        assert.strictEqual(blank.body._serveError.message, Message.emailSubjectNeeded)
        assert.strictEqual(blank.body.form_errors[0].input_id, "subject")
        for (const recipients of [
          [],
          q.recipients.slice(1),
          other.recipients,
          [...q.recipients.slice(0, 1), ...other.recipients]
        ]) {
          const wrong = yield* post(compose("Hi", recipients))
          assert.strictEqual(wrong.status, 400, wrong.text)
          assert.strictEqual(wrong.body._serveError.message, Message.emailNoRecipients)
        }
        const long = yield* post(compose("x".repeat(201), q.recipients.slice(0, 1)))
        assert.strictEqual(long.status, 400, long.text)
        const shape = yield* post({ subject: 1, recipients: "all" })
        assert.strictEqual(shape.status, 400, shape.text)
        assert.strictEqual((yield* b.get(`/get/quote-edit/edit/${q.id}/is-editing`)).body.quote.status, "draft")

        const outsider = yield* newAccount("Nosy")
        const theirs = yield* outsider.browser.post(`/post/quote-email/send/${q.id}`, compose("Hi", q.recipients))
        assert.strictEqual(theirs.status, 404, theirs.text)
        assert.strictEqual(theirs.body._serveError.message, Message.quoteNotFound)
        assert.strictEqual((yield* outsider.browser.get(`/get/quote-email/${q.id}?kind=send`)).status, 404)
        const forged = yield* b.post(`/post/quote-email/send/${q.id}`, compose("Hi", q.recipients.slice(0, 1)), {
          requestedWith: false
        })
        assert.strictEqual(forged.status, 403, forged.text)
      })
    )

    it.effect("a chosen send time: stored, stoppable and not delivered before it, then delivered", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const owner = yield* newAccount("Later")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Hal"])
        // The server's clock (moved by earlier tests) from an email sent now: queued 45 s ahead.
        const first = yield* b.post(`/post/quote-email/send/${q.id}`, compose(`Now ${q.id}`, q.recipients))
        assert.strictEqual(first.status, 200, first.text)
        const serverNow: number = first.body.email.scheduled_when - ScheduledEmail.scheduledFor(0)
        const sendAt = serverNow + 3 * 3600
        const subject = `Later ${q.id}`
        const sent = yield* b.post(`/post/quote-email/send/${q.id}`, {
          ...compose(subject, q.recipients),
          send_at: sendAt
        })
        assert.strictEqual(sent.status, 200, sent.text)
        assert.strictEqual(sent.body.quote.status, "sent")
        assert.strictEqual(sent.body.email.email_status, 1)
        assert.strictEqual(sent.body.email.scheduled_when, sendAt + ScheduledEmail.graceSeconds)
        const stopMe = `Later stopped ${q.id}`
        const other = yield* b.post(`/post/quote-email/send/${q.id}`, {
          ...compose(stopMe, q.recipients),
          send_at: sendAt
        })
        assert.strictEqual(other.status, 200, other.text)

        // Well past the stop window it still waits, and can still be stopped.
        yield* server.advance(120_000)
        yield* server.senderRound
        const stopped = yield* b.post(`/post/quote-stop-email/${other.body.email.email_message_id}`)
        assert.strictEqual(stopped.status, 200, stopped.text)
        assert.strictEqual(stopped.body.email_status, 2)
        yield* server.advance((sendAt - serverNow - 120 - 30) * 1000)
        yield* server.senderRound
        yield* server.senderRound
        assert.deepStrictEqual(yield* receivedWith(subject), [])
        const waiting = (yield* emailsOf(b, q.id)).find((e: { subject: string }) => e.subject === subject)
        assert.strictEqual(waiting.email_status, 1)
        assert.strictEqual(waiting.scheduled_when, sendAt + ScheduledEmail.graceSeconds)

        yield* server.advance(31_000)
        const mails = yield* until(receivedWith(subject), (m) => m.length === 1)
        assert.strictEqual(mails[0]!.to, q.recipients[0]!.email)
        assert.deepStrictEqual(yield* receivedWith(stopMe), [])
      })
    )

    it.effect("refuses a send time in the past or too far ahead, for sends and follow-ups (400)", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Timely")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Ivy"])
        const now = Math.floor(Date.now() / 1000)
        const farAhead = now + (Limits.sendAtMaxDaysAhead + 2) * 86_400
        for (const [sendAt, message] of [
          [now - 3600, Message.chooseFutureTime],
          [1, Message.chooseFutureTime],
          [farAhead, Message.invalidInput]
        ] as const) {
          const r = yield* b.post(`/post/quote-email/send/${q.id}`, { ...compose("Hi", q.recipients), send_at: sendAt })
          assert.strictEqual(r.status, 400, r.text)
          assert.strictEqual(r.body._serveError.message, message)
        }
        const fraction = yield* b.post(`/post/quote-email/send/${q.id}`, {
          ...compose("Hi", q.recipients),
          send_at: now + 3600.5
        })
        assert.strictEqual(fraction.status, 400, fraction.text)
        assert.strictEqual((yield* emailsOf(b, q.id)).length, 0)
        assert.strictEqual((yield* b.get(`/get/quote-edit/edit/${q.id}/is-editing`)).body.quote.status, "draft")

        const sent = yield* b.post(`/post/quote-email/send/${q.id}`, compose("Now", q.recipients))
        assert.strictEqual(sent.status, 200, sent.text)
        const late = yield* b.post(`/post/quote-email/follow-up/${q.id}`, {
          ...compose("Follow", q.recipients),
          send_at: now - 3600
        })
        assert.strictEqual(late.status, 400, late.text)
        assert.strictEqual(late.body._serveError.message, Message.chooseFutureTime)
        const far = yield* b.post(`/post/quote-email/follow-up/${q.id}`, {
          ...compose("Follow", q.recipients),
          send_at: farAhead
        })
        assert.strictEqual(far.status, 400, far.text)
        assert.strictEqual((yield* emailsOf(b, q.id)).length, 1)
      })
    )

    it.effect("a relay that refuses: tried again, then stored as not sent with a history row", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const sink = yield* Sink.SmtpSink
        const owner = yield* newAccount("Unlucky")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Lou"])
        const subject = `Refused ${q.id}`
        assert.strictEqual(
          (yield* b.post(`/post/quote-email/send/${q.id}`, compose(subject, q.recipients))).status,
          200
        )
        yield* sink.refuse(true)
        const sql = yield* SqlClient.SqlClient
        const attempts = sql<{ attempts: number; email_status: number }>`
          SELECT attempts::int AS attempts, email_status::int AS email_status FROM email_messages
          WHERE account_id = ${owner.accountId}`.pipe(Effect.orDie)
        yield* server.advance(31_000)
        for (const n of [1, 2, 3]) {
          yield* until(attempts, (r) => r[0]!.attempts === n)
          if (n < 3) yield* server.advance(61_000)
        }
        const [row] = yield* until(emailsOf(b, q.id), (e) => e[0]?.email_status === 2)
        assert.isTrue(row.failed)
        assert.strictEqual(row.sent_at, 0)
        yield* sink.refuse(false)
        const history = (yield* b.get(`/get/history/quote/${q.id}`)).body.rows[0]
        assert.match(history.html_summary, /^The email to lou\d+x\d+@example\.com could not be delivered\.$/)
        assert.deepStrictEqual(yield* receivedWith(subject), [])
      })
    )
    it.effect("a recipient whose link is gone by sending time: stored as not sent at once, with a history row", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const owner = yield* newAccount("Removed")
        const b = owner.browser
        const q = yield* quoteWith(b, owner, ["Lou", "Max"])
        const subject = `Gone ${q.id}`
        assert.strictEqual(
          (yield* b.post(`/post/quote-email/send/${q.id}`, compose(subject, q.recipients))).status,
          200
        )
        // Max's link is retired before the stop window ends (as when the team removes him from the quote).
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE quote_contacts SET link_token_hash = NULL, link_created_at = NULL
          WHERE quote_contact_id = ${q.recipients[1]!.quote_contact_id}`.pipe(Effect.orDie)
        yield* server.advance(31_000)
        const [row] = yield* until(emailsOf(b, q.id), (e) => e[0]?.email_status === 2)
        assert.isTrue(row.failed)
        assert.strictEqual(row.sent_at, 0)
        const mails = yield* receivedWith(subject)
        assert.deepStrictEqual(
          mails.map((m) => m.to),
          [q.recipients[0]!.email]
        )
        const history = (yield* b.get(`/get/history/quote/${q.id}`)).body.rows[0]
        assert.match(history.html_summary, /^The email to max\d+x\d+@example\.com could not be delivered\.$/)
      })
    )

    it.effect("the demo's sent quote: its emails panel loads, its links show, and sending again reaches everyone", () =>
      Effect.gen(function* () {
        const server = yield* EmailServer
        const secret = yield* LinkToken.LinkSecret
        const seeded = yield* Seed.run.pipe(
          Effect.provideService(Seed.LinkTokens, (link) => LinkToken.derive(secret, link)),
          Effect.orDie
        )
        assert.isTrue(seeded._tag === "Some")
        if (seeded._tag !== "Some") return
        const demo = new Browser(server.url)
        const signedIn = yield* demo.post("/sign-in", { email: Seed.demoEmail, password: Seed.demoPassword })
        assert.strictEqual(signedIn.status, 200, signedIn.text)
        const id = seeded.value.quoteIds.sent

        const check = Effect.gen(function* () {
          const panel = yield* demo.get(`/get/quote-emails/${id}`)
          assert.strictEqual(panel.status, 200, panel.text)
          assert.deepStrictEqual(
            panel.body.emails[0].recipients.map((r: { name: string }) => r.name),
            ["Priya Shah", "Tom Becker"]
          )
          const subject = `Again ${id} ${Math.random()}`
          const composer = (yield* demo.get(`/get/quote-email/${id}?kind=send`)).body
          const sent = yield* demo.post(`/post/quote-email/send/${id}`, compose(subject, composer.recipients))
          assert.strictEqual(sent.status, 200, sent.text)
          const links = yield* demo.get(`/get/quote-links/${id}`)
          assert.isTrue(
            links.body.every((l: { url: string | null }) => l.url !== null),
            links.text
          )
          yield* server.advance(31_000)
          const mails = yield* until(receivedWith(subject), (m) => m.length === 2)
          for (const m of mails) {
            const page = yield* Effect.promise(() => fetch(Mailer.linkIn(m)!, { headers: { accept: "text/html" } }))
            assert.strictEqual(page.status, 200)
          }
          yield* until(emailsOf(demo, id), (e) => e[0]?.email_status === 0)
        })
        yield* check

        // A demo seeded by an older version: bare contact ids as recipients, random links. The migration repairs
        // the recipients, and sending makes links the server can show and email again.
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE email_messages SET recipients = (
            SELECT jsonb_agg(quote_contact_id ORDER BY contact_order) FROM quote_contacts WHERE quote_id = ${id})
          WHERE quote_id = ${id} AND subject NOT LIKE 'Again %'`.pipe(Effect.orDie)
        yield* sql`UPDATE quote_contacts SET link_token_hash = md5(random()::text) || md5(random()::text)
          WHERE quote_id = ${id}`.pipe(Effect.orDie)
        assert.strictEqual((yield* demo.get(`/get/quote-emails/${id}`)).status, 500)
        yield* EmailRecipients.pipe(Effect.orDie)
        yield* check
      })
    )
  },
  { layer: emailServer }
)
