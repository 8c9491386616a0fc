/**
 * The unseen-review count beside Reviews in the account menu (spec: 'Reviews with a notification count'). It is
 * the account cache's `reviewCount`, which the Reviews page drops by marking the reviews seen.
 */
import { useMessages } from "../page/useMessages.ts"

/** The count badge; nothing at zero. */
export const ReviewsCount = ({ count }: { readonly count: number }) => {
  const m = useMessages()
  if (count <= 0) return null
  return (
    <span style={{ marginLeft: "auto", fontVariantNumeric: "tabular-nums" }}>
      {count}
      <span className="visually-hidden"> {m.unseenReviews}</span>
    </span>
  )
}
