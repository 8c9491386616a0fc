/**
 * The reviews group's handlers: the list with counts, marking reviews seen, and feature / unfeature / archive /
 * restore under `Review.apply`. Whatever changes the unseen count drops the account cache, so the menu's count
 * is right at once in every process.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, NotFound } from "@quotekit/core/api/ApiError"
import type { ReviewView } from "@quotekit/core/api/ReviewsApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import * as Review from "@quotekit/core/Review"
import { Clock, Effect, Option, Result } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountCache } from "../account/Cache.ts"
import * as Paging from "../http/Paging.ts"
import { ReviewsRepo, type StoredReview } from "./Repo.ts"

/** A stored review as the team sees it. */
export const toView = (s: StoredReview): ReviewView => ({
  ...s,
  reviewer_name: Review.reviewerName(s.reviewer_name),
  actions: [...Review.available(s)]
})

/** The reviews group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "reviews",
  Effect.fn(function* (handlers) {
    const repo = yield* ReviewsRepo
    const cache = yield* AccountCache

    const find = (account: Parameters<typeof repo.byId>[0], id: Review.ReviewId) =>
      Effect.flatMap(repo.byId(account, id), (found) =>
        Option.match(found, {
          onNone: () => Effect.fail(NotFound.answer(Message.reviewNotFound)),
          onSome: Effect.succeed
        })
      )

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const page = yield* Paging.read(
            query.page ?? 1,
            (offset, limit) => repo.list(account_id, Review.archiveIdOf(query.archive ?? "current"), offset, limit),
            toView
          )
          return { ...page, counts: yield* repo.counts(account_id) }
        })
      )
      .handle("markSeen", () =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const marked = yield* repo.markSeen(account_id)
          if (marked > 0) yield* cache.invalidateAccount(account_id)
          return { marked }
        })
      )
      .handle("action", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          const review = yield* find(account_id, params.review_id)
          const next = Review.apply(params.action, review)
          if (Result.isFailure(next)) return yield* AccessDenied.answer(Message.notAvailableNow)
          const changed = yield* repo.change({
            account: account_id,
            signin: signin_id,
            review,
            action: params.action,
            to: next.success,
            summary: Review.historyText(params.action, Review.reviewerName(review.reviewer_name)),
            at: yield* Clock.currentTimeMillis
          })
          // Someone else changed it between the read and the write: the action no longer applies as asked.
          if (!changed) return yield* AccessDenied.answer(Message.notAvailableNow)
          // Archiving or restoring an unseen review moves the menu's count.
          if (!review.seen) yield* cache.invalidateAccount(account_id)
          return toView(yield* find(account_id, review.review_id))
        })
      )
  })
)
