import { assert } from "@effect/vitest"
import * as Country from "@quotekit/core/Country"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestServer } from "../Harness.ts"
import { addMember, Client, expectStatus, server, signUp } from "./Harness.ts"

const inputOf = (s: Record<string, unknown>) => {
  const { account_id: _a, logo_url: _l, lead_form_key: _k, lead_form_path: _p, ...input } = s
  return input
}

describeBackends(
  "settings over HTTP",
  (it) => {
    it.effect("account settings: admins read and change them; new quotes' defaults reach the account cache", () =>
      Effect.gen(function* () {
        const { client, account_id, signin_id } = yield* signUp()
        const before = expectStatus(yield* client.get("/get/settings/account"), 200).body
        assert.strictEqual(before.currency_id, 156)
        assert.strictEqual(before.tax_word, "tax")
        assert.match(before.lead_form_key, /^[A-Za-z0-9_-]{32}$/)
        const sql = yield* SqlClient.SqlClient
        const [t] = yield* sql<{ quote_id: number }>`INSERT INTO quotes (account_id, is_template, title, from_signin_id)
          VALUES (${account_id}, true, 'Standard', ${signin_id}) RETURNING quote_id`
        const changed = expectStatus(
          yield* client.post("/post/settings/account", {
            ...inputOf(before),
            account_name: "Acme Renovations",
            currency_id: 107,
            amounts_entered: "inclusive",
            tax_word: "GST",
            product_noun: "estimate",
            date_format: "dd/MM/yyyy",
            default_template_id: t!.quote_id,
            default_margin: "25",
            private_pricing: 4
          }),
          200
        ).body
        assert.strictEqual(changed.account_name, "Acme Renovations")
        assert.strictEqual(changed.product_noun, "estimate")
        assert.strictEqual(changed.default_margin, "25")
        const cache = expectStatus(yield* client.get("/get/cache-account"), 200).body
        assert.strictEqual(cache.account_signin.account_name, "Acme Renovations")
        assert.strictEqual(cache.account_signin.defaultCurrency, 107)
        assert.strictEqual(cache.account_signin.taxWord, "GST")
        assert.strictEqual(cache.account_signin.defaultTemplate, t!.quote_id)
        const badCurrency = yield* client.post("/post/settings/account", { ...inputOf(changed), currency_id: 99999 })
        assert.strictEqual(badCurrency.status, 400)
        const badTemplate = yield* client.post("/post/settings/account", {
          ...inputOf(changed),
          default_template_id: 424242
        })
        assert.strictEqual(badTemplate.body._serveError.message, "That template is not available.")
        const badNoun = yield* client.post("/post/settings/account", { ...inputOf(changed), product_noun: "invoice" })
        assert.strictEqual(badNoun.status, 400)
        const member = yield* addMember(account_id)
        assert.strictEqual((yield* member.client.get("/get/settings/account")).status, 403)
        assert.strictEqual((yield* member.client.post("/post/settings/account", inputOf(changed))).status, 403)
        // A new form key replaces the old one.
        const rekeyed = expectStatus(yield* client.post("/post/settings/lead-form-key"), 200).body
        assert.notStrictEqual(rekeyed.lead_form_key, before.lead_form_key)
      })
    )

    it.effect("a state must belong to the chosen country", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const s = expectStatus(yield* client.get("/get/settings/account"), 200).body
        const us = Option.getOrThrow(Country.fromCode("US"))
        const nz = Option.getOrThrow(Country.fromCode("NZ"))
        const usState = Country.statesOf(us)[0]!
        expectStatus(
          yield* client.post("/post/settings/account", { ...inputOf(s), country_id: us.id, state_id: usState.id }),
          200
        )
        const wrong = yield* client.post("/post/settings/account", {
          ...inputOf(s),
          country_id: nz.id,
          state_id: usState.id
        })
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body._serveError.message, "Choose a state of the chosen country.")
      })
    )

    it.effect("personal settings: name, title, time zone; the email changes only with the current password", () =>
      Effect.gen(function* () {
        const { client, password } = yield* signUp()
        const me = expectStatus(yield* client.get("/get/settings/personal"), 200).body
        assert.strictEqual(me.photo_label, "Upload a Photo")
        const base = {
          name_first: "Ada",
          name_last: "Lovelace",
          email: me.email,
          profile_phone: "+44 20 7946 0000",
          profile_title: "Director",
          signin_tz: "Europe/London"
        }
        const saved = expectStatus(yield* client.post("/post/settings/personal", base), 200).body
        assert.strictEqual(saved.name_display, "Ada Lovelace")
        assert.strictEqual(saved.signin_tz, "Europe/London")
        const badTz = yield* client.post("/post/settings/personal", { ...base, signin_tz: "Mars/Olympus" })
        assert.strictEqual(badTz.body._serveError.message, "Choose a time zone from the list.")
        const newEmail = `ada.${Date.now()}@example.com`
        const noPassword = yield* client.post("/post/settings/personal", { ...base, email: newEmail })
        assert.strictEqual(
          noPassword.body._serveError.message,
          "Enter your current password to change your email address."
        )
        const wrong = yield* client.post("/post/settings/personal", {
          ...base,
          email: newEmail,
          current_password: "nope nope nope"
        })
        assert.strictEqual(wrong.body._serveError.message, "The current password is not right.")
        const other = yield* signUp("Other")
        const taken = yield* client.post("/post/settings/personal", {
          ...base,
          email: other.email,
          current_password: password
        })
        assert.strictEqual(taken.body._serveError.message, "That email address already has a sign-in, sign in instead?")
        const moved = expectStatus(
          yield* client.post("/post/settings/personal", { ...base, email: newEmail, current_password: password }),
          200
        ).body
        assert.strictEqual(moved.email, newEmail)
      })
    )

    it.effect("a password change needs the current password and ends the other sessions", () =>
      Effect.gen(function* () {
        const { client, email, password } = yield* signUp()
        const { url } = yield* TestServer
        const second = new Client(url)
        expectStatus(yield* second.post("/sign-in", { email, password }), 200)
        expectStatus(yield* second.get("/get/settings/personal"), 200)
        const wrong = yield* client.post("/post/settings/password", {
          current_password: "wrong password",
          new_password: "a new long password"
        })
        assert.strictEqual(wrong.status, 400)
        assert.strictEqual(wrong.body._serveError.message, "The current password is not right.")
        const short = yield* client.post("/post/settings/password", {
          current_password: password,
          new_password: "short"
        })
        assert.strictEqual(short.status, 400)
        expectStatus(
          yield* client.post("/post/settings/password", {
            current_password: password,
            new_password: "a new long password"
          }),
          204
        )
        expectStatus(yield* client.get("/get/settings/personal"), 200)
        assert.strictEqual((yield* second.get("/get/settings/personal")).status, 401)
        const third = new Client(url)
        assert.strictEqual((yield* third.post("/sign-in", { email, password })).status, 400)
        expectStatus(yield* third.post("/sign-in", { email, password: "a new long password" }), 200)
      })
    )
  },
  { layer: server }
)
