/**
 * Creating built-in invoices over real HTTP:
 *
 * - `api.invoice-create.p99-at-20rps` (ms): `POST /act-on/quote-invoice/action/do-create/...` creating the whole
 *   of an accepted 50-line quote as one invoice, 20 requests a second started at an even pace (open loop) over
 *   10 accounts, each on a quote of its own. Each request loads the quote, works out the split, stores the
 *   invoice and answers the quote's whole invoicing picture, in one transaction; the sync worker then issues the
 *   numbered document (and queues its email) in the background, which the run also waits for.
 * - `api.invoice-issue.per-second`: invoices the sync worker issued per second during that run.
 *
 * Budget on PostgreSQL: p99 <= 50 ms. Needs `DATABASE_URL`; runs in a schema of its own, dropped afterwards.
 */
import { randomBytes } from "node:crypto"
import * as Migrations from "@quotekit/pg/Migrations"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { benchDatabase, paced, type Session, signUp, startServer } from "./HttpBench.ts"
import { report } from "./measure.ts"

const ACCOUNTS = 10
const LINES = 50
const RATE = 20
const SECONDS = Number(process.env.BENCH_DURATION ?? "10")

const url = process.env.DATABASE_URL
if (url === undefined || url === "") {
  console.log("api.invoice-create: skipped (set DATABASE_URL to a PostgreSQL database)")
  process.exit(0)
}
const schema = `bench_invoices_${randomBytes(4).toString("hex")}`

const post = async (base: string, s: Session, path: string, body: unknown): Promise<Response> =>
  fetch(`${base}${path}`, { method: "POST", headers: s.headers, body: JSON.stringify(body) })

/** An accepted 50-line quote of the account (prices and taxes vary; a tenth of the lines are discounted). */
const acceptedQuote = async (base: string, s: Session, n: number, tax: number): Promise<number> => {
  // 50 price rows, the total row, and a text row after it (the editor's structure).
  const items = Array.from({ length: LINES + 2 }, (_, i) => ({
    quote_item_id: -(i + 1),
    item_type: i < LINES ? 1 : i === LINES ? 4 : 2,
    item_id: 0,
    item_code: i < LINES ? `SKU-${i}` : "",
    item_title: i < LINES ? `Item ${i} of job ${n}` : i === LINES ? "" : "Terms",
    item_body: "",
    item_cat_id: 0,
    item_tax_id: i % 2 === 0 ? tax : 0,
    price_unit: i < LINES ? `${10 + ((i * 13) % 90)}.25` : "0",
    price_cost: "0",
    price_total: "0",
    quantity: i < LINES ? String(1 + (i % 3)) : "0",
    editable_quantity: "0",
    discount_item: i % 10 === 0 ? "5" : "0",
    contact_choice: 0,
    contact_selected: 0,
    term_every: 0,
    term_type: 2,
    term_duration: 0,
    added_adj_at: 0,
    credited_adj_at: 0,
    order_index: i
  }))
  const saved = await post(base, s, "/post/quote-update/edit/new/is-editing", {
    request_id: `bench-${randomBytes(8).toString("hex")}`,
    quote: {
      title: `Job ${n}`,
      sent_when: 0,
      expiry_date: 0,
      deposit_percent: "0",
      discount_overall: "0",
      currency_id: 156,
      amounts_entered: "exclusive_including",
      private_pricing: 7,
      from: s.signinId
    },
    meta: {},
    items,
    item_files: [],
    contacts: [],
    _modifiedIn: 0,
    primary: "save:now"
  })
  if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${await saved.text()}`)
  const id = ((await saved.json()) as { quote_id: number }).quote_id
  await post(base, s, "/post/quote-mark-sent", { quote_id: id })
  const accepted = await post(base, s, `/post/quote-accept-on-behalf/${id}`, {})
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`)
  return id
}

const program = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* Migrations.run
  const { child, base } = yield* Effect.promise(() => startServer(schema))
  yield* Effect.addFinalizer(() => Effect.sync(() => child.kill("SIGTERM")))
  const sessions = yield* Effect.promise(() =>
    Promise.all(Array.from({ length: ACCOUNTS }, (_, n) => signUp(base, n, schema)))
  )
  for (const s of sessions) {
    const [t] = yield* sql<{ item_tax_id: number }>`
      INSERT INTO item_taxes (account_id, tax_rate, description) VALUES (${s.accountId}, 15, 'GST')
      RETURNING item_tax_id`
    s.headers["x-bench-tax"] = String(t!.item_tax_id)
    const on = yield* Effect.promise(() =>
      post(base, s, "/post/invoicing-settings", {
        builtin_enabled: true,
        prefix: "INV-",
        next_number: 1,
        payment_terms_days: 14,
        payment_instructions: "",
        email_invoices: false
      })
    )
    if (on.status !== 200) throw new Error(`settings answered ${on.status}: ${yield* Effect.promise(() => on.text())}`)
  }
  const total = RATE * SECONDS
  // One quote per request, made ahead; each request sends the sequence its quote's picture was read at.
  const jobs = yield* Effect.promise(() =>
    Promise.all(
      Array.from({ length: total }, async (_, n) => {
        const s = sessions[n % ACCOUNTS]!
        const id = await acceptedQuote(base, s, n, Number(s.headers["x-bench-tax"]))
        const view = await fetch(`${base}/get/quote-invoices/${id}`, { headers: s.headers })
        return { s, id, modifiedIn: ((await view.json()) as { _modifiedIn: number })._modifiedIn }
      })
    )
  )
  const started = performance.now()
  const p99 = yield* Effect.promise(() =>
    paced(RATE, SECONDS, async (n) => {
      const job = jobs[n]!
      const res = await post(base, job.s, `/act-on/quote-invoice/action/do-create/0/${job.id}/up-front/0/100/0`, {
        _modifiedIn: job.modifiedIn
      })
      await res.arrayBuffer()
      return res.status
    })
  )
  report(`api.invoice-create.p99-at-${RATE}rps`, p99, "ms")
  // Wait for the worker to issue them all.
  for (;;) {
    const [r] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM invoice_documents`
    if ((r?.n ?? 0) >= total) break
    yield* Effect.sleep("50 millis")
  }
  report("api.invoice-issue.per-second", total / ((performance.now() - started) / 1000), "invoices/s")
})

program.pipe(Effect.scoped, Effect.provide(benchDatabase(url, schema)), Effect.runPromise).then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
