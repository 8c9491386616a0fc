/**
 * Newer and Older under a log read a page at a time, newest first (the add-ons' audit, a webhook's deliveries):
 * nothing while everything fits on the first page, and each button disabled at its end.
 */
import controls from "../theme/Controls.module.css"

/** The buttons' words, from the screen's own catalogue. */
export interface NewerOlderText {
  readonly newer: string
  readonly older: string
}

/** The two buttons for page `pageNo` (from 1); `hasMore` when an older page follows. */
export const NewerOlder = ({
  pageNo,
  hasMore,
  onPage,
  text
}: {
  readonly pageNo: number
  readonly hasMore: boolean
  readonly onPage: (pageNo: number) => void
  readonly text: NewerOlderText
}) =>
  pageNo > 1 || hasMore ? (
    <>
      <button
        type="button"
        className={controls.button}
        disabled={pageNo === 1}
        onClick={() => onPage(Math.max(1, pageNo - 1))}
      >
        {text.newer}
      </button>
      <button type="button" className={controls.button} disabled={!hasMore} onClick={() => onPage(pageNo + 1)}>
        {text.older}
      </button>
    </>
  ) : null
