/**
 * The quote editor: the window title ('Draft: …', 'Editing: …', 'Template: …'), the quote's details (title, sent
 * and expiry dates with their checks, currency, tax mode, discount, deposit, author), the rows, the totals and
 * the save bar. State lives in `useQuoteDraft`; totals are recomputed by the core's `QuoteTotals` on every change
 * and never stored.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import * as Quote from "@quotekit/core/Quote"
import { Link } from "@tanstack/react-router"
import { Option } from "effect"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { type ChangeWarning, isFailure } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard.tsx"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { EditorBanners } from "./EditorBanners.tsx"
import { ItemLookup } from "./ItemLookup.tsx"
import { ItemRow } from "./ItemRow.tsx"
import { LeadPanel } from "./LeadPanel.tsx"
import { QuoteContacts } from "./QuoteContacts.tsx"
import { QuoteDetails } from "./QuoteDetails.tsx"
import styles from "./QuoteEditor.module.css"
import { type SaveAction, SaveBar } from "./SaveBar.tsx"
import { SaveConflict } from "./SaveConflict.tsx"
import { TotalsPanel } from "./TotalsPanel.tsx"
import { type Draft, type SavedIds, taxTable, useQuoteDraft } from "./useQuoteDraft.ts"

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
}

const wallClock = () => Math.floor(Date.now() / 1000)

/** The window title of a draft, from the catalogue. */
export const windowTitle = (m: ReturnType<typeof useMessages>, draft: Draft): string =>
  draft.mode === "template"
    ? m.templateTitle(draft.quote.title)
    : draft.quote.status === "sentEditing"
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
  now = wallClock
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
  const { quote, items } = draft
  const signin = account.account_signin
  usePageTitle(windowTitle(m, draft))

  const table = useMemo(() => taxTable(account), [account])
  const { amounts_entered, discount_overall, deposit_percent } = quote
  // Only the quote's pricing settings feed the totals, so a title keystroke does not recompute them.
  const totals = useMemo(
    () => Quote.totals({ amounts_entered, discount_overall, deposit_percent }, items, table),
    [items, amounts_entered, discount_overall, deposit_percent, table]
  )
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
      </header>
      <EditorBanners banners={banners} />
      <FormBanner error={saveError} />
      <SaveConflict
        warning={conflict?.warning ?? null}
        now={now}
        onCancel={cancelConflict}
        onContinue={continueConflict}
      />

      <QuoteDetails quote={quote} mode={draft.mode} account={account} dispatch={dispatch} now={now} />
      <LeadPanel lead={lead} />
      {draft.mode === "quote" && <QuoteContacts contacts={draft.contacts} dispatch={dispatch} />}

      <section className={styles.itemsSection} aria-labelledby="items-heading">
        <h2 id="items-heading" className={styles.sectionHeading}>
          {m.items}
        </h2>
        <ol className={styles.items}>
          {items.map((row, i) => {
            const t = totals.items[i]!
            return (
              <ItemRow
                key={row.quote_item_id}
                row={row}
                index={i}
                figure={row.item_type === LineItem.ItemType.total ? totals.upFront.total : t.iTotalLine}
                selected={row.item_type !== LineItem.ItemType.price || t.selected}
                canMoveUp={i > 0 && i <= totalAt}
                canMoveDown={i < totalAt - 1}
                taxes={account.item_taxes}
                showCode={signin.showCode}
                showCost={signin.defCostAlways}
                symbol={symbol}
                locked={false}
                dispatch={dispatch}
              />
            )
          })}
        </ol>
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
      <SaveBar dirty={draft.dirty} saving={saving} onSave={save} />
    </div>
  )
}

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
