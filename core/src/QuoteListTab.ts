/**
 * The quote list's status filter and archive tabs (All, Active, Waiting, Complete, Dismissed): which tabs show
 * for a filter, and which quotes a filter and tab select.
 *
 * The selection exists in two equivalent forms: a predicate on a row, and a `Selection` (status list, archive list
 * and deletion window) that the SQL layer translates into `WHERE status IN (...) AND archive_id IN (...)`.
 *
 * Rules:
 * - The Complete tab applies only to the accepted and any-status filters; Dismissed only to declined and
 *   any-status (only accepted quotes can be complete, only declined ones dismissed).
 * - Tabs are hidden for the expired, withdrawn and deleted-drafts filters; those lists show every such quote.
 * - Deleted quotes (drafts) appear only under the deleted-drafts filter, and only for 30 days after deletion.
 * - The All tab shows every quote that is not deleted, finished ones included.
 *
 * @example
 * import * as QuoteListTab from "@quotekit/core/QuoteListTab"
 * QuoteListTab.tabsFor("declined")                  // ["all", "active", "waiting", "dismissed"]
 * QuoteListTab.selection("accepted", "complete")    // { statuses: ["accepted"], archives: ["complete"], ... }
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as ArchiveState from "./ArchiveState.ts"
import { all, filters, tabsFor } from "./light/QuoteListTab.ts"
import * as QuoteStatus from "./QuoteStatus.ts"

export * from "./light/QuoteListTab.ts"

/** Schema of the list's `tab` query option. */
export const Tab = Schema.Literals(all)

/** A list tab. */
export type Tab = typeof Tab.Type

/** Schema of the list's `status` query option. */
export const StatusFilter = Schema.Literals(filters)

/** A status filter. */
export type StatusFilter = typeof StatusFilter.Type

/** Whether the tabs show at all for a status filter. */
export const showsTabs = (filter: StatusFilter): boolean => tabsFor(filter).length > 0

/**
 * The tab actually in force: the requested one when the filter offers it, else All (a stale `tab` in a shared
 * link, or a filter change that removes the current tab, falls back rather than showing an empty list).
 */
export const effectiveTab = (filter: StatusFilter, tab: Tab): Tab => (tabsFor(filter).includes(tab) ? tab : "all")

/** What the SQL layer needs to select a list's rows. */
export interface Selection {
  /** `status IN (...)`. */
  readonly statuses: ReadonlyArray<QuoteStatus.QuoteStatus>
  /** `archive_id IN (...)`, as states; map with `ArchiveState.toId`. */
  readonly archives: ReadonlyArray<ArchiveState.ArchiveState>
  /**
   * When not `null`, only rows deleted within this many seconds before now (the restore window); the SQL layer
   * compares the deletion time with `now - deletedWithinSeconds`.
   */
  readonly deletedWithinSeconds: number | null
}

const notDeleted: ReadonlyArray<ArchiveState.ArchiveState> = ["active", "waiting", "complete", "dismissed"]

/** The rows a status filter and tab select (the tab is first made effective for the filter). */
export const selection = (filter: StatusFilter, tab: Tab): Selection => {
  if (filter === "deletedDrafts")
    return { statuses: ["draft"], archives: ["deleted"], deletedWithinSeconds: ArchiveState.RETENTION_SECONDS }
  const t = effectiveTab(filter, tab)
  return {
    statuses: filter === "any" ? QuoteStatus.all : [filter],
    archives: t === "all" ? notDeleted : [t],
    deletedWithinSeconds: null
  }
}

/** The fields of a list row the selection looks at. */
export interface Row {
  readonly status: QuoteStatus.QuoteStatus
  readonly archive: ArchiveState.ArchiveState
  /** When it was deleted (epoch seconds); `null` when not deleted. */
  readonly deletedAtSeconds: number | null
}

/** Whether a row is in a `Selection` at `nowSeconds`; the reference the SQL translation must agree with. */
export const inSelection = (s: Selection, row: Row, nowSeconds: number): boolean =>
  s.statuses.includes(row.status) &&
  s.archives.includes(row.archive) &&
  (s.deletedWithinSeconds === null ||
    (row.deletedAtSeconds !== null && nowSeconds - row.deletedAtSeconds < s.deletedWithinSeconds))

/**
 * Whether a row belongs in the list for a status filter and tab at `nowSeconds`.
 *
 * @example
 * QuoteListTab.matches("any", "active")({ status: "sent", archive: "active", deletedAtSeconds: null }, now) // true
 */
export const matches =
  (filter: StatusFilter, tab: Tab) =>
  (row: Row, nowSeconds: number): boolean => {
    if (filter === "deletedDrafts")
      return (
        row.status === "draft" &&
        row.archive === "deleted" &&
        row.deletedAtSeconds !== null &&
        ArchiveState.isRestorable(row.deletedAtSeconds, nowSeconds)
      )
    if (row.archive === "deleted") return false
    if (filter !== "any" && row.status !== filter) return false
    const t = effectiveTab(filter, tab)
    return t === "all" || row.archive === t
  }
