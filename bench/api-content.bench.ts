/**
 * `api.contact-lookup.p99`: the 99th-percentile latency (ms) of `POST /get/lookup-contact/person` over real
 * HTTP with 50,000 contacts in the account and 50 concurrent connections (autocannon, 10 s, searches drawn
 * from the account's names, companies and emails). `import.csv.10k-rows`: seconds for `POST /post/import/run`
 * to import a 10,000-row contacts CSV (people, their companies, phones and addresses) in one transaction.
 *
 * Runs on the embedded PGlite (one connection, so the 50 connections queue for it), or on the PostgreSQL of
 * `DATABASE_URL` in a schema of its own, dropped afterwards (kept, and its name printed, with `BENCH_KEEP_SCHEMA=1`).
 */
import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import * as Database from "@quotekit/pg/Database"
import * as Migrations from "@quotekit/pg/Migrations"
import { Effect, Layer, Redacted, References } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../adapters/server/src/auth/Mailer.ts"
import * as Main from "../adapters/server/src/main.ts"
import * as EventBusLocal from "../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../adapters/server/src/ServerConfig.ts"
import { report } from "./measure.ts"

process.env.QUOTEKIT_DATA_DIR = mkdtempSync(join(tmpdir(), "quotekit-bench-"))

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 50_000)
const IMPORT_ROWS = 10_000
const firsts = ["Jane", "John", "Aroha", "Mei", "Liam", "Olivia", "Noah", "Ava", "Wiremu", "Priya", "Tom", "Sofia"]
const lasts = ["Smith", "Taylor", "Brown", "Ngata", "Chen", "Patel", "Wilson", "Walker", "Kaur", "Lee", "Martin"]

let seed = 7
const next = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(next() * xs.length)]!

const url = process.env.DATABASE_URL
const schema = `bench_${randomBytes(4).toString("hex")}`

const database =
  url === undefined || url === ""
    ? Database.embedded({})
    : Database.postgres({ url: Redacted.make(url), searchPath: [schema, "public"], maxConnections: 10 })

const App = Main.layer.pipe(
  Layer.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
  Layer.provide([ServerConfig.layer({ port: 0, host: "127.0.0.1" }), Mailer.layerLog, EventBusLocal.layer]),
  Layer.provide(Migrations.layer),
  Layer.provideMerge(database)
)

/** A cookie-keeping request over HTTP, as the app makes it. */
const client = (base: string) => {
  const cookies = new Map<string, string>()
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const at = pair!.indexOf("=")
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
  }
  const post = async (path: string, body: unknown) => {
    if (!cookies.has("qk_csrf")) keep(await fetch(`${base}/api/csrf`))
    const form = body instanceof FormData
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        cookie: cookie(),
        "x-csrf-token": cookies.get("qk_csrf") ?? "",
        "x-requested-with": "XMLHttpRequest",
        ...(form ? {} : { "content-type": "application/json" })
      },
      body: form ? body : JSON.stringify(body)
    })
    keep(res)
    const text = await res.text()
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`)
    return JSON.parse(text)
  }
  return { post, cookie, csrf: () => cookies.get("qk_csrf") ?? "" }
}

const program = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  if (url !== undefined && url !== "") yield* sql`SELECT 1`
  const base = yield* Main.url
  const c = client(base)
  yield* Effect.promise(() =>
    c.post("/sign-in/new-account", {
      business_name: "Bench Ltd",
      your_name: "Bench Owner",
      email: `bench-${Date.now()}@example.com`,
      password: "correct horse battery"
    })
  )

  // import.csv.10k-rows
  const lines = ["First Name,Last Name,Email,Company,Phone,Street,City,Postcode,Country"]
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const first = pick(firsts)
    const last = pick(lasts)
    lines.push(
      [
        first,
        last,
        `${first}.${last}.${i}@example.com`.toLowerCase(),
        `${pick(lasts)} ${pick(["Ltd", "Builders", "Group"])} ${i % 400}`,
        `04 555 ${String(i).padStart(4, "0")}`,
        `${i} High St`,
        pick(["Wellington", "Auckland", "Sydney"]),
        String(6000 + (i % 90)),
        "New Zealand"
      ].join(",")
    )
  }
  const form = new FormData()
  form.set("file", new Blob([lines.join("\n")]), "contacts.csv")
  const uploaded = yield* Effect.promise(() => c.post("/service/file-upload/import", form))
  const started = performance.now()
  const outcome = yield* Effect.promise(() =>
    c.post("/post/import/run", { _csv_file_hash: uploaded.hash, kind: "contacts" })
  )
  const importSeconds = (performance.now() - started) / 1000
  if (outcome.imported !== IMPORT_ROWS) throw new Error(`imported ${outcome.imported}`)

  // Fill the account to 50,000 contacts.
  const [{ account_id }] = (yield* sql<{
    account_id: number
  }>`SELECT account_id FROM accounts ORDER BY account_id DESC LIMIT 1`) as unknown as [{ account_id: number }]
  const have = (yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM contacts WHERE account_id = ${account_id}`)[0]!
    .n
  const rows: Array<Record<string, unknown>> = []
  for (let i = have; i < CONTACTS; i++) {
    const first = pick(firsts)
    const last = `${pick(lasts)}${i % 97 === 0 ? "son" : ""}`
    const email = `${first}.${last}.${i}@example.org`.toLowerCase()
    rows.push({
      account_id,
      contact_type: "person",
      name_first: first,
      name_last: last,
      email,
      search_text: `${first} ${last} ${email}`.toLowerCase()
    })
  }
  for (let i = 0; i < rows.length; i += 1000) {
    yield* sql`INSERT INTO contacts ${sql.insert(rows.slice(i, i + 1000) as never)}`
  }
  yield* sql`ANALYZE contacts`

  const searches = [
    "smi",
    "jane",
    "taylor",
    "ngata ",
    "chen",
    "wal",
    "example.org",
    "builders 12",
    "pri",
    "kaur",
    "o",
    "lee"
  ]
  // The load comes from another process, as real clients do, so it does not share the server's event loop.
  const result = yield* Effect.promise(async () => {
    const child = spawn(process.execPath, [
      fileURLToPath(new URL("./load.ts", import.meta.url)),
      JSON.stringify({
        url: base,
        path: "/get/lookup-contact/person",
        headers: {
          cookie: c.cookie(),
          "x-csrf-token": c.csrf(),
          "x-requested-with": "XMLHttpRequest",
          "content-type": "application/json"
        },
        connections: 50,
        duration: 10,
        bodies: searches.map((search) => JSON.stringify({ search }))
      })
    ])
    let out = ""
    child.stdout.on("data", (d) => {
      out += d
    })
    await new Promise((resolve) => child.on("close", resolve))
    return JSON.parse(out) as {
      non2xx: number
      errors: number
      latency: { p99: number }
      requests: { average: number }
    }
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`lookup answered ${result.non2xx} non-2xx, ${result.errors} errors`)
  report("api.contact-lookup.p99", result.latency.p99, "ms")
  report("api.contact-lookup.requests-per-second", result.requests.average, "req/s")
  report("import.csv.10k-rows", importSeconds, "s")
})

/** Runs `effect` with a client of its own on the PostgreSQL of `DATABASE_URL`, outside the server's layer. */
const onPostgres = (pgUrl: string, effect: Effect.Effect<void, unknown, SqlClient.SqlClient>) =>
  Effect.scoped(effect.pipe(Effect.provide(Database.postgres({ url: Redacted.make(pgUrl), maxConnections: 1 }))))

Effect.runPromise(
  Effect.scoped(
    Effect.gen(function* () {
      // The schema must exist before the migrations run in it.
      if (url !== undefined && url !== "")
        yield* onPostgres(
          url,
          Effect.flatMap(SqlClient.SqlClient, (sql) => sql`CREATE SCHEMA ${sql(schema)}`)
        )
      // The server (and its background workers) stops with this scope, before its schema is dropped.
      yield* Effect.scoped(program.pipe(Effect.provide(App)))
      // `BENCH_KEEP_SCHEMA=1` keeps the seeded schema to look into afterwards (its name is logged).
      if (url !== undefined && url !== "") {
        if (process.env.BENCH_KEEP_SCHEMA === "1") console.log(`kept schema ${schema}`)
        else
          yield* onPostgres(
            url,
            Effect.flatMap(SqlClient.SqlClient, (sql) => sql`DROP SCHEMA ${sql(schema)} CASCADE`)
          )
      }
    })
  )
).then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
