/**
 * The server process as `npm start` runs it; `ServerBundle` bundles this file (and everything it imports from
 * the workspace and Effect) into one cached module graph, so a start loads a handful of files instead of
 * resolving hundreds.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Launch from "@quotekit/server/Launch"

NodeRuntime.runMain(Launch.run(Launch.parseArgs(process.argv.slice(2))))
