/**
 * What the HTTP benchmarks share: the server in a child process over a benchmark schema of `DATABASE_URL`
 * (`api-quotes-server.ts`), the schema itself (created, and dropped afterwards unless `BENCH_KEEP_SCHEMA=1`),
 * signing up accounts as the app does, and paced (open-loop) latency runs.
 */
import { type ChildProcess, spawn } from "node:child_process"
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
    const child = spawn(process.execPath, ["--conditions=@quotekit/source", join(here, "api-quotes-server.ts")], {
      env: { ...process.env, BENCH_SCHEMA: schema, LOG_REQUESTS: "false" },
      stdio: ["ignore", "pipe", "inherit"]
    })
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
