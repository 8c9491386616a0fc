/**
 * A PostgreSQL database of a benchmark's own beside the one `DATABASE_URL` names, created empty and dropped
 * afterwards, so a server the benchmark starts (which migrates and seeds the database it is given) never leaves
 * tables in that database's `public` schema.
 */
import * as Database from "@quotekit/pg/Database"
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"

/** Runs `use` with the URL of a new empty database on the server `url` names; drops it afterwards. */
export const withScratchDatabase = async <A>(url: string, use: (scratch: string) => Promise<A>): Promise<A> => {
  const name = `quotekit_bench_${process.pid}_${Date.now()}`
  const admin = (statement: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>) =>
    Effect.runPromise(
      Effect.gen(function* () {
        return yield* statement(yield* SqlClient.SqlClient)
      }).pipe(Effect.provide(Database.postgres({ url: Redacted.make(url), maxConnections: 1 })))
    )
  await admin((sql) => sql`CREATE DATABASE ${sql(name)}`)
  try {
    const scratch = new URL(url)
    scratch.pathname = `/${name}`
    return await use(scratch.toString())
  } finally {
    await admin((sql) => sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`)
  }
}
