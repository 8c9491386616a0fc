import { assert } from "@effect/vitest"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as Totp from "../../src/twofactor/Totp.ts"
import { type Browser, browser, layer, newAccount, PASSWORD, TestServer, uniqueEmail } from "../Harness.ts"

// The server's clock runs ahead of the real one by what the tests advanced it (per server: each backend has its
// own); codes are made for its time.
const offsets = new WeakMap<object, number>()
const advance = (ms: number) =>
  Effect.gen(function* () {
    const server = yield* TestServer
    offsets.set(server, (offsets.get(server) ?? 0) + ms)
    yield* server.advance(ms)
  })
const STEP_MS = TwoFactor.PERIOD_SECONDS * 1000
/** The code an authenticator app shows on the server's clock now, or `steps` steps later. */
const codeFor = (secret: string, steps = 0) =>
  Effect.map(TestServer, (server) => Totp.codeAtTime(secret, Date.now() + (offsets.get(server) ?? 0) + steps * STEP_MS))
/** Wait (on the server's clock) for the next step, so a fresh code is there. */
const nextStep = advance(STEP_MS)

/** A new account whose admin turned two-factor on from Personal Settings. */
const enrolled = (name: string) =>
  Effect.gen(function* () {
    const account = yield* newAccount(name)
    const started = yield* account.browser.post("/two-factor/enrol")
    assert.strictEqual(started.status, 200, started.text)
    const secret: string = started.body.secret
    const confirmed = yield* account.browser.post("/two-factor/enrol/confirm", { code: yield* codeFor(secret) })
    assert.strictEqual(confirmed.status, 200, confirmed.text)
    yield* nextStep
    return { ...account, secret, recoveryCodes: confirmed.body.recovery_codes as ReadonlyArray<string> }
  })

const auditOf = (signinId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ action: string }>`
      SELECT action FROM audit_log WHERE actor_signin_id = ${signinId} AND action LIKE 'twofactor.%' ORDER BY audit_id`
    return rows.map((r) => r.action)
  })

const signIn = (b: Browser, email: string) => b.post("/sign-in", { email, password: PASSWORD })

describeBackends(
  "two-factor sign-in over HTTP",
  (it) => {
    it.effect("enrols from settings: QR and key, confirmed by a code; the secret and codes are not stored plain", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, email } = yield* newAccount("Enrol")
        const off = yield* b.get("/two-factor")
        assert.deepStrictEqual(off.body, { enabled: false, enabled_at: null, recovery_codes_left: 0, required_by: [] })
        const started = yield* b.post("/two-factor/enrol")
        assert.strictEqual(started.status, 200, started.text)
        const secret: string = started.body.secret
        assert.match(secret, /^[A-Z2-7]{32}$/)
        assert.strictEqual(started.body.uri, TwoFactor.otpauthUri(secret, email))
        assert.match(started.body.qr, /^data:image\/svg\+xml;base64,/)
        // Not on until a code confirms it.
        assert.isFalse((yield* b.get("/two-factor")).body.enabled)
        const wrong = yield* b.post("/two-factor/enrol/confirm", {
          code: "000000" === (yield* codeFor(secret)) ? "111111" : "000000"
        })
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body._serveError.message, TwoFactor.text.codeWrong)
        const confirmed = yield* b.post("/two-factor/enrol/confirm", { code: yield* codeFor(secret) })
        assert.strictEqual(confirmed.status, 200, confirmed.text)
        const codes: ReadonlyArray<string> = confirmed.body.recovery_codes
        assert.strictEqual(codes.length, 10)
        assert.strictEqual(new Set(codes).size, 10)
        for (const code of codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/)
        const on = (yield* b.get("/two-factor")).body
        assert.isTrue(on.enabled)
        assert.strictEqual(on.recovery_codes_left, 10)
        // Enrolling again is refused while it is on.
        assert.strictEqual((yield* b.post("/two-factor/enrol")).status, 400)

        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{
          secret_sealed: string
        }>`SELECT secret_sealed FROM two_factor WHERE signin_id = ${signinId}`
        assert.notInclude(row!.secret_sealed, secret)
        assert.match(row!.secret_sealed, /^v1\./)
        const stored = yield* sql<{ code_hash: string }>`
          SELECT code_hash FROM two_factor_recovery_codes WHERE signin_id = ${signinId}`
        assert.strictEqual(stored.length, 10)
        for (const r of stored) assert.notInclude(codes, r.code_hash)
        assert.deepStrictEqual(yield* auditOf(signinId), [TwoFactor.audit.codeFailed, TwoFactor.audit.enrolled])
      })
    )

    it.effect("sign-in asks for the code after the password, with no session until it passes; a code works once", () =>
      Effect.gen(function* () {
        const { email, secret, signinId } = yield* enrolled("Code")
        const b = yield* browser
        const first = yield* signIn(b, email)
        assert.strictEqual(first.status, 200, first.text)
        assert.deepStrictEqual(first.body, { two_factor: "code", email })
        assert.isFalse(b.cookies.has("qk_session"))
        assert.isTrue(b.cookies.has("qk_2fa"))
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 401)

        const wrong = yield* b.post("/sign-in/two-factor", { code: "12345", remember: false })
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body._serveError.message, TwoFactor.text.codeMalformed)
        const code = yield* codeFor(secret)
        const ok = yield* b.post("/sign-in/two-factor", {
          code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
          remember: false
        })
        assert.strictEqual(ok.status, 200, ok.text)
        assert.strictEqual(ok.body.email, email)
        assert.isNotNull(ok.body.account_id)
        assert.isFalse(b.cookies.has("qk_2fa"))
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
        // The challenge is gone: the code step cannot be replayed with the old cookie.
        assert.strictEqual((yield* b.post("/sign-in/two-factor", { code, remember: false })).status, 400)

        // The same code in another sign-in, still within its window, is refused.
        const other = yield* browser
        assert.deepStrictEqual((yield* signIn(other, email)).body.two_factor, "code")
        const again = yield* other.post("/sign-in/two-factor", { code, remember: false })
        assert.strictEqual(again.status, 400)
        assert.strictEqual(again.body._serveError.message, TwoFactor.text.codeReused)
        assert.isFalse(other.cookies.has("qk_session"))
        // The next step's code works.
        yield* nextStep
        const next = yield* other.post("/sign-in/two-factor", { code: yield* codeFor(secret), remember: false })
        assert.strictEqual(next.status, 200, next.text)

        // A code one step old or one step ahead is accepted (clock drift); two steps away is not.
        yield* nextStep
        const late = yield* browser
        yield* signIn(late, email)
        assert.strictEqual(
          (yield* late.post("/sign-in/two-factor", { code: yield* codeFor(secret, 3), remember: false })).status,
          400
        )
        yield* nextStep
        assert.strictEqual(
          (yield* late.post("/sign-in/two-factor", { code: yield* codeFor(secret, 1), remember: false })).status,
          200
        )
        const actions = yield* auditOf(signinId)
        assert.includeMembers(actions, [TwoFactor.audit.codeOk, TwoFactor.audit.codeFailed])
      })
    )

    it.effect("wrong codes are throttled with growing delays, then a right code passes", () =>
      Effect.gen(function* () {
        const { email, secret } = yield* enrolled("Throttle")
        const b = yield* browser
        yield* signIn(b, email)
        const right = yield* codeFor(secret)
        const wrongCode = right === "999999" ? "999998" : "999999"
        for (let i = 0; i < TwoFactor.FREE_FAILURES; i++) {
          const wrong = yield* b.post("/sign-in/two-factor", { code: wrongCode, remember: false })
          assert.strictEqual(wrong.status, 400, wrong.text)
        }
        // Now even the right code must wait.
        const held = yield* b.post("/sign-in/two-factor", { code: right, remember: false })
        assert.strictEqual(held.status, 429, held.text)
        assert.strictEqual(held.body._tag, "TooManyAttempts")
        yield* advance(1500)
        const wrongAgain = yield* b.post("/sign-in/two-factor", { code: wrongCode, remember: false })
        assert.strictEqual(wrongAgain.status, 400)
        // Four failures: two seconds now.
        yield* advance(1500)
        assert.strictEqual((yield* b.post("/sign-in/two-factor", { code: right, remember: false })).status, 429)
        yield* advance(1000)
        const passed = yield* b.post("/sign-in/two-factor", { code: yield* codeFor(secret), remember: false })
        assert.strictEqual(passed.status, 200, passed.text)
      })
    )

    it.effect("a recovery code signs in once, in any case and spacing", () =>
      Effect.gen(function* () {
        const { email, recoveryCodes, signinId } = yield* enrolled("Recovery")
        const b = yield* browser
        yield* signIn(b, email)
        const used = recoveryCodes[3]!
        const ok = yield* b.post("/sign-in/two-factor", { code: used.toUpperCase().replace("-", " "), remember: false })
        assert.strictEqual(ok.status, 200, ok.text)
        assert.strictEqual((yield* b.get("/two-factor")).body.recovery_codes_left, 9)
        const c = yield* browser
        yield* signIn(c, email)
        const again = yield* c.post("/sign-in/two-factor", { code: used, remember: false })
        assert.strictEqual(again.status, 400)
        assert.strictEqual(again.body._serveError.message, TwoFactor.text.codeWrong)
        assert.include(yield* auditOf(signinId), TwoFactor.audit.recoveryUsed)
        // New codes replace the old ones (password needed).
        assert.strictEqual((yield* b.post("/two-factor/recovery-codes", { password: "not it" })).status, 400)
        const fresh = yield* b.post("/two-factor/recovery-codes", { password: PASSWORD })
        assert.strictEqual(fresh.status, 200, fresh.text)
        assert.strictEqual(fresh.body.recovery_codes.length, 10)
        yield* advance(5000)
        const old = yield* c.post("/sign-in/two-factor", { code: recoveryCodes[4]!, remember: false })
        assert.strictEqual(old.status, 400, old.text)
        yield* advance(5000)
        const renewed = yield* c.post("/sign-in/two-factor", { code: fresh.body.recovery_codes[0], remember: false })
        assert.strictEqual(renewed.status, 200, renewed.text)
      })
    )

    it.effect("a remembered device skips the code for 30 days, and not after", () =>
      Effect.gen(function* () {
        const { email, secret, signinId } = yield* enrolled("Remember")
        const b = yield* browser
        yield* signIn(b, email)
        const ok = yield* b.post("/sign-in/two-factor", { code: yield* codeFor(secret), remember: true })
        assert.strictEqual(ok.status, 200, ok.text)
        const cookie = ok.headers.getSetCookie().find((c) => c.startsWith(`qk_2fa_device_${signinId}=`))
        assert.isDefined(cookie)
        assert.match(cookie!, /HttpOnly/)
        assert.match(cookie!, /Max-Age=2592000/)
        assert.include(yield* auditOf(signinId), TwoFactor.audit.deviceRemembered)

        yield* advance(29 * 24 * 60 * 60 * 1000)
        const skipped = yield* signIn(b, email)
        assert.strictEqual(skipped.status, 200)
        assert.strictEqual(skipped.body.email, email)
        assert.isUndefined(skipped.body.two_factor)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
        // Another browser, or the cookie moved to another member, is not remembered.
        const other = yield* browser
        other.cookies.set(`qk_2fa_device_${signinId}`, "1.abc.def")
        assert.strictEqual((yield* signIn(other, email)).body.two_factor, "code")

        yield* advance(2 * 24 * 60 * 60 * 1000)
        const expired = yield* signIn(b, email)
        assert.strictEqual(expired.body.two_factor, "code")
      })
    )

    it.effect("turning it off needs the password and forgets remembered devices", () =>
      Effect.gen(function* () {
        const { browser: b, email, secret, signinId } = yield* enrolled("Off")
        const remembered = yield* browser
        yield* signIn(remembered, email)
        yield* remembered.post("/sign-in/two-factor", { code: yield* codeFor(secret), remember: true })
        const wrong = yield* b.post("/two-factor/disable", { password: "wrong password" })
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body._serveError.message, TwoFactor.text.passwordWrong)
        const off = yield* b.post("/two-factor/disable", { password: PASSWORD })
        assert.strictEqual(off.status, 200, off.text)
        assert.isFalse(off.body.enabled)
        assert.isUndefined((yield* signIn(yield* browser, email)).body.two_factor)
        assert.include(yield* auditOf(signinId), TwoFactor.audit.disabled)
        // On again: the device remembered under the old enrolment asks for a code.
        const again = yield* b.post("/two-factor/enrol")
        yield* nextStep
        yield* b.post("/two-factor/enrol/confirm", { code: yield* codeFor(again.body.secret) })
        assert.strictEqual((yield* signIn(remembered, email)).body.two_factor, "code")
      })
    )

    it.effect("the admin switch requires two-factor of every member: those without are signed out and enrol", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const admin = yield* newAccount("Admin")
        // The admin must have it first.
        const early = yield* admin.browser.post("/account/two-factor", { required: true })
        assert.strictEqual(early.status, 400)
        assert.strictEqual(early.body._serveError.message, TwoFactor.text.requiredNeedsYours)
        const started = yield* admin.browser.post("/two-factor/enrol")
        yield* admin.browser.post("/two-factor/enrol/confirm", { code: yield* codeFor(started.body.secret) })

        // A member joins by invitation (a new person).
        const memberEmail = uniqueEmail("member")
        yield* admin.browser.post("/sign-in/invite", { email: memberEmail, is_admin: false })
        const token = new URL(Mailer.linkIn(server.outbox.findLast((m) => m.to === memberEmail)!)!).searchParams.get(
          "token"
        )!
        const member = yield* browser
        const joined = yield* member.post("/sign-in/accept-invitation", {
          token,
          your_name: "Mel Member",
          password: PASSWORD
        })
        assert.strictEqual(joined.status, 200, joined.text)
        assert.strictEqual((yield* member.get("/get/cache-account")).status, 200)
        // Members may not see or change the rule.
        assert.strictEqual((yield* member.get("/account/two-factor")).status, 403)
        assert.strictEqual((yield* member.post("/account/two-factor", { required: true })).status, 403)

        const rule = yield* admin.browser.post("/account/two-factor", { required: true })
        assert.strictEqual(rule.status, 200, rule.text)
        assert.deepStrictEqual(rule.body, { required: true, members_without: 1 })
        // The member's session ended; the admin's did not.
        assert.strictEqual((yield* member.get("/get/cache-account")).status, 401)
        assert.strictEqual((yield* admin.browser.get("/get/cache-account")).status, 200)

        // At sign-in the member is sent to enrolment, and has no session until it is done.
        const step = yield* signIn(member, memberEmail)
        assert.deepStrictEqual(step.body, { two_factor: "enrol", email: memberEmail })
        assert.strictEqual((yield* member.get("/get/cache-account")).status, 401)
        // The code step is not the way in for them.
        assert.strictEqual((yield* member.post("/sign-in/two-factor", { code: "123456", remember: false })).status, 400)
        const enrolment = yield* member.post("/sign-in/two-factor/enrol")
        assert.strictEqual(enrolment.status, 200, enrolment.text)
        const done = yield* member.post("/sign-in/two-factor/enrol/confirm", {
          code: yield* codeFor(enrolment.body.secret),
          remember: false
        })
        assert.strictEqual(done.status, 200, done.text)
        assert.strictEqual(done.body.recovery_codes.length, 10)
        assert.strictEqual(done.body.state.account_id, admin.accountId)
        assert.strictEqual((yield* member.get("/get/cache-account")).status, 200)
        // Required: it cannot be turned off.
        const off = yield* member.post("/two-factor/disable", { password: PASSWORD })
        assert.strictEqual(off.status, 400)
        assert.strictEqual(off.body._serveError.message, TwoFactor.text.requiredCannotTurnOff("Admin Ltd"))
        assert.deepStrictEqual((yield* admin.browser.get("/account/two-factor")).body, {
          required: true,
          members_without: 0
        })

        const sql = yield* SqlClient.SqlClient
        const audit = yield* sql<{ action: string; account_id: number | null }>`
          SELECT action, account_id FROM audit_log
          WHERE action = ${TwoFactor.audit.requiredOn} AND account_id = ${admin.accountId}`
        assert.strictEqual(audit.length, 1)
        assert.strictEqual((yield* admin.browser.post("/account/two-factor", { required: false })).body.required, false)
      })
    )

    it.effect("a password reset link does not skip the code", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { email } = yield* enrolled("Reset")
        const b = yield* browser
        yield* b.post("/sign-in/forgot-password", { email })
        yield* Effect.sleep("50 millis")
        const token = new URL(Mailer.linkIn(server.outbox.findLast((m) => m.to === email)!)!).searchParams.get("token")!
        const reset = yield* b.post("/sign-in/reset-password", { token, password: "a brand new secret" })
        assert.strictEqual(reset.status, 200, reset.text)
        assert.strictEqual(reset.body.two_factor, "code")
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 401)
      })
    )
  },
  { layer: layer() }
)
