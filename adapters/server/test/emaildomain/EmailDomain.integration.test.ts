import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { assert } from "@effect/vitest"
import * as EmailDomain from "@quotekit/core/EmailDomain"
import type * as TestDb from "@quotekit/pg/TestDatabase"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Clock, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as Check from "../../src/emaildomain/Check.ts"
import { DnsFake, type FakeZone, layerFake } from "../../src/emaildomain/Dns.ts"
import * as Repo from "../../src/emaildomain/Repo.ts"
import * as Main from "../../src/main.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as EventBusPg from "../../src/push/EventBusPg.ts"
import * as Sink from "../email/SmtpSink.ts"
import { type Browser, newAccount, shiftedClock, TestServer, testSettings, uniqueEmail } from "../Harness.ts"
import { contact, member, saveNew } from "../quotes/Fixtures.ts"
import * as Receiver from "./Receiver.ts"
import { AccountRelay, PASS, USER } from "./Receiver.ts"

const SERVER_FROM = "quotekit <no-reply@qk.example>"

/**
 * The real server: its own relay is the in-process `SmtpSink`, DNS is a fake zone, and the account relay a second
 * in-process SMTP server. Private addresses are allowed (both relays listen on 127.0.0.1).
 */
const layer: Layer.Layer<TestServer | Sink.SmtpSink | AccountRelay | DnsFake, unknown, TestDb.Provided> = Layer.unwrap(
  Effect.gen(function* () {
    const db = yield* TestDatabase
    const sink = yield* Sink.SmtpSink
    const { clock, advance } = shiftedClock()
    const settings = { smtpUrl: sink.url, mailFrom: SERVER_FROM, webhooksAllowPrivate: true }
    const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
    const server = Main.layer.pipe(Layer.provide([testSettings(settings), bus, Mailer.layer(settings)]))
    return Layer.effect(
      TestServer,
      Effect.map(Main.url, (url) => TestServer.of({ url, advance, outbox: sink.received }))
    ).pipe(Layer.provide(server), Layer.provide(Layer.succeed(Clock.Clock, clock)))
  })
).pipe(Layer.provideMerge(Layer.mergeAll(Sink.layer, Receiver.layer, layerFake)))

/** The settings of an account whose relay is the test's account relay. */
const settingsFor = (port: number, o: { readonly email?: string; readonly password?: string } = {}) => ({
  enabled: true,
  sender_name: "Acme Ltd",
  sender_email: o.email ?? "quotes@acme.test",
  relay: { host: "127.0.0.1", port, security: "none", username: USER, password: o.password ?? PASS }
})

/** Publish the records the page asks for into the fake zone. */
const publish = (zone: FakeZone, records: ReadonlyArray<{ name: string; value: string }>) => {
  for (const r of records)
    zone.records.set(
      r.name,
      [r.value.match(/.{1,255}/g) ?? [r.value]].map((parts) => parts)
    )
}

/**
 * Verify the DKIM signature of a raw message against the fake zone with mailauth, in a plain Node process (the
 * test runner's export conditions would give mailauth's `require` nodemailer's ES modules); mailauth's result.
 */
const verify = (bytes: Buffer, zone: FakeZone) =>
  Effect.sync(() => {
    const records = Object.fromEntries([...zone.records].map(([name, txt]) => [name.toLowerCase(), txt]))
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL("./DkimVerify.cjs", import.meta.url)), JSON.stringify(records)],
      { input: bytes, env: { ...process.env, NODE_OPTIONS: "" }, encoding: "utf8", timeout: 20_000 }
    )
    if (run.status !== 0) throw new Error(`DKIM verification did not run: ${run.stderr}`)
    return JSON.parse(run.stdout) as { status: { result: string; comment?: string } } | null
  })

const state = (b: Browser) => b.get("/get/email-domain")

let quotes = 0
/** A draft quote of the account with one contact who has an email; its id and recipients. */
const quoteFor = (b: Browser, account: { readonly accountId: number; readonly signinId: number }) =>
  Effect.gen(function* () {
    const n = ++quotes
    const id = yield* contact(account.accountId, `Ada${n}x${account.accountId}`, "Tester")
    const saved = yield* saveNew(b, account.signinId, {
      quote: { title: `Fence ${n}` },
      contacts: [{ quote_contact_id: -1, contact_id: id, contact_order: 0 }]
    })
    const composer = yield* b.get(`/get/quote-email/${saved.quote_id}?kind=send`)
    assert.strictEqual(composer.status, 200, composer.text)
    return {
      id: saved.quote_id as number,
      recipients: composer.body.recipients as ReadonlyArray<{ quote_contact_id: number; email: string }>
    }
  })

describeBackends(
  "custom email domain",
  (it) => {
    it.effect("admins only; bad input answers every field's message; the password is sealed and never answered", () =>
      Effect.gen(function* () {
        const relay = yield* AccountRelay
        const owner = yield* newAccount("Domain")
        const b = owner.browser
        const empty = yield* state(b)
        assert.strictEqual(empty.status, 200, empty.text)
        assert.deepStrictEqual(empty.body, {
          enabled: false,
          server_from: SERVER_FROM,
          server_relay: true,
          settings: null
        })

        const bad = yield* b.post("/post/email-domain", {
          enabled: true,
          sender_name: " ",
          sender_email: "quotes@localhost",
          relay: { host: "smtp://x.com", port: 0, security: "starttls", username: "me", password: "" }
        })
        assert.strictEqual(bad.status, 400, bad.text)
        assert.deepStrictEqual(
          bad.body.form_errors.map((e: { input_id: string; message: string }) => [e.input_id, e.message]),
          [
            ["sender_name", EmailDomain.messages.senderNameRequired],
            ["sender_email", EmailDomain.messages.senderEmailInvalid],
            ["relay_host", EmailDomain.messages.relayHostInvalid],
            ["relay_port", EmailDomain.messages.relayPortInvalid],
            ["relay_password", EmailDomain.messages.relayPasswordRequired]
          ]
        )
        const wrongType = yield* b.post("/post/email-domain", { enabled: true, sender_name: "A", sender_email: 5 })
        assert.strictEqual(wrongType.status, 400)

        const saved = yield* b.post("/post/email-domain", settingsFor(relay.port))
        assert.strictEqual(saved.status, 200, saved.text)
        assert.notInclude(saved.text, PASS)
        const s = saved.body.settings
        assert.deepStrictEqual(s.relay, {
          host: "127.0.0.1",
          port: relay.port,
          security: "none",
          username: USER,
          has_password: true
        })
        assert.strictEqual(s.domain, "acme.test")
        assert.match(s.dkim_selector, /^qk\d{6}[0-9a-f]{4}$/)
        assert.isFalse(s.verified)
        assert.strictEqual(s.from, "Acme Ltd <no-reply@qk.example>")
        assert.strictEqual(s.reply_to, "quotes@acme.test")
        assert.deepStrictEqual(
          s.records.map((r: { kind: string; name: string; state: string }) => [r.kind, r.name, r.state]),
          [
            ["spf", "acme.test", "not-found"],
            ["dkim", `${s.dkim_selector}._domainkey.acme.test`, "not-found"],
            ["dmarc", "_dmarc.acme.test", "not-found"]
          ]
        )
        assert.strictEqual(s.records[0].value, "v=spf1 ip4:127.0.0.1 ~all")
        assert.match(s.records[1].value, /^v=DKIM1; k=rsa; p=MII[A-Za-z0-9+/=]{300,}$/)
        assert.strictEqual(s.records[2].value, "v=DMARC1; p=none; adkim=r; aspf=r")

        // At rest: the password and the private key only sealed.
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ relay_password_sealed: string; dkim_private_sealed: string }>`
          SELECT relay_password_sealed, dkim_private_sealed FROM email_domains WHERE account_id = ${owner.accountId}`
        assert.match(row!.relay_password_sealed, /^v1\./)
        assert.notInclude(row!.relay_password_sealed, PASS)
        assert.match(row!.dkim_private_sealed, /^v1\./)
        assert.notInclude(row!.dkim_private_sealed, "PRIVATE KEY")

        // Saving again without a password keeps it (and the key: same domain).
        const again = yield* b.post("/post/email-domain", {
          ...settingsFor(relay.port),
          relay: { ...settingsFor(relay.port).relay, password: "" }
        })
        assert.strictEqual(again.status, 200, again.text)
        assert.isTrue(again.body.settings.relay.has_password)
        assert.strictEqual(again.body.settings.records[1].value, s.records[1].value)

        // A member who is not an admin: refused everything.
        const m = yield* member(owner.accountId, { admin: false })
        for (const answer of [
          yield* m.browser.get("/get/email-domain"),
          yield* m.browser.post("/post/email-domain", settingsFor(relay.port)),
          yield* m.browser.post("/post/email-domain-test", {}),
          yield* m.browser.post("/post/email-domain-check", {}),
          yield* m.browser.post("/post/email-domain-delete", {})
        ]) {
          assert.strictEqual(answer.status, 403, answer.text)
          assert.strictEqual(answer.body._serveError.message, EmailDomain.messages.adminOnly)
        }
      })
    )

    it.effect("records checked by DNS look-up; verified, the account's relay sends from its address, DKIM-signed", () =>
      Effect.gen(function* () {
        const relay = yield* AccountRelay
        const zone = yield* DnsFake
        const owner = yield* newAccount("Signer")
        const b = owner.browser
        const email = `quotes@signer${owner.accountId}.test`
        const saved = yield* b.post("/post/email-domain", settingsFor(relay.port, { email }))
        assert.strictEqual(saved.status, 200, saved.text)
        const records = saved.body.settings.records as ReadonlyArray<{ name: string; value: string }>

        // Before the domain is verified: the test goes through the account's relay from the server's address.
        const before = relay.received.length
        const first = yield* b.post("/post/email-domain-test", {})
        assert.strictEqual(first.status, 200, first.text)
        assert.deepStrictEqual(first.body, {
          sent: true,
          to: owner.email,
          from: "Acme Ltd <no-reply@qk.example>",
          relay: "account",
          message: EmailDomain.messages.testSent(owner.email)
        })
        const unsigned = yield* relay.next(owner.email, before)
        assert.strictEqual(unsigned.from, "Acme Ltd <no-reply@qk.example>")
        assert.strictEqual(unsigned.replyTo, email)
        assert.strictEqual(unsigned.dkimSignature, "")

        // DNS does not answer: the check says so (503), nothing changes.
        zone.down = true
        const down = yield* b.post("/post/email-domain-check", {})
        assert.strictEqual(down.status, 503, down.text)
        assert.strictEqual(down.body._serveError.message, EmailDomain.messages.dnsUnavailable)
        zone.down = false

        // A DKIM record with another key is "different"; then the right one, SPF and DMARC: all verified.
        zone.records.set(records[1]!.name, [["v=DKIM1; k=rsa; p=MIIBother"]])
        zone.records.set(records[0]!.name, [["v=spf1 mx -all"]])
        const different = yield* b.post("/post/email-domain-check", {})
        assert.strictEqual(different.status, 200, different.text)
        assert.deepStrictEqual(
          different.body.settings.records.map((r: { state: string }) => r.state),
          ["different", "different", "not-found"]
        )
        // SPF advice keeps what the domain has and adds the relay.
        assert.strictEqual(different.body.settings.records[0].value, "v=spf1 mx ip4:127.0.0.1 -all")
        assert.isFalse(different.body.settings.verified)
        publish(zone, [{ ...records[0]!, value: different.body.settings.records[0].value }, records[1]!, records[2]!])
        const checked = yield* b.post("/post/email-domain-check", {})
        assert.deepStrictEqual(
          checked.body.settings.records.map((r: { state: string }) => r.state),
          ["verified", "verified", "verified"]
        )
        assert.isTrue(checked.body.settings.verified)
        assert.isAbove(checked.body.settings.checked_at, 0)
        assert.strictEqual(checked.body.settings.from, `Acme Ltd <${email}>`)
        assert.isNull(checked.body.settings.reply_to)

        // The test email now comes from the account's address, signed; the signature verifies against DNS.
        const count = relay.received.length
        const test = yield* b.post("/post/email-domain-test", {})
        assert.isTrue(test.body.sent, test.text)
        const signed = yield* relay.next(owner.email, count)
        assert.strictEqual(signed.from, `Acme Ltd <${email}>`)
        assert.strictEqual(signed.replyTo, "")
        assert.include(signed.dkimSignature, `d=signer${owner.accountId}.test`)
        assert.include(signed.dkimSignature, `s=${checked.body.settings.dkim_selector}`)
        const result = yield* verify(signed.bytes, zone)
        assert.strictEqual(result?.status.result, "pass", JSON.stringify(result?.status))

        // Tampering breaks it (the check is real).
        const tampered = Buffer.from(
          signed.bytes.toString("latin1").replace("This is a test", "This is a fake"),
          "latin1"
        )
        const broken = yield* verify(tampered, zone)
        assert.notStrictEqual(broken?.status.result, "pass")
      })
    )

    it.effect(
      "a quote email of the account goes through its relay, signed; another account's through the server's",
      () =>
        Effect.gen(function* () {
          const relay = yield* AccountRelay
          const sink = yield* Sink.SmtpSink
          const zone = yield* DnsFake
          const server = yield* TestServer
          const owner = yield* newAccount("Relayed")
          const email = `quotes@relayed${owner.accountId}.test`
          const saved = yield* owner.browser.post("/post/email-domain", settingsFor(relay.port, { email }))
          publish(zone, saved.body.settings.records)
          const checked = yield* owner.browser.post("/post/email-domain-check", {})
          assert.isTrue(checked.body.settings.verified, checked.text)
          const other = yield* newAccount("Plain")

          const q = yield* quoteFor(owner.browser, owner)
          const p = yield* quoteFor(other.browser, other)
          const compose = (subject: string, recipients: ReadonlyArray<{ quote_contact_id: number }>) => ({
            subject,
            message: "Hello,\n\nHere is the quote.",
            recipients: recipients.map((r) => r.quote_contact_id)
          })
          const relayBefore = relay.received.length
          const sinkBefore = sink.received.length
          assert.strictEqual(
            (yield* owner.browser.post(`/post/quote-email/send/${q.id}`, compose("Fence A", q.recipients))).status,
            200
          )
          assert.strictEqual(
            (yield* other.browser.post(`/post/quote-email/send/${p.id}`, compose("Fence B", p.recipients))).status,
            200
          )
          yield* server.advance(31_000)

          const mine = yield* relay.next(q.recipients[0]!.email, relayBefore)
          assert.strictEqual(mine.subject, "Fence A")
          assert.strictEqual(mine.from, `Acme Ltd <${email}>`)
          const result = yield* verify(mine.bytes, zone)
          assert.strictEqual(result?.status.result, "pass")
          const theirs = yield* sink.next(p.recipients[0]!.email, sinkBefore)
          assert.strictEqual(theirs.subject, "Fence B")
          assert.strictEqual(theirs.from, SERVER_FROM)
          assert.notInclude(theirs.raw, "DKIM-Signature")
          // Each went through one relay only.
          assert.isUndefined(relay.received.slice(relayBefore).find((m) => m.subject === "Fence B"))
          assert.isUndefined(sink.received.slice(sinkBefore).find((m) => m.subject === "Fence A"))

          // The add-on switched off: the account's emails go the server's way again.
          const off = yield* owner.browser.post("/post/email-domain", {
            ...settingsFor(relay.port, { email }),
            enabled: false
          })
          assert.isFalse(off.body.enabled)
          const invitee = uniqueEmail("Invitee")
          const sinkNow = sink.received.length
          const invited = yield* owner.browser.post("/sign-in/invite", { email: invitee, is_admin: false })
          assert.strictEqual(invited.status, 201, invited.text)
          const invitation = yield* sink.next(invitee, sinkNow)
          assert.strictEqual(invitation.from, SERVER_FROM)
          // Back on: the invitation goes through the account's relay.
          yield* owner.browser.post("/post/email-domain", settingsFor(relay.port, { email }))
          const second = uniqueEmail("Invitee")
          const relayNow = relay.received.length
          assert.strictEqual(
            (yield* owner.browser.post("/sign-in/invite", { email: second, is_admin: false })).status,
            201
          )
          assert.strictEqual((yield* relay.next(second, relayNow)).from, `Acme Ltd <${email}>`)
        })
    )

    it.effect(
      "the daily look-up: a DKIM record removed makes the domain unverified, and the server's sender is used",
      () =>
        Effect.gen(function* () {
          const relay = yield* AccountRelay
          const zone = yield* DnsFake
          const sql = yield* SqlClient.SqlClient
          const owner = yield* newAccount("Lapsed")
          const email = `quotes@lapsed${owner.accountId}.test`
          const saved = yield* owner.browser.post("/post/email-domain", settingsFor(relay.port, { email }))
          publish(zone, saved.body.settings.records)
          assert.isTrue((yield* owner.browser.post("/post/email-domain-check", {})).body.settings.verified)
          const recheck = Check.recheckDue.pipe(
            Effect.provide(Repo.layer),
            Effect.provide(testSettings({ mailFrom: SERVER_FROM }))
          )

          // Looked up a moment ago: not due.
          zone.records.delete(saved.body.settings.records[1].name)
          yield* recheck
          assert.isTrue((yield* state(owner.browser)).body.settings.verified)

          // A day later the record is found gone: unverified, and emails go out from the server's address.
          yield* sql`UPDATE email_domains SET checked_at = now() - interval '25 hours' WHERE account_id = ${owner.accountId}`
          assert.isAtLeast(yield* recheck, 1)
          const after = (yield* state(owner.browser)).body.settings
          assert.isFalse(after.verified)
          assert.strictEqual(after.records[1].state, "not-found")
          assert.strictEqual(after.from, "Acme Ltd <no-reply@qk.example>")
          assert.strictEqual(after.reply_to, email)
          const count = relay.received.length
          assert.isTrue((yield* owner.browser.post("/post/email-domain-test", {})).body.sent)
          const mail = yield* relay.next(owner.email, count)
          assert.strictEqual(mail.from, "Acme Ltd <no-reply@qk.example>")
          assert.strictEqual(mail.dkimSignature, "")
        })
    )

    it.effect("a relay that refuses: the test email answers its reply, never a 500; removing drops it all", () =>
      Effect.gen(function* () {
        const relay = yield* AccountRelay
        const owner = yield* newAccount("Refused")
        const b = owner.browser
        yield* b.post("/post/email-domain", settingsFor(relay.port, { password: "wrong-password" }))
        const refused = yield* b.post("/post/email-domain-test", {})
        assert.strictEqual(refused.status, 200, refused.text)
        assert.isFalse(refused.body.sent)
        assert.include(refused.body.message, "The mail server did not take the test email: ")
        assert.include(refused.body.message, "535")
        assert.notInclude(refused.body.message, "wrong-password")

        // Nothing listening there.
        yield* b.post("/post/email-domain", { ...settingsFor(1), relay: { ...settingsFor(1).relay, port: 1 } })
        const nobody = yield* b.post("/post/email-domain-test", {})
        assert.isFalse(nobody.body.sent)
        assert.include(nobody.body.message, "ECONNREFUSED")

        const removed = yield* b.post("/post/email-domain-delete", {})
        assert.strictEqual(removed.status, 200, removed.text)
        assert.deepStrictEqual([removed.body.enabled, removed.body.settings], [false, null])
        const test = yield* b.post("/post/email-domain-test", {})
        assert.strictEqual(test.status, 400)
        assert.strictEqual(test.body._serveError.message, EmailDomain.messages.notSetUp)
      })
    )
  },
  { layer }
)
