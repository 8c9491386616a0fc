/**
 * The quote list and the quote save over real HTTP, on PostgreSQL (`DATABASE_URL`; skipped without it), the server
 * (`api-quotes-server.ts`) in a child process over a schema of the benchmark's own, dropped afterwards.
 *
 * Data: 50 signed-up accounts with 2,000 quotes each (100,000 quotes, a quarter of them kitchens, each with one of
 * the account's 100 contacts) and 60 saved 20-row quotes.
 *
 * - `api.quote-list.search.rps` / `.p99` (ms): `GET /get/quotes?search=kitchen` (100 rows of an account's 2,000
 *   quotes), 50 closed-loop connections for 10 s (`BENCH_DURATION`), the accounts in turn (mostly answered from
 *   the list cache). `.p99-at-100rps`: the same paced at 100 requests a second.
 * - `api.quote-list.search-uncached.rps` / `.p99`: the same search with every request a key the list cache has not
 *   seen (each substring of "kitchen refit" that finds the same quotes, with and without the author filter, for
 *   each account), each sent once over 50 connections: the database's path.
 * - `api.quote-save.20-items.rps` / `.p99`: `POST /post/quote-update/edit/{id}/is-editing` of a 20-row quote (plus
 *   its total and a text row) whose unit prices all change (so every row is rewritten), 50 closed-loop
 *   connections, each saving its own quote with its current edit sequence. `.p99-at-50rps`: paced at 50 a second.
 * - `.server-cpu` / `.pg-cpu` (ms) of the closed-loop saves and the uncached searches: CPU time per request of
 *   the server process and of its PostgreSQL backends (from `/proc`, so only with the database on this machine);
 *   a busy host inflates these far less than the latencies.
 * - `api.quotes.host-load-1m`: the host's 1-minute load average at the end (other work skews the figures).
 *
 * `QUOTES_BENCH=save` runs only the saves, `QUOTES_BENCH=list` only the list; `BENCH_SERVER_ARGS` passes Node
 * options to the server process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it), and
 * `BENCH_SERVER_STDOUT` names a file for its standard output (e.g. with `--trace-gc-nvp`).
 */
import { randomBytes } from "node:crypto"
import { loadavg } from "node:os"
import * as Migrations from "@quotekit/pg/Migrations"
import autocannon from "autocannon"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import {
  backendCpu,
  backendCpuSince,
  benchDatabase,
  cpuMs,
  paced,
  type Session,
  signUp,
  startServer
} from "./HttpBench.ts"
import { report } from "./measure.ts"

const ACCOUNTS = 50
const QUOTES_PER_ACCOUNT = 2_000
const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? "10")
const ROWS = 20
/** The title of the searched quotes; its pieces are the uncached run's search terms. */
const KITCHEN = "kitchen refit"
/** The paced runs' total request rates (requests a second over all 50 connections). */
const LIST_RATE = 100
const SAVE_RATE = 50
const PART = process.env.QUOTES_BENCH ?? ""

const url = process.env.DATABASE_URL
if (url === undefined || url === "") {
  console.log("api.quote-save / api.quote-list: skipped (set DATABASE_URL to a PostgreSQL database)")
  process.exit(0)
}
const schema = `bench_quotes_${randomBytes(4).toString("hex")}`

/** The rows of a 20-item quote; `ids` are the saved ids (negative temporary ids for a new quote). */
const rows = (ids: ReadonlyArray<number>, round: number) =>
  ids.map((id, i) => ({
    quote_item_id: id,
    item_type: i < ROWS ? 1 : i === ROWS ? 4 : 2,
    item_id: 0,
    item_code: i < ROWS ? `SKU-${i}` : "",
    item_title: i < ROWS ? `Item ${i}` : i === ROWS ? "" : "Terms",
    item_body: i < ROWS ? "Supplied and fitted" : "",
    item_cat_id: 0,
    item_tax_id: 0,
    price_unit: i < ROWS ? `${10 + ((i * 7 + round) % 90)}.50` : "0",
    price_cost: "0",
    price_total: "0",
    quantity: i < ROWS ? String(1 + (i % 4)) : "0",
    editable_quantity: "0",
    discount_item: i % 5 === 0 ? "10" : "0",
    contact_choice: 0,
    contact_selected: 0,
    term_every: 0,
    term_type: 2,
    term_duration: 0,
    added_adj_at: 0,
    credited_adj_at: 0,
    order_index: i
  }))

const saveBody = (s: Session, ids: ReadonlyArray<number>, modifiedIn: number, round: number) =>
  JSON.stringify({
    request_id: `bench-${randomBytes(8).toString("hex")}`,
    quote: {
      title: `Kitchen refit ${round}`,
      sent_when: 0,
      expiry_date: 0,
      deposit_percent: "25",
      discount_overall: "0",
      currency_id: 156,
      amounts_entered: "exclusive_including",
      private_pricing: 7,
      from: s.signinId
    },
    meta: {},
    items: rows(ids, round),
    item_files: [],
    contacts: [],
    _modifiedIn: modifiedIn,
    primary: "save:now"
  })

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  )

const program = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* Migrations.run
  const { child, base } = yield* Effect.promise(() => startServer(schema))
  yield* Effect.addFinalizer(() => Effect.sync(() => child.kill("SIGTERM")))

  const sessions = yield* Effect.promise(() =>
    Promise.all(Array.from({ length: ACCOUNTS }, (_, n) => signUp(base, n, schema)))
  )

  // 100,000 quotes: 2,000 per account, a quarter of them kitchens, each with a contact, over the last year.
  const started = Date.now()
  for (const s of sessions) {
    yield* sql`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, email, search_text)
      SELECT ${s.accountId}, 'person', 'Client' || n, 'Surname' || (n % 37), 'client' || n || '@example.com',
             lower('client' || n || ' surname' || (n % 37))
      FROM generate_series(1, 100) AS n`
  }
  yield* sql`
    INSERT INTO quotes (account_id, quote_no, title, status, from_signin_id, price_current, modified, search_text)
    SELECT a.account_id, n,
           (ARRAY['Kitchen refit', 'Bathroom renovation', 'Deck and pergola', 'Garage conversion'])[1 + n % 4] || ' ' || n,
           (ARRAY['draft', 'sent', 'accepted', 'declined', 'sentEditing'])[1 + (n / 4) % 5],
           a.signin_id, (n % 900) * 10 + 0.5, now() - (n * interval '4 minutes'),
           lower((ARRAY['Kitchen refit', 'Bathroom renovation', 'Deck and pergola', 'Garage conversion'])[1 + n % 4]
                 || ' ' || n || ' ' || n || ' client' || (1 + n % 100) || ' surname' || ((1 + n % 100) % 37))
    FROM unnest(${sessions.map((s) => s.accountId)}::int[], ${sessions.map((s) => s.signinId)}::int[])
           AS a(account_id, signin_id)
    CROSS JOIN generate_series(1, ${QUOTES_PER_ACCOUNT}) AS n`
  yield* sql`
    INSERT INTO quote_contacts (account_id, quote_id, contact_id, contact_order)
    SELECT q.account_id, q.quote_id, c.contact_id, 0
    FROM quotes q
    JOIN contacts c ON c.account_id = q.account_id AND c.name_first = 'Client' || (1 + q.quote_no % 100)`
  yield* sql`UPDATE accounts SET next_quote_no = ${QUOTES_PER_ACCOUNT + 1}`
  yield* sql`ANALYZE`
  console.log(`loaded ${ACCOUNTS * QUOTES_PER_ACCOUNT} quotes in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  // One 20-row quote per connection (spread over the accounts), saved once so its rows have ids.
  const pool = yield* Effect.promise(() =>
    Promise.all(
      Array.from({ length: CONNECTIONS + 10 }, async (_, n) => {
        const s = sessions[n % ACCOUNTS]!
        const temp = Array.from({ length: ROWS + 2 }, (_, i) => -(i + 1))
        const res = await fetch(`${base}/post/quote-update/edit/new/is-editing`, {
          method: "POST",
          headers: s.headers,
          body: saveBody(s, temp, 0, 0)
        })
        const body = (await res.json()) as {
          quote_id: number
          _modifiedIn: number
          items: Array<{ temp_id: number; id: number }>
        }
        if (res.status !== 200) throw new Error(`seed save failed: ${res.status} ${JSON.stringify(body)}`)
        const ids = temp.map((t) => body.items.find((p) => p.temp_id === t)!.id)
        return { session: s, quoteId: body.quote_id, ids, modifiedIn: body._modifiedIn, round: 0 }
      })
    )
  )
  const free = [...pool]
  // Paced saves wait for a quote of their own when all are in flight (an overloaded server); the wait counts.
  const waiting: Array<(q: (typeof pool)[number]) => void> = []
  const take = (): Promise<(typeof pool)[number]> => {
    const q = free.pop()
    return q !== undefined ? Promise.resolve(q) : new Promise((resolve) => waiting.push(resolve))
  }
  const give = (q: (typeof pool)[number]) => {
    const next = waiting.shift()
    if (next !== undefined) next(q)
    else free.push(q)
  }

  if (PART !== "save") {
    const check = yield* Effect.promise(() =>
      fetch(`${base}/get/quotes?search=kitchen`, { headers: sessions[0]!.headers }).then((r) => r.json())
    )
    const rowsFound = (check as { rows: ReadonlyArray<unknown> }).rows.length
    if (rowsFound !== 100) throw new Error(`the search answers ${rowsFound} rows, not 100`)

    let next = 0
    const listRun = () =>
      run({
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: "GET",
            path: "/get/quotes?search=kitchen",
            setupRequest: (req) => {
              const { "content-type": _json, ...headers } = sessions[next++ % ACCOUNTS]!.headers
              return { ...req, headers }
            }
          }
        ]
      })
    const list = yield* Effect.promise(() => listRun())
    if (list.non2xx > 0 || list.errors > 0 || list.timeouts > 0)
      console.log(`list: ${list.non2xx} non-2xx answers, ${list.errors} errors, ${list.timeouts} timeouts`)
    report("api.quote-list.search.rps", list.requests.average, "req/s")
    report("api.quote-list.search.p99", list.latency.p99, "ms")
    // Requests at an even pace, each on its own schedule: the latency of a server that is not saturated.
    const listPaced = yield* Effect.promise(() =>
      paced(LIST_RATE, DURATION, async (n) => {
        const { "content-type": _json, ...headers } = sessions[n % ACCOUNTS]!.headers
        const r = await fetch(`${base}/get/quotes?search=kitchen`, { headers })
        await r.text()
        return r.status
      })
    )
    report(`api.quote-list.search.p99-at-${LIST_RATE}rps`, listPaced, "ms")

    // The database path: every request a key of its own (see the header), each finding the same kitchens.
    const pieces = new Set<string>()
    for (let from = 0; from < KITCHEN.length; from++)
      for (let to = from + 3; to <= KITCHEN.length; to++) pieces.add(KITCHEN.slice(from, to))
    const kitchens = (term: string) =>
      Effect.map(
        sql<{ readonly n: number }>`
          SELECT count(*)::int AS n FROM quotes
          WHERE account_id = ${sessions[0]!.accountId} AND search_text LIKE ${`%${term}%`}`,
        (r) => r[0]!.n
      )
    const all = yield* kitchens("kitchen")
    const terms: Array<string> = []
    for (const term of pieces) if (term.trim() === term && (yield* kitchens(term)) === all) terms.push(term)
    const uncachedPaths = terms.flatMap((term) =>
      [false, true].flatMap((byAuthor) =>
        sessions.map((s) => ({
          session: s,
          path: `/get/quotes?search=${encodeURIComponent(term)}${byAuthor ? `&author=${s.signinId}` : ""}`
        }))
      )
    )
    const sample = yield* Effect.promise(() =>
      fetch(`${base}${uncachedPaths.at(-1)!.path}`, { headers: uncachedPaths.at(-1)!.session.headers }).then((r) =>
        r.json()
      )
    )
    const sampleRows = (sample as { rows: ReadonlyArray<unknown> }).rows.length
    if (sampleRows !== 100) throw new Error(`an uncached search answers ${sampleRows} rows, not 100`)
    let nextUncached = 0
    const uncachedServerBefore = cpuMs(child.pid!)
    const uncachedPgBefore = yield* backendCpu(child.pid!)
    const uncached = yield* Effect.promise(() =>
      run({
        url: base,
        connections: CONNECTIONS,
        // Each key once: none can be answered from memory, whatever the rate.
        amount: uncachedPaths.length - 1,
        requests: [
          {
            method: "GET",
            setupRequest: (req) => {
              const { session, path } = uncachedPaths[nextUncached++ % (uncachedPaths.length - 1)]!
              const { "content-type": _json, ...headers } = session.headers
              return { ...req, path, headers }
            }
          }
        ]
      })
    )
    if (uncached.non2xx > 0 || uncached.errors > 0 || uncached.timeouts > 0)
      console.log(
        `list uncached: ${uncached.non2xx} non-2xx answers, ${uncached.errors} errors, ${uncached.timeouts} timeouts`
      )
    // A fixed number of requests: autocannon's per-second average would count the last, partial second as whole.
    report("api.quote-list.search-uncached.rps", uncached.requests.total / uncached.duration, "req/s")
    report("api.quote-list.search-uncached.p99", uncached.latency.p99, "ms")
    report(
      "api.quote-list.search-uncached.server-cpu",
      (cpuMs(child.pid!) - uncachedServerBefore) / uncached.requests.total,
      "ms"
    )
    report(
      "api.quote-list.search-uncached.pg-cpu",
      backendCpuSince(uncachedPgBefore, yield* backendCpu(child.pid!)) / uncached.requests.total,
      "ms"
    )
  }
  // Before each run every quote is free again and carries its current edit sequence (the previous run ended
  // with saves in flight whose answers never came back).
  const refresh = Effect.promise(() =>
    Promise.all(
      pool.map(async (q) => {
        const o = await fetch(`${base}/get/quote-overview/${q.quoteId}`, { headers: q.session.headers })
        q.modifiedIn = ((await o.json()) as { _modifiedIn: number })._modifiedIn
      })
    ).then(() => {
      free.length = 0
      free.push(...pool)
    })
  )
  const saveRun = () =>
    run({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: "POST",
          setupRequest: (req, context) => {
            const q = free.pop()!
            ;(context as { q?: (typeof pool)[number] }).q = q
            q.round++
            return {
              ...req,
              path: `/post/quote-update/edit/${q.quoteId}/is-editing`,
              // A copy: autocannon writes the content-length into the headers object it is given.
              headers: { ...q.session.headers },
              body: saveBody(q.session, q.ids, q.modifiedIn, q.round)
            }
          },
          onResponse: (status, body, context) => {
            const q = (context as { q: (typeof pool)[number] }).q
            if (status === 200) q.modifiedIn = (JSON.parse(body) as { _modifiedIn: number })._modifiedIn
            free.push(q)
          }
        }
      ]
    })
  if (PART !== "list") {
    yield* refresh
    const serverBefore = cpuMs(child.pid!)
    const pgBefore = yield* backendCpu(child.pid!)
    const save = yield* Effect.promise(() => saveRun())
    const serverMs = cpuMs(child.pid!) - serverBefore
    const pgMs = backendCpuSince(pgBefore, yield* backendCpu(child.pid!))
    if (save.non2xx > 0 || save.errors > 0 || save.timeouts > 0)
      console.log(`save: ${save.non2xx} non-2xx answers, ${save.errors} errors, ${save.timeouts} timeouts`)
    report("api.quote-save.20-items.rps", save.requests.average, "req/s")
    report("api.quote-save.20-items.p99", save.latency.p99, "ms")
    // CPU time per save, which a busy host inflates far less than latency: the server process's own, and its
    // PostgreSQL backends' (read from /proc, so only with the database on this machine).
    report("api.quote-save.20-items.server-cpu", serverMs / save.requests.total, "ms")
    report("api.quote-save.20-items.pg-cpu", pgMs / save.requests.total, "ms")
    yield* refresh
    const savePaced = yield* Effect.promise(() =>
      paced(SAVE_RATE, DURATION, async () => {
        const q = await take()
        q.round++
        const r = await fetch(`${base}/post/quote-update/edit/${q.quoteId}/is-editing`, {
          method: "POST",
          headers: q.session.headers,
          body: saveBody(q.session, q.ids, q.modifiedIn, q.round)
        })
        const body = (await r.json()) as { _modifiedIn: number }
        if (r.status === 200) q.modifiedIn = body._modifiedIn
        give(q)
        return r.status
      })
    )
    report(`api.quote-save.20-items.p99-at-${SAVE_RATE}rps`, savePaced, "ms")
  }
  // Other work on the host skews these figures; its load says how much.
  report("api.quotes.host-load-1m", loadavg()[0] ?? 0, "runnable")
})

program.pipe(Effect.scoped, Effect.provide(benchDatabase(url, schema)), Effect.runPromise).then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
