/**
 * Reviews (`/settings/reviews`, from Reviews in the account menu): the account's reviews, newest first, current or
 * archived, paged with 'Load more'. Each shows its stars ('4 out of 5 stars' to assistive technology), the
 * message as plain text, the reviewer, the reviewed quote and the date, with the Featured toggle and Archive /
 * Unarchive. Opening the page marks every review seen, so the menu's count drops; the ones new on this visit keep
 * a 'new' sticker until the list reloads.
 */
import type * as ReviewsApi from "@quotekit/core/api/ReviewsApi"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Review from "@quotekit/core/Review"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { DateTime } from "effect"
import { useEffect, useRef } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { dateStyle } from "../quotes/QuoteDetails.tsx"
import { accountKey, useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import page from "../shell/Page.module.css"
import { PagedListCard } from "../shell/PagedListCard.tsx"
import controls from "../theme/Controls.module.css"

/** Every query of the reviews page starts with this key. */
export const reviewsKey = ["reviews"] as const

const filters: ReadonlyArray<Review.ArchiveName> = ["current", "archived"]

/** Filled and empty stars, read out by the label of their container instead. */
const starGlyphs = (stars: number) => "★".repeat(stars) + "☆".repeat(Math.max(0, Review.MAX_STARS - stars))

/** The reviews page. */
export const ReviewsPage = () => {
  const m = useMessages()
  usePageTitle(m.reviews)
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search: { archive?: string } = useSearch({ strict: false })
  const archive = filters.find((f) => f === search.archive) ?? "current"
  const list = useInfiniteQuery({
    queryKey: [...reviewsKey, "list", archive],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api.call((c) => c.reviews.list({ query: { archive, page: pageParam } })),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined)
  })
  const markSeen = useMutation({
    mutationFn: () => api.call((c) => c.reviews.markSeen()),
    onSuccess: ({ marked }) => {
      if (marked > 0) void queryClient.invalidateQueries({ queryKey: accountKey })
    }
  })
  // Once the first page is shown, everything is seen: the menu's count drops.
  const marked = useRef(false)
  useEffect(() => {
    if (list.isSuccess && !marked.current) {
      marked.current = true
      markSeen.mutate()
    }
  }, [list.isSuccess, markSeen])
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? []
  const counts = list.data?.pages[0]?.counts
  const label = { current: m.current, archived: m.archived } as const
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{m.reviews}</h1>
      <div className={styles.stack}>
        <fieldset className={styles.filters} aria-label={m.archived}>
          {filters.map((f) => (
            <button
              key={f}
              type="button"
              className={styles.filter}
              aria-pressed={f === archive}
              onClick={() => void navigate({ to: "/settings/reviews", search: f === "current" ? {} : { archive: f } })}
            >
              {label[f]} {counts !== undefined && `(${counts[f]})`}
            </button>
          ))}
        </fieldset>
        <PagedListCard list={list} count={rows.length} empty={m.noReviews}>
          {rows.map((r) => (
            <ReviewRow key={r.review_id} review={r} />
          ))}
        </PagedListCard>
      </div>
    </div>
  )
}

/** One review with its toggles. */
const ReviewRow = ({ review }: { readonly review: ReviewsApi.ReviewView }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const account = useAccount()
  const zone = DateTime.zoneMakeLocal()
  const act = useMutation({
    mutationFn: (action: Review.Action) =>
      api.call((c) => c.reviews.action({ params: { review_id: review.review_id, action } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewsKey })
      // Archiving or restoring moves the menu's count when the review was not seen yet.
      if (!review.seen) void queryClient.invalidateQueries({ queryKey: accountKey })
    }
  })
  const canFeature = review.actions.includes("feature")
  const canUnfeature = review.actions.includes("unfeature")
  const titleId = `review-${review.review_id}`
  const style = account.data === undefined ? DateFormat.styles[0]! : dateStyle(account.data.account_signin.dateFormat)
  return (
    <li className={styles.row}>
      <article className={styles.rowMain} aria-labelledby={titleId}>
        <span className={styles.rowTitle} id={titleId}>
          {review.reviewer_name}
        </span>
        <span role="img" aria-label={m.reviewStars(review.stars)} style={{ color: "#b7791f", letterSpacing: "0.1em" }}>
          {starGlyphs(review.stars)}
        </span>
        <p style={{ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{review.message}</p>
        <span className={styles.muted}>
          {DateFormat.format(review.creation, style, zone)}
          {review.quote_id !== null && (
            <>
              {` · ${m.reviewedQuote}: `}
              <Link
                to="/quote/$quoteId"
                params={{ quoteId: String(review.quote_id) }}
                style={{ textDecoration: "underline" }}
              >
                {review.quote_title === null || review.quote_title.trim() === "" ? m.untitled : review.quote_title}
              </Link>
            </>
          )}
        </span>
        {act.isError && (
          <p className={banner.detail} role="alert">
            {act.error.message}
          </p>
        )}
      </article>
      {!review.seen && <span className={styles.sticker}>{m.unseenReviews}</span>}
      <div className={styles.actions}>
        {(canFeature || canUnfeature) && (
          <button
            type="button"
            className={controls.button}
            aria-pressed={review.featured}
            disabled={act.isPending}
            onClick={() => act.mutate(canFeature ? "feature" : "unfeature")}
          >
            {m.featured}
          </button>
        )}
        {review.actions.includes("archive") && (
          <button
            type="button"
            className={controls.button}
            disabled={act.isPending}
            onClick={() => act.mutate("archive")}
          >
            {m.archive}
          </button>
        )}
        {review.actions.includes("restore") && (
          <button
            type="button"
            className={controls.button}
            disabled={act.isPending}
            onClick={() => act.mutate("restore")}
          >
            {m.unarchive}
          </button>
        )}
      </div>
    </li>
  )
}
