import { assert } from "@effect/vitest"
import { Api } from "@quotekit/core/api/Api"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import fc from "fast-check"
import { type Browser, browser, layer, newAccount } from "./Harness.ts"

/** Every endpoint of the contract (groups added later are fuzzed too). */
const endpoints: ReadonlyArray<{ readonly id: string; readonly method: string; readonly path: string }> = Object.values(
  Api.groups
).flatMap((group) =>
  Object.values(group.endpoints as Record<string, HttpApiEndpoint.Top>).map((e) => ({
    id: `${group.identifier}.${e.identifier}`,
    method: e.method,
    path: e.path
  }))
)

/** A path with every `:param` replaced by a random segment. */
const fillPath = (path: string, segments: ReadonlyArray<string>): string => {
  let i = 0
  return path.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(segments[i++ % segments.length] ?? "x"))
}

const segment = fc.oneof(
  fc.integer({ min: -2, max: 2 ** 31 }).map(String),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("0", "-1", "1e3", "NaN", "null", "%", "..", "9".repeat(30))
)

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom(
      "email",
      "password",
      "business_name",
      "your_name",
      "token",
      "page_load_id",
      "href",
      "message",
      "is_admin",
      "title",
      "id"
    ),
    fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 })
    )
  ),
  fc.string({ maxLength: 200 })
)

const query = fc.dictionary(
  fc.constantFrom("page", "search", "q", "status", "archive", "limit", "x"),
  fc.string({ maxLength: 30 }),
  {
    maxKeys: 3
  }
)

describeBackends(
  "bad input",
  (it) => {
    it.effect(`random input to every endpoint (${endpoints.length}) answers 4xx or success, never 5xx`, () =>
      Effect.gen(function* () {
        const member = yield* newAccount("Fuzz")
        const anonymous = yield* browser
        const failures: Array<string> = []
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(
              fc.constantFrom(...endpoints),
              fc.array(segment, { minLength: 1, maxLength: 3 }),
              body,
              query,
              fc.boolean(),
              async (endpoint, segments, payload, params, signedIn) => {
                // Signing out would end the member's session for the rest of the run; anonymous covers it.
                const client: Browser = signedIn && endpoint.id !== "auth.signOut" ? member.browser : anonymous
                const search = new URLSearchParams(params).toString()
                const path = `${fillPath(endpoint.path, segments)}${search === "" ? "" : `?${search}`}`
                const answer = await Effect.runPromise(
                  client.request(endpoint.method, path, endpoint.method === "GET" ? undefined : payload)
                )
                if (answer.status >= 500) failures.push(`${endpoint.method} ${path} -> ${answer.status} ${answer.text}`)
                if (answer.status === 400) {
                  assert.strictEqual(answer.body._tag, "InvalidInput", answer.text)
                  assert.isString(answer.body._serveError.message)
                }
                return answer.status < 500
              }
            ),
            { numRuns: 300 }
          )
        ).pipe(Effect.catchDefect((e) => Effect.sync(() => failures.push(String(e)))))
        assert.deepStrictEqual(failures, [])
      })
    )

    it.effect("a body that is not JSON, or JSON of the wrong shape, answers 400 with a readable message", () =>
      Effect.gen(function* () {
        const b = yield* browser
        for (const payload of ["not json", "[1,2]", "null", '"text"', "{"]) {
          const answer = yield* b.post("/sign-in", payload)
          assert.strictEqual(answer.status, 400, `${payload}: ${answer.text}`)
          assert.strictEqual(answer.body._tag, "InvalidInput")
          assert.isAbove(answer.body._serveError.message.length, 5)
        }
        const wrongType = yield* b.post("/service/js-error", { page_load_id: 12, href: [], message: {} })
        assert.strictEqual(wrongType.status, 400)
        assert.deepStrictEqual(wrongType.body.form_errors.map((e: { input_id: string }) => e.input_id).sort(), [
          "href",
          "message",
          "page_load_id"
        ])
        const badParam = yield* (yield* newAccount("Param")).browser.post("/sign-in/act-on/account-select/abc")
        assert.strictEqual(badParam.status, 400)
      })
    )
  },
  { layer: layer() }
)
