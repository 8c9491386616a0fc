/**
 * Vitest `globalSetup` for every package whose tests use `TestDatabase`: makes (or finds in the cache) the
 * migrated PGlite template once per run and hands its path to the test workers, and readies the PostgreSQL
 * server named by `DATABASE_URL` when set.
 *
 * @example
 * // vitest.config.ts of a package
 * test: { globalSetup: ["../pg/src/TestGlobalSetup.ts"] }
 */

import { join } from "node:path"
import { Effect, Redacted } from "effect"
import type { TestProject } from "vitest/node"
import * as TestTemplate from "./TestTemplate.ts"

/** Builds or finds the template, prepares PostgreSQL, and provides `quotekitPgTemplate` to the tests. */
export default async function setup(project: TestProject): Promise<void> {
  const started = performance.now()
  const cacheDir = join(process.cwd(), "node_modules", ".cache", "quotekit-pg")
  const file = await Effect.runPromise(TestTemplate.ensureFile(cacheDir))
  project.provide("quotekitPgTemplate", file)
  const url = process.env.DATABASE_URL
  if (url !== undefined && url !== "") await Effect.runPromise(TestTemplate.preparePostgres(Redacted.make(url)))
  if (process.env.QUOTEKIT_PG_TIMINGS) console.log(`pg test setup ${Math.round(performance.now() - started)} ms`)
}
