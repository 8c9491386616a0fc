/**
 * The quote list's status filters and archive tabs: which tabs show for a filter, and their labels.
 *
 * The part of `QuoteListTab.ts` that needs no effect runtime, so a bundle that must stay light (the team app's first
 * screen, which shares its modules with the screens that decode) can import it without bringing Schema with it.
 * `QuoteListTab.ts` re-exports all of it: elsewhere import that.
 *
 * @since 0.5.0
 */
import * as Message from "../Message.ts"
import * as ArchiveState from "./ArchiveState.ts"
import * as QuoteStatus from "./QuoteStatus.ts"

/** The tabs, in display order. */
export const all = ["all", "active", "waiting", "complete", "dismissed"] as const

/** A list tab. */
export type Tab = (typeof all)[number]

/** The status filter choices: any status, one status, or the deleted drafts. */
export const filters = ["any", ...QuoteStatus.all, "deletedDrafts"] as const

/** A status filter. */
export type StatusFilter = (typeof filters)[number]

/** The label of a tab. */
export const label = (tab: Tab): string => (tab === "all" ? Message.all : ArchiveState.label(tab))

/** The tabs shown for a status filter; empty when the filter hides the tabs. */
export const tabsFor = (filter: StatusFilter): ReadonlyArray<Tab> => {
  switch (filter) {
    case "expired":
    case "withdrawn":
    case "deletedDrafts":
      return []
    case "any":
      return all
    case "accepted":
      return ["all", "active", "waiting", "complete"]
    case "declined":
      return ["all", "active", "waiting", "dismissed"]
    case "draft":
    case "sentEditing":
    case "sent":
      return ["all", "active", "waiting"]
  }
}
