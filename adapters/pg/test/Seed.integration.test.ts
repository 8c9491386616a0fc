import { createHash } from "node:crypto"
import { assert } from "@effect/vitest"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Password from "../src/Password.ts"
import * as Seed from "../src/Seed.ts"
import { describeBackends } from "../src/TestDatabase.ts"

const counted = [
  "accounts",
  "signins",
  "memberships",
  "contacts",
  "items",
  "quotes",
  "quote_items",
  "quote_contacts",
  "reviews",
  "notifications"
]

const counts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const result: Record<string, number> = {}
  for (const table of counted) {
    const [row] = yield* sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM ${sql(table)}`
    result[table] = row!.n
  }
  return result
})

describeBackends("Seed", (it) => {
  it.effect("seeds the demo account once; later runs, also side by side, change nothing", () =>
    Effect.gen(function* () {
      const first = yield* Seed.run
      assert.isTrue(Option.isSome(first))
      const after = yield* counts
      const again = yield* Effect.all([Seed.run, Seed.run], { concurrency: "unbounded" })
      assert.isTrue(again.every(Option.isNone))
      assert.deepStrictEqual(yield* counts, after)
      assert.strictEqual(after.accounts, 1)
      assert.strictEqual(after.signins, 2)
      assert.strictEqual(after.quotes, 6)
      assert.strictEqual(after.reviews, 3)
      assert.strictEqual(after.notifications, 3)
    })
  )

  it.effect("the demo shows its sign-up source and the admin's notifications: two unread, no email to send", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* Seed.run
      const [account] = yield* sql<{ readonly account_id: number; readonly signup_source: string }>`
        SELECT account_id, signup_source FROM accounts WHERE name = ${Seed.demoAccountName}`
      assert.strictEqual(account?.signup_source, "blog.hot-water-guide google.com")
      const [admin] = yield* sql<{ readonly signin_id: number }>`
        SELECT signin_id FROM signins WHERE email = ${Seed.demoEmail}`
      const quote = (title: string) =>
        sql<{ readonly quote_id: number }>`
          SELECT quote_id FROM quotes WHERE account_id = ${account!.account_id} AND title = ${title}`.pipe(
          Effect.map((r) => r[0]!.quote_id)
        )
      const accepted = yield* quote("Bathroom renovation, Unit 4B")
      const sent = yield* quote("Hot water cylinder replacement, Unit 2A")
      const rows = yield* sql<{
        readonly signin_id: number
        readonly kind: string
        readonly quote_id: number
        readonly headline: string
        readonly excerpt: string
        readonly unread: boolean
        readonly email_mode: string
      }>`
        SELECT signin_id, kind, quote_id, headline, excerpt, read_at IS NULL AS unread, email_mode
        FROM notifications WHERE account_id = ${account!.account_id} ORDER BY created_at`
      assert.deepStrictEqual(
        rows.map((r) => [r.signin_id, r.kind, r.quote_id, r.unread, r.email_mode]),
        [
          [admin!.signin_id, "quote.accepted", accepted, false, "none"],
          [admin!.signin_id, "mention", sent, true, "none"],
          [admin!.signin_id, "question.asked", sent, true, "none"]
        ]
      )
      assert.strictEqual(rows[0]!.headline, "Tom Becker accepted #3 Bathroom renovation, Unit 4B")
      assert.strictEqual(rows[2]!.headline, "Priya Shah asked a question on #2 Hot water cylinder replacement, Unit 2A")
      assert.match(rows[2]!.excerpt, /^Could you fit the new cylinder on a Saturday\?/)
    })
  )

  it.effect("the demo has the Reviews add-on: a featured review on the accepted quote and two new ones", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* Seed.run
      const [account] = yield* sql<{ readonly account_id: number; readonly reviews_enabled: boolean }>`
        SELECT account_id, reviews_enabled FROM accounts WHERE name = ${Seed.demoAccountName}`
      const accountId = account!.account_id
      assert.isTrue(account?.reviews_enabled)
      const reviews = yield* sql<{
        readonly stars: number
        readonly featured: boolean
        readonly seen: boolean
        readonly quote_id: number | null
      }>`SELECT stars::int AS stars, featured, seen, quote_id FROM reviews
         WHERE account_id = ${accountId} AND archive_id = 1 ORDER BY creation`
      assert.deepStrictEqual(
        reviews.map((r) => [r.stars, r.featured, r.seen]),
        [
          [5, true, true],
          [4, false, false],
          [5, false, false]
        ]
      )
      const [accepted] = yield* sql<{ readonly quote_id: number }>`
        SELECT quote_id FROM quotes WHERE account_id = ${accountId} AND status = 'accepted'`
      assert.strictEqual(reviews[0]!.quote_id, accepted!.quote_id)
    })
  )

  it.effect("signs in with the documented demo credentials; the colleague is not an admin", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* Seed.run
      const rows = yield* sql<{ readonly email: string; readonly password_hash: string; readonly is_admin: boolean }>`
        SELECT s.email, s.password_hash, m.is_admin FROM signins s JOIN memberships m USING (signin_id)
        JOIN accounts a USING (account_id) WHERE a.name = ${Seed.demoAccountName} ORDER BY s.signin_id`
      assert.deepStrictEqual(
        rows.map((r) => [r.email, r.is_admin]),
        [
          [Seed.demoEmail, true],
          [Seed.colleagueEmail, false]
        ]
      )
      assert.isTrue(yield* Password.verify(Seed.demoPassword, rows[0]!.password_hash))
      assert.isFalse(yield* Password.verify("wrong-password", rows[0]!.password_hash))
      const upper = yield* sql`SELECT 1 FROM signins WHERE lower(email) = lower(${"DEMO@QuoteKit.dev"})`
      assert.strictEqual(upper.length, 1)
    })
  )

  it.effect("has quotes in every common status, each with a total row and a text row after it", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* Seed.run
      const quotes = yield* sql<{ readonly quote_id: number; readonly status: string; readonly is_template: boolean }>`
        SELECT quote_id, status, is_template FROM quotes ORDER BY quote_id`
      assert.deepStrictEqual(
        quotes.filter((q) => !q.is_template).map((q) => q.status),
        ["draft", "sent", "accepted", "declined", "expired"]
      )
      for (const q of quotes) {
        const types = yield* sql<{ readonly item_type: number }>`
          SELECT item_type FROM quote_items WHERE quote_id = ${q.quote_id} ORDER BY order_index`
        const kinds = types.map((t) => t.item_type)
        assert.deepStrictEqual(kinds.slice(-2), [4, 2], `quote ${q.quote_id} ends with total then text`)
        assert.isTrue(kinds.includes(1), `quote ${q.quote_id} has a price item`)
      }
      const [account] = yield* sql<{ readonly next_quote_no: number; readonly default_template_id: number }>`
        SELECT next_quote_no, default_template_id FROM accounts`
      assert.strictEqual(account!.next_quote_no, 6)
      assert.strictEqual(account!.default_template_id, quotes.find((q) => q.is_template)!.quote_id)
    })
  )

  it.effect("stores line totals as unit x quantity less discount, rounded half away from zero", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* Seed.run
      const lines = yield* sql<{
        readonly price_unit: string
        readonly quantity: string
        readonly discount_item: string
        readonly price_total: string
      }>`SELECT price_unit, quantity, discount_item, price_total FROM quote_items WHERE item_type = 1`
      assert.isAbove(lines.length, 10)
      for (const l of lines) {
        const expected = LineItem.total({
          price_unit: Money.make(l.price_unit),
          quantity: Money.make(l.quantity),
          discount_item: Money.make(l.discount_item)
        })
        assert.strictEqual(l.price_total, Money.toFixed(expected, 2))
      }
      // Floor tiling: 92.50 x 6.4 = 592.00, less 10 % = 532.80.
      const [tiling] = yield* sql<{ readonly price_total: string }>`
        SELECT price_total FROM quote_items WHERE item_code = 'TILE-M2'`
      assert.strictEqual(tiling!.price_total, "532.80")
      // The draft: call-out 95 + 1.5 h x 85 = 127.50 + tap 189 = 411.50 net, plus GST 15 % = 473.23 (472.725).
      const [draft] = yield* sql<{ readonly price_current: string }>`
        SELECT price_current FROM quotes WHERE status = 'draft' AND NOT is_template`
      assert.strictEqual(draft!.price_current, "473.23")
    })
  )

  it.effect("makes searchable quotes and contacts and unguessable customer links stored as hashes", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const seeded = yield* Seed.run.pipe(Effect.map(Option.getOrUndefined))
      const search = yield* sql<{ readonly title: string }>`
        SELECT title FROM quotes WHERE search_text LIKE ${"%harbourview%"} ORDER BY quote_id`
      assert.deepStrictEqual(
        search.map((r) => r.title),
        ["Hot water cylinder replacement, Unit 2A", "Bathroom renovation, Unit 4B", "Outdoor tap installation"]
      )
      if (seeded === undefined) return
      assert.isAbove(seeded.customerLinks.length, 4)
      for (const link of seeded.customerLinks) {
        assert.isAtLeast(Buffer.from(link.token, "base64url").length, 16)
        const hash = createHash("sha256").update(link.token).digest("hex")
        const rows = yield* sql<{ readonly quote_id: number }>`
          SELECT quote_id FROM quote_contacts WHERE link_token_hash = ${hash}`
        assert.deepStrictEqual(
          rows.map((r) => r.quote_id),
          [link.quoteId]
        )
        const clear = yield* sql`SELECT 1 FROM quote_contacts WHERE link_token_hash = ${link.token}`
        assert.strictEqual(clear.length, 0)
      }
    })
  )
})
