/**
 * The HTTP test harness of the contacts, items, leads, settings and uploads tests: the server of the shared
 * harness (`../Harness.ts`: the real `main.ts` on a free port over the backend's test database), files in a
 * temporary folder, and a cookie-keeping client that also sends multipart bodies, signs up an account and
 * sends requests the way the app does (anti-forgery token and `X-Requested-With` on every POST).
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CSRF_COOKIE, CSRF_HEADER } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Shared from "../Harness.ts"

/** Where uploaded files of this test process are kept. */
export const dataDir = mkdtempSync(join(tmpdir(), "quotekit-content-"))
process.env.QUOTEKIT_DATA_DIR = dataDir

/** The server over a test database, listening on a free loopback port. */
export const server = Shared.layer()

/** The server as behind a trusted proxy: `X-Forwarded-For` names the client (tests of per-address limits). */
export const serverBehindProxy = Shared.layer({ trustProxy: true })

/** An answer: status, headers and the body as JSON (or text when it is not JSON). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  readonly body: any
  readonly text: string
}

/** A browser-like client: keeps cookies, sends the anti-forgery header on every POST. */
export class Client {
  readonly cookies = new Map<string, string>()
  readonly base: string
  constructor(base: string) {
    this.base = base
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const at = pair!.indexOf("=")
      const name = pair!.slice(0, at).trim()
      const value = pair!.slice(at + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** Any request; `body` is sent as JSON unless it is FormData or a string. */
  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Effect.Effect<Answer> {
    return Effect.promise(async () => {
      if (!this.cookies.has(CSRF_COOKIE)) this.keep(await fetch(`${this.base}/api/csrf`))
      const h: Record<string, string> = { cookie: this.cookieHeader(), ...headers }
      if (method !== "GET") {
        h[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? ""
        h["x-requested-with"] = "XMLHttpRequest"
      }
      let payload: string | FormData | ReadableStream<Uint8Array> | undefined
      if (body instanceof FormData || typeof body === "string" || body instanceof ReadableStream) payload = body
      else if (body !== undefined) {
        payload = JSON.stringify(body)
        h["content-type"] = "application/json"
      }
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: h,
        ...(payload === undefined ? {} : { body: payload }),
        ...(payload instanceof ReadableStream ? { duplex: "half" } : {})
      } as RequestInit)
      this.keep(res)
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {}
      return { status: res.status, headers: res.headers, body: parsed, text }
    })
  }

  get(path: string): Effect.Effect<Answer> {
    return this.request("GET", path)
  }

  post(path: string, body?: unknown): Effect.Effect<Answer> {
    return this.request("POST", path, body)
  }
}

let counter = 0

/** A new account with its first admin signed in; returns the client and the answer of the sign-up. */
export const signUp = (business = "Acme Ltd") =>
  Effect.gen(function* () {
    const client = new Client((yield* Shared.TestServer).url)
    counter++
    const email = `owner${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`
    const res = yield* client.post("/sign-in/new-account", {
      business_name: business,
      your_name: "Ada Owner",
      email,
      password: "correct horse battery"
    })
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`)
    return {
      client,
      email,
      password: "correct horse battery",
      signup: res.body,
      account_id: res.body.account_id as number,
      signin_id: res.body.signin_id as number
    }
  })

/** A second team member (not an admin) of an account, signed in with that account chosen. */
export const addMember = (accountId: number) =>
  Effect.gen(function* () {
    const member = yield* signUp("Member's own business")
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
               VALUES (${accountId}, ${member.signin_id}, false, now())`
    expectStatus(yield* member.client.post(`/sign-in/act-on/account-select/${accountId}`), 200)
    return member
  })

/** A multipart form with one file of the given bytes. */
export const fileForm = (name: string, bytes: Uint8Array | string, field = "file"): FormData => {
  const form = new FormData()
  form.set(field, new Blob([typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes]), name)
  return form
}

/** The smallest valid PNG (1 x 1 pixel). */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64"
  )
)

/** Fails the test with the answer when the status is not the expected one. */
export const expectStatus = (answer: Answer, status: number): Answer => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`)
  return answer
}
