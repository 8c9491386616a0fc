import { assert, describe, it } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import * as Review from "@quotekit/core/Review"
import { Result, Schema } from "effect"
import fc from "fast-check"

const state = fc.record({ featured: fc.boolean(), archive_id: fc.constantFrom<Review.ArchiveId>(1, 2) })

describe("Review", () => {
  it("a current review is featured, unfeatured and archived; an archived one is only restored", () => {
    assert.deepStrictEqual(Review.available({ featured: false, archive_id: 1 }), ["feature", "archive"])
    assert.deepStrictEqual(Review.available({ featured: true, archive_id: 1 }), ["unfeature", "archive"])
    assert.deepStrictEqual(Review.available({ featured: true, archive_id: 2 }), ["restore"])
    assert.deepStrictEqual(Review.available({ featured: false, archive_id: 2 }), ["restore"])
  })

  it("archiving keeps the featured mark, so a restored review is featured again", () => {
    const archived = Result.getOrThrow(Review.apply("archive", { featured: true, archive_id: 1 }))
    assert.deepStrictEqual(archived, { featured: true, archive_id: 2 })
    assert.deepStrictEqual(Result.getOrThrow(Review.apply("restore", archived)), { featured: true, archive_id: 1 })
  })

  it("an action that does not apply fails with what was asked and the review's state", () => {
    const refused = Review.apply("feature", { featured: false, archive_id: 2 })
    assert.isTrue(Result.isFailure(refused))
    if (Result.isFailure(refused)) {
      assert.strictEqual(refused.failure._tag, "ReviewActionNotAllowed")
      assert.strictEqual(refused.failure.action, "feature")
    }
  })

  it("the offered actions are exactly those that apply, and each changes the review", () => {
    fc.assert(
      fc.property(state, fc.constantFrom(...Review.actions), (s, action) => {
        const result = Review.apply(action, s)
        assert.strictEqual(Result.isSuccess(result), Review.available(s).includes(action))
        if (Result.isSuccess(result)) assert.notDeepEqual(result.success, s)
      })
    )
  })

  it("stars are 1 to 5; ids are positive database integers", () => {
    const stars = Schema.decodeUnknownResult(Review.Stars)
    assert.isTrue(Result.isSuccess(stars(1)) && Result.isSuccess(stars(5)))
    assert.isTrue(Result.isFailure(stars(0)) && Result.isFailure(stars(6)) && Result.isFailure(stars(4.5)))
    const id = Schema.decodeUnknownResult(Review.ReviewId)
    assert.isTrue(Result.isFailure(id(0)) && Result.isFailure(id(2 ** 31)) && Result.isSuccess(id(2 ** 31 - 1)))
  })

  it("names reviewers who left no name 'A customer'; stars read as 'n out of 5 stars'", () => {
    assert.strictEqual(Review.reviewerName("  "), Message.anonymousReviewer)
    assert.strictEqual(Review.reviewerName(" Tom "), "Tom")
    assert.strictEqual(Message.reviewStars(4), "4 out of 5 stars")
    assert.strictEqual(Message.reviewStars(1), "1 out of 5 stars")
    assert.strictEqual(Review.historyText("unfeature", "Tom"), "Stopped featuring the review by Tom.")
  })
})
