import { PgClient } from "@effect/sql-pg"
import { assert, describe, layer } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import * as Database from "@quotekit/pg/Database"
import * as Migrations from "@quotekit/pg/Migrations"
import { TestDatabase } from "@quotekit/pg/TestDatabase"
import { Context, Effect, Layer, Redacted } from "effect"
import * as Harness from "../Harness.ts"
import * as CuttableProxy from "./CuttableProxy.ts"

/** The proxy between the server and its database. */
class DatabaseProxy extends Context.Service<DatabaseProxy, CuttableProxy.CuttableProxy>()("test/DatabaseProxy") {}

/** An embedded database served on loopback, reached by the server's client only through the proxy. */
const databaseBehindProxy = Layer.unwrap(
  Effect.gen(function* () {
    const db = yield* Database.openPglite({})
    const proxy = yield* CuttableProxy.make(yield* Database.servePglite(db))
    const client = PgClient.layer({
      url: Redacted.make(`postgres://postgres@${proxy.address}/postgres`),
      maxConnections: 1,
      minConnections: 1,
      connectTimeout: "2 seconds"
    })
    return Layer.mergeAll(
      Layer.effectDiscard(Migrations.run).pipe(Layer.provideMerge(client)),
      Layer.succeed(TestDatabase, TestDatabase.of({ backend: "pglite", schema: "public" })),
      Layer.succeed(DatabaseProxy, proxy)
    )
  })
)

const contact = (name: string) => ({
  contact: { type: "person", name_first: name, name_last: "Away", email: "", company_id: null },
  phones: [],
  addresses: []
})

describe("the database going away", () => {
  layer(Harness.layer().pipe(Layer.provideMerge(databaseBehindProxy)), { timeout: "2 minutes" })((it) => {
    it.effect(
      "answers 503 with a message and Retry-After while the database is unreachable, keeps nothing, and recovers without a restart",
      () =>
        Effect.gen(function* () {
          const proxy = yield* DatabaseProxy
          const { browser } = yield* Harness.newAccount("Away")
          assert.strictEqual((yield* browser.post("/post/contact-update/0", contact("Before"))).status, 200)

          yield* proxy.cut
          for (const answer of [
            yield* browser.post("/post/contact-update/0", contact("During")),
            yield* browser.get("/get/contacts"),
            yield* browser.get("/get/contacts")
          ]) {
            assert.strictEqual(answer.status, 503, answer.text)
            assert.strictEqual(answer.body._serveError.message, Message.catalogue.databaseUnavailable)
            assert.strictEqual(answer.headers.get("retry-after"), "5")
          }

          yield* proxy.restore
          // The pool reconnects on its own; the first request after the database returns may still find the
          // dead connection, so allow a few tries before the server must answer.
          let list = yield* browser.get("/get/contacts")
          for (let i = 0; i < 20 && list.status !== 200; i++) {
            yield* Effect.sleep("250 millis")
            list = yield* browser.get("/get/contacts")
          }
          assert.strictEqual(list.status, 200, list.text)
          const names = (list.body.rows as Array<{ display_name: string }>).map((r) => r.display_name)
          assert.include(names, "Before Away")
          assert.notInclude(names, "During Away")
          assert.strictEqual((yield* browser.post("/post/contact-update/0", contact("After"))).status, 200)
        }),
      60_000
    )
  })
})
