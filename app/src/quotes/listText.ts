/**
 * The quote list's messages, for `useTexts`: the list is the first screen, so it carries these rather than the
 * whole catalogue.
 *
 * @since 0.5.0
 */
import * as Message from "@quotekit/core/Message"

/** The quote list's messages. */
export const listText = {
  quotes: Message.quotes,
  loading: Message.loading,
  noQuotesMatch: Message.noQuotesMatch,
  noQuotesYet: Message.noQuotesYet,
  newQuote: Message.newQuote,
  exampleQuotes: Message.exampleQuotes,
  title: Message.title,
  quoteContact: Message.quoteContact,
  statusFilter: Message.statusFilter,
  lastView: Message.lastView,
  total: Message.total,
  untitled: Message.untitled,
  newQuestions: Message.newQuestions,
  quoteSearchPlaceholder: Message.quoteSearchPlaceholder,
  anyStatus: Message.anyStatus,
  deletedDrafts: Message.deletedDrafts,
  teamFilter: Message.teamFilter,
  allTeamMembers: Message.allTeamMembers,
  pageOf: Message.pageOf,
  previousPage: Message.previousPage,
  next: Message.next,
  quotesTotal: Message.quotesTotal,
  showTotal: Message.showTotal,
  /** The link to the quotes download form (`QuoteDownloadPage`), whose own texts are in `downloadText`. */
  download: "Download…"
}
