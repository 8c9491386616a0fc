import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { layer, newAccount } from "../Harness.ts"
import { editor, saveNew } from "./Fixtures.ts"

/** Reviews of an account, as the customer page leaves them and the team features or archives them. */
const reviews = (accountId: number, rows: ReadonlyArray<{ featured: boolean; archive_id?: number }>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const [i, r] of rows.entries()) {
      yield* sql`
        INSERT INTO reviews (account_id, stars, message, reviewer_name, featured, archive_id)
        VALUES (${accountId}, 5, ${`Great work ${i}`}, 'A customer', ${r.featured}, ${r.archive_id ?? 1})`
    }
  })

describeBackends(
  "the quote meta's review count",
  (it) => {
    it.effect("counts the account's current featured reviews, for new and stored quotes", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Reviewed")
        const other = yield* newAccount("Elsewhere")
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE accounts SET reviews_enabled = true WHERE account_id = ${accountId}`
        const saved = yield* saveNew(b, signinId, { quote: { title: "Deck" } })
        const count = Effect.gen(function* () {
          const fresh = (yield* editor(b, "new")).body
          const stored = (yield* editor(b, saved.quote_id)).body
          assert.strictEqual(fresh.meta.reviewCount, stored.meta.reviewCount)
          return stored.meta.reviewCount as number
        })
        assert.strictEqual(yield* count, 0)

        // Featured and current count; not featured, archived or deleted ones, nor another account's, do not.
        yield* reviews(accountId, [
          { featured: true },
          { featured: true },
          { featured: false },
          { featured: true, archive_id: 2 },
          { featured: true, archive_id: 3 }
        ])
        yield* reviews(other.accountId, [{ featured: true }, { featured: true }])
        assert.strictEqual(yield* count, 2)
        const meta = (yield* editor(b, saved.quote_id)).body.meta
        assert.isTrue(meta.reviewsEnabled)

        yield* sql`UPDATE reviews SET featured = true WHERE account_id = ${accountId} AND NOT featured`
        assert.strictEqual(yield* count, 3)
        assert.strictEqual((yield* editor(other.browser, "new")).body.meta.reviewCount, 2)
      })
    )
  },
  { layer: layer() }
)
