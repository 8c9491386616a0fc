// @vitest-environment node
/**
 * The entry's client: each call reaches the contract-derived client, loaded on the first call, with its
 * arguments and its answer or failure as they are; it is never taken for a promise.
 */
import * as ApiError from "@quotekit/core/api/ApiError"
import { Schema } from "effect"
import { HttpResponse, http, type JsonBodyType } from "msw"
import { setupServer } from "msw/node"
import { afterAll, beforeAll, expect, it } from "vitest"
import { isFailure } from "../../src/api/client.ts"
import * as LazyClient from "../../src/api/LazyClient.ts"
import { cacheAccountJson } from "../support/fixtures.ts"

const BASE = "http://app.test"
Object.defineProperty(globalThis, "document", { value: { cookie: "" }, configurable: true })

const asked: Array<string> = []
const network = setupServer(
  http.get(`${BASE}/get/cache-account`, () => HttpResponse.json(cacheAccountJson() as JsonBodyType)),
  http.get(`${BASE}/get/quote-versions/:id`, ({ params }) => {
    asked.push(String(params.id))
    return HttpResponse.json(Schema.encodeUnknownSync(ApiError.NotFound)(ApiError.NotFound.answer()), { status: 404 })
  })
)
beforeAll(() => network.listen({ onUnhandledFrame: "error" }))
afterAll(() => network.close())

it("forwards each call to the derived client, answers and failures alike", async () => {
  const api = LazyClient.make(BASE)
  expect(await Promise.resolve(api)).toBe(api)
  const account = await api.cacheAccount()
  expect(account.account_signin.account_name).toBe(
    (cacheAccountJson() as { account_signin: { account_name: string } }).account_signin.account_name
  )
  // The decoded form: decimals are decimals, not the wire's text.
  expect(typeof account.account_signin.defMargin).toBe("object")
  const failure = await api.versions("42").catch((e: unknown) => e)
  expect(asked).toEqual(["42"])
  expect(isFailure(failure, "notFound")).toBe(true)
  expect(api.versions).toBe(api.versions)
})
