/**
 * Reviews customers leave about an account's work (spec: "saved review (message, stars)"; the Reviews add-on).
 * The team sees them under Reviews in the account menu, with a count of the ones nobody has looked at yet;
 * opening the page marks them all seen. A current review can be featured (quotes with reviews on show the
 * featured ones, 'You need N more Featured') and archived; an archived review can be restored.
 *
 * Decisions where the spec is silent:
 * - The menu count is the current reviews not seen yet (archived ones need no attention).
 * - Archiving keeps the featured mark, so a restored review is shown on quotes again as before; quotes only
 *   show current featured reviews, so an archived one is never shown. Featuring needs a current review.
 *
 * `archive_id` on the wire: 1 current, 2 archived.
 *
 * @example
 * import * as Review from "@quotekit/core/Review"
 * Review.apply("feature", { featured: false, archive_id: 1 }) // Success({ featured: true, archive_id: 1 })
 * Review.apply("feature", { featured: false, archive_id: 2 }) // Failure(ReviewActionNotAllowed)
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import * as Message from "./Message.ts"

/** Identifier of a review: a positive database `integer`, so an id out of its range is bad input, not a failure. */
export const ReviewId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })).pipe(
  Schema.brand("ReviewId")
)
/** A `review_id`. */
export type ReviewId = typeof ReviewId.Type

/** The most stars a review gives. */
export const MAX_STARS = 5

/** Stars of a review, 1 to 5. */
export const Stars = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_STARS }))

/** A review's `archive_id`: 1 current, 2 archived. */
export const ArchiveId = Schema.Literals([1, 2])
/** A review's archive state. */
export type ArchiveId = typeof ArchiveId.Type

/** The archive filter of the reviews list, by name. */
export const ArchiveName = Schema.Literals(["current", "archived"])
/** An archive filter name. */
export type ArchiveName = typeof ArchiveName.Type

/** The stored archive state an archive filter name stands for. */
export const archiveIdOf = (name: ArchiveName): ArchiveId => (name === "current" ? 1 : 2)

/** What the team can change on a review. */
export const actions = ["feature", "unfeature", "archive", "restore"] as const
/** A change to a review. */
export type Action = (typeof actions)[number]

/** The facts of a review its actions change. */
export interface State {
  readonly featured: boolean
  readonly archive_id: ArchiveId
}

/** Raised when an action does not apply to the review as it is (featuring an archived review, restoring a current one). */
export class ReviewActionNotAllowed extends Schema.TaggedError<ReviewActionNotAllowed>()("ReviewActionNotAllowed", {
  action: Schema.Literals(actions),
  featured: Schema.Boolean,
  archive_id: ArchiveId
}) {}

/**
 * The review after an action: feature and unfeature toggle the mark of a current review; archive moves a current
 * review to archived, restore brings an archived one back (the mark stays either way).
 *
 * @example
 * Review.apply("archive", { featured: true, archive_id: 1 }) // Success({ featured: true, archive_id: 2 })
 */
export const apply = (action: Action, review: State): Result.Result<State, ReviewActionNotAllowed> => {
  const current = review.archive_id === 1
  switch (action) {
    case "feature":
      if (current && !review.featured) return Result.succeed({ ...review, featured: true })
      break
    case "unfeature":
      if (current && review.featured) return Result.succeed({ ...review, featured: false })
      break
    case "archive":
      if (current) return Result.succeed({ ...review, archive_id: 2 })
      break
    case "restore":
      if (!current) return Result.succeed({ ...review, archive_id: 1 })
      break
  }
  return Result.fail(new ReviewActionNotAllowed({ action, ...review }))
}

/** The actions a review offers (its buttons). */
export const available = (review: State): ReadonlyArray<Action> =>
  actions.filter((a) => Result.isSuccess(apply(a, review)))

/** The name to show for the reviewer; reviews left without a name read 'A customer'. */
export const reviewerName = (name: string): string => (name.trim() === "" ? Message.anonymousReviewer : name.trim())

/** The history line of an action, naming the reviewer (plain text). */
export const historyText = (action: Action, reviewer: string): string => {
  switch (action) {
    case "feature":
      return Message.historyReviewFeatured(reviewer)
    case "unfeature":
      return Message.historyReviewUnfeatured(reviewer)
    case "archive":
      return Message.historyReviewArchived(reviewer)
    case "restore":
      return Message.historyReviewRestored(reviewer)
  }
}
