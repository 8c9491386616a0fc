import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../src/auth/Mailer.ts"
import { browser, layer, newAccount, PASSWORD, TestServer, uniqueEmail } from "./Harness.ts"

describeBackends(
  "sign-in over HTTP",
  (it) => {
    it.effect("creates an account, signs in with it and reads its cache", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const email = uniqueEmail("Ada")
        const created = yield* b.post("/sign-in/new-account", {
          business_name: "  Acme Plumbing ",
          your_name: "Ada King Lovelace",
          email: `  ${email.toUpperCase()} `,
          password: PASSWORD
        })
        assert.strictEqual(created.status, 201, created.text)
        assert.strictEqual(created.body.email, email)
        assert.strictEqual(created.body.name_display, "Ada King Lovelace")
        assert.deepStrictEqual(
          created.body.accounts.map((a: { account_name: string; is_admin: boolean }) => [a.account_name, a.is_admin]),
          [["Acme Plumbing", true]]
        )
        assert.strictEqual(created.body.account_id, created.body.accounts[0].account_id)
        const cookie = created.headers.getSetCookie().find((c) => c.startsWith("qk_session="))
        assert.isDefined(cookie)
        assert.match(cookie!, /HttpOnly/)
        assert.match(cookie!, /SameSite=Lax/)
        assert.notMatch(cookie!, /Secure/) // served over http in tests

        const cache = yield* b.get("/get/cache-account")
        assert.strictEqual(cache.status, 200, cache.text)
        const signin = cache.body.account_signin
        assert.strictEqual(signin.account_name, "Acme Plumbing")
        assert.strictEqual(signin.signin_id, created.body.signin_id)
        assert.isTrue(signin.is_admin)
        assert.strictEqual(signin.defaultCurrency, 156)
        assert.strictEqual(signin.taxWord, "tax")
        assert.deepStrictEqual(
          cache.body.signins.map((s: { name_first: string; name_last: string }) => [s.name_first, s.name_last]),
          [["Ada King", "Lovelace"]]
        )

        // A second browser signs in with the same credentials (email in another case).
        const other = yield* browser
        const signedIn = yield* other.post("/sign-in", { email: email.toUpperCase(), password: PASSWORD })
        assert.strictEqual(signedIn.status, 200, signedIn.text)
        assert.strictEqual(signedIn.body.account_id, created.body.account_id)
        assert.strictEqual((yield* other.get("/get/cache-account")).status, 200)
      })
    )

    it.effect("refuses a taken email and shows every refused field", () =>
      Effect.gen(function* () {
        const { email } = yield* newAccount("Taken")
        const b = yield* browser
        const again = yield* b.post("/sign-in/new-account", {
          business_name: "Other",
          your_name: "Other",
          email,
          password: PASSWORD
        })
        assert.strictEqual(again.status, 400)
        assert.deepStrictEqual(again.body.form_errors, [
          { input_id: "email", highlight: true, message: Message.catalogue.emailTaken }
        ])
        const bad = yield* b.post("/sign-in/new-account", {
          business_name: " ",
          your_name: "",
          email: "x",
          password: "short"
        })
        assert.strictEqual(bad.status, 400)
        assert.strictEqual(bad.body._tag, "InvalidInput")
        assert.deepStrictEqual(
          bad.body.form_errors.map((e: { input_id: string }) => e.input_id),
          ["business_name", "your_name", "email", "password"]
        )
        assert.strictEqual(bad.body._serveError.message, Message.catalogue.invalidInput)
      })
    )

    it.effect("a wrong password answers the same as an unknown email, and no session", () =>
      Effect.gen(function* () {
        const { email } = yield* newAccount("Wrong")
        const b = yield* browser
        const wrong = yield* b.post("/sign-in", { email, password: "not the password" })
        const unknown = yield* b.post("/sign-in", { email: uniqueEmail("nobody"), password: PASSWORD })
        for (const answer of [wrong, unknown]) {
          assert.strictEqual(answer.status, 400)
          assert.strictEqual(answer.body._serveError.message, Message.catalogue.signinWrong)
          assert.deepStrictEqual(
            answer.body.form_errors.map((e: { input_id: string }) => e.input_id),
            ["email", "password"]
          )
        }
        assert.isFalse(b.cookies.has("qk_session"))
        const cache = yield* b.get("/get/cache-account")
        assert.strictEqual(cache.status, 401)
        assert.isTrue(cache.body._signinAgain)
        // Both failures are in the audit log (the known sign-in's with its id), with the client address.
        const sql = yield* SqlClient.SqlClient
        const audit = yield* sql<{ action: string; actor_signin_id: number | null; email: string; address: string }>`
          SELECT action, actor_signin_id, data->>'email' AS email, data->>'address' AS address
          FROM audit_log WHERE action = 'signin.failed' AND data->>'email' = ${email}`
        assert.strictEqual(audit.length, 1)
        assert.isNotNull(audit[0]?.actor_signin_id)
        assert.isString(audit[0]?.address)
      })
    )

    it.effect("signing out ends the session for good, even with the old cookie kept", () =>
      Effect.gen(function* () {
        const { browser: b } = yield* newAccount("Out")
        const stolen = b.cookies.get("qk_session")!
        const out = yield* b.post("/sign-in/exit")
        assert.strictEqual(out.status, 204)
        assert.isFalse(b.cookies.has("qk_session"))
        b.cookies.set("qk_session", stolen)
        const after = yield* b.get("/get/cache-account")
        assert.strictEqual(after.status, 401)
        assert.strictEqual(after.body._tag, "SigninAgain")
        // Signing out without a session is fine (idempotent).
        assert.strictEqual((yield* b.post("/sign-in/exit")).status, 204)
      })
    )

    it.effect("rotates the session at sign-in: the cookie held before no longer works", () =>
      Effect.gen(function* () {
        const { browser: b, email } = yield* newAccount("Rotate")
        const before = b.cookies.get("qk_session")!
        const again = yield* b.post("/sign-in", { email, password: PASSWORD })
        assert.strictEqual(again.status, 200)
        const after = b.cookies.get("qk_session")!
        assert.notStrictEqual(after, before)
        const old = yield* browser
        old.cookies.set("qk_session", before)
        assert.strictEqual((yield* old.get("/get/cache-account")).status, 401)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
      })
    )

    it.effect("invites a member (admin only), who accepts, then chooses between accounts", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const ada = yield* newAccount("Ada")
        const bob = yield* newAccount("Bob")

        // Bob's account invites Ada (an existing sign-in) as a non-admin.
        const invited = yield* bob.browser.post("/sign-in/invite", { email: ada.email, is_admin: false })
        assert.strictEqual(invited.status, 201, invited.text)
        const mail = server.outbox.findLast((m) => m.to === ada.email)!
        const link = new URL(Mailer.linkIn(mail)!)
        assert.strictEqual(link.pathname, "/sign-in/accept-invitation")
        const token = link.searchParams.get("token")!

        const preview = yield* (yield* browser).get(`/sign-in/invitation/${token}`)
        assert.strictEqual(preview.status, 200, preview.text)
        assert.deepStrictEqual(
          [preview.body.account_name, preview.body.email, preview.body.invited_by, preview.body.has_signin],
          ["Bob Ltd", ada.email, "Bob Tester", true]
        )

        // An existing sign-in accepts with its own password only.
        const wrong = yield* ada.browser.post("/sign-in/accept-invitation", { token, password: "not it at all" })
        assert.strictEqual(wrong.status, 400)
        const accepted = yield* ada.browser.post("/sign-in/accept-invitation", { token, password: PASSWORD })
        assert.strictEqual(accepted.status, 200, accepted.text)
        assert.strictEqual(accepted.body.account_id, bob.accountId)
        assert.strictEqual(accepted.body.accounts.length, 2)
        const reused = yield* ada.browser.post("/sign-in/accept-invitation", { token, password: PASSWORD })
        assert.strictEqual(reused.status, 400)
        assert.strictEqual(reused.body._serveError.message, Message.catalogue.invitationInvalid)

        // In Bob's account Ada is not an admin: she cannot invite.
        const cache = yield* ada.browser.get("/get/cache-account")
        assert.strictEqual(cache.body.account_signin.account_id, bob.accountId)
        assert.isFalse(cache.body.account_signin.is_admin)
        const denied = yield* ada.browser.post("/sign-in/invite", { email: uniqueEmail("x"), is_admin: false })
        assert.strictEqual(denied.status, 403)
        assert.strictEqual(denied.body._serveError.message, Message.catalogue.adminOnly)

        // Signing in again with two accounts: none chosen yet, the 'which account' data lists both.
        const fresh = yield* browser
        const signedIn = yield* fresh.post("/sign-in", { email: ada.email, password: PASSWORD })
        assert.isNull(signedIn.body.account_id)
        const choose = yield* fresh.get("/get/cache-account")
        assert.strictEqual(choose.status, 403)
        assert.strictEqual(choose.body._tag, "ChooseAccount")
        const which = yield* fresh.get("/sign-in/which-account")
        assert.deepStrictEqual(which.body.accounts.map((a: { account_name: string }) => a.account_name).sort(), [
          "Ada Ltd",
          "Bob Ltd"
        ])
        const selected = yield* fresh.post(`/sign-in/act-on/account-select/${ada.accountId}`)
        assert.strictEqual(selected.status, 200, selected.text)
        assert.strictEqual(selected.body.account_id, ada.accountId)
        assert.strictEqual((yield* fresh.get("/get/cache-account")).body.account_signin.account_name, "Ada Ltd")
        const switched = yield* fresh.post(`/sign-in/act-on/account-select/${bob.accountId}`)
        assert.strictEqual(switched.body.account_id, bob.accountId)
        assert.strictEqual((yield* fresh.get("/get/cache-account")).body.account_signin.account_name, "Bob Ltd")

        // An account she does not belong to cannot be selected.
        const carol = yield* newAccount("Carol")
        const foreign = yield* fresh.post(`/sign-in/act-on/account-select/${carol.accountId}`)
        assert.strictEqual(foreign.status, 403)
        assert.strictEqual(foreign.body._serveError.message, Message.catalogue.notAMember)
        assert.strictEqual((yield* fresh.get("/get/cache-account")).body.account_signin.account_name, "Bob Ltd")
      })
    )

    it.effect("invites a new person, who chooses a name and password when accepting", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const owner = yield* newAccount("Owner")
        const email = uniqueEmail("newbie")
        assert.strictEqual((yield* owner.browser.post("/sign-in/invite", { email, is_admin: true })).status, 201)
        const again = yield* owner.browser.post("/sign-in/invite", { email: owner.email, is_admin: true })
        assert.strictEqual(again.status, 400)
        assert.strictEqual(again.body._serveError.message, Message.catalogue.alreadyMember)
        const token = new URL(Mailer.linkIn(server.outbox.findLast((m) => m.to === email)!)!).searchParams.get("token")!
        const b = yield* browser
        // Before accepting, the invitee cannot sign in (no password yet).
        assert.strictEqual((yield* b.post("/sign-in", { email, password: PASSWORD })).status, 400)
        const noName = yield* b.post("/sign-in/accept-invitation", { token, password: PASSWORD })
        assert.strictEqual(noName.status, 400)
        assert.strictEqual(noName.body.form_errors[0].input_id, "your_name")
        const weak = yield* b.post("/sign-in/accept-invitation", { token, your_name: "New Bie", password: "short" })
        assert.strictEqual(weak.status, 400)
        assert.strictEqual(weak.body.form_errors[0].input_id, "password")
        const ok = yield* b.post("/sign-in/accept-invitation", { token, your_name: "New Bie", password: PASSWORD })
        assert.strictEqual(ok.status, 200, ok.text)
        assert.strictEqual(ok.body.account_id, owner.accountId)
        const cache = yield* b.get("/get/cache-account")
        assert.isTrue(cache.body.account_signin.is_admin)
        assert.strictEqual(cache.body.signins.length, 2)
        const later = yield* browser
        assert.strictEqual((yield* later.post("/sign-in", { email, password: PASSWORD })).status, 200)
      })
    )

    it.effect("resets a forgotten password by the emailed link, once, ending other sessions", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { browser: old, email } = yield* newAccount("Forgetful")
        const b = yield* browser
        assert.strictEqual((yield* b.post("/sign-in/forgot-password", { email })).status, 202)
        // An unknown email answers the same, and sends nothing.
        const sentBefore = server.outbox.length
        assert.strictEqual((yield* b.post("/sign-in/forgot-password", { email: uniqueEmail("ghost") })).status, 202)
        assert.strictEqual(server.outbox.length, sentBefore)
        const link = new URL(Mailer.linkIn(server.outbox.findLast((m) => m.to === email)!)!)
        assert.strictEqual(link.pathname, "/sign-in/reset-password")
        const token = link.searchParams.get("token")!
        const reset = yield* b.post("/sign-in/reset-password", { token, password: "a brand new secret" })
        assert.strictEqual(reset.status, 200, reset.text)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
        assert.strictEqual((yield* old.get("/get/cache-account")).status, 401)
        const twice = yield* b.post("/sign-in/reset-password", { token, password: "another new secret" })
        assert.strictEqual(twice.status, 400)
        assert.strictEqual(twice.body._serveError.message, Message.catalogue.resetLinkInvalid)
        assert.strictEqual((yield* (yield* browser).post("/sign-in", { email, password: PASSWORD })).status, 400)
        assert.strictEqual(
          (yield* (yield* browser).post("/sign-in", { email, password: "a brand new secret" })).status,
          200
        )
      })
    )

    it.effect("a reset link expires", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { email } = yield* newAccount("Slow")
        const b = yield* browser
        yield* b.post("/sign-in/forgot-password", { email })
        const token = new URL(Mailer.linkIn(server.outbox.findLast((m) => m.to === email)!)!).searchParams.get("token")!
        yield* server.advance(61 * 60 * 1000)
        const late = yield* b.post("/sign-in/reset-password", { token, password: "a brand new secret" })
        assert.strictEqual(late.status, 400)
      })
    )
  },
  { layer: layer() }
)
