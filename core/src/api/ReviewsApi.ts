/**
 * Reviews (the account menu's Reviews page, `/settings/reviews`): the account's reviews, newest first, current or
 * archived, with counts; marking them all seen when the page opens (the menu's count drops at once); and the
 * feature / unfeature / archive / restore actions under `Review.apply`.
 *
 * `message` and `reviewer_name` are plain text typed by customers: clients show them as text, never as markup.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Review from "../Review.ts"
import { AccessDenied, NotFound } from "./ApiError.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** A review as the team sees it. Times are epoch seconds. */
export const ReviewView = Schema.Struct({
  review_id: Review.ReviewId,
  stars: Review.Stars,
  message: Schema.String,
  /** The reviewer's name as shown ('A customer' when they left none). */
  reviewer_name: Schema.String,
  featured: Schema.Boolean,
  seen: Schema.Boolean,
  archive_id: Review.ArchiveId,
  /** The reviewed quote; null when it is gone or the review was left without one. */
  quote_id: Schema.NullOr(Schema.Int),
  quote_title: Schema.NullOr(Schema.String),
  creation: Schema.Int,
  /** The actions the review offers now. */
  actions: Schema.Array(Schema.Literals(Review.actions))
})
/** A review as the team sees it. */
export type ReviewView = typeof ReviewView.Type

/** Reviews per archive state, and the current ones not seen yet (the menu's count). */
export const ReviewCounts = Schema.Struct({ current: Schema.Int, archived: Schema.Int, unseen: Schema.Int })
/** Review counts. */
export type ReviewCounts = typeof ReviewCounts.Type

/** A page of reviews of one archive state, newest first, with the counts. */
export const ReviewPage = Schema.Struct({
  rows: Schema.Array(ReviewView),
  counts: ReviewCounts,
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean
})
/** A page of reviews. */
export type ReviewPage = typeof ReviewPage.Type

/** The answer to marking reviews seen: how many were newly seen. */
export const ReviewsSeen = Schema.Struct({ marked: Schema.Int })

/** The reviews group; every endpoint needs a session with a chosen account. */
export class ReviewsApi extends HttpApiGroup.make("reviews")
  .add(
    HttpApiEndpoint.get("list", "/get/reviews", {
      query: {
        archive: Schema.optionalKey(Review.ArchiveName),
        page: Schema.optionalKey(IntFromString.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })))
      },
      success: ReviewPage
    }),
    HttpApiEndpoint.post("markSeen", "/post/reviews-seen", { success: ReviewsSeen }),
    HttpApiEndpoint.post("action", "/post/review-action/:review_id/:action", {
      params: {
        review_id: Review.ReviewId,
        action: Schema.Literals(Review.actions)
      },
      success: ReviewView,
      error: [NotFound, AccessDenied]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({ title: "Reviews", description: "Customers' reviews: list, mark seen, feature, archive." })
  ) {}
