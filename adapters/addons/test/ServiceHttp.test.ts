import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { AddOnError } from "../src/AddOnError.ts"
import * as ServiceHttp from "../src/ServiceHttp.ts"

const retry = { times: 3, baseDelayMs: 100, maxDelayMs: 10_000 }
const quick = { times: 2, baseDelayMs: 1, maxDelayMs: 1_000 }

/** An attempt failing with `failures` in turn, then answering "ok"; `tries()` says how often it ran. */
const flaky = (failures: ReadonlyArray<AddOnError | ServiceHttp.NoAnswer>) => {
  let n = 0
  const attempt = Effect.suspend(() => {
    const failure = failures[n++]
    return failure === undefined ? Effect.succeed("ok") : Effect.fail(failure)
  })
  return { attempt, tries: () => n }
}

describe("ServiceHttp", () => {
  it("Retry-After as seconds or as a date; else the service's own header; else nothing", () => {
    const now = Date.parse("2026-11-25T12:00:00Z")
    assert.strictEqual(ServiceHttp.retryAfterMs(new Headers({ "retry-after": "3" })), 3_000)
    assert.strictEqual(ServiceHttp.retryAfterMs(new Headers({ "retry-after": " 3 " })), 3_000)
    assert.strictEqual(
      ServiceHttp.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 12:00:30 GMT" }), now),
      30_000
    )
    assert.strictEqual(
      ServiceHttp.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 11:00:00 GMT" }), now),
      0
    )
    assert.strictEqual(ServiceHttp.retryAfterMs(new Headers({ "retry-after": "soon" })), undefined)
    assert.strictEqual(ServiceHttp.retryAfterMs(new Headers()), undefined)
    const reset = (headers: Headers, at: number) => Number(headers.get("x-reset")) * 1_000 - at
    const own = new Headers({ "x-reset": String(now / 1_000 + 90) })
    assert.strictEqual(ServiceHttp.retryAfterMs(own, now, reset), 90_000)
    own.set("retry-after", "soon")
    assert.strictEqual(ServiceHttp.retryAfterMs(own, now, reset), 90_000)
    own.set("retry-after", "4")
    assert.strictEqual(ServiceHttp.retryAfterMs(own, now, reset), 4_000)
  })

  it("a 429 and a 5xx name the service, what it said and the wait it asked for", () => {
    const limited = ServiceHttp.rateLimited("Xero", 7_000, " (minute limit)")
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 7_000)
    assert.strictEqual(limited.message, "Xero's API limit was reached (minute limit); it asks to wait 7 s.")
    assert.strictEqual(
      ServiceHttp.rateLimited("Capsule", 1_500).message,
      "Capsule's API limit was reached; it asks to wait 2 s."
    )
    const unsaid = ServiceHttp.rateLimited("Capsule", undefined)
    assert.strictEqual(unsaid.message, "Capsule's API limit was reached.")
    assert.strictEqual(unsaid.retryAfterMs, undefined)
    const down = ServiceHttp.unavailable("Insightly", 502, undefined, "Bad Gateway")
    assert.strictEqual(down.kind, "unavailable")
    assert.strictEqual(down.message, "Insightly is unavailable (HTTP 502: Bad Gateway).")
    assert.strictEqual(ServiceHttp.unavailable("Insightly", 503, 2_000).message, "Insightly is unavailable (HTTP 503).")
    assert.strictEqual(ServiceHttp.unavailable("Insightly", 503, 2_000).retryAfterMs, 2_000)
  })

  it("scrubs every secret long enough to be one, with the service's mark", () => {
    assert.strictEqual(
      ServiceHttp.scrub("token abcdef123456 is bad, abcdef123456", ["abcdef123456", "", "abc"]),
      "token [redacted] is bad, [redacted]"
    )
    assert.strictEqual(ServiceHttp.scrub("token abc123 refused", ["abc123"], "[secret]"), "token [secret] refused")
    assert.strictEqual(ServiceHttp.scrub("a short key abc", ["abc"]), "a short key abc")
  })

  it("scrubs an error's message keeping its kind and wait, and keeps a clean error as it is", () => {
    const error = new AddOnError({ kind: "rate-limited", message: "token abc123 refused abc123", retryAfterMs: 5 })
    const clean = ServiceHttp.scrubError(error, ["abc123", ""], "[secret]")
    assert.strictEqual(clean.message, "token [secret] refused [secret]")
    assert.strictEqual(clean.kind, "rate-limited")
    assert.strictEqual(clean.retryAfterMs, 5)
    assert.strictEqual(ServiceHttp.scrubError(error, ["zzzzzz"]), error)
  })

  it("no answer is unavailable, saying why in the service's name", () => {
    const late = ServiceHttp.unreachable("Capsule", new DOMException("timed out", "TimeoutError"), 10_000)
    assert.strictEqual(late.kind, "unavailable")
    assert.strictEqual(late.message, "Capsule did not answer within 10 s.")
    const aborted = ServiceHttp.unreachable("Xero", new DOMException("aborted", "AbortError"), 2_500)
    assert.strictEqual(aborted.message, "Xero did not answer within 2.5 s.")
    const reset = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") })
    assert.strictEqual(
      ServiceHttp.unreachable("Mailchimp", reset, 10_000).message,
      "Mailchimp could not be reached (fetch failed: connect ECONNREFUSED 127.0.0.1:9)."
    )
    assert.strictEqual(
      ServiceHttp.unreachable("Highrise", "down", 10_000).message,
      "Highrise could not be reached (down)."
    )
  })

  it("reads a body as JSON, nothing when empty, and its text or nothing when it is not JSON", async () => {
    assert.deepStrictEqual(await ServiceHttp.bodyOf(new Response('{"a":1}')), { a: 1 })
    assert.strictEqual(await ServiceHttp.bodyOf(new Response(" \n")), undefined)
    assert.strictEqual(await ServiceHttp.bodyOf(new Response("Bad field")), undefined)
    assert.strictEqual(await ServiceHttp.bodyOf(new Response("Bad field"), { keepText: true }), "Bad field")
    assert.strictEqual(ServiceHttp.parseBody("", { keepText: true }), undefined)
    const asText = (text: string) => ({ parsed: text })
    assert.deepStrictEqual(ServiceHttp.parseBody("1.10", { parse: asText }), { parsed: "1.10" })
  })

  it("retries only 429 and 5xx, a bounded number of times, backing off, and gives up on a long Retry-After", () => {
    const down = new AddOnError({ kind: "unavailable", message: "x" })
    const waits = [0, 1, 2].map((n) => ServiceHttp.delayBefore(down, n, retry)!)
    assert.isAtLeast(waits[0]!, 100)
    assert.isBelow(waits[0]!, 126)
    assert.isAtLeast(waits[1]!, 200)
    assert.isBelow(waits[1]!, 251)
    assert.isAtLeast(waits[2]!, 400)
    assert.isBelow(waits[2]!, 501)
    assert.strictEqual(ServiceHttp.delayBefore(down, 3, retry), undefined)
    assert.strictEqual(ServiceHttp.delayBefore(new AddOnError({ kind: "rejected", message: "x" }), 0, retry), undefined)
    assert.strictEqual(ServiceHttp.delayBefore(new AddOnError({ kind: "auth", message: "x" }), 0, retry), undefined)
    const soon = new AddOnError({ kind: "rate-limited", message: "x", retryAfterMs: 2_000 })
    assert.strictEqual(ServiceHttp.delayBefore(soon, 0, retry), 2_000)
    const tomorrow = new AddOnError({ kind: "rate-limited", message: "x", retryAfterMs: 86_400_000 })
    assert.strictEqual(ServiceHttp.delayBefore(tomorrow, 0, retry), undefined)
  })

  it.live("tries again until an answer, and gives up with the last error", () =>
    Effect.gen(function* () {
      const down = new AddOnError({ kind: "unavailable", message: "down", retryAfterMs: 1 })
      const recovers = flaky([down, down])
      assert.strictEqual(yield* ServiceHttp.retrying(recovers.attempt, quick), "ok")
      assert.strictEqual(recovers.tries(), 3)
      const last = new AddOnError({ kind: "rate-limited", message: "last", retryAfterMs: 1 })
      const stays = flaky([down, down, last, down])
      const error = yield* Effect.flip(ServiceHttp.retrying(stays.attempt, quick))
      assert.strictEqual(error, last)
      assert.strictEqual(stays.tries(), 3)
      const refused = new AddOnError({ kind: "rejected", message: "no" })
      const once = flaky([refused])
      assert.strictEqual(yield* Effect.flip(ServiceHttp.retrying(once.attempt, quick)), refused)
      assert.strictEqual(once.tries(), 1)
    })
  )

  it.live("no answer is tried again only for an idempotent request, and fails as its error", () =>
    Effect.gen(function* () {
      const lost = new AddOnError({ kind: "unavailable", message: "Capsule could not be reached (reset)." })
      const read = flaky([new ServiceHttp.NoAnswer({ error: lost })])
      assert.strictEqual(yield* ServiceHttp.retrying(read.attempt, quick), "ok")
      assert.strictEqual(read.tries(), 2)
      const write = flaky([new ServiceHttp.NoAnswer({ error: lost })])
      assert.strictEqual(yield* Effect.flip(ServiceHttp.retrying(write.attempt, quick, false)), lost)
      assert.strictEqual(write.tries(), 1)
      const busy = new AddOnError({ kind: "rate-limited", message: "busy", retryAfterMs: 1 })
      const limitedWrite = flaky([busy])
      assert.strictEqual(yield* ServiceHttp.retrying(limitedWrite.attempt, quick, false), "ok")
      assert.strictEqual(limitedWrite.tries(), 2)
    })
  )

  it.live("a request answers as `answer` reads it, tries 5xx again, and fails with what a refusal stands for", () =>
    Effect.gen(function* () {
      const statuses = [503, 200]
      let sent = 0
      const errorOf = (status: number, _headers: Headers, body: unknown) =>
        status >= 500
          ? ServiceHttp.unavailable("Capsule", status, 1)
          : ServiceHttp.failure("rejected", `refused: ${JSON.stringify(body)}`)
      const answered = yield* ServiceHttp.request({
        service: "Capsule",
        timeoutMs: 1_000,
        retry: quick,
        send: async () => new Response('{"id":7}', { status: statuses[sent++] ?? 200 }),
        answer: ServiceHttp.readAnswer(errorOf)
      })
      assert.deepStrictEqual(answered, { id: 7 })
      assert.strictEqual(sent, 2)
      const refused = yield* Effect.flip(
        ServiceHttp.request({
          service: "Capsule",
          timeoutMs: 1_000,
          retry: quick,
          send: async () => new Response("Bad field", { status: 400 }),
          answer: ServiceHttp.readAnswer(errorOf, { keepText: true })
        })
      )
      assert.strictEqual(refused.kind, "rejected")
      assert.strictEqual(refused.message, 'refused: "Bad field"')
    })
  )

  it.live("no answer is unreachable, tried again only when idempotent; a cause `failed` knows is its error", () =>
    Effect.gen(function* () {
      let sent = 0
      const lost = {
        service: "Highrise",
        timeoutMs: 1_000,
        retry: quick,
        send: async (): Promise<Response> => {
          sent++
          throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") })
        },
        answer: async (response: Response) => response.status
      }
      const write = yield* Effect.flip(ServiceHttp.request({ ...lost, idempotent: false }))
      assert.strictEqual(write.message, "Highrise could not be reached (fetch failed: ECONNRESET).")
      assert.strictEqual(sent, 1)
      const read = yield* Effect.flip(ServiceHttp.request(lost))
      assert.strictEqual(read.kind, "unavailable")
      assert.strictEqual(sent, 1 + 1 + quick.times)
      const late = yield* Effect.flip(
        ServiceHttp.request({
          ...lost,
          timeoutMs: 20,
          retry: { ...quick, times: 0 },
          send: (signal) =>
            new Promise<Response>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)))
        })
      )
      assert.strictEqual(late.message, "Highrise did not answer within 0.02 s.")
      const known = yield* Effect.flip(
        ServiceHttp.request({
          ...lost,
          failed: (cause) => (cause instanceof TypeError ? ServiceHttp.failure("auth", "refused") : undefined)
        })
      )
      assert.strictEqual(known.kind, "auth")
      assert.strictEqual(sent, 1 + 1 + quick.times + 1)
    })
  )

  it.effect("decodes an answer; one that does not fit is unavailable, naming the service and the answer", () =>
    Effect.gen(function* () {
      const Site = Schema.Struct({ url: Schema.String })
      assert.deepStrictEqual(yield* ServiceHttp.decode("Capsule", Site, "site")({ url: "https://a.capsulecrm.com" }), {
        url: "https://a.capsulecrm.com"
      })
      const error = yield* Effect.flip(ServiceHttp.decode("Capsule", Site, "site")({ url: 7 }))
      assert.strictEqual(error.kind, "unavailable")
      assert.isTrue(error.message.startsWith("Capsule's site answer was not understood: "))
    })
  )
})
