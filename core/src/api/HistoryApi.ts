/**
 * Activity history over HTTP (`GET /get/history/{table}/{categoryId}`): the rows of All Activity for a quote,
 * contact, template (content), reusable item (content item) or lead, newest first, 20 a page, with the total.
 *
 * `html_summary` and `html_full` are HTML made by the server from escaped text (names and titles typed by
 * users never reach the page as markup).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The history tables (spec: contact, quote, content, content item, lead) as stored. */
export const tables = ["contact", "quote", "content", "content item", "lead"] as const
/** A history table. */
export type Table = (typeof tables)[number]

/** The table segment of the path: the stored names, with `content-item` for the one holding a space. */
export const TableParam = Schema.Literals(["contact", "quote", "content", "content-item", "content item", "lead"])

/** The stored table a path segment names. */
export const tableOf = (segment: typeof TableParam.Type): Table =>
  segment === "content-item" ? "content item" : segment

/** Rows per history page. */
export const HISTORY_PAGE_SIZE = 20

/** One history row (spec "History row": html_summary, html_full, action_time in epoch seconds). */
export const HistoryRow = Schema.Struct({
  history_id: Schema.Int,
  html_summary: Schema.String,
  html_full: Schema.String,
  action_time: Schema.Int
})
/** A history row. */
export type HistoryRow = typeof HistoryRow.Type

/** A page of history (spec: snippet rows, more_history, total_rows). */
export const HistoryPage = Schema.Struct({
  rows: Schema.Array(HistoryRow),
  total_rows: Schema.Int,
  page: Schema.Int,
  page_size: Schema.Int,
  more_history: Schema.Boolean
})
/** A page of history. */
export type HistoryPage = typeof HistoryPage.Type

/** The history group; every endpoint needs a session with a chosen account. */
export class HistoryApi extends HttpApiGroup.make("history")
  .add(
    HttpApiEndpoint.get("history", "/get/history/:table/:categoryId", {
      params: { table: TableParam, categoryId: IntFromString },
      query: Schema.Struct({ page: Schema.optionalKey(IntFromString.check(Schema.isGreaterThanOrEqualTo(1))) }),
      success: HistoryPage
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "History", description: "All Activity rows, paged." })) {}
