/**
 * The quotes download form's values and the link they make: the format, the status and search that list the
 * quotes to choose from, and the quotes chosen among them. The link is rebuilt from these values on every change
 * (`linkOf`), so what is downloaded is always what the form shows.
 */
import * as QuoteDownloadsApi from "@quotekit/core/api/QuoteDownloadsApi"

/** The form's values. */
export interface DownloadForm {
  readonly format: QuoteDownloadsApi.Format
  /** The quotes listed (in the list's order) and which of them are chosen. */
  readonly listed: ReadonlyArray<number>
  readonly unchosen: ReadonlySet<number>
}

/** The link of the form: the address to download, or why there is none. */
export type Link =
  | { readonly _tag: "Ready"; readonly href: string; readonly count: number }
  | { readonly _tag: "NoneChosen" }
  | { readonly _tag: "TooMany"; readonly max: number }

/** The chosen quotes, in the list's order. */
export const chosenOf = (form: DownloadForm): ReadonlyArray<number> =>
  form.listed.filter((id) => !form.unchosen.has(id))

/** Most quotes a download of a format holds. */
export const maxOf = (format: QuoteDownloadsApi.Format): number =>
  format === "csv" ? QuoteDownloadsApi.maxCsvQuotes : QuoteDownloadsApi.maxPdfQuotes

/** The link the values make. */
export const linkOf = (form: DownloadForm): Link => {
  const chosen = chosenOf(form)
  if (chosen.length === 0) return { _tag: "NoneChosen" }
  const max = maxOf(form.format)
  if (chosen.length > max) return { _tag: "TooMany", max }
  return { _tag: "Ready", href: QuoteDownloadsApi.hrefOf(form.format, chosen), count: chosen.length }
}
