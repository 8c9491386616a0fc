import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import * as Migrations from "@quotekit/pg/Migrations"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { placeholderHtml } from "../src/http/StaticApp.ts"
import { browser, layer, newAccount } from "./Harness.ts"

const appRoot = mkdtempSync(join(tmpdir(), "quotekit-app-"))
writeFileSync(join(appRoot, "index.html"), "<!doctype html><title>quotekit app</title><div id=root></div>")
mkdirSync(join(appRoot, "assets"))
writeFileSync(join(appRoot, "assets", "app.js"), "console.log('app')")

describeBackends(
  "service endpoints",
  (it) => {
    it.effect("health answers when the database does", () =>
      Effect.gen(function* () {
        const answer = yield* (yield* browser).get("/api/health")
        assert.strictEqual(answer.status, 200)
        assert.deepStrictEqual(answer.body, { status: "ok", database: "ok" })
      })
    )

    it.effect("the downtime notice answers no announcement and the server's time", () =>
      Effect.gen(function* () {
        const answer = yield* (yield* browser).get("/api/notice")
        assert.strictEqual(answer.status, 200)
        assert.strictEqual(answer.body.offline_at, null)
        assert.approximately(answer.body.now, Date.now() / 1000, 5)
      })
    )

    it.effect("the caller is the session's sign-in and chosen account, and a request without one is refused", () =>
      Effect.gen(function* () {
        assert.strictEqual((yield* (yield* browser).get("/api/session")).status, 401)
        const owner = yield* newAccount("Caller")
        const answer = yield* owner.browser.get("/api/session")
        assert.strictEqual(answer.status, 200)
        assert.deepStrictEqual(answer.body, {
          signin_id: owner.signinId,
          account_id: owner.accountId,
          is_admin: true,
          via: "session"
        })
        yield* owner.browser.post("/sign-in/exit")
        assert.strictEqual((yield* owner.browser.get("/api/session")).status, 401)
      })
    )

    it.effect("ready answers once every migration is applied, and 503 with a message while one is missing", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const ready = yield* b.get("/api/ready")
        assert.strictEqual(ready.status, 200)
        assert.deepStrictEqual(ready.body, { status: "ready", migration: Migrations.latestId })
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ migration_id: number; name: string; created_at: Date }>`
          DELETE FROM effect_sql_migrations WHERE migration_id = ${Migrations.latestId} RETURNING *`.pipe(Effect.orDie)
        const behind = yield* b.get("/api/ready")
        yield* sql`INSERT INTO effect_sql_migrations ${sql.insert({ ...row! })}`.pipe(Effect.orDie)
        assert.strictEqual(behind.status, 503)
        assert.strictEqual(behind.body._serveError.message, Message.notReady)
        assert.strictEqual((yield* b.get("/api/health")).status, 200, "alive all the same")
        assert.strictEqual((yield* b.get("/api/ready")).status, 200)
      })
    )

    it.effect("keeps at most two script error reports per page load, cut to 500 characters", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const report = (pageLoad: string, message: string) =>
          b.post("/service/js-error", { page_load_id: pageLoad, href: "https://example.com/quotes", message })
        const long = "é".repeat(2000)
        assert.deepStrictEqual((yield* report("page-load-1", long)).body, { recorded: true })
        assert.deepStrictEqual((yield* report("page-load-1", "second")).body, { recorded: true })
        assert.deepStrictEqual((yield* report("page-load-1", "third")).body, { recorded: false })
        assert.deepStrictEqual((yield* report("page-load-2", "another page")).body, { recorded: true })
        const tooLong = yield* report("page-load-3", "x".repeat(20_001))
        assert.strictEqual(tooLong.status, 400)
      })
    )

    it.effect("serves the OpenAPI document and the API reference", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const openapi = yield* b.get("/api/openapi.json")
        assert.strictEqual(openapi.status, 200)
        for (const path of ["/sign-in", "/sign-in/exit", "/get/cache-account", "/service/js-error", "/api/health"]) {
          assert.property(openapi.body.paths, path)
        }
        const docs = yield* b.request("GET", "/api/docs", undefined, {}, { accept: "text/html" })
        assert.strictEqual(docs.status, 200)
        assert.include(docs.text, "quotekit API")
        // Its "try it" requests carry the anti-forgery header; the page is built once and served again.
        assert.include(docs.text, "customFetch")
        const again = yield* b.request("GET", "/api/docs", undefined, {}, { accept: "text/html" })
        assert.strictEqual(again.text, docs.text)
      })
    )

    it.effect("without a built app, pages are a placeholder linking to the API reference", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const page = yield* b.request("GET", "/quotes/12/is-editing", undefined, {}, { accept: "text/html" })
        assert.strictEqual(page.status, 200)
        assert.strictEqual(page.text, placeholderHtml)
        assert.include(page.text, 'href="/api/docs"')
        assert.strictEqual((yield* b.get("/nothing/here.js")).status, 404)
      })
    )
  },
  { layer: layer() }
)

describeBackends(
  "serving the built app",
  (it) => {
    it.effect("serves its files and falls back to index.html for deep links", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const html = { accept: "text/html,application/xhtml+xml" }
        const root = yield* b.request("GET", "/", undefined, {}, html)
        assert.strictEqual(root.status, 200)
        assert.include(root.text, "quotekit app")
        const deep = yield* b.request("GET", "/quotes/12/is-editing", undefined, {}, html)
        assert.strictEqual(deep.status, 200)
        assert.include(deep.text, "quotekit app")
        const asset = yield* b.get("/assets/app.js")
        assert.strictEqual(asset.status, 200)
        assert.include(asset.text, "console.log")
        assert.strictEqual((yield* b.get("/assets/missing.js")).status, 404)
        // The API keeps its own answers.
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 401)
      })
    )
  },
  { layer: layer({ appRoot }) }
)
