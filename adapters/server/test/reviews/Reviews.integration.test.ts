import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { browser, layer, newAccount } from "../Harness.ts"

/** A review of the account as a customer leaves it; minutes ago (the newest has the smallest number). */
interface Left {
  readonly stars: number
  readonly message: string
  readonly reviewer?: string
  readonly minutesAgo: number
  readonly quoteId?: number
  readonly seen?: boolean
  readonly featured?: boolean
  readonly archiveId?: number
}

const leave = (accountId: number, reviews: ReadonlyArray<Left>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const ids: Array<number> = []
    for (const r of reviews) {
      const [row] = yield* sql<{ review_id: number }>`
        INSERT INTO reviews (account_id, quote_id, stars, message, reviewer_name, seen, featured, archive_id, creation)
        VALUES (${accountId}, ${r.quoteId ?? null}, ${r.stars}, ${r.message}, ${r.reviewer ?? ""}, ${r.seen ?? false},
                ${r.featured ?? false}, ${r.archiveId ?? 1}, now() - make_interval(mins => ${r.minutesAgo}))
        RETURNING review_id`
      ids.push(row!.review_id)
    }
    return ids
  })

const quote = (accountId: number, signinId: number, title: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ quote_id: number }>`
      INSERT INTO quotes (account_id, quote_no, title, status, from_signin_id, search_text)
      VALUES (${accountId}, 1, ${title}, 'accepted', ${signinId}, ${title}) RETURNING quote_id`
    return row!.quote_id
  })

describeBackends(
  "reviews over HTTP",
  (it) => {
    it.effect("lists the account's reviews newest first with counts; the menu counts the unseen current ones", () =>
      Effect.gen(function* () {
        const { browser: b, accountId, signinId } = yield* newAccount("Reviewed")
        const other = yield* newAccount("Elsewhere")
        const quoteId = yield* quote(accountId, signinId, "Deck & <b>rail</b>")
        const [older, newer] = yield* leave(accountId, [
          { stars: 4, message: "Tidy work <script>alert(1)</script>", reviewer: "Tom Becker", minutesAgo: 60, quoteId },
          { stars: 5, message: "Brilliant", minutesAgo: 5 },
          { stars: 3, message: "Seen already", reviewer: "Ann", minutesAgo: 30, seen: true },
          { stars: 2, message: "Put away", reviewer: "Bo", minutesAgo: 1, archiveId: 2 }
        ])
        yield* leave(other.accountId, [{ stars: 1, message: "Not yours", minutesAgo: 1 }])

        const list = (yield* b.get("/get/reviews")).body
        assert.deepStrictEqual(list.counts, { current: 3, archived: 1, unseen: 2 })
        assert.deepStrictEqual(
          list.rows.map((r: { review_id: number }) => r.review_id),
          [newer, list.rows[1].review_id, older]
        )
        assert.deepStrictEqual(
          list.rows.map((r: { message: string }) => r.message),
          ["Brilliant", "Seen already", "Tidy work <script>alert(1)</script>"]
        )
        const first = list.rows[0]
        assert.strictEqual(first.reviewer_name, Message.anonymousReviewer)
        assert.strictEqual(first.quote_id, null)
        assert.deepStrictEqual(first.actions, ["feature", "archive"])
        const last = list.rows[2]
        assert.strictEqual(last.stars, 4)
        assert.strictEqual(last.reviewer_name, "Tom Becker")
        assert.strictEqual(last.quote_id, quoteId)
        assert.strictEqual(last.quote_title, "Deck & <b>rail</b>")
        assert.isFalse(last.seen)
        assert.isNumber(last.creation)
        assert.strictEqual(list.page, 1)
        assert.isFalse(list.has_more)

        const archived = (yield* b.get("/get/reviews?archive=archived")).body
        assert.deepStrictEqual(
          archived.rows.map((r: { message: string; actions: unknown }) => [r.message, r.actions]),
          [["Put away", ["restore"]]]
        )
        assert.deepStrictEqual((yield* b.get("/get/reviews?archive=archived&page=2")).body.rows, [])

        // The menu's count, read through the account cache (filled here, so the drop below beats the TTL).
        const count = Effect.map(b.get("/get/cache-account"), (a) => a.body.account_signin.reviewCount as number)
        assert.strictEqual(yield* count, 2)
        assert.strictEqual((yield* other.browser.get("/get/cache-account")).body.account_signin.reviewCount, 1)

        const seen = yield* b.post("/post/reviews-seen")
        assert.strictEqual(seen.status, 200)
        assert.deepStrictEqual(seen.body, { marked: 3 })
        assert.strictEqual(yield* count, 0)
        assert.deepStrictEqual((yield* b.get("/get/reviews")).body.counts, { current: 3, archived: 1, unseen: 0 })
        assert.deepStrictEqual((yield* b.post("/post/reviews-seen")).body, { marked: 0 })
        // Another account's reviews are untouched.
        assert.strictEqual((yield* other.browser.get("/get/cache-account")).body.account_signin.reviewCount, 1)
      })
    )

    it.effect("features, unfeatures, archives and restores, with history on the quote and an audit row", () =>
      Effect.gen(function* () {
        const { browser: b, accountId, signinId } = yield* newAccount("Featuring")
        const sql = yield* SqlClient.SqlClient
        const quoteId = yield* quote(accountId, signinId, "Bathroom")
        const [id, loose] = yield* leave(accountId, [
          { stars: 5, message: "Great", reviewer: "Tom <Becker>", minutesAgo: 10, quoteId },
          { stars: 4, message: "Good", minutesAgo: 5 }
        ])

        const featured = yield* b.post(`/post/review-action/${id}/feature`)
        assert.strictEqual(featured.status, 200)
        assert.isTrue(featured.body.featured)
        assert.deepStrictEqual(featured.body.actions, ["unfeature", "archive"])
        // Featured current reviews are what a quote with reviews on counts.
        const [{ n }] = (yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM reviews WHERE account_id = ${accountId} AND featured AND archive_id = 1`) as [
          { n: number }
        ]
        assert.strictEqual(n, 1)

        const again = yield* b.post(`/post/review-action/${id}/feature`)
        assert.strictEqual(again.status, 403)
        assert.strictEqual(again.body._serveError.message, Message.notAvailableNow)

        const archived = yield* b.post(`/post/review-action/${id}/archive`)
        assert.strictEqual(archived.body.archive_id, 2)
        assert.isTrue(archived.body.featured)
        assert.deepStrictEqual(archived.body.actions, ["restore"])
        const featureArchived = yield* b.post(`/post/review-action/${id}/feature`)
        assert.strictEqual(featureArchived.status, 403)
        assert.strictEqual(featureArchived.body._serveError.message, Message.notAvailableNow)
        assert.deepStrictEqual((yield* b.get("/get/reviews")).body.counts, { current: 1, archived: 1, unseen: 1 })

        const restored = yield* b.post(`/post/review-action/${id}/restore`)
        assert.strictEqual(restored.body.archive_id, 1)
        const unfeatured = yield* b.post(`/post/review-action/${id}/unfeature`)
        assert.isFalse(unfeatured.body.featured)

        const history = (yield* b.get(`/get/history/quote/${quoteId}`)).body.rows.map(
          (r: { html_summary: string }) => r.html_summary
        )
        assert.deepStrictEqual(history, [
          "Stopped featuring the review by Tom &lt;Becker&gt;.",
          "Restored the review by Tom &lt;Becker&gt;.",
          "Archived the review by Tom &lt;Becker&gt;.",
          "Featured the review by Tom &lt;Becker&gt;."
        ])
        const audit = yield* sql<{ action: string; actor_signin_id: number; subject_id: string | number }>`
          SELECT action, actor_signin_id, subject_id FROM audit_log
          WHERE account_id = ${accountId} AND subject_table = 'review' ORDER BY audit_id`
        assert.deepStrictEqual(
          audit.map((a) => [a.action, a.actor_signin_id, Number(a.subject_id)]),
          [
            ["review.feature", signinId, id],
            ["review.archive", signinId, id],
            ["review.restore", signinId, id],
            ["review.unfeature", signinId, id]
          ]
        )

        // A review without a quote is audited only.
        assert.strictEqual((yield* b.post(`/post/review-action/${loose}/feature`)).status, 200)
        const [looseAudit] = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM audit_log
          WHERE account_id = ${accountId} AND subject_table = 'review' AND subject_id = ${loose!}`
        assert.strictEqual(looseAudit!.n, 1)
      })
    )

    it.effect("archiving an unseen review drops the menu's count at once", () =>
      Effect.gen(function* () {
        const { browser: b, accountId } = yield* newAccount("Counting")
        const [id] = yield* leave(accountId, [{ stars: 5, message: "New", minutesAgo: 1 }])
        const count = Effect.map(b.get("/get/cache-account"), (a) => a.body.account_signin.reviewCount as number)
        assert.strictEqual(yield* count, 1)
        assert.strictEqual((yield* b.post(`/post/review-action/${id}/archive`)).status, 200)
        assert.strictEqual(yield* count, 0)
        assert.strictEqual((yield* b.post(`/post/review-action/${id}/restore`)).status, 200)
        assert.strictEqual(yield* count, 1)
      })
    )

    it.effect("refuses unknown and other accounts' reviews, bad input and forged requests", () =>
      Effect.gen(function* () {
        const { browser: b, accountId } = yield* newAccount("Careful")
        const intruder = yield* newAccount("Intruder")
        const [id] = yield* leave(accountId, [{ stars: 3, message: "Mine", minutesAgo: 1 }])

        const theirs = yield* intruder.browser.post(`/post/review-action/${id}/archive`)
        assert.strictEqual(theirs.status, 404)
        assert.strictEqual(theirs.body._serveError.message, Message.reviewNotFound)
        assert.deepStrictEqual((yield* intruder.browser.get("/get/reviews")).body.rows, [])
        assert.deepStrictEqual((yield* intruder.browser.post("/post/reviews-seen")).body, { marked: 0 })
        const unknown = yield* b.post("/post/review-action/999999999/feature")
        assert.strictEqual(unknown.status, 404)
        assert.strictEqual(unknown.body._serveError.message, Message.reviewNotFound)

        for (const path of [
          `/post/review-action/${id}/delete`,
          "/post/review-action/abc/feature",
          "/post/review-action/0/feature",
          "/post/review-action/99999999999/feature"
        ]) {
          const bad = yield* b.post(path)
          assert.strictEqual(bad.status, 400, path)
          assert.isString(bad.body._serveError.message)
        }
        for (const query of ["archive=deleted", "page=0", "page=x"]) {
          const bad = yield* b.get(`/get/reviews?${query}`)
          assert.strictEqual(bad.status, 400, query)
          assert.isString(bad.body._serveError.message)
        }

        const forged = yield* b.post(`/post/review-action/${id}/feature`, undefined, { csrfHeader: "missing" })
        assert.strictEqual(forged.status, 403)
        const forgedSeen = yield* b.post("/post/reviews-seen", undefined, { requestedWith: false })
        assert.strictEqual(forgedSeen.status, 403)
        const stranger = yield* browser
        assert.strictEqual((yield* stranger.get("/get/reviews")).status, 401)
        assert.strictEqual((yield* stranger.post(`/post/review-action/${id}/feature`)).status, 401)

        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ featured: boolean; seen: boolean; archive_id: number }>`
          SELECT featured, seen, archive_id::int AS archive_id FROM reviews WHERE review_id = ${id!}`
        assert.deepStrictEqual({ ...row }, { featured: false, seen: false, archive_id: 1 })
      })
    )
  },
  { layer: layer() }
)
