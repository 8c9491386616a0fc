/**
 * The quotes download: the chosen quotes of the account (templates and deleted drafts never) as a CSV, or as a
 * ZIP of their PDFs (`QuoteDownload.teamPdf`, what each quote page's Download PDF gives). The ids come from the
 * download form's link; a list that is empty, malformed, too long or names a quote the account does not have is
 * refused with a clear 400, so a link never quietly leaves a quote out.
 *
 * @since 0.2.0
 */
import { InvalidInput } from "@quotekit/core/api/ApiError"
import * as QuoteDownloadsApi from "@quotekit/core/api/QuoteDownloadsApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Currency from "@quotekit/core/Currency"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as Wording from "@quotekit/core/Wording"
import { stringify } from "csv-stringify/sync"
import { Effect, Option } from "effect"
import { HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { teamPdf } from "../quotes/QuoteDownload.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import * as Zip from "./Zip.ts"

/** The texts of the download's refusals. */
export const text = {
  noneChosen: "Choose at least one quote to download.",
  badIds: "The quotes to download are not a list of quote numbers.",
  tooMany: (n: number) => `Choose at most ${n} quotes for this download.`,
  notFound: "One of the chosen quotes no longer exists. Refresh the list and choose again."
} as const

/** The ids of a download link: whole numbers over 0, comma-separated, each once, in the order given. */
export const parseIds = (ids: string): Option.Option<ReadonlyArray<number>> => {
  const parts = ids.split(",").map((p) => p.trim())
  if (parts.length === 1 && parts[0] === "") return Option.some([])
  if (!parts.every((p) => /^[1-9]\d{0,9}$/.test(p) && Number(p) <= 2_147_483_647)) return Option.none()
  return Option.some([...new Set(parts.map(Number))])
}

interface Row {
  readonly quote_id: number
  readonly quote_no: number | null
  readonly title: string
  readonly status: QuoteStatus.QuoteStatus
  readonly price_current: string
  readonly currency_id: number
  readonly author: string | null
  readonly customer: string | null
  readonly sent_when: Date | null
  readonly expiry_date: Date | null
  readonly modified: Date
}

const day = (at: Date | null): string => (at === null ? "" : at.toISOString().slice(0, 10))

/** The chosen quotes' rows, in the order chosen; only the account's own quotes. */
const rowsOf = (account: number, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`
      SELECT q.quote_id, q.quote_no, q.title, q.status, q.price_current::text AS price_current, q.currency_id,
        (SELECT coalesce(nullif(s.name_display, ''), s.email) FROM signins s WHERE s.signin_id = q.from_signin_id)
          AS author,
        (SELECT coalesce(nullif(co.name_first, ''), nullif(btrim(c.name_first || ' ' || c.name_last), ''), c.email)
           FROM quote_contacts qc
           JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
           LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
           WHERE qc.account_id = ${account} AND qc.quote_id = q.quote_id
           ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1) AS customer,
        q.sent_when, q.expiry_date, q.modified
      FROM quotes q
      WHERE q.account_id = ${account} AND q.quote_id IN ${sql.in(ids)} AND NOT q.is_template
        AND q.deleted_at IS NULL`.pipe(Effect.orDie)
    const byId = new Map(rows.map((r) => [r.quote_id, r]))
    return ids.flatMap((id) => {
      const r = byId.get(id)
      return r === undefined ? [] : [r]
    })
  })

/** `GET /get/quotes-download?format=csv|pdf&ids=…`. */
export const download = Effect.fn("QuoteDownloads.download")(function* (
  tenant: Tenant,
  query: QuoteDownloadsApi.DownloadQuery
) {
  const parsed = parseIds(query.ids)
  if (Option.isNone(parsed)) return yield* InvalidInput.field("ids", text.badIds)
  const ids = parsed.value
  if (ids.length === 0) return yield* InvalidInput.field("ids", text.noneChosen)
  const max = query.format === "csv" ? QuoteDownloadsApi.maxCsvQuotes : QuoteDownloadsApi.maxPdfQuotes
  if (ids.length > max) return yield* InvalidInput.field("ids", text.tooMany(max))
  const rows = yield* rowsOf(tenant.account_id, ids)
  if (rows.length !== ids.length) return yield* InvalidInput.field("ids", text.notFound)

  if (query.format === "csv") {
    const facts = yield* (yield* QuoteRepo).facts(tenant)
    const csv = stringify(
      rows.map((r) => ({
        number: r.quote_no ?? "",
        title: r.title,
        customer: r.customer ?? "",
        status: Wording.apply(facts.noun, QuoteStatus.label(r.status)),
        total: r.price_current,
        currency: Option.match(Currency.byId(r.currency_id), { onNone: () => "", onSome: (c) => c.code }),
        author: r.author ?? "",
        sent: day(r.sent_when),
        expires: day(r.expiry_date),
        modified: day(r.modified)
      })),
      { header: true, bom: true }
    )
    return HttpServerResponse.text(csv, {
      contentType: "text/csv; charset=utf-8",
      headers: {
        "content-disposition": 'attachment; filename="quotes.csv"',
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff"
      }
    })
  }

  const pdfs = yield* Effect.forEach(rows, (r) => teamPdf(tenant, r.quote_id))
  const entries = pdfs.flatMap((p) => (Option.isSome(p) ? [{ name: `${p.value.name}.pdf`, bytes: p.value.bytes }] : []))
  if (entries.length !== rows.length) return yield* InvalidInput.field("ids", text.notFound)
  return HttpServerResponse.uint8Array(Zip.zip(entries), {
    contentType: "application/zip",
    headers: {
      "content-disposition": 'attachment; filename="quotes.zip"',
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff"
    }
  })
})
