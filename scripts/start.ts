/**
 * `npm start`: runs quotekit on one port.
 *
 * - Without `DATABASE_URL`: the embedded PostgreSQL (PGlite) keeps its data under `.quotekit/` (or
 *   `QUOTEKIT_DATA_DIR`); migrations run, and the demo account is made on the first start.
 * - With `DATABASE_URL=postgres://...`: that database; migrations run; demo data only with `--seed`.
 *
 * Listens on `PORT` (default 3000); see `adapters/server/src/ServerConfig.ts` for the other settings.
 * Stops cleanly on Ctrl-C / SIGTERM. The work is in `@quotekit/server/Launch`; this file only turns on
 * Node's compile cache first (so a second start skips compiling), which must happen before the rest loads.
 */
import { enableCompileCache } from "node:module"
import { fileURLToPath } from "node:url"

enableCompileCache(fileURLToPath(new URL("../node_modules/.cache/quotekit-compile", import.meta.url)))

const NodeRuntime = await import("@effect/platform-node/NodeRuntime")
const Launch = await import("@quotekit/server/Launch")

NodeRuntime.runMain(Launch.run(Launch.parseArgs(process.argv.slice(2))))
