/**
 * The framework's overhead on a trivial contract route, and how fast `npm start` comes up.
 *
 * - `start.embedded.first` / `start.embedded.again` (s): launching `scripts/start.ts` in a child process on a
 *   fresh temporary data folder (PGlite created, migrated, demo seeded) until `/api/health` answers, then again
 *   on the same folder.
 * - `api.session.rps` / `.p99` (ms): `GET /api/session` (who the caller is: read from the request's session, no
 *   database work of its own) through the whole server stack as `npm start` runs it: routing, the input guard,
 *   the session middleware (the session found in memory, `SessionCache`), the anti-forgery cookie check, the
 *   security headers, metrics, request logging (on, as shipped; the log goes to a pipe that is drained) and the
 *   answer's schema encoding. autocannon, 50 keep-alive connections for 10 s (`BENCH_DURATION`) after a warm-up
 *   run, signed in as the demo admin with its session and anti-forgery cookies. PGlite, or PostgreSQL (seeded)
 *   when `DATABASE_URL` is set, in a database of the benchmark's own there, dropped afterwards.
 * - `baseline.session.rps` / `.p99`: a bare `node:http` server answering the same path with the same JSON to the
 *   same connections and cookies: it finds the session by the SHA-256 of its cookie in a `Map` and answers
 *   `JSON.stringify` of the caller (what a hand-written server must do at least); nothing else.
 * - `api.overhead.vs-node-http`: `api.session.rps / baseline.session.rps` (budget >= 0.7).
 * - `framework.session.rps` / `.p99` and `framework.overhead.vs-node-http`: the framework's own floor, an Effect
 *   `HttpApi` with this one endpoint (the contract's `Caller` schema, so the answer is encoded the same way) and
 *   `/api/health`, served by `HttpRouter.serve` on `NodeHttpServer` with nothing else: no middleware, no request
 *   log, the session found as the baseline finds it. What our own stack adds is the gap between it and
 *   `api.session.rps`; what the framework costs is the gap between it and the baseline.
 *
 * Every server runs in a child process of its own, so the load generator never shares its event loop; on a
 * 2-core machine the load generator and the server share the cores in both runs alike.
 * `node bench/api-overhead.bench.ts --baseline` is the baseline server itself (`BASELINE_SESSIONS`: a JSON object
 * from session token to the caller to answer); `--framework` is the framework's floor, with the same sessions.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { report } from "./measure.ts"
import { withScratchDatabase } from "./ScratchDatabase.ts"

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, "..")
const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? "10")
const PATH = "/api/session"

// --- the baseline server (child mode) --------------------------------------------------------------------------

/** The sessions the baseline and the floor know (the callers to answer), by the SHA-256 of their token. */
const givenSessions = (): Map<string, unknown> => {
  const given = JSON.parse(process.env.BASELINE_SESSIONS ?? "{}") as Record<string, unknown>
  return new Map(
    Object.entries(given).map(([token, caller]) => [createHash("sha256").update(token).digest("hex"), caller])
  )
}

/** The caller of a request's session cookie, found as a hand-written server would. */
const callerOf = <A>(sessions: ReadonlyMap<string, A>, cookie: string | undefined): A | undefined => {
  const token = /(?:^|; )qk_session=([^;]+)/.exec(cookie ?? "")?.[1]
  return token === undefined ? undefined : sessions.get(createHash("sha256").update(token).digest("hex"))
}

const runBaseline = () => {
  const sessions = givenSessions()
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    if (req.url === "/api/health") return void res.writeHead(200).end()
    const caller = req.url === PATH ? callerOf(sessions, req.headers.cookie) : undefined
    if (caller === undefined) return void res.writeHead(req.url === PATH ? 401 : 404).end()
    const body = JSON.stringify(caller)
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body)
  })
  server.listen(Number(process.env.PORT), "127.0.0.1")
  process.on("SIGTERM", () => server.close(() => process.exit(0)))
}

// --- the framework's floor (child mode) ------------------------------------------------------------------------

const runFramework = async () => {
  const { NodeHttpServer, NodeRuntime } = await import("@effect/platform-node")
  const { Caller } = await import("@quotekit/core/api/ServiceApi")
  const { Effect, Layer, Schema } = await import("effect")
  const { HttpRouter, HttpServerRequest } = await import("effect/http")
  const { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiError, HttpApiGroup } = await import("effect/http-api")
  const sessions = givenSessions()
  const decodeCaller = Schema.decodeUnknownSync(Caller)
  const callers = new Map([...sessions].map(([hash, caller]) => [hash, decodeCaller(caller)]))
  class Floor extends HttpApi.make("floor").add(
    HttpApiGroup.make("service").add(
      HttpApiEndpoint.get("session", PATH, { success: Caller, error: HttpApiError.Unauthorized }),
      HttpApiEndpoint.get("health", "/api/health")
    )
  ) {}
  const handlers = HttpApiBuilder.group(Floor, "service", (h) =>
    h
      .handle("session", () =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
          const caller = callerOf(callers, request.headers.cookie)
          return caller === undefined ? Effect.fail(new HttpApiError.Unauthorized()) : Effect.succeed(caller)
        })
      )
      .handle("health", () => Effect.void)
  )
  const server = HttpRouter.serve(HttpApiBuilder.layer(Floor).pipe(Layer.provide(handlers)), {
    disableListenLog: true,
    disableLogger: true
  }).pipe(
    Layer.provide(
      NodeHttpServer.layer(() => createServer({ keepAliveTimeout: 65_000 }), {
        port: Number(process.env.PORT),
        host: "127.0.0.1"
      })
    )
  )
  // `runMain` stops the server on SIGTERM.
  NodeRuntime.runMain(Layer.launch(server))
}

// --- the measuring parent --------------------------------------------------------------------------------------

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const address = s.address()
      s.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/** Launch a server process and wait for `/api/health`; answers the process and the seconds it took. */
const launch = async (args: ReadonlyArray<string>, env: Record<string, string | undefined>) => {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ["--conditions=@quotekit/source", ...args], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"]
  })
  // `npm start` says when it builds the app or bundles the server (sources changed since the last start).
  let output = ""
  // Kept only until the server answers; after that the request log is read and dropped.
  child.stdout?.on("data", (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString()
  })
  const rebuilt = () => /Building the app|Bundling the server/.test(output)
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`)
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false
    )
    if (ok) return { child, base, seconds: (performance.now() - started) / 1000, rebuilt: rebuilt() }
    await new Promise((r) => setTimeout(r, 25))
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })

/** Sign in as the demo admin; answers the session and anti-forgery cookies, and the session's token. */
const signIn = async (base: string): Promise<{ cookie: string; token: string }> => {
  const csrf = (await (await fetch(`${base}/api/csrf`)).json()) as { token: string }
  const res = await fetch(`${base}/sign-in`, {
    method: "POST",
    headers: {
      cookie: `qk_csrf=${csrf.token}`,
      "x-csrf-token": csrf.token,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json"
    },
    body: JSON.stringify({ email: "demo@quotekit.dev", password: "demo-quotekit" })
  })
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "")
  const session = cookies.find((c) => c.startsWith("qk_session="))
  const bound = cookies.find((c) => c.startsWith("qk_csrf="))
  if (!res.ok || session === undefined || bound === undefined)
    throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`)
  return { cookie: `${bound}; ${session}`, token: session.slice("qk_session=".length) }
}

const load = async (base: string, cookie: string) => {
  const { default: autocannon } = await import("autocannon")
  const result = await autocannon({
    url: `${base}${PATH}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie }
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return { rps: result.requests.average, p99: result.latency.p99 }
}

/** Measures on PGlite, and on the PostgreSQL database `pgUrl` when given. */
const measure = async (pgUrl: string | undefined) => {
  const dataDir = mkdtempSync(join(tmpdir(), "quotekit-bench-"))
  const embedded = { QUOTEKIT_DATA_DIR: dataDir, DATABASE_URL: undefined }
  const onPostgres = pgUrl !== undefined
  try {
    const first = await launch(["scripts/start.ts"], embedded)
    await stop(first.child)
    report("start.embedded.first", first.seconds, "s")
    const again = await launch(["scripts/start.ts"], embedded)
    report("start.embedded.again", again.seconds, "s")
    if (again.rebuilt) console.log("(the second start rebuilt: sources changed while the benchmark ran)")

    let server = again
    if (onPostgres) {
      await stop(again.child)
      server = await launch(["scripts/start.ts", "--seed"], { DATABASE_URL: pgUrl })
    }
    const { cookie, token } = await signIn(server.base)
    const answer = await fetch(`${server.base}${PATH}`, { headers: { cookie } })
    const caller: unknown = await answer.json()
    if (answer.status !== 200 || answer.headers.getSetCookie().length > 0)
      throw new Error(`${PATH} answered ${answer.status} with cookies ${answer.headers.getSetCookie().join(", ")}`)
    await load(server.base, cookie) // warm-up: JIT, caches
    const api = await load(server.base, cookie)
    await stop(server.child)

    // The comparison servers of this file (`--baseline`, `--framework`), each checked to answer the same caller.
    const compare = async (mode: string) => {
      const other = await launch([fileURLToPath(import.meta.url), mode], {
        BASELINE_SESSIONS: JSON.stringify({ [token]: caller })
      })
      const theirs: unknown = await (await fetch(`${other.base}${PATH}`, { headers: { cookie } })).json()
      if (JSON.stringify(theirs) !== JSON.stringify(caller)) throw new Error(`${mode} answers something else`)
      await load(other.base, cookie)
      const measured = await load(other.base, cookie)
      await stop(other.child)
      return measured
    }
    const bare = await compare("--baseline")
    const framework = await compare("--framework")

    report("api.session.rps", api.rps, "req/s")
    report("api.session.p99", api.p99, "ms")
    report("baseline.session.rps", bare.rps, "req/s")
    report("baseline.session.p99", bare.p99, "ms")
    report("api.overhead.vs-node-http", api.rps / bare.rps, "x")
    report("framework.session.rps", framework.rps, "req/s")
    report("framework.session.p99", framework.p99, "ms")
    report("framework.overhead.vs-node-http", framework.rps / bare.rps, "x")
    console.log(
      `(database: ${onPostgres ? "PostgreSQL" : "PGlite"}; ${CONNECTIONS} connections, ${DURATION} s per run after a warm-up run)`
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const pgUrl = process.env.DATABASE_URL
if (process.argv.includes("--baseline")) runBaseline()
else if (process.argv.includes("--framework")) await runFramework()
else if (pgUrl !== undefined && pgUrl !== "") await withScratchDatabase(pgUrl, measure)
else await measure(undefined)
