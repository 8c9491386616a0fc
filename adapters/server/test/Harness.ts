/**
 * The HTTP test harness of the sign-in, account and service tests: the real server (`main.ts`) on a free
 * loopback port over the backend's test database, an in-memory mailer, the event bus of the backend, and a
 * clock the tests can move forward (`TestServer.advance`) so session expiry and rate-limit windows are tested
 * without waiting. `Browser` is a cookie-keeping client that sends requests the way the app does; each of its
 * anti-forgery parts can be left out to test the refusals.
 */
import { CSRF_COOKIE, CSRF_HEADER, REQUESTED_WITH, REQUESTED_WITH_HEADER } from "@quotekit/core/api/Security"
import type * as TestDb from "@quotekit/pg/TestDatabase"
import { TestDatabase } from "@quotekit/pg/TestDatabase"
import { Clock, Context, Effect, Layer } from "effect"
import * as Mailer from "../src/auth/Mailer.ts"
import * as Main from "../src/main.ts"
import * as EventBusLocal from "../src/push/EventBusLocal.ts"
import * as EventBusPg from "../src/push/EventBusPg.ts"
import * as ServerConfig from "../src/ServerConfig.ts"

/** A running test server. */
export class TestServer extends Context.Service<
  TestServer,
  {
    readonly url: string
    /** Move the server's clock forward. */
    readonly advance: (ms: number) => Effect.Effect<void>
    /** The emails sent so far, oldest first. */
    readonly outbox: ReadonlyArray<Mailer.Mail>
  }
>()("quotekit/test/TestServer") {}

/** A clock running with real time plus an offset the test moves. */
export const shiftedClock = () => {
  let offset = 0
  const real = Clock.Clock.defaultValue()
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: () => real.currentTimeMillisUnsafe() + offset,
    currentTimeMillis: Effect.sync(() => real.currentTimeMillisUnsafe() + offset),
    currentTimeNanosUnsafe: () => real.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => real.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: real.monotonicTimeNanos,
    sleep: (duration) => real.sleep(duration)
  }
  return {
    clock,
    advance: (ms: number) =>
      Effect.sync(() => {
        offset += ms
      })
  }
}

/** Settings for tests: a free port, the given limits and durations. */
export const testSettings = (overrides: Partial<ServerConfig.Settings> = {}) =>
  ServerConfig.layer({ port: 0, host: "127.0.0.1", appRoot: "/nonexistent-app-dist", ...overrides })

/** The server over the test database (PGlite: in-process bus; PostgreSQL: LISTEN/NOTIFY on a per-file channel). */
export const layer = (
  overrides: Partial<ServerConfig.Settings> = {}
): Layer.Layer<TestServer, unknown, TestDb.Provided> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const db = yield* TestDatabase
      const time = shiftedClock()
      const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
      const server = Main.layer.pipe(
        Layer.provide([testSettings(overrides), bus]),
        Layer.provideMerge(Mailer.layerMemory)
      )
      return Layer.effect(
        TestServer,
        Effect.gen(function* () {
          const outbox = yield* Mailer.MailerMemory
          return TestServer.of({ url: yield* Main.url, advance: time.advance, outbox: outbox.sent })
        })
      ).pipe(Layer.provide(server), Layer.provide(Layer.succeed(Clock.Clock, time.clock)))
    })
  )

/** An answer: status, headers and the body as JSON (or text when it is not JSON). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
  readonly body: any
  readonly text: string
  /** The body's bytes, for binary answers (PDFs, files). */
  readonly bytes: Uint8Array
}

/** Which anti-forgery parts a request sends (all by default). */
export interface Forgery {
  readonly csrfHeader?: "match" | "missing" | "wrong"
  readonly requestedWith?: boolean
}

/** A browser-like client: keeps cookies, sends the anti-forgery header and `X-Requested-With` when asked. */
export class Browser {
  readonly cookies = new Map<string, string>()
  readonly base: string
  constructor(base: string) {
    this.base = base
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
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

  /** Any request; a body that is not a string is sent as JSON. */
  request(
    method: string,
    path: string,
    body?: unknown,
    forgery: Forgery = {},
    headers: Record<string, string> = {}
  ): Effect.Effect<Answer> {
    return Effect.promise(async () => {
      if (!this.cookies.has(CSRF_COOKIE)) this.keep(await fetch(`${this.base}/api/csrf`))
      const h: Record<string, string> = { ...headers }
      if (this.cookies.size > 0) h.cookie = this.cookieHeader()
      if (method !== "GET") {
        const csrf = forgery.csrfHeader ?? "match"
        if (csrf === "match") h[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? ""
        if (csrf === "wrong") h[CSRF_HEADER] = "x".repeat(43)
        if (forgery.requestedWith ?? true) h[REQUESTED_WITH_HEADER] = REQUESTED_WITH
      }
      // A form (multipart upload) sets its own content type; anything else is sent as JSON.
      let payload: string | FormData | undefined
      if (typeof body === "string" || body instanceof FormData) payload = body
      else if (body !== undefined) payload = JSON.stringify(body)
      if (typeof payload === "string") h["content-type"] ??= "application/json"
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: h,
        ...(payload === undefined ? {} : { body: payload })
      })
      this.keep(res)
      const bytes = new Uint8Array(await res.arrayBuffer())
      const text = new TextDecoder().decode(bytes)
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed, text, bytes }
    })
  }

  get(path: string): Effect.Effect<Answer> {
    return this.request("GET", path)
  }

  post(path: string, body?: unknown, forgery?: Forgery): Effect.Effect<Answer> {
    return this.request("POST", path, body, forgery)
  }
}

/** A new browser on the test server. */
export const browser = Effect.map(TestServer, (server) => new Browser(server.url))

let counter = 0
/** A unique email for this test process. */
export const uniqueEmail = (name: string): string =>
  `${name.toLowerCase()}.${process.pid}.${Date.now()}.${++counter}@example.com`

/** The password every test account uses. */
export const PASSWORD = "correct horse battery"

/** A browser signed in to a new account of its own (its only account, so chosen). */
export const newAccount = (name: string) =>
  Effect.gen(function* () {
    const b = yield* browser
    const email = uniqueEmail(name)
    const created = yield* b.post("/sign-in/new-account", {
      business_name: `${name} Ltd`,
      your_name: `${name} Tester`,
      email,
      password: PASSWORD
    })
    if (created.status !== 201) return yield* Effect.die(`could not create ${name}: ${created.text}`)
    return {
      browser: b,
      email,
      signinId: created.body.signin_id as number,
      accountId: created.body.account_id as number
    }
  })
