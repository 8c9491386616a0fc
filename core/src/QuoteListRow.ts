/**
 * What a quote list row shows beside the quote's own fields: the last customer view ('Unopened' when never
 * viewed, the relative time within 30 days, nothing when older), and the follow-up that is due.
 *
 * @example
 * import * as QuoteListRow from "@quotekit/core/QuoteListRow"
 * QuoteListRow.lastView(0, now)              // Option.some("Unopened")
 * QuoteListRow.lastView(now - 3600, now)     // Option.some("1 hour ago")
 * QuoteListRow.lastView(now - 40 * 86400, now) // Option.none()
 *
 * @since 0.1.0
 */
import { Option } from "effect"
import * as Message from "./Message.ts"
import * as RelativeTime from "./RelativeTime.ts"

/** How far back a last view is shown, in seconds (30 days). */
export const LAST_VIEW_WINDOW = 30 * 86_400

/**
 * The last-view label of a row: 'Unopened' when the quote was never viewed (`lastViewSeconds` 0), the relative
 * time when it was viewed within the last 30 days, none otherwise.
 */
export const lastView = (lastViewSeconds: number, nowSeconds: number): Option.Option<string> =>
  lastViewSeconds <= 0
    ? Option.some(Message.catalogue.unopened)
    : nowSeconds - lastViewSeconds <= LAST_VIEW_WINDOW
      ? Option.some(RelativeTime.describe(lastViewSeconds, nowSeconds))
      : Option.none()

/** A follow-up as the list reads it. */
export interface FollowUp {
  readonly follow_up_id: number
  /** When it is due (epoch seconds). */
  readonly due: number
}

/**
 * The list's follow-up fields: the subject id of the follow-up that is due (0 when none is) and how many
 * seconds ago it fell due (`_followSecsDif`, 0 when none).
 */
export const followUp = (
  due: FollowUp | null,
  nowSeconds: number
): { readonly _followSubjectId: number; readonly _followSecsDif: number } =>
  due === null || due.due > nowSeconds
    ? { _followSubjectId: 0, _followSecsDif: 0 }
    : { _followSubjectId: due.follow_up_id, _followSecsDif: nowSeconds - due.due }
