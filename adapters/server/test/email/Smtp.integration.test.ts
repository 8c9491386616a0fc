import { assert } from "@effect/vitest"
import { Code } from "@quotekit/core/api/ApiError"
import * as Message from "@quotekit/core/Message"
import type * as TestDb from "@quotekit/pg/TestDatabase"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as Main from "../../src/main.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as EventBusPg from "../../src/push/EventBusPg.ts"
import { browser, newAccount, PASSWORD, TestServer, testSettings, uniqueEmail } from "../Harness.ts"
import * as Sink from "./SmtpSink.ts"

const FROM = "Acme Quotes <quotes@acme.test>"

/** The real server whose mailer is the SMTP one, delivering to the in-process relay; its outbox is the relay's. */
const layer: Layer.Layer<TestServer | Sink.SmtpSink, unknown, TestDb.Provided> = Layer.unwrap(
  Effect.gen(function* () {
    const db = yield* TestDatabase
    const sink = yield* Sink.SmtpSink
    const settings = { smtpUrl: sink.url, mailFrom: FROM }
    const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
    const server = Main.layer.pipe(Layer.provide([testSettings(settings), bus, Mailer.layer(settings)]))
    return Layer.effect(
      TestServer,
      Effect.gen(function* () {
        return TestServer.of({
          url: yield* Main.url,
          advance: () => Effect.die("these tests do not move the clock"),
          outbox: sink.received
        })
      })
    ).pipe(Layer.provide(server))
  })
).pipe(Layer.provideMerge(Sink.layer))

/** Open an emailed link the way a person's browser would: a plain GET, which must serve a page. */
const follow = (link: string) =>
  Effect.promise(async () => {
    const res = await fetch(link, { headers: { accept: "text/html,application/xhtml+xml" } })
    return { status: res.status, type: res.headers.get("content-type") ?? "" }
  })

/** A new account whose business and person names carry characters HTML must escape. */
const trickyAccount = Effect.gen(function* () {
  const b = yield* browser
  const email = uniqueEmail("Tricky")
  const created = yield* b.post("/sign-in/new-account", {
    business_name: `Tom & Jerry's <b>Plumbing</b>`,
    your_name: `Ada "Quotes" <script>x</script>`,
    email,
    password: PASSWORD
  })
  assert.strictEqual(created.status, 201, created.text)
  return { browser: b, email, accountId: created.body.account_id as number }
})

/** Call the account's documents estimates (before anything reads the account, so no cache holds the old noun). */
const callThemEstimates = (accountId: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`UPDATE accounts SET product_noun = 'estimate' WHERE account_id = ${accountId}`
  )

/** Whether the account holds a membership for the email that is invited but not joined. */
const invitedMember = (accountId: number, email: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM memberships m JOIN signins s USING (signin_id)
        WHERE m.account_id = ${accountId} AND lower(s.email) = lower(${email}) AND m.joined_at IS NULL`,
      (rows) => rows[0]?.n === 1
    )
  )

describeBackends(
  "email over SMTP",
  (it) => {
    it.effect("the reset email reaches the relay as text and HTML, and its link resets the password", () =>
      Effect.gen(function* () {
        const sink = yield* Sink.SmtpSink
        const { email } = yield* newAccount("Forgot")
        const before = sink.received.length
        const b = yield* browser
        const asked = yield* b.post("/sign-in/forgot-password", { email })
        assert.strictEqual(asked.status, 202, asked.text)
        const mail = yield* sink.next(email, before)
        assert.strictEqual(mail.to, email)
        assert.strictEqual(mail.from, FROM)
        assert.strictEqual(mail.subject, "Reset your quotekit password")
        assert.match(mail.raw, /multipart\/alternative/i)
        const link = Mailer.linkIn(mail)!
        assert.isDefined(link)
        assert.include(mail.html, `href="${link}"`)
        assert.include(mail.text, "60 minutes")

        // The link opens the app's page on this server, and its token sets a new password there.
        const url = new URL(link)
        assert.strictEqual(url.pathname, "/sign-in/reset-password")
        assert.strictEqual(url.port, new URL((yield* TestServer).url).port)
        const page = yield* follow(link)
        assert.strictEqual(page.status, 200)
        assert.include(page.type, "text/html")
        const reset = yield* b.post("/sign-in/reset-password", {
          token: url.searchParams.get("token"),
          password: "mailed and renewed"
        })
        assert.strictEqual(reset.status, 200, reset.text)
        const signedIn = yield* (yield* browser).post("/sign-in", { email, password: "mailed and renewed" })
        assert.strictEqual(signedIn.status, 200, signedIn.text)
      })
    )

    it.effect("the invitation names the inviter and business (escaped), uses the noun, and its link joins", () =>
      Effect.gen(function* () {
        const sink = yield* Sink.SmtpSink
        const owner = yield* trickyAccount
        yield* callThemEstimates(owner.accountId)
        const invitee = uniqueEmail("Invitee")
        const before = sink.received.length
        const invited = yield* owner.browser.post("/sign-in/invite", { email: invitee, is_admin: false })
        assert.strictEqual(invited.status, 201, invited.text)
        const mail = yield* sink.next(invitee, before)
        assert.strictEqual(mail.to, invitee)
        assert.strictEqual(
          mail.subject,
          `Ada "Quotes" <script>x</script> invited you to Tom & Jerry's <b>Plumbing</b> on quotekit`
        )
        assert.include(mail.text, "to prepare and send estimates together")
        assert.include(mail.text, "as a team member")
        assert.include(mail.html, "Tom &amp; Jerry&#39;s &lt;b&gt;Plumbing&lt;/b&gt;")
        assert.include(mail.html, "Ada &quot;Quotes&quot; &lt;script&gt;x&lt;/script&gt;")
        assert.notInclude(mail.html, "<script>")
        assert.notInclude(mail.html, "<b>Plumbing")

        const link = Mailer.linkIn(mail)!
        const url = new URL(link)
        assert.strictEqual(url.pathname, "/sign-in/accept-invitation")
        assert.strictEqual((yield* follow(link)).status, 200)
        const token = url.searchParams.get("token")!
        const b = yield* browser
        const preview = yield* b.get(`/sign-in/invitation/${token}`)
        assert.strictEqual(preview.status, 200, preview.text)
        assert.strictEqual(preview.body.email, invitee)
        const joined = yield* b.post("/sign-in/accept-invitation", { token, your_name: "In Vitee", password: PASSWORD })
        assert.strictEqual(joined.status, 200, joined.text)
        assert.strictEqual(joined.body.account_id, owner.accountId)
      })
    )

    it.effect("the reset answer does not wait for the relay (so its timing tells nothing)", () =>
      Effect.gen(function* () {
        const sink = yield* Sink.SmtpSink
        const { email } = yield* newAccount("Stalled")
        const before = sink.received.length
        yield* sink.hold(true)
        // Were the answer waiting for delivery, it would never come while the relay holds the message.
        const asked = yield* (yield* browser).post("/sign-in/forgot-password", { email })
        assert.strictEqual(asked.status, 202)
        assert.strictEqual(sink.received.length, before)
        yield* sink.hold(false)
        const mail = yield* sink.next(email, before)
        assert.strictEqual(mail.subject, "Reset your quotekit password")
      }).pipe(Effect.ensuring(Effect.flatMap(Sink.SmtpSink, (sink) => sink.hold(false))))
    )

    it.effect("a refusing relay: forgot-password answers as always, the invite answers 503 and can be resent", () =>
      Effect.gen(function* () {
        const sink = yield* Sink.SmtpSink
        const owner = yield* newAccount("Refused")
        const b = yield* browser
        yield* sink.refuse(true)
        const known = yield* b.post("/sign-in/forgot-password", { email: owner.email })
        const unknown = yield* b.post("/sign-in/forgot-password", { email: uniqueEmail("nobody") })
        assert.strictEqual(known.status, 202)
        assert.deepStrictEqual([known.status, known.text], [unknown.status, unknown.text])

        const invitee = uniqueEmail("Unlucky")
        const failed = yield* owner.browser.post("/sign-in/invite", { email: invitee, is_admin: true })
        assert.strictEqual(failed.status, 503, failed.text)
        assert.deepStrictEqual(failed.body._serveError, {
          code: Code.unavailable,
          message: Message.catalogue.unexpectedResponse
        })
        // The invitation is saved, waiting for its email to be resent.
        assert.isTrue(yield* invitedMember(owner.accountId, invitee))

        // The relay is back: inviting again sends a working link.
        yield* sink.refuse(false)
        const before = sink.received.length
        const again = yield* owner.browser.post("/sign-in/invite", { email: invitee, is_admin: true })
        assert.strictEqual(again.status, 201, again.text)
        const mail = yield* sink.next(invitee, before)
        assert.include(mail.text, "as an admin")
        const token = new URL(Mailer.linkIn(mail)!).searchParams.get("token")!
        const joined = yield* (yield* browser).post("/sign-in/accept-invitation", {
          token,
          your_name: "Un Lucky",
          password: PASSWORD
        })
        assert.strictEqual(joined.status, 200, joined.text)
        assert.strictEqual(joined.body.account_id, owner.accountId)
      }).pipe(Effect.ensuring(Effect.flatMap(Sink.SmtpSink, (sink) => sink.refuse(false))))
    )
  },
  { layer }
)
