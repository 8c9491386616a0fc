import { assert, describe, it } from "@effect/vitest"
import { CSRF_HEADER, REQUESTED_WITH_HEADER } from "@quotekit/core/api/Security"
import { Effect, Ref } from "effect"
import { type Cookies, HttpClient, HttpClientResponse } from "effect/http"
import * as Quotekit from "../src/index.ts"

interface Sent {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
}

/**
 * A fake server: answers `GET /api/csrf` with a token cookie, `POST /sign-in/exit` with 204; anything else
 * fails loudly. Records every request it got.
 */
const fakeServer = (sent: Array<Sent>) =>
  HttpClient.make((request, url) => {
    sent.push({ method: request.method, url: url.toString(), headers: request.headers })
    if (request.method === "GET" && url.pathname === "/api/csrf") {
      return Effect.succeed(
        HttpClientResponse.fromWeb(
          request,
          new Response(JSON.stringify({ token: "t".repeat(43) }), {
            headers: { "content-type": "application/json", "set-cookie": `qk_csrf=${"t".repeat(43)}; Path=/` }
          })
        )
      )
    }
    if (request.method === "POST" && url.pathname === "/sign-in/exit") {
      return Effect.succeed(HttpClientResponse.fromWeb(request, new Response(null, { status: 204 })))
    }
    return Effect.die(`unexpected request ${request.method} ${url}`)
  })

describe("SDK transport", () => {
  it.effect("jar mode: fetches the token once, then sends it with X-Requested-With and the cookie", () =>
    Effect.gen(function* () {
      const sent: Array<Sent> = []
      const jar = yield* Ref.make<ReadonlyArray<Cookies.Cookie>>([])
      const client = Quotekit.transformClient(
        { baseUrl: "http://quotekit.test", cookies: "jar" },
        jar
      )(fakeServer(sent))
      yield* client.post("/sign-in/exit")
      yield* client.post("/sign-in/exit")
      assert.deepStrictEqual(
        sent.map((s) => `${s.method} ${s.url}`),
        [
          "GET http://quotekit.test/api/csrf",
          "POST http://quotekit.test/sign-in/exit",
          "POST http://quotekit.test/sign-in/exit"
        ]
      )
      for (const post of sent.slice(1)) {
        assert.strictEqual(post.headers[CSRF_HEADER], "t".repeat(43))
        assert.strictEqual(post.headers[REQUESTED_WITH_HEADER], "XMLHttpRequest")
        assert.strictEqual(post.headers.cookie, `qk_csrf=${"t".repeat(43)}`)
      }
    })
  )

  it.effect("browser mode: reads the page's cookie and sends no cookie header of its own", () =>
    Effect.gen(function* () {
      const sent: Array<Sent> = []
      const jar = yield* Ref.make<ReadonlyArray<Cookies.Cookie>>([])
      const saved = (globalThis as { document?: unknown }).document
      ;(globalThis as { document?: unknown }).document = { cookie: `other=1; qk_csrf=${"b".repeat(43)}` }
      try {
        const client = Quotekit.transformClient(
          { baseUrl: "http://quotekit.test", cookies: "browser" },
          jar
        )(fakeServer(sent))
        yield* client.post("/sign-in/exit")
      } finally {
        ;(globalThis as { document?: unknown }).document = saved
      }
      assert.strictEqual(sent.length, 1)
      assert.strictEqual(sent[0]?.headers[CSRF_HEADER], "b".repeat(43))
      assert.isUndefined(sent[0]?.headers.cookie)
    })
  )

  it.effect("GET requests carry no anti-forgery header", () =>
    Effect.gen(function* () {
      const sent: Array<Sent> = []
      const jar = yield* Ref.make<ReadonlyArray<Cookies.Cookie>>([])
      const client = Quotekit.transformClient(
        { baseUrl: "http://quotekit.test", cookies: "jar" },
        jar
      )(fakeServer(sent))
      yield* client.get("/api/csrf")
      assert.strictEqual(sent.length, 1)
      assert.isUndefined(sent[0]?.headers[CSRF_HEADER])
    })
  )
})
