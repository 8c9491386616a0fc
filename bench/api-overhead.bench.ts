/**
 * `GET /get/cache-account` over real HTTP against the running server, and how fast `npm start` comes up.
 *
 * - `start.embedded.first` / `start.embedded.again` (s): launching `scripts/start.ts` in a child process on a
 *   fresh temporary data folder (PGlite created, migrated, demo seeded) until `/api/health` answers, then again
 *   on the same folder.
 * - `api.cache-account.rps` / `.p99` (ms): autocannon, 50 connections for 10 s, signed in as the demo admin,
 *   against that server (PGlite), or against PostgreSQL (seeded) when `DATABASE_URL` is set: in a database of
 *   the benchmark's own on that server, dropped afterwards.
 * - `baseline.cache-account.rps`: a bare `node:http` server over the same database and the same SQL client
 *   answering the same rows with plain SQL on every request (session by token hash, account, team, taxes,
 *   categories, templates, the sign-in's accounts) and `JSON.stringify`; no framework, no schemas, no cache.
 * - `api.cache-account.vs-baseline`: the ratio of the two (goal >= 0.8).
 *
 * Every server runs in a child process so the load generator never shares its event loop.
 * `node bench/api-cache-account.bench.ts --baseline` is the baseline server itself.
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

// --- the baseline server (child mode) --------------------------------------------------------------------------

const runBaseline = async () => {
  const { Effect, ManagedRuntime, Redacted } = await import("effect")
  const { SqlClient } = await import("effect/sql")
  const Database = await import("@quotekit/pg/Database")
  const url = process.env.DATABASE_URL
  const db =
    url !== undefined && url !== ""
      ? Database.postgres({ url: Redacted.make(url) })
      : Database.embedded({ dataDir: Database.pgdataDirectory(process.env.QUOTEKIT_DATA_DIR ?? ".quotekit") })
  const runtime = ManagedRuntime.make(db)
  const answer = (token: string) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [session] = yield* sql<{ signin_id: number; account_id: number; is_admin: boolean }>`
        SELECT s.signin_id, m.account_id, m.is_admin FROM sessions s
        JOIN memberships m ON m.account_id = s.account_id AND m.signin_id = s.signin_id
        WHERE s.token_hash = ${createHash("sha256").update(token).digest("hex")} AND s.expires_at > now()`
      if (session === undefined) return undefined
      const account = session.account_id
      const [settings] = yield* sql`SELECT * FROM accounts WHERE account_id = ${account}`
      const signins = yield* sql`
        SELECT s.signin_id, s.name_display, s.name_first, s.name_last, s.image, m.is_admin
        FROM memberships m JOIN signins s ON s.signin_id = m.signin_id
        WHERE m.account_id = ${account} AND m.joined_at IS NOT NULL`
      const taxes =
        yield* sql`SELECT item_tax_id, tax_rate, description, archive_id FROM item_taxes WHERE account_id = ${account}`
      const categories = yield* sql`
        SELECT item_cat_id, name, description, archive_id, tax_id_default FROM item_categories WHERE account_id = ${account}`
      const templates = yield* sql`
        SELECT quote_id, title FROM quotes WHERE account_id = ${account} AND is_template AND archive_id = 1 AND deleted_at IS NULL`
      const accounts = yield* sql`
        SELECT a.account_id, a.name AS account_name, m.is_admin FROM memberships m JOIN accounts a USING (account_id)
        WHERE m.signin_id = ${session.signin_id} AND m.joined_at IS NOT NULL`
      return {
        account_signin: { ...settings, ...session, accounts },
        item_taxes: taxes,
        item_categories: categories,
        signins,
        templates
      }
    })
  const server = createServer((req, res) => {
    const token = /(?:^|; )qk_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1]
    if (req.url !== "/get/cache-account" || token === undefined) {
      res.writeHead(req.url === "/api/health" ? 200 : 404).end()
      return
    }
    runtime.runPromise(answer(token)).then(
      (body) => {
        if (body === undefined) res.writeHead(401).end()
        else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body))
      },
      () => res.writeHead(500).end()
    )
  })
  await runtime.runPromise(Effect.void)
  server.listen(Number(process.env.PORT), "127.0.0.1")
  process.on("SIGTERM", () => server.close(() => runtime.dispose().then(() => process.exit(0))))
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
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_REQUESTS: "false" },
    stdio: ["ignore", "pipe", "inherit"]
  })
  // `npm start` says when it builds the app or bundles the server (sources changed since the last start).
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString()
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

/** Sign in as the demo admin; answers the session cookie. */
const signIn = async (base: string): Promise<string> => {
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
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("qk_session="))
  if (!res.ok || session === undefined) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`)
  return session
}

const load = async (base: string, cookie: string) => {
  const { default: autocannon } = await import("autocannon")
  const result = await autocannon({
    url: `${base}/get/cache-account`,
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
    const cookie = await signIn(server.base)
    await load(server.base, cookie) // warm-up: JIT, caches, pool
    const api = await load(server.base, cookie)
    await stop(server.child)

    const baseline = await launch(
      [fileURLToPath(import.meta.url), "--baseline"],
      onPostgres ? { DATABASE_URL: pgUrl } : embedded
    )
    await load(baseline.base, cookie)
    const bare = await load(baseline.base, cookie)
    await stop(baseline.child)

    const db = onPostgres ? "PostgreSQL" : "PGlite"
    report("api.cache-account.rps", api.rps, "req/s")
    report("api.cache-account.p99", api.p99, "ms")
    report("baseline.cache-account.rps", bare.rps, "req/s")
    report("api.cache-account.vs-baseline", api.rps / bare.rps, "x")
    console.log(`(database: ${db}; ${CONNECTIONS} connections, ${DURATION} s per run after a warm-up run)`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const pgUrl = process.env.DATABASE_URL
if (process.argv.includes("--baseline")) await runBaseline()
else if (pgUrl !== undefined && pgUrl !== "") await withScratchDatabase(pgUrl, measure)
else await measure(undefined)
