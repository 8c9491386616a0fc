/**
 * The real quotekit server (`adapters/server/src/main.ts`) for browser tests: every handler and middleware as in
 * production, over an embedded PGlite database migrated from scratch, an in-process event bus and an in-memory
 * mailer, serving the built app from `app/dist`. Listens on a free loopback port; `close` stops it and drops
 * the database; `sql` runs a query on its database (to arrange what no screen makes yet, or to check what a
 * screen stored).
 *
 * `signUp` creates an account over HTTP the way the app does and returns a cookie-keeping client for it, whose
 * session can be shared with a browser context.
 */
import { CSRF_COOKIE, CSRF_HEADER, REQUESTED_WITH, REQUESTED_WITH_HEADER } from "@quotekit/core/api/Security"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { SqlClient } from "effect/sql"
import type { BrowserContext } from "playwright-core"
import * as TestDatabase from "../../../adapters/pg/src/TestDatabase.ts"
import * as Mailer from "../../../adapters/server/src/auth/Mailer.ts"
import * as Main from "../../../adapters/server/src/main.ts"
import * as EventBusLocal from "../../../adapters/server/src/push/EventBusLocal.ts"
import * as EventBusPg from "../../../adapters/server/src/push/EventBusPg.ts"
import * as ServerConfig from "../../../adapters/server/src/ServerConfig.ts"
import { distRoot } from "./build.ts"

/** A running server. */
export interface RealServer {
  readonly url: string
  readonly close: () => Promise<void>
  /** Run a query on the server's database. */
  readonly sql: <A, E>(use: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) => Promise<A>
}

/**
 * Start the server over a fresh embedded database, serving the build in `appRoot` (`app/dist` by default), with
 * `overrides` of the test settings (webhooks to this machine, say).
 */
export const start = async (
  appRoot: string = distRoot,
  overrides: Partial<ServerConfig.Settings> = {}
): Promise<RealServer> => {
  const scope = Effect.runSync(Scope.make())
  const server = Main.layer.pipe(
    Layer.provide([
      ServerConfig.layer({
        port: 0,
        host: "127.0.0.1",
        appRoot,
        // Browser tests sign up and in many times from one address.
        signinPerAddress: { max: 1000, windowSeconds: 60 },
        signinPerEmail: { max: 1000, windowSeconds: 60 },
        logRequests: false,
        ...overrides
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

/**
 * Two server processes' worth of servers over one PostgreSQL database (a schema of its own, `DATABASE_URL`), each
 * with its own event bus `LISTEN` on a shared channel, as two processes behind a load balancer would be; `close`
 * stops both and drops the schema.
 */
export const startPairOnPostgres = async (
  appRoot: string = distRoot
): Promise<{ readonly one: RealServer; readonly two: RealServer; readonly close: () => Promise<void> }> => {
  const scope = Effect.runSync(Scope.make())
  const database = await Effect.runPromise(Layer.buildWithScope(TestDatabase.layer("postgres"), scope))
  const { schema } = Context.get(database, TestDatabase.TestDatabase)
  const one = async (): Promise<RealServer> => {
    const server = Main.layer.pipe(
      Layer.provide([
        ServerConfig.layer({
          port: 0,
          host: "127.0.0.1",
          appRoot,
          signinPerAddress: { max: 1000, windowSeconds: 60 },
          signinPerEmail: { max: 1000, windowSeconds: 60 },
          logRequests: false
        }),
        EventBusPg.layer(`events_${schema}`),
        Mailer.layerMemory
      ]),
      Layer.provide(Layer.succeedContext(database))
    )
    // A memo map of its own: the second server shares no service with the first but the database.
    const context = await Effect.runPromise(Layer.buildWithMemoMap(server, Effect.runSync(Layer.makeMemoMap), scope))
    const url = await Effect.runPromise(Main.url.pipe(Effect.provide(context)))
    const sql = Context.get(database, SqlClient.SqlClient)
    return {
      url: url.replace("0.0.0.0", "127.0.0.1"),
      close: async () => undefined,
      sql: (use) => Effect.runPromise(use(sql))
    }
  }
  const first = await one()
  const second = await one()
  return { one: first, two: second, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

/** What the server answered a `Client`. */
export interface Answer {
  readonly status: number
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in tests
  readonly body: any
  readonly text: string
}

const parse = (text: string): unknown => {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A cookie-keeping client of one sign-in, sending the anti-forgery headers as the app does. */
export class Client {
  readonly cookies = new Map<string, string>()
  readonly base: string
  constructor(base: string) {
    this.base = base
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? ""
      const at = pair.indexOf("=")
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /**
   * Any request, whatever its status: for a test that checks a refusal. The body is the JSON answer (the text
   * when it is not JSON, `undefined` when empty).
   */
  async answer(method: string, path: string, body?: unknown): Promise<Answer> {
    if (!this.cookies.has(CSRF_COOKIE)) this.keep(await fetch(`${this.base}/api/csrf`))
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH
    }
    if (method !== "GET") headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? ""
    if (body !== undefined) headers["content-type"] = "application/json"
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    this.keep(res)
    const text = await res.text()
    return { status: res.status, body: parse(text), text }
  }

  /** A request that must succeed: the JSON answer, or an error naming the status and body when it is not. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in tests
  async request(method: string, path: string, body?: unknown): Promise<any> {
    const a = await this.answer(method, path, body)
    if (a.status >= 400) throw new Error(`${method} ${path}: ${a.status} ${a.text}`)
    return a.body
  }

  // biome-ignore lint/suspicious/noExplicitAny: see request
  get(path: string): Promise<any> {
    return this.request("GET", path)
  }

  // biome-ignore lint/suspicious/noExplicitAny: see request
  post(path: string, body?: unknown): Promise<any> {
    return this.request("POST", path, body)
  }

  /** Give a browser context this client's session (and anti-forgery cookie). */
  async share(context: BrowserContext): Promise<void> {
    await context.addCookies([...this.cookies].map(([name, value]) => ({ name, value, url: this.base })))
  }
}

let counter = 0

/** The password of every account `signUp` makes. */
export const PASSWORD = "correct horse battery"

/** A new account (its only member, `name`, an admin, signed in) and a client of its sign-in. */
export const signUp = async (url: string, business = "Harbour Joinery", name = "Alex Owner") => {
  const api = new Client(url)
  const email = `owner.${process.pid}.${Date.now()}.${++counter}@example.com`
  const created = await api.post("/sign-in/new-account", {
    business_name: business,
    your_name: name,
    email,
    password: PASSWORD
  })
  return {
    api,
    email,
    password: PASSWORD,
    signin_id: created.signin_id as number,
    account_id: created.account_id as number
  }
}
