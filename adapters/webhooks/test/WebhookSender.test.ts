import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll } from "vitest"
import * as Signature from "../src/Signature.ts"
import * as WebhookSender from "../src/WebhookSender.ts"

/** A receiver on 127.0.0.1 that keeps what it got and answers with `status` (and a long body). */
let receiver: Server
let port = 0
let status = 200
const received: Array<{ readonly headers: IncomingHttpHeaders; readonly body: string }> = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += String(c)))
    req.on("end", () => {
      received.push({ headers: req.headers, body })
      if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2_000)
      res.writeHead(status, { "content-type": "text/plain" })
      res.end(`answer ${status} ${"x".repeat(5000)}`)
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  port = (receiver.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

/** A port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const free = (s.address() as AddressInfo).port
      s.close(() => resolve(free))
    })
  })

const secret = Signature.newSecret()
const delivery = (url: string, body = '{"type":"webhook.test","data":{}}'): WebhookSender.Delivery => ({
  url,
  id: "msg_test1",
  timestampSeconds: Math.floor(Date.now() / 1000),
  body,
  secret: Redacted.make(secret)
})

describe("Signature", () => {
  it("makes secrets the Standard Webhooks verifier takes, and headers it verifies", () => {
    assert.isTrue(Signature.isSecret(secret))
    assert.notStrictEqual(Signature.newSecret(), secret)
    const body = '{"type":"quote.accepted","data":{"quote":{"id":1}}}'
    const now = Math.floor(Date.now() / 1000)
    const headers = Signature.headers(secret, "msg_abc", now, body)
    assert.match(headers["webhook-signature"], /^v1,[A-Za-z0-9+/]{43}=$/)
    assert.deepStrictEqual(new Webhook(secret).verify(body, { ...headers }), JSON.parse(body))
    // Another body, another secret or another id fails.
    assert.throws(() => new Webhook(secret).verify(body.replace("1", "2"), { ...headers }))
    assert.throws(() => new Webhook(Signature.newSecret()).verify(body, { ...headers }))
    assert.throws(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_other" }))
  })
})

describe("WebhookSender.layer", () => {
  it.effect("posts the signed body to an allowed local receiver and keeps a kilobyte of the answer", () =>
    Effect.gen(function* () {
      status = 200
      received.length = 0
      const sender = yield* WebhookSender.WebhookSender
      const d = delivery(`http://127.0.0.1:${port}/hook`)
      const outcome = yield* sender.send(d)
      assert.isTrue(outcome.ok)
      assert.strictEqual(outcome.status, 200)
      assert.strictEqual(outcome.error, null)
      assert.strictEqual(outcome.excerpt.length, WebhookSender.EXCERPT_BYTES)
      assert.isTrue(outcome.excerpt.startsWith("answer 200"))
      const got = received[0]!
      assert.strictEqual(got.body, d.body)
      assert.strictEqual(got.headers["content-type"], "application/json")
      const verified = new Webhook(secret).verify(got.body, {
        "webhook-id": String(got.headers["webhook-id"]),
        "webhook-timestamp": String(got.headers["webhook-timestamp"]),
        "webhook-signature": String(got.headers["webhook-signature"])
      })
      assert.deepStrictEqual(verified, JSON.parse(d.body))

      status = 500
      const failed = yield* sender.send(d)
      assert.isFalse(failed.ok)
      assert.strictEqual(failed.status, 500)

      const late = yield* sender.send(delivery(`http://127.0.0.1:${port}/slow`))
      assert.strictEqual(late.status, null)
      assert.match(late.error ?? "", /no answer within 0.5 s/)

      const closed = yield* sender.send(delivery(`http://127.0.0.1:${yield* Effect.promise(closedPort)}/`))
      assert.strictEqual(closed.status, null)
      assert.match(closed.error ?? "", /ECONNREFUSED/)
    }).pipe(Effect.provide(WebhookSender.layer({ allowPrivate: true, timeoutMs: 500 })))
  )

  it.effect("refuses loopback by address and by name without connecting when private addresses are not allowed", () =>
    Effect.gen(function* () {
      received.length = 0
      const sender = yield* WebhookSender.WebhookSender
      for (const url of [
        `http://127.0.0.1:${port}/hook`,
        `http://[::1]:${port}/hook`,
        `http://[::ffff:127.0.0.1]:${port}/hook`,
        `http://localhost:${port}/hook`
      ]) {
        const outcome = yield* sender.send(delivery(url))
        assert.isFalse(outcome.ok, url)
        assert.strictEqual(outcome.status, null, url)
        assert.match(outcome.error ?? "", /loopback address that webhooks may not reach/, url)
      }
      assert.strictEqual(received.length, 0)
      const notHttp = yield* sender.send(delivery("file:///etc/passwd"))
      assert.match(notHttp.error ?? "", /not an http or https URL/)
    }).pipe(Effect.provide(WebhookSender.layer({ allowPrivate: false })))
  )

  it.effect("the fake keeps what it was asked to send and answers as told", () =>
    Effect.gen(function* () {
      const sender = yield* WebhookSender.WebhookSender
      const outcome = yield* sender.send(delivery("https://hooks.example.com/x"))
      assert.strictEqual(outcome.status, 204)
      assert.strictEqual((yield* WebhookSender.WebhookSenderMemory).sent.length, 1)
    }).pipe(
      Effect.provide(
        WebhookSender.layerTest(() => ({ ok: true, status: 204, durationMs: 1, error: null, excerpt: "" }))
      )
    )
  )
})
