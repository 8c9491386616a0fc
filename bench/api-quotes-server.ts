/**
 * The server process of `api-quotes.bench.ts`: quotekit on a free loopback port over the PostgreSQL of
 * `DATABASE_URL`, in the schema `BENCH_SCHEMA` (already migrated by the benchmark), printing `listening <url>`
 * once it answers. Runs apart from the load generator so each has its own core.
 */
import { NodeRuntime } from "@effect/platform-node"
import * as Database from "@quotekit/pg/Database"
import { Effect, Layer, Redacted } from "effect"
import * as Mailer from "../adapters/server/src/auth/Mailer.ts"
import * as Main from "../adapters/server/src/main.ts"
import * as EventBusLocal from "../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../adapters/server/src/ServerConfig.ts"

const url = process.env.DATABASE_URL ?? ""
const schema = process.env.BENCH_SCHEMA ?? "public"
const connections = Number(process.env.BENCH_DB_CONNECTIONS ?? "10")

const App = Main.layer.pipe(
  Layer.provide([
    ServerConfig.layer({ port: 0, host: "127.0.0.1", logRequests: false }),
    Mailer.layerLog,
    EventBusLocal.layer
  ]),
  Layer.provide(
    Database.postgres({ url: Redacted.make(url), searchPath: [schema, "public"], maxConnections: connections })
  )
)

Effect.gen(function* () {
  console.log(`listening ${yield* Main.url}`)
  return yield* Effect.never
}).pipe(Effect.provide(App), NodeRuntime.runMain)
