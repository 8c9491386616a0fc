import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { acceptBody, choicesOf, open, sentQuote } from "../customer/Fixtures.ts"
import { Browser, layer, TestServer } from "../Harness.ts"
import * as Receiver from "./Receiver.ts"

/**
 * What an integration platform (Zapier's REST hooks, n8n, Make) does, with nothing but an API key: subscribe a
 * trigger's URL to an event, receive it, poll the same data, unsubscribe. See docs/zapier.md.
 */
describeBackends(
  "REST hooks for integration platforms, over an API key",
  (it) => {
    it.effect("subscribe with a key, receive the event, poll the same quote, unsubscribe", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const receiver = yield* Receiver.start
        const q = yield* sentQuote("Zapped")
        const made = yield* q.browser.post("/post/api-keys", { name: "Zapier", scope: "write" })
        assert.strictEqual(made.status, 201, made.text)
        const bearer = { authorization: `Bearer ${made.body.secret as string}` }
        // The platform's own client: no session, no anti-forgery token.
        const platform = new Browser(server.url)
        const call = (method: string, path: string, body?: unknown) =>
          platform.request(method, path, body, { csrfHeader: "missing", requestedWith: false }, bearer)

        const subscribed = yield* call("POST", "/post/webhook-endpoint", {
          url: `${receiver.url}/hooks/zap-1`,
          description: "Zapier: quote accepted",
          events: ["quote.accepted"],
          enabled: true
        })
        assert.strictEqual(subscribed.status, 201, subscribed.text)
        const hookId = subscribed.body.endpoint.endpoint_id as number

        const page = yield* open(q.customer, q.token!)
        const accepted = yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(page.body)))
        assert.strictEqual(accepted.status, 200, accepted.text)
        yield* Receiver.until(() => receiver.received.length >= 1, "the accepted quote's delivery")
        const delivered = Receiver.verified(subscribed.body.secret as string, receiver.received[0]!)
        assert.strictEqual(delivered.type, "quote.accepted")
        assert.strictEqual((delivered.data.quote as { id: number }).id, q.quoteId)

        // The trigger's polling form (and its sample data) is the quote list, filtered.
        const polled = yield* call("GET", "/get/quotes?status=accepted")
        assert.strictEqual(polled.status, 200, polled.text)
        assert.include(
          (polled.body.rows as Array<{ quote_id: number }>).map((r) => r.quote_id),
          q.quoteId
        )

        const unsubscribed = yield* call("POST", `/post/webhook-endpoint-delete/${hookId}`)
        assert.isBelow(unsubscribed.status, 300, unsubscribed.text)
        const listed = yield* call("GET", "/get/webhooks")
        assert.notInclude(listed.text, "zap-1")
        // Gone: nothing can be sent to it any more.
        assert.strictEqual((yield* call("POST", `/post/webhook-endpoint-test/${hookId}`)).status, 404)
        yield* Effect.sleep("500 millis")
        assert.strictEqual(receiver.received.length, 1)
      }).pipe(Effect.scoped)
    )
  },
  { layer: layer({ webhooksAllowPrivate: true }) }
)
