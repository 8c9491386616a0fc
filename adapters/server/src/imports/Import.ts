/**
 * The CSV import use case: the uploaded file (found by its hash in the account), read and mapped by
 * `CsvImport`, then previewed (the mapping, the first rows as they would import, every rejected row) or
 * imported in one transaction. Importing items needs an admin, as creating them one by one does.
 *
 * @since 0.1.0
 */
import { InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import {
  type ImportPreview,
  type ImportRequest,
  PREVIEW_REJECTED_MAX,
  type RejectedRow
} from "@quotekit/core/api/UploadsApi"
import * as Message from "@quotekit/core/Message"
import type * as TaxRate from "@quotekit/core/TaxRate"
import { BigDecimal, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import { CatalogueRepo } from "../categories/Repo.ts"
import { HistoryWriter } from "../history/HistoryWriter.ts"
import { requireAdmin } from "../settings/AdminOnly.ts"
import { FileStorage } from "../uploads/FileStorage.ts"
import { FilesRepo } from "../uploads/Repo.ts"
import * as CsvImport from "./CsvImport.ts"
import { ImportRepo, type ItemInsert } from "./Repo.ts"

const m = Message.catalogue

/** The tax a text names: a rate ("15", "15%") or a description ("GST"), among current taxes. */
export const taxFor = (taxes: ReadonlyArray<TaxRate.TaxRate>, text: string): Option.Option<number> => {
  const t = text.trim()
  if (t === "") return Option.some(0)
  const byName = taxes.find((x) => x.description.trim().toLowerCase() === t.toLowerCase())
  if (byName !== undefined) return Option.some(byName.item_tax_id)
  return Option.flatMap(CsvImport.readNumber(t), (rate) =>
    Option.fromNullishOr(taxes.find((x) => BigDecimal.equals(x.tax_rate, rate))?.item_tax_id)
  )
}

interface Prepared {
  readonly preview: ImportPreview
  readonly run: Effect.Effect<{ readonly imported: number; readonly rejected: ReadonlyArray<RejectedRow> }>
}

/** Read and map an uploaded CSV for the session's account: the preview, and the import ready to run. */
export const prepare = (request: ImportRequest) =>
  Effect.gen(function* () {
    const { account_id, signin_id } = yield* CurrentAccount
    if (request.kind !== "contacts") yield* requireAdmin
    const files = yield* FilesRepo
    const storage = yield* FileStorage
    const catalogue = yield* CatalogueRepo
    const imports = yield* ImportRepo
    const history = yield* HistoryWriter
    const sql = yield* SqlClient.SqlClient

    const file = Option.getOrUndefined(yield* files.byHash(account_id, request._csv_file_hash))
    if (file === undefined) return yield* NotFound.answer()
    const bytes = yield* storage.readAll(file.storage_key).pipe(Effect.catchTag("FileMissing", () => NotFound.answer()))
    const rows = CsvImport.parseRows(CsvImport.decode(bytes))
    if (Result.isFailure(rows)) return yield* InvalidInput.field("file", rows.failure)
    const all = rows.success
    const hasHeader = request.has_header ?? CsvImport.looksLikeHeader(all[0]!, request.kind)
    const width = Math.max(...all.slice(0, 1000).map((r) => r.length))
    const headers = hasHeader
      ? Array.from({ length: width }, (_, i) => all[0]![i] ?? "")
      : Array.from({ length: width }, (_, i) => `Column ${i + 1}`)
    const mapping =
      request.mapping === undefined
        ? CsvImport.autoMap(headers, request.kind)
        : Array.from({ length: width }, (_, i) => request.mapping?.[i] ?? null)
    const problem = CsvImport.mappingProblem(mapping, request.kind)
    if (Option.isSome(problem)) return yield* InvalidInput.field("mapping", problem.value)
    const data = hasHeader ? all.slice(1) : all
    if (data.length === 0) return yield* InvalidInput.field("file", m.importNoRows)
    const first = hasHeader ? 2 : 1

    const fields = CsvImport.fieldsOf(request.kind).map(({ field, label, required }) => ({ field, label, required }))
    const columns = headers.map((header, index) => ({ index, header, field: mapping[index] ?? null }))

    const finish = <A>(
      read: CsvImport.Read<A>,
      insert: (records: ReadonlyArray<A>) => Effect.Effect<number>
    ): Prepared => ({
      preview: {
        columns,
        fields,
        has_header: hasHeader,
        rows: read.accepted.slice(0, CsvImport.PREVIEW_ROWS).map(({ row, values }) => ({ row, values })),
        rejected: read.rejected.slice(0, PREVIEW_REJECTED_MAX),
        rejected_total: read.rejected.length,
        total_rows: data.length,
        importable_rows: read.accepted.length
      },
      run: sql
        .withTransaction(
          Effect.gen(function* () {
            const imported = yield* insert(read.accepted.map((a) => a.record))
            yield* history.write([
              {
                account_id,
                table: "content",
                category_id: 0,
                action: "import",
                summary: `Imported ${imported} ${request.kind.replace("-", " ")} from ${file.original_filename}`,
                ...(read.rejected.length > 0 ? { full: `${read.rejected.length} row(s) left out.` } : {}),
                signin_id
              }
            ])
            return { imported, rejected: read.rejected }
          })
        )
        .pipe(Effect.orDie)
    })

    if (request.kind === "contacts") {
      return finish(CsvImport.readAll(data, first, mapping, CsvImport.readContact), (records) =>
        imports.contacts(account_id, signin_id, records)
      )
    }
    const taxes = yield* catalogue.taxes(account_id, "current")
    const kind = request.kind
    const read = CsvImport.readAll(data, first, mapping, (values) =>
      Result.flatMap(CsvImport.readItem(kind, values), (record): Result.Result<ItemInsert, string> => {
        const tax = taxFor(taxes, record.tax)
        if (Option.isNone(tax)) return Result.fail(m.importRowUnknown("Tax", record.tax))
        const { tax: _t, ...rest } = record
        return Result.succeed({ ...rest, item_tax_id: tax.value === 0 ? null : tax.value })
      })
    )
    return finish(read, (records) => imports.items(account_id, signin_id, kind === "price-items" ? 1 : 2, records))
  })
