/**
 * Prometheus metrics at `GET /metrics` (`prom-client`), only when `METRICS_TOKEN` is set, and only for a request
 * bearing it (`Authorization: Bearer <token>`): request durations by method, route and status (routes with their
 * ids and tokens folded, so the series stay few), the process's own figures (memory, event-loop lag, handles),
 * whether the database answers and how long it took, the email queue (waiting and failed messages), and how full
 * each in-memory cache is against its bound (`CacheFigures`).
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Redacted } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client"
import * as Token from "../auth/Token.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as CacheFigures from "./CacheFigures.ts"
import { pathOf } from "./RequestPath.ts"

/** A path with its ids, tokens and file names folded into placeholders. */
export const routeOf = (path: string): string => {
  if (path.startsWith("/assets/")) return "/assets/*"
  if (path.startsWith("/q/")) return "/q/:token"
  return (
    path
      .split("/")
      .map((segment) =>
        /^-?\d+$/.test(segment) ? ":id" : /^[A-Za-z0-9_-]{20,}$/.test(segment) ? ":token" : segment.slice(0, 40)
      )
      .slice(0, 6)
      .join("/") || "/"
  )
}

/** The metrics of one server. */
export class Metrics extends Context.Service<
  Metrics,
  { readonly registry: Registry; readonly requests: Histogram<"method" | "route" | "status"> }
>()("quotekit/server/Metrics") {}

const make = Effect.sync(() => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: "quotekit_" })
  const requests = new Histogram({
    name: "quotekit_http_request_duration_seconds",
    help: "Time to answer a request, by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry]
  })
  // How full each in-memory cache is, and its bound (read at each scrape).
  new Gauge({
    name: "quotekit_cache_entries",
    help: "Entries held by each in-memory cache.",
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [cache, f] of CacheFigures.figures()) this.set({ cache }, f.entries)
    }
  })
  new Gauge({
    name: "quotekit_cache_max_entries",
    help: "The most entries each in-memory cache keeps.",
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [cache, f] of CacheFigures.figures()) this.set({ cache }, f.max)
    }
  })
  return { registry, requests }
})

/** Global middleware timing every request. */
const timing = HttpRouter.middleware(
  Effect.map(
    Effect.service(Metrics),
    ({ requests }) =>
      (httpEffect) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const started = performance.now()
          const response = yield* httpEffect
          requests.observe(
            {
              method: request.method,
              route: routeOf(pathOf(request.url)),
              status: String(response.status)
            },
            (performance.now() - started) / 1000
          )
          return response
        })
  ),
  { global: true }
)

/** What the scrape reads from the database, set on its gauges just before they are written out. */
const databaseGauges = (registry: Registry) => {
  const up = new Gauge({ name: "quotekit_database_up", help: "1 when the database answers.", registers: [registry] })
  const latency = new Gauge({
    name: "quotekit_database_ping_seconds",
    help: "How long the database took to answer SELECT 1.",
    registers: [registry]
  })
  const queue = new Gauge({
    name: "quotekit_email_queue",
    help: "Emails by state: waiting to be sent, and stored as not sent.",
    labelNames: ["state"] as const,
    registers: [registry]
  })
  return Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const started = performance.now()
    const rows = yield* sql<{ waiting: number; failed: number }>`
      SELECT count(*) FILTER (WHERE email_status = 1)::int AS waiting,
             count(*) FILTER (WHERE email_status = 2 AND error IS NOT NULL)::int AS failed
      FROM email_messages`.pipe(Effect.timeout("2 seconds"), Effect.option)
    if (rows._tag === "Some") {
      up.set(1)
      latency.set((performance.now() - started) / 1000)
      queue.set({ state: "waiting" }, rows.value[0]?.waiting ?? 0)
      queue.set({ state: "failed" }, rows.value[0]?.failed ?? 0)
    } else up.set(0)
  })
}

const route = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const { metricsToken } = yield* ServerConfig
    if (metricsToken === undefined) return
    const { registry } = yield* Metrics
    const refresh = databaseGauges(registry)
    const sql = yield* SqlClient.SqlClient
    yield* router.add(
      "GET",
      "/metrics",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? ""
        if (!Token.equal(given, Redacted.value(metricsToken)))
          return HttpServerResponse.jsonUnsafe(
            { _serveError: { code: "access_denied", message: "A valid metrics token is needed." } },
            { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' } }
          )
        yield* refresh.pipe(Effect.provideService(SqlClient.SqlClient, sql))
        return HttpServerResponse.text(yield* Effect.promise(() => registry.metrics()), {
          contentType: registry.contentType
        })
      })
    )
  })
)

/** The metrics: the registry, the timing middleware and the endpoint. */
export const layer = Layer.mergeAll(timing, route).pipe(Layer.provideMerge(Layer.effect(Metrics, make)))
