/**
 * A webhook receiver for tests: a `node:http` server on 127.0.0.1 that keeps every request (headers, body, the
 * status it answered) and answers with what `answer` says (200 by default). `start` is scoped: the server closes
 * with the scope. `verified` checks a request's signature with the Standard Webhooks library, as a receiver would.
 */
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect, Schedule } from "effect"
import { Webhook } from "standardwebhooks"

/** One request the receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly status: number
}

/** A running receiver. */
export interface Receiver {
  readonly url: string
  readonly received: Array<Received>
  /** The status to answer the next request with (200 unless changed). */
  answer: (request: { readonly body: string; readonly index: number }) => number
}

/** Start a receiver on a free loopback port for the current scope. */
export const start = Effect.acquireRelease(
  Effect.promise(async () => {
    const receiver: Receiver = { url: "", received: [], answer: () => 200 }
    const server = createServer((req, res) => {
      let body = ""
      req.on("data", (chunk) => (body += String(chunk)))
      req.on("end", () => {
        const status = receiver.answer({ body, index: receiver.received.length })
        receiver.received.push({ headers: req.headers, body, status })
        res.writeHead(status, { "content-type": "text/plain" })
        res.end(status < 300 ? "thanks" : "receiver is down")
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as AddressInfo
    return Object.assign(receiver, { url: `http://127.0.0.1:${port}/hooks`, server })
  }),
  (r) =>
    Effect.promise(
      () =>
        new Promise<void>((resolve) => {
          r.server.closeAllConnections()
          r.server.close(() => resolve())
        })
    )
)

/** The request's payload when its signature verifies under `secret` (throws otherwise). */
export const verified = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"])
  }) as { readonly type: string; readonly timestamp: string; readonly data: Record<string, unknown> }

/** Wait until `ready` holds (checked every 50 ms, up to 15 s). */
export const until = (ready: () => boolean, what: string | (() => string)) =>
  Effect.suspend(() => (ready() ? Effect.void : Effect.fail(typeof what === "string" ? what : what()))).pipe(
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 300 }),
    Effect.orDie
  )
