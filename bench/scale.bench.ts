/**
 * `npm run bench -- scale`: how the quote list's search and the contact lookup grow with the data, one account
 * holding 10,000, then 100,000, then 1,000,000 quotes and as many contacts (a business with years of quotes on
 * one server). At each size:
 *
 * - `api.quote-list.search-uncached.p99.<size>` (ms) and `.rps`: `GET /get/quotes?search=<term>`, 50 closed-loop
 *   connections (autocannon), 3,000 requests each with a term of its own (six characters from the middle of one
 *   quote's reference code, so none can be answered from the list cache and each finds one to three quotes
 *   among all of them): the page and its total read through the account's trigram index.
 * - `api.contact-lookup.p99.<size>` (ms) and `.rps`: `POST /get/lookup-contact/person`, 50 closed-loop
 *   connections for `BENCH_DURATION` (5) seconds, the searches of `api-content.bench.ts` in turn (name and email
 *   prefixes off the lookup indexes, and text inside names through the trigram index).
 *
 * Rows are seeded by `COPY` (PGlite: `COPY ... FROM '/dev/blob'` in the server process; PostgreSQL: `psql` with
 * `COPY ... FROM STDIN`), with the tables' secondary indexes dropped during the load and built again after it,
 * then `ANALYZE`. `BENCH_SCALE_SIZES=10000,100000` measures other sizes.
 *
 * Runs on the embedded PGlite (the server in a child process of its own, the load generator in this one), or on
 * the PostgreSQL of `DATABASE_URL` in a schema of its own, dropped afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import { signUp } from "./HttpBench.ts"
import { report } from "./measure.ts"

const SIZES = (process.env.BENCH_SCALE_SIZES ?? "10000,100000,1000000").split(",").map(Number)
const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? "5")
const SEARCHES = 3_000
const CHUNK = 100_000
const WORDS = ["Kitchen refit", "Bathroom renovation", "Deck and pergola", "Garage conversion"]
const FIRSTS = ["Jane", "John", "Aroha", "Mei", "Liam", "Olivia", "Noah", "Ava", "Wiremu", "Priya", "Tom", "Sofia"]
const LASTS = ["Smith", "Taylor", "Brown", "Ngata", "Chen", "Patel", "Wilson", "Walker", "Kaur", "Lee", "Martin"]
const LOOKUPS = ["smi", "jane", "taylor", "ngata ", "chen", "wal", "example.org", "builders 12", "pri", "kaur", "lee"]

/** A quote's reference code: eight hex digits from its number (a 32-bit mix, the same in every run). */
export const code = (n: number): string => {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, "0")
}

const label = (size: number): string => (size >= 1_000_000 ? `${size / 1_000_000}m` : `${size / 1_000}k`)

/** What to seed: quotes or contacts numbered `from` to `to` (inclusive) of an account. */
interface Seed {
  readonly kind: "quotes" | "contacts"
  readonly account: number
  readonly signin: number
  readonly from: number
  readonly to: number
}

const COLUMNS = {
  quotes: "account_id, quote_no, title, status, from_signin_id, price_current, modified, search_text",
  contacts: "account_id, contact_type, name_first, name_last, email, search_text"
} as const

const STATUSES = ["draft", "sent", "accepted", "declined"]

/** The CSV rows of a seed (no quoting needed: no commas or quotes in the generated text). */
export const csv = (s: Seed): string => {
  const lines: Array<string> = []
  const now = Date.now()
  for (let n = s.from; n <= s.to; n++) {
    const first = FIRSTS[n % FIRSTS.length]!
    const last = LASTS[(n >>> 4) % LASTS.length]!
    if (s.kind === "quotes") {
      const title = `${WORDS[n % WORDS.length]} ${code(n)}`
      const modified = new Date(now - n * 60_000).toISOString()
      const text = `${title} ${first} ${last} ${n}`.toLowerCase()
      lines.push(`${s.account},${n},${title},${STATUSES[n % 4]},${s.signin},${(n % 900) * 10}.5,${modified},${text}`)
    } else {
      const company = n % 5 === 0 ? ` builders ${n % 100}` : ""
      const email = `${first}.${last}${n}@example.org`.toLowerCase()
      lines.push(`${s.account},person,${first},${last},${email},${`${first} ${last} ${email}${company}`.toLowerCase()}`)
    }
  }
  return `${lines.join("\n")}\n`
}

/** The statement that loads a seed's CSV from `source` (`STDIN` or `'/dev/blob'`). */
const copyStatement = (kind: Seed["kind"], source: string) =>
  `COPY ${kind} (${COLUMNS[kind]}) FROM ${source} WITH (FORMAT csv)`

// --- the server (child mode, embedded PGlite) ------------------------------------------------------------------

type ToServer =
  | { readonly type: "exec"; readonly id: number; readonly sql: string }
  | { readonly type: "seed"; readonly id: number; readonly seed: Seed }
type FromServer = { readonly type: "done"; readonly id: number; readonly rows?: ReadonlyArray<Record<string, unknown>> }

const runServer = async () => {
  const { Effect, Layer, References } = await import("effect")
  const Database = await import("@quotekit/pg/Database")
  const Migrations = await import("@quotekit/pg/Migrations")
  const Mailer = await import("../adapters/server/src/auth/Mailer.ts")
  const Main = await import("../adapters/server/src/main.ts")
  const EventBusLocal = await import("../adapters/server/src/push/EventBusLocal.ts")
  const ServerConfig = await import("../adapters/server/src/ServerConfig.ts")
  const { NodeRuntime } = await import("@effect/platform-node")

  Effect.gen(function* () {
    const db = yield* Database.openPglite({ dataDir: Database.pgdataDirectory(process.env.QUOTEKIT_DATA_DIR!) })
    const App = Main.layer.pipe(
      Layer.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
      Layer.provide([
        ServerConfig.layer({ port: 0, host: "127.0.0.1", logRequests: false }),
        Mailer.layerLog,
        EventBusLocal.layer
      ]),
      Layer.provide(Migrations.layer),
      Layer.provideMerge(Database.fromPglite(db))
    )
    // PGlite runs one statement at a time: a load waits for the server's queries in flight and the other way round.
    process.on("message", (message: ToServer) => {
      const work =
        message.type === "exec"
          ? db.query<Record<string, unknown>>(message.sql).then((r) => r.rows)
          : db
              .query(copyStatement(message.seed.kind, "'/dev/blob'"), [], { blob: new Blob([csv(message.seed)]) })
              .then(() => [])
      work.then(
        (rows) => process.send?.({ type: "done", id: message.id, rows } satisfies FromServer),
        (error) => {
          console.error(error)
          process.exit(1)
        }
      )
    })
    yield* Effect.gen(function* () {
      console.log(`listening ${yield* Main.url}`)
      return yield* Effect.never
    }).pipe(Effect.provide(App))
  }).pipe(Effect.scoped, NodeRuntime.runMain)
}

// --- the measuring parent --------------------------------------------------------------------------------------

/** The database under the server, as the parent drives it. */
interface Target {
  readonly base: string
  readonly tag: string
  readonly exec: (sql: string) => Promise<ReadonlyArray<Record<string, unknown>>>
  readonly seed: (seed: Seed) => Promise<void>
  readonly close: () => Promise<void>
}

const listening = (child: ChildProcess): Promise<string> =>
  new Promise((resolve, reject) => {
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening (http:\/\/\S+)/.exec(out)
      if (m) resolve(m[1]!.replace("0.0.0.0", "127.0.0.1"))
    })
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)))
  })

const embeddedTarget = async (): Promise<Target> => {
  const dataDir = mkdtempSync(join(tmpdir(), "quotekit-scale-"))
  const child = spawn(process.execPath, ["--conditions=@quotekit/source", fileURLToPath(import.meta.url), "--server"], {
    env: { ...process.env, QUOTEKIT_DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit", "ipc"]
  })
  const waiting = new Map<number, (rows: ReadonlyArray<Record<string, unknown>>) => void>()
  child.on("message", (m: FromServer) => {
    waiting.get(m.id)?.(m.rows ?? [])
    waiting.delete(m.id)
  })
  let nextId = 0
  const ask = (
    message: Omit<Extract<ToServer, { type: "exec" }>, "id"> | Omit<Extract<ToServer, { type: "seed" }>, "id">
  ) =>
    new Promise<ReadonlyArray<Record<string, unknown>>>((resolve) => {
      const id = nextId++
      waiting.set(id, resolve)
      child.send({ ...message, id })
    })
  const base = await listening(child)
  return {
    base,
    tag: `scale${randomBytes(3).toString("hex")}`,
    exec: (sql) => ask({ type: "exec", sql }),
    seed: (seed) => ask({ type: "seed", seed }).then(() => undefined),
    close: async () => {
      child.kill("SIGTERM")
      await new Promise((resolve) => child.once("exit", resolve))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** `psql` on the benchmark's schema; `input` is written to its standard input (COPY's data). */
const psql = (url: string, schema: string, sql: string, input?: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn("psql", [url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-A", "-t", "-F", "\t", "-c", sql], {
      env: { ...process.env, PGOPTIONS: `-c search_path=${schema},public -c client_min_messages=warning` },
      stdio: ["pipe", "pipe", "inherit"]
    })
    let out = ""
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString()
    })
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`psql exited with ${code}: ${sql}`))))
    child.stdin.end(input ?? "")
  })

const postgresTarget = async (url: string): Promise<Target> => {
  const schema = `bench_scale_${randomBytes(4).toString("hex")}`
  await psql(url, "public", `CREATE SCHEMA ${schema}`)
  // The server migrates the schema (Migrations.layer) before it listens.
  const child = spawn(
    process.execPath,
    ["--conditions=@quotekit/source", fileURLToPath(import.meta.url), "--postgres"],
    {
      env: { ...process.env, BENCH_SCHEMA: schema, LOG_REQUESTS: "false" },
      stdio: ["ignore", "pipe", "inherit"]
    }
  )
  const base = await listening(child)
  return {
    base,
    tag: schema,
    // One row of tab-separated columns per line; the callers read only the first column.
    exec: async (sql) =>
      (await psql(url, schema, sql))
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => ({ value: l.split("\t")[0] })),
    seed: async (seed) => {
      await psql(url, schema, copyStatement(seed.kind, "STDIN"), csv(seed))
    },
    close: async () => {
      child.kill("SIGTERM")
      await new Promise((resolve) => child.once("exit", resolve))
      await psql(url, "public", `DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    }
  }
}

const runPostgresServer = async () => {
  const { Layer, Redacted, References } = await import("effect")
  const Database = await import("@quotekit/pg/Database")
  const Migrations = await import("@quotekit/pg/Migrations")
  const Mailer = await import("../adapters/server/src/auth/Mailer.ts")
  const Main = await import("../adapters/server/src/main.ts")
  const EventBusLocal = await import("../adapters/server/src/push/EventBusLocal.ts")
  const ServerConfig = await import("../adapters/server/src/ServerConfig.ts")
  const { NodeRuntime } = await import("@effect/platform-node")
  const { Effect } = await import("effect")
  const App = Main.layer.pipe(
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
    Layer.provide([
      ServerConfig.layer({ port: 0, host: "127.0.0.1", logRequests: false }),
      Mailer.layerLog,
      EventBusLocal.layer
    ]),
    Layer.provide(Migrations.layer),
    Layer.provideMerge(
      Database.postgres({
        url: Redacted.make(process.env.DATABASE_URL!),
        searchPath: [process.env.BENCH_SCHEMA!, "public"],
        maxConnections: 10
      })
    )
  )
  Effect.gen(function* () {
    console.log(`listening ${yield* Main.url}`)
    return yield* Effect.never
  }).pipe(Effect.provide(App), NodeRuntime.runMain)
}

/** Loads rows `from`..`to` of both tables, with their secondary indexes dropped during the load. */
const grow = async (t: Target, account: number, signin: number, from: number, to: number) => {
  for (const kind of ["quotes", "contacts"] as const) {
    // Secondary indexes only: the keys and unique constraints stay (their indexes are named after constraints).
    const indexes = (
      await t.exec(`SELECT indexdef FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = '${kind}'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`)
    ).map((r) => String(Object.values(r)[0]))
    const names = indexes.map((d) => /INDEX (\S+) ON/.exec(d)![1]!)
    for (const name of names) await t.exec(`DROP INDEX ${name}`)
    for (let start = from; start <= to; start += CHUNK)
      await t.seed({ kind, account, signin, from: start, to: Math.min(to, start + CHUNK - 1) })
    for (const definition of indexes) await t.exec(definition)
    await t.exec(`ANALYZE ${kind}`)
  }
  await t.exec(`UPDATE accounts SET next_quote_no = ${to + 1} WHERE account_id = ${account}`)
}

const headersOf = (headers: Record<string, string>) => {
  const { "content-type": _json, ...rest } = headers
  return rest
}

const main = async () => {
  const url = process.env.DATABASE_URL
  const t = url === undefined || url === "" ? await embeddedTarget() : await postgresTarget(url)
  try {
    const session = await signUp(t.base, 0, t.tag)
    let seeded = 0
    for (const size of SIZES) {
      const started = Date.now()
      await grow(t, session.accountId, session.signinId, seeded + 1, size)
      seeded = size
      console.log(`seeded ${size} quotes and contacts in ${((Date.now() - started) / 1000).toFixed(1)} s`)

      // Terms of their own: six characters from the middle of a quote's code, spread over all the quotes.
      const terms = Array.from({ length: SEARCHES }, (_, i) =>
        code(1 + Math.floor(((i + 0.5) * size) / SEARCHES)).slice(1, 7)
      )
      const probe = await fetch(`${t.base}/get/quotes?search=${terms[0]}`, { headers: headersOf(session.headers) })
      const found = ((await probe.json()) as { rows: ReadonlyArray<unknown> }).rows.length
      if (probe.status !== 200 || found < 1) throw new Error(`the search answered ${probe.status} with ${found} rows`)
      let turn = 1
      const list = await autocannon({
        url: t.base,
        connections: CONNECTIONS,
        amount: SEARCHES - 1,
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({
              ...req,
              path: `/get/quotes?search=${terms[turn++ % SEARCHES]}`,
              headers: headersOf(session.headers)
            })
          }
        ]
      })
      if (list.non2xx > 0 || list.errors > 0) throw new Error(`search: ${list.non2xx} non-2xx, ${list.errors} errors`)
      report(`api.quote-list.search-uncached.p99.${label(size)}`, list.latency.p99, "ms")
      report(`api.quote-list.search-uncached.rps.${label(size)}`, list.requests.total / list.duration, "req/s")

      let next = 0
      const lookup = await autocannon({
        url: t.base,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: "POST",
            path: "/get/lookup-contact/person",
            setupRequest: (req) => ({
              ...req,
              headers: { ...session.headers },
              body: JSON.stringify({ search: LOOKUPS[next++ % LOOKUPS.length] })
            })
          }
        ]
      })
      if (lookup.non2xx > 0 || lookup.errors > 0)
        throw new Error(`lookup: ${lookup.non2xx} non-2xx, ${lookup.errors} errors`)
      report(`api.contact-lookup.p99.${label(size)}`, lookup.latency.p99, "ms")
      report(`api.contact-lookup.rps.${label(size)}`, lookup.requests.average, "req/s")
    }
  } finally {
    await t.close()
  }
}

if (process.argv.includes("--server")) await runServer()
else if (process.argv.includes("--postgres")) await runPostgresServer()
else
  await main().then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
