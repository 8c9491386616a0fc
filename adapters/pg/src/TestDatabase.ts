/**
 * The database of integration tests, on PGlite always and on PostgreSQL too when `DATABASE_URL` is set.
 *
 * Each test file (each `describeBackends` block) gets a database of its own: on PGlite an in-memory copy of
 * the migrated template made by `TestGlobalSetup` (about 0.5 s); on PostgreSQL a fresh schema
 * (`t_<time>_<random>`) with every migration applied, dropped when the block ends. Tests in one block share
 * it, so each test should create the accounts it needs rather than count rows globally.
 *
 * @example
 * import { assert } from "@effect/vitest"
 * import { describeBackends } from "@quotekit/pg/TestDatabase"
 *
 * describeBackends("QuoteRepo", (it, backend) => {
 *   it.effect("saves a quote", () => Effect.gen(function* () {
 *     const sql = yield* SqlClient.SqlClient
 *     // ...
 *   }))
 * })
 */
import type { PgClient } from "@effect/sql-pg"
import type * as Vitest from "@effect/vitest"
import { layer as vitestLayer } from "@effect/vitest"
import { Context, type Duration, Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { inject } from "vitest"
import * as Database from "./Database.ts"
import * as Migrations from "./Migrations.ts"
import * as TestTemplate from "./TestTemplate.ts"

/** Where a test database lives. */
export type Backend = "pglite" | "postgres"

/** The backends to run on: PGlite always, PostgreSQL when `DATABASE_URL` is set (CI sets it). */
export const backends = (): ReadonlyArray<Backend> =>
  process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite"] : ["pglite", "postgres"]

/** What a test can ask about its database. */
export class TestDatabase extends Context.Service<
  TestDatabase,
  {
    readonly backend: Backend
    /** The schema holding the tables (`public` on PGlite, the per-file schema on PostgreSQL). */
    readonly schema: string
  }
>()("@quotekit/pg/TestDatabase") {}

/** What `layer` provides. */
export type Provided = PgClient.PgClient | SqlClient.SqlClient | TestDatabase

let templateBlob: Promise<Blob> | undefined

// The template file from TestGlobalSetup; without that setup (a package that forgot it) one is built here, once
// per worker, which is slower but still correct.
const template = Effect.promise(() => {
  templateBlob ??= (async () => {
    const file = (() => {
      try {
        return inject("quotekitPgTemplate")
      } catch {
        return undefined
      }
    })()
    return file === undefined ? Effect.runPromise(TestTemplate.build) : TestTemplate.read(file)
  })()
  return templateBlob
})

const pglite: Layer.Layer<Provided, unknown> = Layer.unwrap(
  Effect.map(template, (loadDataDir) =>
    Layer.merge(
      Database.embedded({ loadDataDir }),
      Layer.succeed(TestDatabase, TestDatabase.of({ backend: "pglite", schema: "public" }))
    )
  )
)

const postgres = (url: Redacted.Redacted): Layer.Layer<Provided, unknown> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const schema = TestTemplate.schemaName()
      const admin = yield* Layer.build(Database.postgres({ url, maxConnections: 1 }))
      const sql = Context.get(admin, SqlClient.SqlClient)
      yield* Effect.acquireRelease(sql`CREATE SCHEMA ${sql(schema)}`, () =>
        sql`DROP SCHEMA IF EXISTS ${sql(schema)} CASCADE`.pipe(Effect.ignore)
      )
      const client = Database.postgres({ url, searchPath: [schema, "public"], maxConnections: 4 })
      return Layer.merge(
        Layer.effectDiscard(Migrations.run).pipe(Layer.provideMerge(client)),
        Layer.succeed(TestDatabase, TestDatabase.of({ backend: "postgres", schema }))
      )
    })
  )

/**
 * A migrated database of its own on the given backend, closed (and on PostgreSQL dropped) with the layer.
 * Use `describeBackends` in test files; use this directly to build a custom harness.
 */
export const layer = (backend: Backend): Layer.Layer<Provided, unknown> => {
  if (backend === "pglite") return pglite
  const url = process.env.DATABASE_URL
  if (url === undefined || url === "") return Layer.effectDiscard(Effect.die("DATABASE_URL is not set")) as never
  return postgres(Redacted.make(url))
}

/** Options of `describeBackends`. */
export interface DescribeOptions<R, E> {
  /** Layers the tests need on top of the database (repositories, the HTTP server...). */
  readonly layer?: Layer.Layer<R, E, Provided>
  /** Time allowed to build and close the layers; default 2 minutes. */
  readonly timeout?: Duration.Input
  /** Only these backends (of those available), for behaviour that belongs to one database. */
  readonly only?: ReadonlyArray<Backend>
}

/**
 * Declares the same tests once per backend (`name [pglite]`, `name [postgres]`), each block with its own
 * migrated database. Tests run with the live clock; provide `TestClock.layer()` in a test that wants it.
 */
export const describeBackends = <R = never, E = never>(
  name: string,
  body: (it: Vitest.Vitest.MethodsNonLive<Provided | R>, backend: Backend) => void,
  options: DescribeOptions<R, E> = {}
): void => {
  for (const backend of backends().filter((b) => options.only === undefined || options.only.includes(b))) {
    const database = layer(backend)
    const full: Layer.Layer<Provided | R, unknown> =
      // Without extra layers R is never, so the database alone provides everything.
      options.layer === undefined
        ? (database as Layer.Layer<Provided | R, unknown>)
        : options.layer.pipe(Layer.provideMerge(database))
    vitestLayer(full, { timeout: options.timeout ?? "2 minutes", excludeTestServices: true })(
      `${name} [${backend}]`,
      (it) => body(it, backend)
    )
  }
}
