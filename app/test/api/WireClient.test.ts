// @vitest-environment node
/**
 * The light reads against the contract-derived client, over the same answers (msw at the network edge): the same
 * data, the same request, and a failure of the same kind with the same message for every answer that fails.
 */
import * as ApiError from "@quotekit/core/api/ApiError"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import { Schema } from "effect"
import { HttpResponse, http, type JsonBodyType } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import * as ContractClient from "../../src/api/ContractClient.ts"
import { isFailure } from "../../src/api/client.ts"
import * as WireClient from "../../src/api/WireClient.ts"
import { cacheAccountJson } from "../support/fixtures.ts"

const BASE = "http://app.test"
const cookies = { value: "" }
Object.defineProperty(globalThis, "document", {
  value: {
    get cookie() {
      return cookies.value
    }
  },
  configurable: true
})

const row = (price: string) => ({
  quote_id: 7,
  quote_no: 12,
  title: "Deck",
  status: "sent",
  status_label: "Sent",
  archive_id: 1,
  from: 10,
  _name_from: "Ann Smith",
  _companyOrPerson: "Acme",
  price_current: price,
  currency_id: 1,
  symbol: "$",
  currencyCode: "USD",
  modified: 1_700_000_000,
  activity: 1_700_000_000,
  _quote_last_view: 0,
  last_view: "Unopened",
  _new_questions: 0,
  _followSubjectId: 0,
  _followSecsDif: 0,
  href: "/quote/7"
})
const page = (price = "1234.5") => ({
  rows: [row(price)],
  page: 1,
  page_size: 100,
  has_more: false,
  total: null,
  tabs: ["all", "active"],
  tab: "all"
})
const notifications = {
  items: [
    {
      id: 3,
      kind: "question.asked",
      quote_id: 7,
      quote: "#12 Deck",
      headline: "Acme asked a question on #12 Deck",
      excerpt: "When?",
      link: "/quote/7",
      at: 1_700_000_000_000,
      read: false
    }
  ],
  unread: 1
}

/** What the next request to each path answers, and the requests seen. */
let answer: () => Response = () => HttpResponse.json({})
const seen: Array<Request> = []
const network = setupServer(
  http.get(`${BASE}/*`, ({ request }) => {
    seen.push(request)
    return answer()
  })
)
beforeAll(() => network.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  seen.length = 0
  cookies.value = ""
})
afterAll(() => network.close())

const wire = WireClient.make(BASE)
const derived = ContractClient.make(BASE)

/** The failure a promise rejects with, as kind and message. */
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => "answered",
    (e: unknown) => (isFailure(e) ? { kind: e.kind, message: e.message, formErrors: e.formErrors } : String(e))
  )

describe("WireClient", () => {
  it("reads the account cache as the wire carries it, sending what the derived client sends on a read", async () => {
    answer = () => HttpResponse.json(cacheAccountJson() as JsonBodyType)
    cookies.value = "qk_csrf=tok%2Fen; other=1"
    expect(await wire.cacheAccount()).toEqual(cacheAccountJson())
    await derived.cacheAccount()
    const [light, full] = seen
    expect(new URL(light!.url).pathname).toBe("/get/cache-account")
    expect(new URL(full!.url).pathname).toBe("/get/cache-account")
    for (const header of ["x-requested-with", "x-csrf-token"])
      expect(light!.headers.get(header)).toBe(full!.headers.get(header))
    expect(light!.headers.get("x-csrf-token")).toBe("tok/en")
  })

  it("asks for a page of the list with the derived client's query, and reads the amounts as decimals", async () => {
    answer = () => HttpResponse.json(page())
    const query = { search: "deck", status: "sent", author: 10, tab: "active", page: 2, getCount: "1" } as const
    const light = await wire.listQuotes(query)
    const full = await derived.listQuotes(query)
    const [a, b] = seen.map((r) => Object.fromEntries(new URL(r.url).searchParams))
    expect(a).toEqual(b)
    expect(light.rows[0]!.price_current).toEqual({ value: 12345n, scale: 1 })
    expect(Money.format(light.rows[0]!.price_current)).toBe(Money.format(full.rows[0]!.price_current))
    expect({ ...light, rows: [] }).toEqual({ ...page(), rows: [] })
  })

  it("reads the member's notifications as the derived client decodes them", async () => {
    answer = () => HttpResponse.json(notifications)
    expect(await wire.notifications()).toEqual(await derived.call((c) => c.notifications.list()))
  })

  const failures: ReadonlyArray<readonly [string, () => Response]> = [
    [
      "a gone session",
      () =>
        HttpResponse.json(Schema.encodeUnknownSync(ApiError.SigninAgain)(ApiError.SigninAgain.answer()), {
          status: 401
        })
    ],
    [
      "an unchosen account",
      () =>
        HttpResponse.json(Schema.encodeUnknownSync(ApiError.ChooseAccount)(ApiError.ChooseAccount.answer()), {
          status: 403
        })
    ],
    [
      "a server failure",
      () =>
        HttpResponse.json(Schema.encodeUnknownSync(ApiError.ServerFailure)(ApiError.ServerFailure.answer()), {
          status: 500
        })
    ],
    ["a 404 without a body", () => new HttpResponse(null, { status: 404 })],
    ["a 502 from a proxy", () => new HttpResponse("Bad gateway", { status: 502 })],
    ["a success that is not JSON", () => new HttpResponse("<html>", { status: 200 })],
    ["a network error", () => HttpResponse.error()]
  ]
  it.each(failures)("fails on %s as the derived client does", async (_name, response) => {
    answer = response
    const light = await failureOf(wire.cacheAccount())
    expect(light).not.toBe("answered")
    expect(light).toEqual(await failureOf(derived.cacheAccount()))
  })

  it("refuses a list whose amount is not a decimal, as the derived client does", async () => {
    answer = () => HttpResponse.json(page("12,50"))
    const light = await failureOf(wire.listQuotes({}))
    expect(light).toEqual({ kind: "server", message: Message.unexpectedResponse, formErrors: [] })
    expect(light).toEqual(await failureOf(derived.listQuotes({})))
  })
})
