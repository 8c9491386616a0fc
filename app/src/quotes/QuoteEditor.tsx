/**
 * The quote editor: the window title ('Draft: …', 'Editing: …', 'Template: …'), the quote's details (title, sent
 * and expiry dates with their checks, currency, tax mode, discount, deposit, author), the rows, the totals and
 * the save bar. State lives in `useQuoteDraft`; totals are recomputed once per change by the core's
 * `QuoteTotals.computeFixed` (plain figures, no decimal objects built) and never stored.
 *
 * In adjustment mode (`/quotes/{id}/is-adjustment`) the header names the adjustment being made ('Adjustment B')
 * with the core's limit warning, the quote's settings and contacts show read-only, rows from earlier rounds
 * offer only 'Credit' / 'Uncredit', and credited rows count in no total.
 */

import * as Adjustment from "@quotekit/core/Adjustment"
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import { Link } from "@tanstack/react-router"
import { Option } from "effect"
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react"
import { type ChangeWarning, isFailure } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard.tsx"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { DeleteDraft } from "./DeleteDraft.tsx"
import { EditorBanners } from "./EditorBanners.tsx"
import { ItemLookup } from "./ItemLookup.tsx"
import { ItemRow, type ItemRowProps, sameFigure } from "./ItemRow.tsx"
import { LeadPanel } from "./LeadPanel.tsx"
import { QuoteContacts } from "./QuoteContacts.tsx"
import { QuoteDetails } from "./QuoteDetails.tsx"
import styles from "./QuoteEditor.module.css"
import { type SaveAction, SaveBar } from "./SaveBar.tsx"
import { SaveConflict } from "./SaveConflict.tsx"
import { TotalsPanel } from "./TotalsPanel.tsx"
import { type Draft, draftTotals, type SavedIds, taxTable, useQuoteDraft } from "./useQuoteDraft.ts"

/** What a save returns to the editor: the saved ids and where to go next. */
export interface SaveResult extends SavedIds {
  readonly href: string
}

/** Props of the editor. */
export interface QuoteEditorProps {
  readonly initial: Draft
  readonly account: AccountApi.CacheAccount
  /**
   * Save the draft (`continueSave` after the user chose 'Continue to Save' on a change warning); resolves with
   * the saved ids and the next page, or rejects with a `RequestFailure`.
   */
  readonly onSave: (draft: Draft, action: SaveAction, continueSave: boolean) => Promise<SaveResult>
  /** Go where a save sent the user (called once the saved draft is clean, so no leave prompt shows). */
  readonly onSaved?: (href: string, action: SaveAction) => void
  /** The server's banner facts (new template, copy, linked items matched, example). */
  readonly banners?: QuotesApi.Banners
  /** The lead the quote is made from (`from-lead`), shown beside the editor. */
  readonly lead?: QuotesApi.LeadPanel | null
  /** The back link: the templates list for templates, the dashboard for quotes, the quote in adjustment mode. */
  readonly backTo?: string
  /** The current time in epoch seconds, for the date checks (the wall clock by default). */
  readonly now?: () => number
  /** The quote was changed elsewhere since the draft was loaded or saved: the editor warns before a save. */
  readonly changedElsewhere?: boolean
}

const wallClock = () => Math.floor(Date.now() / 1000)

/** The window title of a draft, from the catalogue ('Editing: …' for a sent quote being revised or adjusted). */
export const windowTitle = (m: ReturnType<typeof useMessages>, draft: Draft): string =>
  draft.mode === "template"
    ? m.templateTitle(draft.quote.title)
    : draft.quote.status === "sentEditing" || Adjustment.isAdjustment(draft.adjIndex)
      ? m.editingTitle(draft.quote.title)
      : m.draftTitle(draft.quote.title)

/** The editor. */
export const QuoteEditor = ({
  initial,
  account,
  onSave,
  onSaved,
  banners,
  lead,
  backTo,
  now = wallClock,
  changedElsewhere = false
}: QuoteEditorProps) => {
  const m = useMessages()
  const [draft, dispatch] = useQuoteDraft(initial)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<unknown>(null)
  const [conflict, setConflict] = useState<{ warning: ChangeWarning; action: SaveAction } | null>(null)
  const [next, setNext] = useState<{ href: string; action: SaveAction } | null>(null)
  const root = useRef<HTMLDivElement>(null)
  useFieldHighlight(root, saveError)
  // Navigate only once the saved draft has rendered clean, so the unsaved-changes guard lets it pass.
  useEffect(() => {
    if (next !== null && !draft.dirty) {
      setNext(null)
      onSaved?.(next.href, next.action)
    }
  }, [next, draft.dirty, onSaved])
  const { quote, items, adjIndex } = draft
  const adjusting = Adjustment.isAdjustment(adjIndex)
  const signin = account.account_signin
  usePageTitle(windowTitle(m, draft))

  const table = useMemo(() => taxTable(account), [account])
  const { amounts_entered, discount_overall, deposit_percent } = quote
  // Only the quote's pricing settings feed the totals, so a title keystroke does not recompute them.
  const totals = useMemo(
    () => draftTotals(items, { amounts_entered, discount_overall, deposit_percent }, table),
    [items, amounts_entered, discount_overall, deposit_percent, table]
  )
  // Credited rows are left out of the totals pass: `counted` walks its figures alongside the rows.
  const hasCredits = totals.items.length !== items.length
  let counted = 0
  const currency = Option.getOrElse(Currency.byId(quote.currency_id), () => Currency.all[155]!)
  const symbol = signin.showSymbol ? currency.symbol : ""
  const totalAt = items.findIndex((r) => r.item_type === LineItem.ItemType.total)

  // The save reads the latest draft through a ref, so its identity (and the save bar's) survives keystrokes.
  const latest = useRef(draft)
  latest.current = draft
  const save = useCallback(
    (action: SaveAction, continueSave = false) => {
      setSaving(true)
      setSaveError(null)
      onSave(latest.current, action, continueSave).then(
        (kept) => {
          setSaving(false)
          dispatch({ type: "savedAs", answer: kept })
          setNext({ href: kept.href, action })
        },
        (error: unknown) => {
          setSaving(false)
          if (isFailure(error, "conflict") && error.changeWarning !== undefined) {
            setConflict({ warning: error.changeWarning, action })
          } else {
            setSaveError(error)
          }
        }
      )
    },
    [onSave, dispatch]
  )
  const cancelConflict = useCallback(() => setConflict(null), [])
  const pendingConflict = useRef(conflict)
  pendingConflict.current = conflict
  const continueConflict = useCallback(() => {
    const c = pendingConflict.current
    setConflict(null)
    if (c !== null) save(c.action, true)
  }, [save])

  return (
    <div className={styles.editor} ref={root}>
      <UnsavedChangesGuard dirty={draft.dirty && next === null} />
      <header className={styles.header}>
        {backTo !== undefined && (
          <Link to={backTo} className={styles.backLink}>
            ← {m.back}
          </Link>
        )}
        <h1 className={styles.windowTitle}>{windowTitle(m, draft)}</h1>
        {draft.mode === "quote" && draft.quote.quote_id > 0 && draft.quote.status === "draft" && (
          <DeleteDraft quoteId={draft.quote.quote_id} />
        )}
      </header>
      <EditorBanners banners={banners} adjIndex={adjIndex} changedElsewhere={changedElsewhere} />
      <FormBanner error={saveError} />
      <SaveConflict
        warning={conflict?.warning ?? null}
        now={now}
        onCancel={cancelConflict}
        onContinue={continueConflict}
      />

      {adjusting ? (
        // Accepted with the quote: shown as they are, not changed by an adjustment.
        <fieldset disabled className={styles.settled} aria-label={m.acceptedSettings}>
          <QuoteDetails quote={quote} mode={draft.mode} account={account} dispatch={dispatch} now={now} />
          <QuoteContacts contacts={draft.contacts} dispatch={dispatch} />
        </fieldset>
      ) : (
        <>
          <QuoteDetails quote={quote} mode={draft.mode} account={account} dispatch={dispatch} now={now} />
          <LeadPanel lead={lead} />
          {draft.mode === "quote" && <QuoteContacts contacts={draft.contacts} dispatch={dispatch} />}
        </>
      )}

      <section className={styles.itemsSection} aria-labelledby="items-heading">
        <h2 id="items-heading" className={styles.sectionHeading}>
          {m.items}
        </h2>
        <div className={styles.items}>
          {rowBlocks(
            items.map((row, i): RowView => {
              // A credited row shows its own line total, struck through; it is not in the totals pass.
              const t = hasCredits && row.credited_adj_at !== 0 ? undefined : totals.items[counted++]
              return {
                row,
                index: i,
                figure:
                  row.item_type === LineItem.ItemType.total
                    ? totals.upFront.total
                    : t === undefined
                      ? row.price_total
                      : t.iTotalLine,
                selected: row.item_type !== LineItem.ItemType.price || t === undefined || t.selected,
                canMoveUp: i > 0 && i <= totalAt,
                canMoveDown: i < totalAt - 1
              }
            }),
            {
              adjIndex,
              taxes: account.item_taxes,
              showCode: signin.showCode,
              showCost: signin.defCostAlways,
              symbol,
              dispatch
            }
          )}
        </div>
        <div className={styles.addButtons}>
          <ItemLookup after={totalAt - 1} dispatch={dispatch} />
          <button
            type="button"
            className={controls.button}
            onClick={() => dispatch({ type: "insert", after: totalAt - 1, itemType: LineItem.ItemType.price })}
          >
            + {m.addPriceItem}
          </button>
          <button
            type="button"
            className={controls.button}
            onClick={() => dispatch({ type: "insert", after: totalAt - 1, itemType: LineItem.ItemType.text })}
          >
            + {m.addTextItem}
          </button>
          <button
            type="button"
            className={controls.button}
            onClick={() => dispatch({ type: "insert", after: totalAt - 1, itemType: LineItem.ItemType.subtotal })}
          >
            + {m.addSubtotal}
          </button>
        </div>
      </section>

      <TotalsPanel
        totals={totals}
        mode={quote.amounts_entered}
        taxWord={signin.taxWord}
        symbol={symbol}
        discountPercent={quote.discount_overall}
        depositPercent={quote.deposit_percent}
      />
      <SaveBar dirty={draft.dirty} saving={saving} onSave={save} template={draft.mode === "template"} />
    </div>
  )
}

/**
 * Rows per list block. A long quote's rows are shown as consecutive numbered lists of this many rows, each of which
 * the browser skips whole while it is off screen (`.rowBlock`), so a keystroke's rendering costs what the rows on
 * screen cost, not what the whole quote does. A quote this long or shorter is one list. Ten measured best on a
 * 300-line quote (`app.editor.keystroke-300-lines`, alternating runs: about 0.5 ms lower than 25 and than 5):
 * fewer rows of the block on screen are laid out again, and not yet so many blocks that walking them costs more.
 */
export const ROWS_PER_BLOCK = 10

/** What one row shows that the quote's rows and totals decide (see {@link ItemRowProps}). */
type RowView = Pick<ItemRowProps, "row" | "index" | "figure" | "selected" | "canMoveUp" | "canMoveDown">

/** What every row of the editor shares. */
type RowShared = Pick<ItemRowProps, "adjIndex" | "taxes" | "showCode" | "showCost" | "symbol" | "dispatch">

/**
 * The rows cut into blocks of {@link ROWS_PER_BLOCK} (see `.rowBlock`). Each block is memoised on what its rows
 * show, so a keystroke renders the block holding the changed row (and the one holding the total row), not a
 * comparison per row of the whole quote.
 */
const rowBlocks = (views: ReadonlyArray<RowView>, shared: RowShared): ReadonlyArray<React.ReactElement> => {
  const blocks: Array<React.ReactElement> = []
  for (let start = 0; start < views.length; start += ROWS_PER_BLOCK) {
    blocks.push(<RowBlock key={start} start={start} views={views.slice(start, start + ROWS_PER_BLOCK)} {...shared} />)
  }
  return blocks
}

const sameView = (a: RowView, b: RowView): boolean =>
  a.row === b.row &&
  a.index === b.index &&
  a.selected === b.selected &&
  a.canMoveUp === b.canMoveUp &&
  a.canMoveDown === b.canMoveDown &&
  sameFigure(a.figure, b.figure)

const sameBlock = (
  a: RowShared & { readonly start: number; readonly views: ReadonlyArray<RowView> },
  b: RowShared & { readonly start: number; readonly views: ReadonlyArray<RowView> }
): boolean =>
  a.start === b.start &&
  a.adjIndex === b.adjIndex &&
  a.taxes === b.taxes &&
  a.showCode === b.showCode &&
  a.showCost === b.showCost &&
  a.symbol === b.symbol &&
  a.dispatch === b.dispatch &&
  a.views.length === b.views.length &&
  a.views.every((v, i) => sameView(v, b.views[i]!))

/** One block of rows: a numbered list the browser skips whole while it is off screen. */
const RowBlock = memo(function RowBlock({
  start,
  views,
  ...shared
}: RowShared & { readonly start: number; readonly views: ReadonlyArray<RowView> }) {
  return (
    <ol
      className={`${styles.rowBlock} ${styles.rowBlockList}`}
      start={start + 1}
      style={{ "--qk-rows": views.length } as React.CSSProperties}
    >
      {views.map((v) => (
        <ItemRow key={v.row.quote_item_id} {...v} {...shared} locked={false} />
      ))}
    </ol>
  )
}, sameBlock)

/**
 * Highlights the inputs a refused save names (`aria-invalid`): elements marked `data-input` with the form
 * error's `input_id` ("quote.title", "items.12.item_code", "items.12"...), cleared on the next attempt.
 */
const useFieldHighlight = (root: React.RefObject<HTMLElement | null>, error: unknown) => {
  useEffect(() => {
    const el = root.current
    if (el === null || !isFailure(error)) return
    const marked: Array<Element> = []
    for (const e of error.formErrors) {
      if (!e.highlight && error.formErrors.length > 0 && e.input_id === "") continue
      for (const target of el.querySelectorAll(`[data-input="${CSS.escape(e.input_id)}"]`)) {
        target.setAttribute("aria-invalid", "true")
        marked.push(target)
      }
    }
    return () => {
      for (const target of marked) target.removeAttribute("aria-invalid")
    }
  }, [root, error])
}
