import { assert } from "@effect/vitest"
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { Api } from "@quotekit/core/api/Api"
import { ListPage, type ListQuery } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Layer, Schema } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import * as ListCacheLive from "../../src/quotes/ListCache.ts"
import { ListCache } from "../../src/quotes/ListCache.ts"
import * as ListRepo from "../../src/quotes/ListRepo.ts"
import * as QuoteList from "../../src/quotes/QuoteList.ts"
import { sentQuote } from "../customer/Fixtures.ts"
import { layer, newAccount, TestServer } from "../Harness.ts"
import { saveBody, saveNew } from "./Fixtures.ts"

/** Page queries run by the cache under test (through the real repository). */
const calls = { page: 0 }

/** The real list repository, counting its page queries. */
const CountingRepo = Layer.effect(
  ListRepo.QuoteListRepo,
  Effect.gen(function* () {
    const real = yield* ListRepo.QuoteListRepo
    return ListRepo.QuoteListRepo.of({
      ...real,
      page: (...args) =>
        Effect.suspend(() => {
          calls.page++
          return real.page(...args)
        })
    })
  })
).pipe(Layer.provide(ListRepo.layer))

interface Row {
  readonly quote_id: number
  readonly title: string
  readonly status: string
  readonly _name_from: string
  readonly _companyOrPerson: string
  readonly _new_questions: number
  readonly _followSubjectId: number
  readonly _quote_last_view: number
}

const tenantOf = (o: { readonly accountId: number; readonly signinId: number }): Tenant => ({
  account_id: o.accountId as AccountId,
  signin_id: o.signinId as SigninId,
  is_admin: true
})

/** The cache's answer as JSON, and whether it ran the page query. */
const answer = (tenant: Tenant, query: ListQuery = {}) =>
  Effect.gen(function* () {
    const cache = yield* ListCache
    const before = calls.page
    const bytes = yield* cache.answer(tenant, query)
    return {
      page: JSON.parse(new TextDecoder().decode(bytes)) as { rows: ReadonlyArray<Row>; total: number | null },
      loaded: calls.page > before
    }
  })

/** The uncached answer, as the contract's schema encodes it. */
const uncached = (tenant: Tenant, query: ListQuery) =>
  Effect.flatMap(QuoteList.list(tenant, query), Schema.encodeUnknownEffect(ListPage))

/** The clock of a test frozen at the current time (an answer is then never too old). */
const frozen = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.andThen(TestClock.setTime(Date.now()), self).pipe(Effect.provide(TestClock.layer()))

describeBackends(
  "the quote list's answers from memory",
  (it) => {
    it.effect("answers over HTTP what the contract's schema encodes, read by the derived client", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Encoded")
        yield* saveNew(q.browser, q.signinId, { quote: { title: "Draft beside it" } })
        const first = yield* q.browser.get("/get/quotes?getCount=1")
        const second = yield* q.browser.get("/get/quotes?getCount=1")
        assert.strictEqual(second.status, 200)
        assert.strictEqual(second.headers.get("content-type"), "application/json")
        assert.strictEqual(second.text, first.text)
        const expected = yield* uncached(tenantOf(q), { getCount: "1" })
        assert.deepStrictEqual(second.body, JSON.parse(JSON.stringify(expected)))
        assert.deepStrictEqual(
          second.body.rows.map((r: Row) => r.title),
          ["Draft beside it", "Encoded kitchen"]
        )

        const server = yield* TestServer
        const client = yield* HttpApiClient.make(Api, {
          baseUrl: server.url,
          transformClient: HttpClient.mapRequest(HttpClientRequest.setHeader("cookie", q.browser.cookieHeader()))
        }).pipe(Effect.provide(FetchHttpClient.layer))
        const decoded = yield* client.quotes.list({ query: { getCount: "1" } })
        assert.strictEqual(decoded.total, 2)
        assert.deepStrictEqual(
          decoded.rows.map((r) => [r.quote_id, r.status, r._companyOrPerson]),
          [
            [second.body.rows[0].quote_id, "draft", ""],
            [q.quoteId, "sent", "Grace Hopper"]
          ]
        )
      })
    )

    it.effect("a repeated request reads no page; equal requests share an answer, and so do concurrent misses", () =>
      frozen(
        Effect.gen(function* () {
          const owner = yield* newAccount("Repeat")
          yield* saveNew(owner.browser, owner.signinId, { quote: { title: "Kitchen refit" } })
          const t = tenantOf(owner)
          const first = yield* answer(t)
          assert.isTrue(first.loaded)
          const again = yield* answer(t)
          assert.isFalse(again.loaded)
          assert.deepStrictEqual(again.page, first.page)
          // The defaults, spelled out, are the same request.
          assert.isFalse((yield* answer(t, { status: "any", tab: "all", page: 1, getCount: "0" })).loaded)
          assert.isTrue((yield* answer(t, { search: " KITCHEN " })).loaded)
          assert.isFalse((yield* answer(t, { search: "kitchen" })).loaded)
          assert.isTrue((yield* answer(t, { search: "kitchen", getCount: "1" })).loaded)
          assert.isFalse((yield* answer(t, { search: "kitchen", getCount: "true" })).loaded)

          const before = calls.page
          const together = yield* Effect.all(
            Array.from({ length: 5 }, () => answer(t, { page: 2 })),
            { concurrency: "unbounded" }
          )
          assert.strictEqual(calls.page - before, 1)
          assert.deepStrictEqual(
            together.map((a) => a.page),
            together.map(() => together[0]!.page)
          )
        })
      )
    )

    it.effect("every change a row shows is seen by the next request", () =>
      frozen(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const q = yield* sentQuote("Changes")
          const draft = yield* saveNew(q.browser, q.signinId, { quote: { title: "Draft" } })
          const t = tenantOf(q)
          const row = (page: { rows: ReadonlyArray<Row> }, id: number) => page.rows.find((r) => r.quote_id === id)!

          /** The answer is kept before the change, read again after it, and shows it. */
          const seen = (label: string, change: Effect.Effect<unknown>, check: (rows: ReadonlyArray<Row>) => void) =>
            Effect.gen(function* () {
              yield* answer(t)
              assert.isFalse((yield* answer(t)).loaded, `${label}: kept before the change`)
              yield* change
              const after = yield* answer(t)
              assert.isTrue(after.loaded, `${label}: read again`)
              check(after.page.rows)
            })
          const ok = (a: Effect.Effect<{ status: number; text: string }>) =>
            Effect.tap(a, (r) => Effect.sync(() => assert.strictEqual(r.status, 200, r.text)))

          yield* seen(
            "a quote saved",
            ok(
              q.browser.post(
                `/post/quote-update/edit/${draft.quote_id}/is-editing`,
                saveBody(q.signinId, { quote: { title: "Draft, revised" }, modifiedIn: draft._modifiedIn })
              )
            ),
            (rows) => assert.strictEqual(row({ rows }, draft.quote_id).title, "Draft, revised")
          )
          yield* seen("a new quote", saveNew(q.browser, q.signinId, { quote: { title: "Another" } }), (rows) =>
            assert.strictEqual(rows[0]!.title, "Another")
          )
          yield* seen(
            "a status action",
            ok(q.browser.post("/post/quote-mark-sent", { quote_id: draft.quote_id })),
            (rows) => assert.strictEqual(row({ rows }, draft.quote_id).status, "sent")
          )
          yield* seen(
            "a contact renamed",
            ok(
              q.browser.post(`/post/contact-update/${q.contactId}`, {
                contact: {
                  type: "person",
                  name_first: "Grace",
                  name_last: "Brewster",
                  email: "grace@example.com",
                  company_id: null
                },
                phones: [],
                addresses: []
              })
            ),
            (rows) => assert.strictEqual(row({ rows }, q.quoteId)._companyOrPerson, "Grace Brewster")
          )
          yield* seen(
            "a sign-in renamed",
            ok(
              q.browser.post("/post/settings/personal", {
                name_first: "Renamed",
                name_last: "Author",
                email: q.email,
                profile_phone: "",
                profile_title: "",
                signin_tz: "UTC"
              })
            ),
            (rows) => assert.strictEqual(row({ rows }, q.quoteId)._name_from, "Renamed Author")
          )
          yield* seen(
            "a customer's question",
            ok(q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "Tax included?", files: [] })),
            (rows) => assert.strictEqual(row({ rows }, q.quoteId)._new_questions, 1)
          )
          let followUp = 0
          yield* seen(
            "a follow-up falling due",
            // Written as the follow-up scheduler writes it.
            Effect.map(
              sql<{ readonly follow_up_id: number }>`
                INSERT INTO follow_ups (account_id, quote_id, due_at)
                VALUES (${q.accountId}, ${q.quoteId}, now() - interval '1 hour') RETURNING follow_up_id`,
              (r) => {
                followUp = r[0]!.follow_up_id
              }
            ).pipe(Effect.orDie),
            (rows) => assert.strictEqual(row({ rows }, q.quoteId)._followSubjectId, followUp)
          )
          yield* seen("a customer's view", ok(q.customer.get(`/api/q/${q.token}`)), (rows) =>
            assert.isAbove(row({ rows }, q.quoteId)._quote_last_view, 0)
          )
        })
      )
    )

    it.effect("one account's answer is never served to another", () =>
      frozen(
        Effect.gen(function* () {
          const a = yield* newAccount("Mine")
          const b = yield* newAccount("Theirs")
          yield* saveNew(a.browser, a.signinId, { quote: { title: "Only mine" } })
          const mine = yield* answer(tenantOf(a), { search: "only" })
          assert.isTrue(mine.loaded)
          assert.strictEqual(mine.page.rows.length, 1)
          const theirs = yield* answer(tenantOf(b), { search: "only" })
          assert.isTrue(theirs.loaded)
          assert.deepStrictEqual(theirs.page.rows, [])
          // Over HTTP too.
          yield* a.browser.get("/get/quotes?search=only")
          assert.deepStrictEqual((yield* b.browser.get("/get/quotes?search=only")).body.rows, [])
        })
      )
    )

    it.effect("an answer is served for 5 seconds at most", () =>
      frozen(
        Effect.gen(function* () {
          const owner = yield* newAccount("Aging")
          yield* saveNew(owner.browser, owner.signinId, { quote: { title: "Ages" } })
          const t = tenantOf(owner)
          assert.isTrue((yield* answer(t)).loaded)
          yield* TestClock.adjust("4999 millis")
          assert.isFalse((yield* answer(t)).loaded)
          yield* TestClock.adjust("1 millis")
          assert.isTrue((yield* answer(t)).loaded)
          assert.isFalse((yield* answer(t)).loaded)
        })
      )
    )
  },
  {
    // Beside the server (which has its own cache), a cache of the test's own over the same database.
    layer: Layer.mergeAll(layer(), ListCacheLive.layer.pipe(Layer.provideMerge(CountingRepo)))
  }
)
