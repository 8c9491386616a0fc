import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Database from "@quotekit/pg/Database"
import * as Seed from "@quotekit/pg/Seed"
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll } from "vitest"
import { Browser } from "../Harness.ts"
import * as Cluster from "./Cluster.ts"
import * as ServerProcess from "./ServerProcess.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-crash-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const ROUNDS = 3
const WRITERS = 4

/** The demo user, signed in on `base`. */
const demo = async (base: string): Promise<Browser> => {
  const browser = new Browser(base)
  const answer = await Effect.runPromise(
    browser.post("/sign-in", { email: Seed.demoEmail, password: Seed.demoPassword })
  )
  if (answer.status !== 200) throw new Error(`demo sign-in answered ${answer.status}: ${answer.text}`)
  return browser
}

/** Contacts written until the server dies; the names the server acknowledged. */
const writeUntilKilled = async (server: ServerProcess.ServerProcess, round: number, killAfterMs: number) => {
  const browser = await demo(server.base)
  const acked: Array<string> = []
  let dead = false
  const writer = async (w: number) => {
    for (let i = 0; !dead; i++) {
      const name = `Crash${round}w${w}n${i}`
      const answer = await Effect.runPromise(
        browser
          .post("/post/contact-update/0", {
            contact: { type: "person", name_first: name, name_last: "Test", email: "", company_id: null },
            phones: [],
            addresses: []
          })
          .pipe(Effect.catchDefect(() => Effect.succeed({ status: 0 })))
      )
      if (answer.status === 200) acked.push(name)
      else if (answer.status !== 0) throw new Error(`a write answered ${answer.status}`)
    }
  }
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w))
  await new Promise((r) => setTimeout(r, killAfterMs))
  await server.kill()
  dead = true
  await Promise.all(writers)
  return acked
}

/** The contact first names in an embedded data folder, read directly (no server holds it). */
const storedNames = (dataDir: string) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const db = yield* Database.openPglite({ dataDir: Database.pgdataDirectory(dataDir) })
        const rows = yield* Effect.promise(() => db.query<{ name_first: string }>("SELECT name_first FROM contacts"))
        return new Set(rows.rows.map((r) => r.name_first))
      })
    )
  )

/** The contact first names in a PostgreSQL database. */
const storedNamesPg = (url: string) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ readonly name_first: string }>`SELECT name_first FROM contacts`
        return new Set(rows.map((r) => r.name_first))
      }).pipe(Effect.provide(Database.postgres({ url: Redacted.make(url), maxConnections: 1 })))
    )
  )

describe("kill -9 of the server during a stream of writes", () => {
  it("loses no acknowledged write on the embedded database, and the server comes back every time", async () => {
    const dataDir = join(scratch, "embedded")
    let total = 0
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await ServerProcess.start({ dataDir })
      const acked = await writeUntilKilled(server, round, 1500 + 500 * round)
      assert.isAbove(acked.length, 10, `round ${round} wrote too little to test anything`)
      const stored = await storedNames(dataDir)
      const lost = acked.filter((name) => !stored.has(name))
      assert.deepStrictEqual(lost, [], `round ${round}: ${lost.length} of ${acked.length} acknowledged writes lost`)
      total += acked.length
      console.log(`embedded round ${round}: ${acked.length} acknowledged, 0 lost`)
    }
    // And it starts again after the last kill, with the demo account still able to sign in.
    const server = await ServerProcess.start({ dataDir })
    try {
      await demo(server.base)
    } finally {
      await server.kill()
    }
    assert.isAbove(total, 30)
  }, 300_000)

  it.skipIf(!Cluster.available())(
    "loses no acknowledged write on PostgreSQL when the server and PostgreSQL are both killed, and both come back",
    async () => {
      const cluster = await Cluster.make(mkdtempSync(join(tmpdir(), "quotekit-crash-pg-")))
      const dataDir = join(scratch, "postgres")
      let total = 0
      try {
        for (let round = 1; round <= ROUNDS; round++) {
          const server = await ServerProcess.start({ dataDir, databaseUrl: cluster.url })
          const acked = await writeUntilKilled(server, round, 1500 + 500 * round)
          await cluster.kill()
          await cluster.start()
          assert.isAbove(acked.length, 10, `round ${round} wrote too little to test anything`)
          const stored = await storedNamesPg(cluster.url)
          const lost = acked.filter((name) => !stored.has(name))
          assert.deepStrictEqual(lost, [], `round ${round}: ${lost.length} of ${acked.length} acknowledged writes lost`)
          total += acked.length
          console.log(`PostgreSQL round ${round}: ${acked.length} acknowledged, 0 lost`)
        }
        const server = await ServerProcess.start({ dataDir, databaseUrl: cluster.url })
        try {
          await demo(server.base)
        } finally {
          await server.kill()
        }
        assert.isAbove(total, 30)
      } finally {
        await cluster.stop()
      }
    },
    300_000
  )
})
