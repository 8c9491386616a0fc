/**
 * The searches that must not scan (issue #22): the quote list's search (title, number, contact and company
 * names), the contact list and lookup and the item lookup, on tables of 100,000 rows.
 *
 * - Plans: `EXPLAIN` of each search's statement shows a bitmap scan of the account-scoped trigram index, and the
 *   repository's own call reads that index (`pg_stat_get_xact_numscans`, counted inside the test's transaction).
 * - Results: on random data and random terms, each repository call answers exactly the rows it answers with
 *   index scans turned off (the sequential scan evaluates `LIKE` on every row: the reference answer).
 */
import { createHash } from "node:crypto"
import { assert } from "@effect/vitest"
import type { AccountId } from "@quotekit/core/Account"
import * as QuoteListTab from "@quotekit/core/QuoteListTab"
import * as SearchText from "@quotekit/pg/SearchText"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import fc from "fast-check"
import * as ContactsRepo from "../../src/contacts/Repo.ts"
import * as ItemsRepo from "../../src/items/Repo.ts"
import * as ListRepo from "../../src/quotes/ListRepo.ts"

const ROWS = 100_000
const ACCOUNTS = 10
const WORDS = ["kitchen", "bathroom", "deck", "pergola", "garage", "laundry", "roof", "fence", "solar", "paving"]

/** Accounts (with a sign-in) for the tests; returns their ids. */
const accounts = (n: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tag = `${Date.now()}${Math.random()}`
    const rows = yield* sql<{ readonly account_id: number; readonly signin_id: number }>`
      WITH a AS (
        INSERT INTO accounts (name) SELECT 'Search ' || n FROM generate_series(1, ${n}) AS n RETURNING account_id
      ), s AS (
        INSERT INTO signins (email) SELECT 'search' || n || ${tag} || '@example.com' FROM generate_series(1, ${n}) AS n
        RETURNING signin_id
      )
      SELECT a.account_id, s.signin_id FROM
        (SELECT account_id, row_number() OVER (ORDER BY account_id) AS r FROM a) a
        JOIN (SELECT signin_id, row_number() OVER (ORDER BY signin_id) AS r FROM s) s USING (r)`
    return rows
  })

/** 100,000 quotes, contacts and items over ten accounts; each row's text holds `left(md5(n), 10)`. */
const seedLarge = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const owners = yield* accounts(ACCOUNTS)
  const ids = owners.map((o) => o.account_id)
  const signins = owners.map((o) => o.signin_id)
  const word = (n: string) =>
    sql.literal(`(ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}])[1 + ${n} % ${WORDS.length}]`)
  yield* sql`
    INSERT INTO quotes (account_id, quote_no, title, status, from_signin_id, price_current, modified, search_text)
    SELECT a.account_id, n, initcap(${word("n")}) || ' ' || left(md5(n::text), 10), 'sent', a.signin_id, 10,
           now() - n * interval '1 minute',
           ${word("n")} || ' ' || left(md5(n::text), 10) || ' client' || n || ' ' || n
    FROM generate_series(1, ${ROWS}) AS n
    JOIN unnest(${ids}::int[], ${signins}::int[]) WITH ORDINALITY AS a(account_id, signin_id, k) ON a.k = 1 + n % ${ACCOUNTS}`
  yield* sql`
    INSERT INTO contacts (account_id, contact_type, name_first, name_last, email, search_text)
    SELECT a.account_id, 'person', 'Client' || left(md5(n::text), 10), initcap(${word("n")}),
           'c' || n || '@example.com',
           'client' || left(md5(n::text), 10) || ' ' || ${word("n")} || ' c' || n || '@example.com'
    FROM generate_series(1, ${ROWS}) AS n
    JOIN unnest(${ids}::int[]) WITH ORDINALITY AS a(account_id, k) ON a.k = 1 + n % ${ACCOUNTS}`
  yield* sql`
    INSERT INTO items (account_id, item_type, item_code, item_title, search_text)
    SELECT a.account_id, 1, 'SKU-' || n, initcap(${word("n")}) || ' ' || left(md5(n::text), 10),
           'sku-' || n || ' ' || ${word("n")} || ' ' || left(md5(n::text), 10)
    FROM generate_series(1, ${ROWS}) AS n
    JOIN unnest(${ids}::int[]) WITH ORDINALITY AS a(account_id, k) ON a.k = 1 + n % ${ACCOUNTS}`
  yield* sql`ANALYZE quotes`
  yield* sql`ANALYZE contacts`
  yield* sql`ANALYZE items`
  // Row n belongs to account 1 + n % ACCOUNTS: the term of row 12,345 (the middle of its hash) is in account 6.
  const [hash] = yield* sql<{ readonly h: string }>`SELECT left(md5('12345'), 10) AS h`
  return { account: ids[12_345 % ACCOUNTS]! as AccountId, term: hash!.h.slice(2, 8) }
})

const plan = (statement: Effect.Effect<ReadonlyArray<Record<string, unknown>>, unknown>) =>
  Effect.map(Effect.orDie(statement), (rows) => rows.map((r) => String(Object.values(r)[0])).join("\n"))

/** How many scans of `index` (found through the search path) this transaction has made so far. */
const scansOf = (index: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ readonly n: number }>`
      SELECT pg_stat_get_xact_numscans(to_regclass(${index}))::int AS n`
    return row?.n ?? 0
  }).pipe(Effect.orDie)

/** Runs `call` in a transaction and answers whether it scanned `index`. */
const readsIndex = <A, E, R>(index: string, call: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        const before = yield* scansOf(index)
        const result = yield* call
        return { result, scanned: (yield* scansOf(index)) > before }
      })
    )
  }).pipe(Effect.orDie)

/** Runs `call` with index scans turned off (in a transaction, so only for it): the sequential reference. */
const scanning = <A, E, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`SET LOCAL enable_bitmapscan = off`
        yield* sql`SET LOCAL enable_indexscan = off`
        yield* sql`SET LOCAL enable_indexonlyscan = off`
        // A plan kept from before (the lookup's function keeps one per connection) would ignore the settings:
        // plans are made again under them, and again after.
        yield* sql`DISCARD PLANS`
        const result = yield* call
        yield* sql`DISCARD PLANS`
        return result
      })
    )
  }).pipe(Effect.orDie)

const listFilter = (search: string): ListRepo.ListFilter => ({
  filter: "any",
  selection: QuoteListTab.selection("any", "all"),
  author: null,
  search,
  now: Math.floor(Date.now() / 1000)
})

const Repos = Layer.mergeAll(ListRepo.layer, ContactsRepo.layer, ItemsRepo.layer)

describeBackends(
  "searches served by the account-scoped trigram indexes",
  (it) => {
    it.effect(
      "on 100,000 rows, the quote list search, the contact list and lookup and the item lookup read their indexes",
      () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const { account, term } = yield* seedLarge
          const pattern = `%${term}%`

          // The quote list: its count and its page (the repository's WHERE: account, not a template, not deleted).
          const quoteWhere = sql`q.account_id = ${account} AND NOT q.is_template AND q.archive_id <> 3
                                 AND q.search_text LIKE ${pattern}`
          const countPlan = yield* plan(sql`EXPLAIN SELECT count(*) FROM quotes q WHERE ${quoteWhere}`.unprepared)
          assert.match(countPlan, /Bitmap Index Scan on quotes_account_search_idx/)
          const pagePlan = yield* plan(
            sql`EXPLAIN SELECT q.quote_id FROM quotes q WHERE ${quoteWhere}
                ORDER BY q.activity_at DESC, q.quote_id DESC LIMIT 50`.unprepared
          )
          assert.match(pagePlan, /Bitmap Index Scan on quotes_account_search_idx/)
          const list = yield* ListRepo.QuoteListRepo
          const page = yield* readsIndex("quotes_account_search_idx", list.page(account, listFilter(term), 0, 50))
          assert.isTrue(page.scanned)
          assert.deepStrictEqual(
            page.result.map((r) => r.quote_no),
            [12_345]
          )
          const count = yield* readsIndex("quotes_account_search_idx", list.count(account, listFilter(term)))
          assert.isTrue(count.scanned)
          assert.strictEqual(count.result, 1)

          // Contacts: the list's search and the lookup's "found anywhere" half (a term inside a name).
          const contactPlan = yield* plan(
            sql`EXPLAIN SELECT c.contact_id FROM contacts c
                WHERE c.account_id = ${account} AND c.archive_id = 1 AND c.merged_into IS NULL
                  AND c.search_text LIKE ${pattern} AND NOT (c.contact_id = ANY(${[]}::int[])) LIMIT 50`.unprepared
          )
          assert.match(contactPlan, /Bitmap Index Scan on contacts_account_search_idx/)
          const contacts = yield* ContactsRepo.ContactsRepo
          const looked = yield* readsIndex("contacts_account_search_idx", contacts.lookup(account, term, false, 10))
          assert.isTrue(looked.scanned)
          assert.deepStrictEqual(
            looked.result.map((r) => r.email),
            ["c12345@example.com"]
          )
          // The lookup's first half: names starting with the text, off their own index.
          const starting = yield* readsIndex(
            "contacts_lookup_name_first_idx",
            contacts.lookup(account, `Client${createHash("md5").update("12345").digest("hex").slice(0, 8)}`, false, 10)
          )
          assert.isTrue(starting.scanned)
          assert.deepStrictEqual(
            starting.result.map((r) => r.email),
            ["c12345@example.com"]
          )
          const listed = yield* readsIndex(
            "contacts_account_search_idx",
            contacts.list(account, { type: undefined, search: term, archive: "current", offset: 0, limit: 50 })
          )
          assert.isTrue(listed.scanned)
          assert.strictEqual(listed.result.length, 1)

          // Items: the editor's lookup.
          const itemPlan = yield* plan(
            sql`EXPLAIN SELECT i.item_id FROM items i
                WHERE i.account_id = ${account} AND i.item_type = 1 AND i.archive_id = 1
                  AND i.search_text LIKE ${pattern}
                ORDER BY (lower(i.item_title) LIKE ${`${term}%`}) DESC, lower(i.item_title), i.item_id LIMIT 10`
              .unprepared
          )
          assert.match(itemPlan, /Bitmap Index Scan on items_account_search_idx/)
          const items = yield* ItemsRepo.ItemsRepo
          const found = yield* readsIndex("items_account_search_idx", items.lookup(account, 1, term, 10))
          assert.isTrue(found.scanned)
          assert.deepStrictEqual(
            found.result.map((r) => r.item_code),
            ["SKU-12345"]
          )
        }),
      { timeout: 600_000 }
    )

    it.effect("answers the same rows as a sequential scan, for random rows and terms", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [owner] = yield* accounts(1)
        const account = owner!.account_id as AccountId
        const text = fc
          .array(
            fc.oneof(
              fc.constantFrom(...WORDS),
              fc.string({ unit: fc.constantFrom(..."abcdeklo_%\\ 12"), minLength: 1, maxLength: 8 })
            ),
            {
              minLength: 1,
              maxLength: 4
            }
          )
          .map((parts) => parts.join(" "))
        const [data] = fc.sample(
          fc.record({
            quotes: fc.array(fc.record({ title: text, contact: text }), { minLength: 1, maxLength: 40 }),
            contacts: fc.array(fc.record({ first: text, last: text, company: text }), { minLength: 1, maxLength: 40 }),
            items: fc.array(fc.record({ code: text, title: text }), { minLength: 1, maxLength: 40 })
          }),
          { numRuns: 1, seed: 22 }
        )
        let n = 0
        for (const q of data!.quotes) {
          n++
          const [first, last] = q.contact.split(" ")
          yield* sql`INSERT INTO quotes ${sql.insert({
            account_id: account,
            from_signin_id: owner!.signin_id,
            quote_no: n,
            title: q.title,
            search_text: SearchText.quote({
              title: q.title,
              quote_no: n,
              contacts: [{ name_first: first ?? "", name_last: last ?? "" }]
            })
          })}`
        }
        for (const c of data!.contacts) {
          yield* sql`INSERT INTO contacts ${sql.insert({
            account_id: account,
            contact_type: "person",
            name_first: c.first,
            name_last: c.last,
            search_text: SearchText.contact({ name_first: c.first, name_last: c.last, company: c.company })
          })}`
        }
        for (const i of data!.items) {
          yield* sql`INSERT INTO items ${sql.insert({
            account_id: account,
            item_type: 1,
            item_code: i.code,
            item_title: i.title,
            search_text: SearchText.item({ item_code: i.code, item_title: i.title })
          })}`
        }
        const list = yield* ListRepo.QuoteListRepo
        const contacts = yield* ContactsRepo.ContactsRepo
        const items = yield* ItemsRepo.ItemsRepo
        const allText = [
          ...data!.quotes.flatMap((q) => [q.title, q.contact]),
          ...data!.contacts.flatMap((c) => [c.first, c.last, c.company]),
          ...data!.items.flatMap((i) => [i.code, i.title])
        ]
        // Terms: pieces of the stored texts (found), and random text (mostly not found).
        const terms = fc.sample(
          fc.oneof(
            fc
              .tuple(fc.constantFrom(...allText), fc.nat(), fc.integer({ min: 1, max: 6 }))
              .map(([t, from, length]) => t.slice(from % t.length, (from % t.length) + length)),
            text
          ),
          { numRuns: 60, seed: 2222 }
        )
        for (const raw of terms) {
          const term = raw.trim().toLowerCase()
          if (term === "") continue
          const page = (f: ListRepo.ListFilter) => list.page(account, f, 0, 100)
          assert.deepStrictEqual(
            yield* page(listFilter(term)),
            yield* scanning(page(listFilter(term))),
            `quote list: ${JSON.stringify(term)}`
          )
          assert.strictEqual(
            yield* list.count(account, listFilter(term)),
            yield* scanning(list.count(account, listFilter(term)))
          )
          const lookup = contacts.lookup(account, term, false, 10)
          assert.deepStrictEqual(yield* lookup, yield* scanning(lookup), `contact lookup: ${JSON.stringify(term)}`)
          const contactList = contacts.list(account, {
            type: undefined,
            search: term,
            archive: "current",
            offset: 0,
            limit: 100
          })
          assert.deepStrictEqual(yield* contactList, yield* scanning(contactList), `contacts: ${JSON.stringify(term)}`)
          const itemLookup = items.lookup(account, 1, term, 10)
          assert.deepStrictEqual(yield* itemLookup, yield* scanning(itemLookup), `item lookup: ${JSON.stringify(term)}`)
        }
      })
    )
  },
  { layer: Repos, timeout: "10 minutes" }
)
