/**
 * The lines of the invoicing panel's table: an invoice or credit (`InvoiceRowView`) with its percent (a Split
 * field while the server says it is `editable`), amount, status, where its copy stands (`Invoice.syncDisplay`)
 * and its buttons (`InvoiceOffers.rowActions`); a suggestion of its group (`SuggestionRowView`) with the percent
 * to stage it at and 'Stage' / 'Create now', or 'Restore to Ready' for a skipped one. Each can show the quote
 * lines it covers.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import * as Invoice from "@quotekit/core/Invoice"
import * as Money from "@quotekit/core/Money"
import * as NumberInput from "@quotekit/core/NumberInput"
import { Option } from "effect"
import { Fragment, useId, useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import { NumberField } from "../quotes/NumberField.tsx"
import controls from "../theme/Controls.module.css"
import {
  adjAtFor,
  type RowAction,
  rowActions,
  type SuggestionKind,
  splitPercent,
  statusName,
  suggestionActions,
  suggestionPercentEditable,
  typeName,
  wholePercent
} from "./InvoiceOffers.ts"
import styles from "./Invoicing.module.css"
import type { PanelContext } from "./InvoicingPanel.tsx"
import { useInvoicingText } from "./invoicingText.ts"

const COLUMNS = 5

/** A whole percent with the % suffix, typed as the editor's number fields are (calculations allowed). */
const PercentInput = ({
  value,
  onValue,
  label,
  disabled
}: {
  readonly value: number
  readonly onValue: (percent: number) => void
  readonly label: string
  readonly disabled: boolean
}) => (
  <div className={styles.percentInput}>
    <NumberField
      value={Money.fromInt(value)}
      preset={NumberInput.presets.integer}
      onValue={(v) => onValue(wholePercent(v))}
      label={label}
      hideLabel
      disabled={disabled}
      className={styles.percentField}
      field="percent"
    />
    <span className={styles.suffix} aria-hidden="true">
      %
    </span>
  </div>
)

/** A button that asks 'Really?' on its first click and acts on the second (as the action bar's do). */
const ReallyButton = ({
  label,
  disabled,
  onConfirm
}: {
  readonly label: string
  readonly disabled: boolean
  readonly onConfirm: () => void
}) => {
  const m = useMessages()
  const [armed, setArmed] = useState(false)
  return (
    <button
      type="button"
      className={controls.button}
      disabled={disabled}
      onBlur={() => setArmed(false)}
      onClick={() => {
        if (!armed) return setArmed(true)
        setArmed(false)
        onConfirm()
      }}
    >
      {armed ? m.really : label}
    </button>
  )
}

/** The disclosure of the lines a row covers, and the row showing them. */
const useLines = (lines: ReadonlyArray<InvoicesApi.CoveredLine>, kind: string, ctx: PanelContext) => {
  const t = useInvoicingText()
  const [open, setOpen] = useState(false)
  const id = useId()
  const toggle =
    lines.length === 0 ? null : (
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t.lines(lines.length)}
      </button>
    )
  const row = open && lines.length > 0 && (
    <tr id={id}>
      <td colSpan={COLUMNS} className={styles.linesCell}>
        <table className={styles.lines} aria-label={t.linesOf(kind)}>
          <thead>
            <tr>
              <th scope="col">{t.item}</th>
              <th scope="col">{t.percent}</th>
              <th scope="col">{t.quantity}</th>
              <th scope="col" className={styles.amount}>
                {t.invoiced}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.quote_item_id}>
                <td>{l.title}</td>
                <td>{l.percent}%</td>
                <td>{Money.formatTrimmed(l.quantity, 0, Money.UNIT_SCALE)}</td>
                <td className={styles.amount}>{ctx.money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </td>
    </tr>
  )
  return { toggle, row }
}

/** The text of the add-on's issue HTML (shown as text, never as markup). */
const textOf = (html: string): string => new DOMParser().parseFromString(html, "text/html").body.textContent ?? ""

/** The issued invoice's number, and links to it and its PDF where it has them. */
const IssuedLinks = ({ row }: { readonly row: InvoicesApi.InvoiceRow }) => {
  const t = useInvoicingText()
  const doc = row.document
  const number = doc?.number ?? row.invoice.addon_invoice_number
  const url = doc?.url ?? row.invoice.addon_invoice_url
  // An invoice created in Xero or QuickBooks links there, named so.
  const addOn = doc === null ? Option.getOrUndefined(AddOn.byId(row.invoice.addon_id)) : undefined
  const view = addOn === undefined ? t.viewInvoice : t.viewIn(addOn.name)
  return (
    <>
      {number !== "" && <strong data-invoice-number>{number}</strong>}
      {url !== "" && (
        <a href={url} target="_blank" rel="noopener" aria-label={`${view} ${number}`} data-addon-link={addOn?.id}>
          {view}
        </a>
      )}
      {doc !== null && (
        <a href={doc.pdf_url} target="_blank" rel="noopener" aria-label={`${t.pdf} ${number}`}>
          {t.pdf}
        </a>
      )}
    </>
  )
}

/** Where an invoice's copy stands: Syncing (pulse), sent with its number and links, an issue, Never created. */
const SyncState = ({ row, ctx }: { readonly row: InvoicesApi.InvoiceRow; readonly ctx: PanelContext }) => {
  const m = useMessages()
  const [showIssue, setShowIssue] = useState(false)
  const issueId = useId()
  const display = Invoice.syncDisplay(row.invoice)
  switch (display._tag) {
    case "Ready":
      return null
    case "Syncing":
      return (
        <span className={styles.syncing} data-sync="syncing">
          {m.syncing}
        </span>
      )
    case "Synced":
      return (
        <span className={styles.status} data-sync="synced">
          <span>{ctx.date(row.document?.issued ?? display.sentDate)}</span>
          <IssuedLinks row={row} />
        </span>
      )
    case "Issue":
      return (
        <span className={styles.status} data-sync="issue">
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={showIssue}
            aria-controls={issueId}
            onClick={() => setShowIssue((s) => !s)}
          >
            {showIssue ? m.hideIssue : m.showIssue}
          </button>
          {showIssue && (
            <p id={issueId} className={styles.issue}>
              {textOf(display.html)}
            </p>
          )}
        </span>
      )
    case "Removed":
      // One removed after it was created stays in the destination until removed there: its number says which.
      return display.neverCreated ? (
        <span className={styles.muted} data-sync="never-created">
          {m.neverCreated}
        </span>
      ) : (
        <span className={`${styles.status} ${styles.muted}`} data-sync="removed">
          <IssuedLinks row={row} />
        </span>
      )
  }
}

/** One invoice or credit of a group. */
export const InvoiceRowView = ({
  row,
  group,
  ctx
}: {
  readonly row: InvoicesApi.InvoiceRow
  readonly group: InvoicesApi.Group
  readonly ctx: PanelContext
}) => {
  const m = useMessages()
  const t = useInvoicingText()
  const invoice = row.invoice
  const id = invoice.quote_invoice_id
  const name = typeName(m, t, invoice.invoice_type_in)
  const [percent, setPercent] = useState(invoice.per_chosen)
  const lines = useLines(row.lines, name.toLowerCase(), ctx)
  const split = splitPercent(row, percent)
  const refusedAt = ctx.belowZeroAt(id)
  const actions = rowActions(row, ctx.picture)
  const run = (action: RowAction) => {
    switch (action) {
      case "createNow":
        return ctx.send({ _tag: "Create", invoiceId: id })
      case "remove":
      case "markRemoved":
        return ctx.send({ _tag: "Remove", invoiceId: id, group: group.key })
      case "doNotCreate":
        return ctx.send({
          _tag: "Action",
          action: "do-not-create",
          type: invoice.invoice_type_in,
          group: group.key,
          adjAt: adjAtFor(group.key, invoice.invoice_adj_at),
          percent: invoice.per_chosen,
          invoiceId: id
        })
    }
  }
  const label: Record<RowAction, string> = {
    createNow: t.createNow,
    remove: m.remove,
    doNotCreate: t.doNotCreate,
    markRemoved: t.markRemoved
  }
  const removed = invoice.invoice_status === Invoice.InvoiceStatus.Removed
  return (
    <Fragment>
      <tr
        data-invoice={id}
        data-invoice-status={invoice.invoice_status}
        className={removed ? styles.removed : undefined}
      >
        <td>
          <span className={styles.kind}>
            <span className={styles.kindName}>{name}</span>
            {lines.toggle}
          </span>
        </td>
        <td>
          {row.editable ? (
            <span className={styles.percent}>
              <PercentInput value={percent} onValue={setPercent} label={`${t.percent} (${name})`} disabled={ctx.busy} />
              <button
                type="button"
                className={controls.button}
                disabled={ctx.busy || split === null || split === refusedAt}
                onClick={() => {
                  if (split === null) return
                  ctx.send({
                    _tag: "Action",
                    action: "do-stage",
                    type: invoice.invoice_type_in,
                    group: group.key,
                    adjAt: adjAtFor(group.key, invoice.invoice_adj_at),
                    percent: split,
                    invoiceId: id
                  })
                }}
              >
                {t.split}
              </button>
            </span>
          ) : (
            <span data-percent>{invoice.per_chosen}%</span>
          )}
        </td>
        <td className={styles.amount} data-amount>
          {ctx.money(row.charged)}
        </td>
        <td>
          <span className={styles.status}>
            <span className={styles.sticker} data-status={invoice.invoice_status}>
              {statusName(m, t, invoice.invoice_status)}
            </span>
            <SyncState row={row} ctx={ctx} />
          </span>
        </td>
        <td className={styles.actionsCell}>
          <span className={styles.actions}>
            {actions.map((a) =>
              a === "markRemoved" ? (
                <ReallyButton key={a} label={label[a]} disabled={ctx.busy} onConfirm={() => run(a)} />
              ) : (
                <button
                  key={a}
                  type="button"
                  className={a === "createNow" ? controls.primary : controls.button}
                  disabled={ctx.busy}
                  onClick={() => run(a)}
                >
                  {label[a]}
                </button>
              )
            )}
          </span>
        </td>
      </tr>
      {lines.row}
    </Fragment>
  )
}

/** A suggestion of a group: what would be staged next, and the buttons that stage or create it. */
export const SuggestionRowView = ({
  kind,
  suggestion,
  group,
  ctx
}: {
  readonly kind: SuggestionKind
  readonly suggestion: InvoicesApi.Suggestion
  readonly group: InvoicesApi.Group
  readonly ctx: PanelContext
}) => {
  const m = useMessages()
  const t = useInvoicingText()
  const name = typeName(m, t, suggestion.type)
  const [percent, setPercent] = useState(suggestion.percent)
  const title = kind === "skipped" ? name : t.next(name.toLowerCase())
  const lines = useLines(suggestion.lines, title.toLowerCase(), ctx)
  const editable = kind !== "skipped" && suggestionPercentEditable(suggestion)
  const actions = suggestionActions(kind, ctx.picture)
  const stage = (action: "do-stage" | "do-create", at: number) =>
    ctx.send({
      _tag: "Action",
      action,
      type: suggestion.type,
      group: group.key,
      adjAt: adjAtFor(group.key, suggestion.adj_at),
      percent: at,
      invoiceId: 0
    })
  return (
    <Fragment>
      <tr className={styles.suggestion} data-suggestion={kind}>
        <td>
          <span className={styles.kind}>
            <span className={styles.kindName}>{title}</span>
            {kind === "skipped" && <span className={styles.muted}>{t.skippedNote}</span>}
            {lines.toggle}
          </span>
        </td>
        <td>
          {editable && actions.length > 0 ? (
            <PercentInput value={percent} onValue={setPercent} label={`${t.percent} (${title})`} disabled={ctx.busy} />
          ) : (
            <span data-percent>{suggestion.percent}%</span>
          )}
        </td>
        <td className={styles.amount} data-amount>
          {percent === suggestion.percent ? (
            ctx.money(suggestion.charged)
          ) : (
            <span className={styles.muted}>{t.amountOnStage}</span>
          )}
        </td>
        <td />
        <td className={styles.actionsCell}>
          <span className={styles.actions}>
            {actions.map((a) => (
              <button
                key={a}
                type="button"
                className={a === "createNow" ? controls.primary : controls.button}
                disabled={ctx.busy || percent <= 0}
                onClick={() =>
                  a === "restore"
                    ? stage("do-stage", suggestion.percent)
                    : stage(a === "stage" ? "do-stage" : "do-create", percent)
                }
              >
                {a === "restore" ? m.restoreToReady : a === "stage" ? t.stage : t.createNow}
              </button>
            ))}
          </span>
        </td>
      </tr>
      {lines.row}
    </Fragment>
  )
}
