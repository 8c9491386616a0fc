/**
 * Pages of a list: `Limits.listPageSize` rows, read one row beyond it to know whether more follow.
 *
 * @since 0.1.0
 */
import * as Limits from "@quotekit/core/Limits"
import { Effect } from "effect"

/** A page as the list endpoints answer it. */
export interface Page<A> {
  readonly rows: ReadonlyArray<A>
  readonly page: number
  readonly page_size: number
  readonly has_more: boolean
}

/** Page `page` (from 1) of the rows `read(offset, limit)` gives, each made into what the answer shows. */
export const read = <R, A, E, Req>(
  page: number,
  read: (offset: number, limit: number) => Effect.Effect<ReadonlyArray<R>, E, Req>,
  view: (row: R) => A
): Effect.Effect<Page<A>, E, Req> => {
  const size = Limits.listPageSize
  return Effect.map(read((page - 1) * size, size + 1), (rows) => ({
    rows: rows.slice(0, size).map(view),
    page,
    page_size: size,
    has_more: rows.length > size
  }))
}
