/**
 * `npm start`: runs quotekit on one port.
 *
 * - Without `DATABASE_URL`: the embedded PostgreSQL (PGlite) keeps its data under `.quotekit/` (or
 *   `QUOTEKIT_DATA_DIR`); migrations run, and the demo account is made on the first start.
 * - With `DATABASE_URL=postgres://...`: that database; migrations run; demo data only with `--seed`.
 *
 * Listens on `PORT` (default 3000); see `adapters/server/src/ServerConfig.ts` for the other settings.
 * Stops cleanly on Ctrl-C / SIGTERM. The work is in `@quotekit/server/Launch`. This file makes a start fast:
 * it turns on Node's compile cache before anything else loads, builds the app into `app/dist` when that is
 * missing or out of date (unless `APP_DIST` points at a build of your own), and runs the server from a cached
 * bundle (`start/ServerBundle.ts`), falling back to the sources if bundling fails. A new embedded database is
 * created, migrated and seeded by a child process first (`start/NewDatabase.ts`), so the server's memory is
 * that of a restart.
 */
import { enableCompileCache } from "node:module"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const cacheDir = join(root, "node_modules/.cache/quotekit-start")
enableCompileCache(join(cacheDir, "compile"))

if (process.env.APP_DIST === undefined || process.env.APP_DIST === "") {
  const AppBuild = await import("./start/AppBuild.ts")
  // Without the build tools (an install without dev dependencies) the app is served as it was last built.
  await AppBuild.ensure(root, cacheDir).catch((error: unknown) => {
    console.warn(`The app could not be built (${String(error)}); serving app/dist as it is.`)
  })
  process.env.APP_DIST = join(root, "app/dist")
}

// Before PGlite's WebAssembly is compiled.
const WasmTiering = await import("./start/WasmTiering.ts")
const wasmFlags = WasmTiering.apply(process.env)

const ServerBundle = await import("./start/ServerBundle.ts")
const entry = await ServerBundle.ensure(root, cacheDir).catch((error: unknown) => {
  console.warn(`Running from the sources: the server could not be bundled (${String(error)}).`)
  return fileURLToPath(new URL("./start/Entry.ts", import.meta.url))
})
// A new embedded database is made in a child process, whose memory goes back to the system when it ends.
const NewDatabase = await import("./start/NewDatabase.ts")
const failed = NewDatabase.isNeeded(process.env)
  ? await NewDatabase.prepare(entry, process.argv.slice(2), wasmFlags?.split(" ").filter((f) => f !== "") ?? [])
  : undefined
if (failed === undefined) await import(pathToFileURL(entry).href)
else process.exitCode = failed
