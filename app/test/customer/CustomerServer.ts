/**
 * The real server (`adapters/server/src/main.ts`) over a fresh embedded PGlite, serving the built `app/dist`, and a
 * team member's account with a sent quote whose contact has a customer link: what the customer page's browser
 * tests and its benchmark open. The quote has a plain item with a cost, a checkbox option, a two-option
 * multiple-choice group, a customer-editable quantity, and a private note, so a test can check that none of the
 * private facts reach the customer.
 */
import { spawn } from "node:child_process"
import { mkdtemp } from "node:fs/promises"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { CSRF_COOKIE, CSRF_HEADER, REQUESTED_WITH, REQUESTED_WITH_HEADER } from "@quotekit/core/api/Security"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { SqlClient } from "effect/sql"
import type { Browser, BrowserContext } from "playwright-core"
import * as TestDatabase from "../../../adapters/pg/src/TestDatabase.ts"
import * as Mailer from "../../../adapters/server/src/auth/Mailer.ts"
import * as Main from "../../../adapters/server/src/main.ts"
import * as EventBusLocal from "../../../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../../../adapters/server/src/ServerConfig.ts"
import { appRoot } from "../support/build.ts"

/** A running server. */
export interface Server {
  readonly url: string
  readonly close: () => Promise<void>
  /** Run a query on the server's database. */
  readonly sql: <A, E>(use: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) => Promise<A>
}

/**
 * A production build of the app (both pages) in a folder of its own, so other browser test files rebuilding
 * `app/dist` meanwhile never pull files from under this server. Returns the folder.
 */
export const buildApp = async (): Promise<string> => {
  const outDir = await mkdtemp(join(tmpdir(), "qk-customer-dist-"))
  const vite = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js")
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [vite, "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
      cwd: appRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString()
    })
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString()
    })
    child.on("error", fail)
    child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`vite build failed (${code}):\n${output}`))))
  })
  return outDir
}

/** Start the server over a fresh embedded database, serving the built app in `distRoot`. */
export const start = async (distRoot: string): Promise<Server> => {
  const scope = Effect.runSync(Scope.make())
  const server = Main.layer.pipe(
    Layer.provide([
      ServerConfig.layer({
        port: 0,
        host: "127.0.0.1",
        appRoot: distRoot,
        signinPerAddress: { max: 1000, windowSeconds: 60 },
        signinPerEmail: { max: 1000, windowSeconds: 60 },
        // Quiet request logs where the server has the switch.
        ...({ logRequests: false } as object)
      }),
      EventBusLocal.layer,
      Mailer.layerMemory
    ]),
    Layer.provideMerge(TestDatabase.layer("pglite"))
  )
  const context = await Effect.runPromise(Layer.buildWithScope(server, scope))
  const url = await Effect.runPromise(Main.url.pipe(Effect.provide(context)))
  const sql = Context.get(context, SqlClient.SqlClient)
  return {
    url: url.replace("0.0.0.0", "127.0.0.1"),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
    sql: (use) => Effect.runPromise(use(sql))
  }
}

/** A cookie-keeping client sending the anti-forgery headers as the app does; answers `{ status, body }`. */
export class Client {
  readonly cookies = new Map<string, string>()
  readonly base: string
  constructor(base: string) {
    this.base = base
  }

  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in tests
  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    if (!this.cookies.has(CSRF_COOKIE)) this.keep(await fetch(`${this.base}/api/csrf`))
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH,
      [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? ""
    }
    if (body !== undefined) headers["content-type"] = "application/json"
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    this.keep(res)
    const text = await res.text()
    return { status: res.status, body: text === "" ? undefined : JSON.parse(text) }
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? ""
      const at = pair.indexOf("=")
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
  }

  /** A request that must succeed; its body. */
  // biome-ignore lint/suspicious/noExplicitAny: see request
  async ok(method: string, path: string, body?: unknown): Promise<any> {
    const a = await this.request(method, path, body)
    if (a.status >= 400) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`)
    return a.body
  }
}

/** What `sentQuote` made. */
export interface SentQuote {
  readonly team: Client
  readonly accountId: number
  readonly quoteId: number
  /** The customer's link (absolute URL on the server). */
  readonly link: string
  readonly token: string
}

/** A browser context signed in as the quote's team member (their session cookies copied over). */
export const teamContext = async (browser: Browser, server: Server, q: SentQuote): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([...q.team.cookies].map(([name, value]) => ({ name, value, url: server.url })))
  return context
}

/** The private note and cost the customer must never receive. */
export const PRIVATE_NOTE = "Private: our margin on the oak is thin"
export const COST = "37.4321"

let counter = 0

const row = (id: number, type: number, order: number, fields: Record<string, unknown>) => ({
  quote_item_id: id,
  item_type: type,
  item_id: 0,
  item_code: "",
  item_title: "",
  item_body: "",
  item_cat_id: 0,
  item_tax_id: 0,
  price_unit: "0",
  price_cost: "0",
  price_total: "0",
  quantity: type === 1 ? "1" : "0",
  editable_quantity: "0",
  discount_item: "0",
  contact_choice: 0,
  contact_selected: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  added_adj_at: 0,
  credited_adj_at: 0,
  order_index: order,
  ...fields
})

/** A new account with a sent quote (see the module header); `items` extra price rows for bigger quotes. */
export const sentQuote = async (server: Server, o: { readonly extraItems?: number } = {}): Promise<SentQuote> => {
  const team = new Client(server.url)
  const n = ++counter
  const created = await team.ok("POST", "/sign-in/new-account", {
    business_name: "Harbour Tiling Ltd",
    your_name: "Ada Tester",
    email: `ada.${process.pid}.${Date.now()}.${n}@example.com`,
    password: "correct horse battery"
  })
  const accountId = created.account_id as number
  const contactId = await server.sql((sql) =>
    sql<{ contact_id: number }>`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, email)
      VALUES (${accountId}, 'person', 'Grace', 'Hopper', 'grace@example.com') RETURNING contact_id`.pipe(
      Effect.map((r) => r[0]!.contact_id)
    )
  )
  const prices = [
    {
      item_title: "Labour",
      item_body: "Two tilers for *two days*.",
      price_unit: "100",
      quantity: "2",
      price_cost: COST
    },
    { item_title: "Extended warranty", price_unit: "50", contact_choice: 1 },
    { item_title: "Oak finish", price_unit: "300", contact_choice: 2 | 4 },
    { item_title: "Walnut finish", price_unit: "450", contact_choice: 2 },
    { item_title: "Spare tiles", price_unit: "10", quantity: "5", editable_quantity: "20" },
    ...Array.from({ length: o.extraItems ?? 0 }, (_, i) => ({
      item_title: `Room ${i + 1}`,
      item_body: "Prepare the walls, lay the tiles, grout and seal.",
      price_unit: "120"
    }))
  ]
  const items = [
    ...prices.map((p, i) => row(-(i + 1), 1, i, p)),
    row(-(prices.length + 1), 4, prices.length, {}),
    row(-(prices.length + 2), 2, prices.length + 1, { item_title: "Terms", item_body: "Payment within 14 days." })
  ]
  const saved = await team.ok("POST", "/post/quote-update/edit/new/is-editing", {
    request_id: `req-${process.pid}-${Date.now()}-${n}`,
    quote: {
      title: "Bathroom retiling",
      sent_when: 0,
      expiry_date: 0,
      deposit_percent: "0",
      discount_overall: "0",
      currency_id: 156,
      amounts_entered: "exclusive_including",
      private_pricing: 7,
      from: created.signin_id
    },
    meta: {},
    items,
    item_files: [],
    contacts: [{ quote_contact_id: -1, contact_id: contactId, contact_order: 0 }],
    _modifiedIn: 0,
    primary: "save:now"
  })
  const quoteId = saved.quote_id as number
  await team.ok("POST", "/post/quote-mark-sent", { quote_id: quoteId })
  await team.ok("POST", `/post/discuss-update/${quoteId}/0/2/${quoteId.toString(36)}`, {
    comment: { discuss_type: 12, discuss_body: PRIVATE_NOTE, parent_question: 0 },
    files: [],
    _modifiedIn: 0
  })
  const links = await team.ok("GET", `/get/quote-links/${quoteId}`)
  const link = links[0].url as string
  return { team, accountId, quoteId, link, token: link.slice(link.lastIndexOf("/") + 1) }
}
