/**
 * What the HTTP benchmarks share: the server in a child process over a benchmark schema of `DATABASE_URL`
 * (`api-quotes-server.ts`), the schema itself (created, and dropped afterwards unless `BENCH_KEEP_SCHEMA=1`),
 * signing up accounts as the app does, and paced (open-loop) latency runs.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createWriteStream, readdirSync, readFileSync, readlinkSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import * as Database from "@quotekit/pg/Database"
import { Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"

const here = dirname(fileURLToPath(import.meta.url))

/** A signed-up account: the headers of its session (cookie, anti-forgery token) and its ids. */
export interface Session {
  readonly headers: Record<string, string>
  readonly signinId: number
  readonly accountId: number
}

/** Sign up account `n` of a run (`tag` keeps emails unique across runs). */
export const signUp = async (base: string, n: number, tag: string): Promise<Session> => {
  const csrf = await fetch(`${base}/api/csrf`)
  const token = ((await csrf.json()) as { token: string }).token
  const res = await fetch(`${base}/sign-in/new-account`, {
    method: "POST",
    headers: {
      cookie: `qk_csrf=${token}`,
      "x-csrf-token": token,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json"
    },
    body: JSON.stringify({
      business_name: `Bench ${n}`,
      your_name: `Bench Person ${n}`,
      email: `bench.${n}.${tag}@example.com`,
      password: "correct horse battery"
    })
  })
  const body = (await res.json()) as { signin_id: number; account_id: number }
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("qk_session="))
  if (res.status !== 201 || session === undefined) throw new Error(`sign-up failed: ${res.status}`)
  // The anti-forgery token is bound to the session: take the one issued for the new session.
  const bound = await fetch(`${base}/api/csrf`, { headers: { cookie: session } })
  const sessionToken = ((await bound.json()) as { token: string }).token
  return {
    signinId: body.signin_id,
    accountId: body.account_id,
    headers: {
      cookie: `qk_csrf=${sessionToken}; ${session}`,
      "x-csrf-token": sessionToken,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json"
    }
  }
}

/** Start the server process over `schema`; resolves with its base URL once it answers. */
export const startServer = (schema: string): Promise<{ child: ChildProcess; base: string }> =>
  new Promise((resolve, reject) => {
    // `BENCH_SERVER_ARGS`: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const extra = (process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter((a) => a !== "")
    const child = spawn(
      process.execPath,
      [...extra, "--conditions=@quotekit/source", join(here, "api-quotes-server.ts")],
      {
        env: { ...process.env, BENCH_SCHEMA: schema, LOG_REQUESTS: "false" },
        stdio: ["ignore", "pipe", "inherit"]
      }
    )
    // `BENCH_SERVER_STDOUT`: a file that gets the server's standard output (e.g. with `--trace-gc`).
    const copy = process.env.BENCH_SERVER_STDOUT
    if (copy !== undefined && copy !== "") child.stdout!.pipe(createWriteStream(copy))
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening (http:\/\/\S+)/.exec(out)
      if (m) resolve({ child, base: m[1]!.replace("0.0.0.0", "127.0.0.1") })
    })
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)))
  })

/**
 * The 99th-percentile latency (ms) of `rate * seconds` requests started at an even pace (each on its own
 * schedule, so a slow answer never delays the next request). Fails on any answer but 200.
 */
export const paced = async (
  rate: number,
  seconds: number,
  request: (n: number) => Promise<number>
): Promise<number> => {
  const latencies: Array<number> = []
  const started = performance.now()
  const total = rate * seconds
  await Promise.all(
    Array.from({ length: total }, async (_, n) => {
      const due = started + (n * 1000) / rate
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
      const t = performance.now()
      const status = await request(n)
      if (status !== 200) throw new Error(`paced request answered ${status}`)
      latencies.push(performance.now() - t)
    })
  )
  latencies.sort((a, b) => a - b)
  return latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? Number.NaN
}

/** The database of a benchmark: its own schema of `url`, created for the run and dropped after it. */
export const benchDatabase = (url: string, schema: string) => {
  const admin = Database.postgres({ url: Redacted.make(url), maxConnections: 1 })
  const withSchema = Layer.effectDiscard(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* Effect.acquireRelease(sql`CREATE SCHEMA ${sql(schema)}`, () =>
        process.env.BENCH_KEEP_SCHEMA === "1"
          ? Effect.log(`kept schema ${schema}`)
          : sql`DROP SCHEMA IF EXISTS ${sql(schema)} CASCADE`.pipe(Effect.ignore)
      )
    })
  ).pipe(Layer.provide(admin))
  return Database.postgres({ url: Redacted.make(url), searchPath: [schema, "public"], maxConnections: 2 }).pipe(
    Layer.provideMerge(withSchema)
  )
}

/** CPU time (user + system, ms) a process has used so far, from `/proc/<pid>/stat`; NaN where unreadable. */
export const cpuMs = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}
const TICKS_PER_SECOND = 100

/** The local ports of the TCP connections process `pid` holds to port `remotePort` (from `/proc`). */
const clientPorts = (pid: number, remotePort: number): ReadonlyArray<number> => {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (m) inodes.add(m[1]!)
    } catch {
      // closed meanwhile
    }
  }
  const ports: Array<number> = []
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/)
      if (f.length < 10 || !inodes.has(f[9]!)) continue
      if (Number.parseInt(f[2]!.split(":")[1]!, 16) === remotePort)
        ports.push(Number.parseInt(f[1]!.split(":")[1]!, 16))
    }
  }
  return ports
}

/**
 * The CPU time of the PostgreSQL backends serving process `pid` (its connections to the database's port, found
 * in `pg_stat_activity` by their client ports): read on the database's own host (`/proc` of its processes), so
 * only where PostgreSQL runs on this machine. Answers a reading to subtract from a later one.
 */
export const backendCpu = (pid: number, dbPort = 5432) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const ports = clientPorts(pid, dbPort)
    const rows = yield* sql<{ readonly pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE client_port = ANY(${ports}::int[])`
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]))
  }).pipe(Effect.orDie)

/** The CPU ms the backends used between two readings (backends that came later count from 0). */
export const backendCpuSince = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number => {
  let ms = 0
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0)
  return ms
}
