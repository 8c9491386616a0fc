/**
 * CSV import (`/settings/import`): choose what to import (contacts, price items or text items) and a CSV file;
 * the server maps its columns and answers a preview of the mapped rows and the rows it would reject with each
 * reason. Columns can be re-mapped (the preview follows), then 'Import {n} rows' runs the import.
 */
import type * as UploadsApi from "@quotekit/core/api/UploadsApi"
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"

type Kind = UploadsApi.ImportKind

/** The import page. */
export const ImportPage = () => {
  const m = useMessages()
  usePageTitle(m.importCsv)
  const api = useApi()
  const [kind, setKind] = useState<Kind>("contacts")
  const [hash, setHash] = useState<string | undefined>()
  const [mapping, setMapping] = useState<ReadonlyArray<string | null> | undefined>()
  const [hasHeader, setHasHeader] = useState<boolean | undefined>()
  const kinds: ReadonlyArray<{ readonly value: Kind; readonly label: string }> = [
    { value: "contacts", label: m.contacts },
    { value: "price-items", label: m.priceItems },
    { value: "text-items", label: m.textItems }
  ]
  const request = (over: Partial<UploadsApi.ImportRequest> = {}): UploadsApi.ImportRequest => ({
    _csv_file_hash: hash ?? "",
    kind,
    ...(mapping === undefined ? {} : { mapping }),
    ...(hasHeader === undefined ? {} : { has_header: hasHeader }),
    ...over
  })
  const preview = useMutation({
    mutationFn: (r: UploadsApi.ImportRequest) => api.call((c) => c.uploads.importPreview({ payload: r })),
    onSuccess: (p) => {
      setMapping(p.columns.map((c) => c.field))
      setHasHeader(p.has_header)
    }
  })
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append("file", file)
      return api.call((c) => c.uploads.csv({ payload: form }))
    },
    onSuccess: (u) => {
      setHash(u.hash)
      setMapping(undefined)
      setHasHeader(undefined)
      run.reset()
      preview.mutate({ _csv_file_hash: u.hash, kind })
    }
  })
  const run = useMutation({
    mutationFn: () => api.call((c) => c.uploads.importRun({ payload: request() }))
  })
  const p = preview.data
  const busy = upload.isPending || preview.isPending || run.isPending
  const failure = upload.error ?? preview.error ?? run.error
  const fields = p?.fields ?? []
  const shownFields = fields.filter((f) => mapping?.includes(f.field))
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{m.importCsv}</h1>
      <section className={`${controls.card} ${styles.stack}`} aria-busy={busy}>
        <p className={styles.muted}>{m.importHint}</p>
        <div className={styles.line}>
          <div className={controls.field}>
            <label className={controls.label} htmlFor="import-kind">
              {m.importWhat}
            </label>
            <select
              id="import-kind"
              className={controls.select}
              value={kind}
              onChange={(e) => {
                const next = kinds.find((k) => k.value === e.currentTarget.value)?.value ?? "contacts"
                setKind(next)
                setMapping(undefined)
                if (hash !== undefined) preview.mutate({ _csv_file_hash: hash, kind: next })
              }}
            >
              {kinds.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
          <div className={controls.field}>
            <label className={controls.label} htmlFor="import-file">
              {m.chooseCsv}
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              className={controls.input}
              disabled={busy}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0]
                if (file !== undefined) upload.mutate(file)
              }}
            />
          </div>
        </div>
        <p role="status" className={styles.muted}>
          {upload.isPending ? m.uploading : preview.isPending || run.isPending ? m.loading : ""}
        </p>
        {failure !== null && (
          <p role="alert" className={controls.hintError}>
            {failure.message}
          </p>
        )}
      </section>
      {p !== undefined && (
        <>
          <section className={`${controls.card} ${styles.stack}`} aria-labelledby="mapping-title">
            <h2 className={styles.sectionTitle} id="mapping-title">
              {m.column}
            </h2>
            <label className={styles.line}>
              <input
                type="checkbox"
                className={controls.checkbox}
                checked={hasHeader ?? p.has_header}
                onChange={(e) => {
                  setHasHeader(e.currentTarget.checked)
                  preview.mutate(request({ has_header: e.currentTarget.checked }))
                }}
              />
              {m.firstRowHeaders}
            </label>
            <div className={styles.grid}>
              {p.columns.map((c) => (
                <div key={c.index} className={controls.field}>
                  <label className={controls.label} htmlFor={`column-${c.index}`}>
                    {c.header !== "" ? c.header : `${m.column} ${c.index + 1}`}
                  </label>
                  <select
                    id={`column-${c.index}`}
                    className={controls.select}
                    value={mapping?.[c.index] ?? ""}
                    onChange={(e) => {
                      const v = e.currentTarget.value
                      const next = p.columns.map((col, i) =>
                        i === c.index ? (v === "" ? null : v) : (mapping?.[i] ?? col.field)
                      )
                      setMapping(next)
                      preview.mutate(request({ mapping: next }))
                    }}
                  >
                    <option value="">{m.skipColumn}</option>
                    {fields.map((f) => (
                      <option key={f.field} value={f.field}>
                        {f.label}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </section>
          <section className={`${controls.card} ${styles.stack}`} aria-labelledby="preview-title">
            <h2 className={styles.sectionTitle} id="preview-title">
              {m.preview}
            </h2>
            {p.rows.length === 0 ? (
              <p className={styles.muted}>{m.importNoRows}</p>
            ) : (
              <div style={{ overflowX: "auto" }}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      {shownFields.map((f) => (
                        <th key={f.field} scope="col">
                          {f.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {p.rows.map((r) => (
                      <tr key={r.row}>
                        <td>{r.row}</td>
                        {shownFields.map((f) => (
                          <td key={f.field}>{r.values[f.field] ?? ""}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {p.rejected.length > 0 && (
              <div className={styles.section}>
                <h3 className={styles.sectionTitle}>{m.rejectedRows}</h3>
                <ul className={styles.rows} aria-label={m.rejectedRows}>
                  {p.rejected.map((r) => (
                    <li key={r.row} className={styles.row}>
                      <strong>{m.rowNumber(r.row)}</strong>
                      <span>{r.reason}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className={styles.line}>
              <button
                type="button"
                className={controls.primary}
                disabled={busy || p.importable_rows === 0 || run.isSuccess}
                onClick={() => run.mutate()}
              >
                {run.isPending ? m.loading : m.importRows(p.importable_rows)}
              </button>
              {run.data !== undefined && <span role="status">{m.importedRows(run.data.imported)}</span>}
            </div>
          </section>
        </>
      )}
    </div>
  )
}
