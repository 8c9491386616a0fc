import { assert } from "@effect/vitest"
import * as ApiKey from "@quotekit/core/ApiKey"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Answer, type Browser, layer, newAccount, TestServer } from "../Harness.ts"
import { member, saveBody, saveNew } from "../quotes/Fixtures.ts"

/**
 * A request as a program sends it: the key in `Authorization: Bearer`, JSON, and nothing else (no cookie, no
 * anti-forgery header) unless `cookie` is given.
 */
const withKey = (key: string, method: string, path: string, body?: unknown, cookie?: string) =>
  Effect.gen(function* () {
    const { url } = yield* TestServer
    return yield* Effect.promise(async (): Promise<Answer> => {
      const headers: Record<string, string> = { authorization: `Bearer ${key}` }
      if (cookie !== undefined) headers.cookie = cookie
      if (body !== undefined) headers["content-type"] = "application/json"
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const bytes = new Uint8Array(await res.arrayBuffer())
      const text = new TextDecoder().decode(bytes)
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {}
      return { status: res.status, headers: res.headers, body: parsed, text, bytes }
    })
  })

/** A key made by the browser's admin; fails the test unless it is created. */
const createKey = (b: Browser, name: string, scope: ApiKey.Scope) =>
  Effect.gen(function* () {
    const created = yield* b.post("/post/api-keys", { name, scope })
    assert.strictEqual(created.status, 201, created.text)
    return created.body as { key: { api_key_id: number; prefix: string }; secret: string }
  })

describeBackends(
  "API keys",
  (it) => {
    it.effect("an admin creates a key shown once; the list shows its prefix, never the key, and its revocation", () =>
      Effect.gen(function* () {
        const admin = yield* newAccount("Keys")
        const { key, secret } = yield* createKey(admin.browser, "  Zapier  ", "write")
        assert.isTrue(ApiKey.isWellFormed(secret))
        assert.match(secret, /^qk_live_[A-Za-z0-9_-]{43}$/)
        assert.strictEqual(key.prefix, secret.slice(0, 14))

        const listed = yield* admin.browser.get("/get/api-keys")
        assert.strictEqual(listed.status, 200)
        assert.notInclude(listed.text, secret)
        assert.notInclude(listed.text, secret.slice(14))
        assert.deepInclude(listed.body.keys[0], {
          api_key_id: key.api_key_id,
          name: "Zapier",
          prefix: key.prefix,
          scope: "write",
          created_by: admin.signinId,
          created_by_name: "Keys Tester",
          last_used_at: null,
          revoked_at: null
        })
        // Only the hash is stored.
        const sql = yield* SqlClient.SqlClient
        const stored = yield* sql<{
          key_hash: string
        }>`SELECT key_hash FROM api_keys WHERE api_key_id = ${key.api_key_id}`
        assert.match(stored[0]!.key_hash, /^[0-9a-f]{64}$/)
        assert.notInclude(JSON.stringify(yield* sql`SELECT * FROM api_keys`), secret)

        const revoked = yield* admin.browser.post(`/post/api-keys/${key.api_key_id}/revoke`)
        assert.strictEqual(revoked.status, 200, revoked.text)
        assert.isNumber(revoked.body.revoked_at)
        const blank = yield* createKey(admin.browser, "Later", "read")
        const after = (yield* admin.browser.get("/get/api-keys")).body.keys
        assert.deepStrictEqual(
          after.map((k: { name: string; revoked_at: number | null }) => [k.name, k.revoked_at === null]),
          [
            ["Later", true],
            ["Zapier", false]
          ]
        )
        assert.strictEqual(blank.key.prefix.length, 14)
        const empty = yield* admin.browser.post("/post/api-keys", { name: "  ", scope: "read" })
        assert.strictEqual(empty.status, 400)
        assert.include(empty.text, Message.apiKeyNameNeeded)
      })
    )

    it.effect(
      "a write key reads and writes without anti-forgery, as its admin, named in history; last use once a minute",
      () =>
        Effect.gen(function* () {
          const admin = yield* newAccount("Writer")
          const { secret } = yield* createKey(admin.browser, "Import script", "write")

          const cache = yield* withKey(secret, "GET", "/get/cache-account")
          assert.strictEqual(cache.status, 200, cache.text)
          assert.strictEqual(cache.body.account_signin.account_id, admin.accountId)
          assert.strictEqual(cache.body.account_signin.signin_id, admin.signinId)

          const saved = yield* withKey(
            secret,
            "POST",
            "/post/quote-update/edit/new/is-editing",
            saveBody(admin.signinId, { quote: { title: "By the API" } })
          )
          assert.strictEqual(saved.status, 200, saved.text)
          const history = yield* admin.browser.get(`/get/history/quote/${saved.body.quote_id}`)
          assert.include(history.body.rows[0].html_summary, "Writer Tester (API key “Import script”)")

          const server = yield* TestServer
          const lastUsed = Effect.map(
            admin.browser.get("/get/api-keys"),
            (a) => a.body.keys[0].last_used_at as number | null
          )
          const first = yield* lastUsed
          assert.isNumber(first)
          yield* server.advance(30_000)
          assert.strictEqual((yield* withKey(secret, "GET", "/get/cache-account")).status, 200)
          assert.strictEqual(yield* lastUsed, first)
          yield* server.advance(31_000)
          assert.strictEqual((yield* withKey(secret, "GET", "/get/cache-account")).status, 200)
          assert.isAtLeast((yield* lastUsed)!, first! + 60)
        })
    )

    it.effect("a read key may GET only; a revoked or unknown key is 401 and wins over a cookie sent beside it", () =>
      Effect.gen(function* () {
        const admin = yield* newAccount("Reader")
        const { key, secret } = yield* createKey(admin.browser, "Dashboard", "read")
        assert.strictEqual((yield* withKey(secret, "GET", "/get/quotes")).status, 200)
        const refused = yield* withKey(
          secret,
          "POST",
          "/post/quote-update/edit/new/is-editing",
          saveBody(admin.signinId)
        )
        assert.strictEqual(refused.status, 403)
        assert.strictEqual(refused.body._tag, "AccessDenied")
        assert.strictEqual(refused.body._serveError.message, Message.apiKeyReadOnly)

        // The key decides, whatever the cookie beside it: another account's key reads that account.
        const other = yield* newAccount("Other")
        const theirs = yield* createKey(other.browser, "Theirs", "read")
        const mixed = yield* withKey(
          theirs.secret,
          "GET",
          "/get/cache-account",
          undefined,
          admin.browser.cookieHeader()
        )
        assert.strictEqual(mixed.body.account_signin.account_id, other.accountId)

        assert.strictEqual((yield* admin.browser.post(`/post/api-keys/${key.api_key_id}/revoke`)).status, 200)
        for (const bad of [secret, ApiKey.fromSecret("A".repeat(43)), "not-a-key"]) {
          const answer = yield* withKey(bad, "GET", "/get/cache-account", undefined, admin.browser.cookieHeader())
          assert.strictEqual(answer.status, 401, bad)
          assert.strictEqual(answer.body._serveError.message, Message.apiKeyInvalid)
        }
        // The session alone still works.
        assert.strictEqual((yield* admin.browser.get("/get/cache-account")).status, 200)
      })
    )

    it.effect("a key of one account cannot reach another's quote, exactly as a session cannot", () =>
      Effect.gen(function* () {
        const a = yield* newAccount("Alpha")
        const b = yield* newAccount("Beta")
        const quote = yield* saveNew(b.browser, b.signinId, { quote: { title: "Beta only" } })
        const { secret } = yield* createKey(a.browser, "Alpha script", "write")
        for (const path of [
          `/get/quote-edit/edit/${quote.quote_id}/is-editing`,
          `/get/history/quote/${quote.quote_id}`
        ]) {
          const byKey = yield* withKey(secret, "GET", path)
          const bySession = yield* a.browser.get(path)
          assert.strictEqual(byKey.status, bySession.status, path)
          assert.strictEqual(byKey.text, bySession.text, path)
          assert.notInclude(byKey.text, "Beta only")
        }
        // The editor refuses; the history of a record not the account's is empty, for a key as for a session.
        const editor = yield* withKey(secret, "GET", `/get/quote-edit/edit/${quote.quote_id}/is-editing`)
        assert.oneOf(editor.status, [403, 404])
        const act = yield* withKey(secret, "POST", `/post/quote-delete-draft/${quote.quote_id}`)
        assert.oneOf(act.status, [403, 404])
        assert.strictEqual((yield* b.browser.get(`/get/quote-edit/edit/${quote.quote_id}/is-editing`)).status, 200)
      })
    )

    it.effect("cookies still need anti-forgery; only admins with a session manage keys", () =>
      Effect.gen(function* () {
        const admin = yield* newAccount("Guard")
        const { secret } = yield* createKey(admin.browser, "Guarded", "write")
        // A cookie request without the anti-forgery header is refused, key or no key on endpoints without sign-in.
        const forged = yield* admin.browser.post(
          "/post/api-keys",
          { name: "Forged", scope: "write" },
          { csrfHeader: "missing" }
        )
        assert.strictEqual(forged.status, 403)
        assert.strictEqual(forged.body._serveError.message, Message.antiForgeryFailed)
        const signOut = yield* withKey(secret, "POST", "/sign-in/exit", undefined, admin.browser.cookieHeader())
        assert.strictEqual(signOut.status, 403)
        assert.strictEqual((yield* admin.browser.get("/get/cache-account")).status, 200)

        // Keys cannot manage keys, nor act on the person's own sign-in.
        for (const [method, path] of [
          ["GET", "/get/api-keys"],
          ["POST", `/sign-in/act-on/account-select/${admin.accountId}`]
        ] as const) {
          const answer = yield* withKey(secret, method, path)
          assert.strictEqual(answer.status, 403, path)
          assert.strictEqual(answer.body._serveError.message, Message.apiKeyNeedsSession)
        }

        const staff = yield* member(admin.accountId, { admin: false, name: "Staff" })
        yield* staff.browser.post(`/sign-in/act-on/account-select/${admin.accountId}`)
        assert.strictEqual((yield* staff.browser.get("/get/api-keys")).status, 403)
        assert.strictEqual((yield* staff.browser.post("/post/api-keys", { name: "Mine", scope: "read" })).status, 403)

        // A key acts with its creator's current membership: demoted, the key loses admin rights too.
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE memberships SET is_admin = false WHERE signin_id = ${admin.signinId}`
        const settings = yield* withKey(secret, "GET", "/get/settings/account")
        assert.strictEqual(settings.status, 403)
        assert.strictEqual(settings.body._serveError.message, Message.adminOnly)
      })
    )
  },
  { layer: layer() }
)
