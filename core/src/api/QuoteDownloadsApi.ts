/**
 * The quotes download (`GET /get/quotes-download`): the quotes a team member chose, as one CSV (number, title,
 * customer, status, total, currency, author, dates) or as a bundle of their PDFs (a ZIP of one PDF per quote, as
 * the quote page's Download PDF gives it). The app's download form builds this address from its values.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { InvalidInput } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** Most quotes one CSV holds. */
export const maxCsvQuotes = 500
/** Most quotes one PDF bundle holds (each is rendered on the server). */
export const maxPdfQuotes = 25

/** The formats of the download. */
export const Format = Schema.Literals(["csv", "pdf"])
/** A format. */
export type Format = typeof Format.Type

/** The download's query: the format and the chosen quotes' ids, comma-separated. */
export const DownloadQuery = Schema.Struct({
  format: Format,
  ids: Schema.String.check(Schema.isMaxLength(6_000))
})
/** The query. */
export type DownloadQuery = typeof DownloadQuery.Type

/** The download's address for a format and quotes: what the download form's link is. */
export const hrefOf = (format: Format, ids: ReadonlyArray<number>): string =>
  `/get/quotes-download?format=${format}&ids=${ids.map((id) => Math.trunc(id)).join(",")}`

/** The quotes download group. */
export class QuoteDownloadsApi extends HttpApiGroup.make("quoteDownloads")
  .add(
    HttpApiEndpoint.get("download", "/get/quotes-download", {
      query: DownloadQuery,
      success: HttpApiSchema.StreamUint8Array(),
      error: InvalidInput
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({ title: "Quote downloads", description: "Chosen quotes as a CSV or a bundle of PDFs." })
  ) {}
