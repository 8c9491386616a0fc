/**
 * The quote editor: the window title ('Draft: …', 'Editing: …', 'Template: …'), the quote's details (title, sent
 * and expiry dates with their checks, currency, tax mode, discount, deposit, author), the rows, the totals and
 * the save bar. State lives in `useQuoteDraft`; totals are recomputed by the core's `QuoteTotals` on every change
 * and never stored.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as Currency from "@quotekit/core/Currency"
import * as LineItem from "@quotekit/core/LineItem"
import * as Quote from "@quotekit/core/Quote"
import { Option } from "effect"
import { useCallback, useMemo, useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard.tsx"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { ItemRow } from "./ItemRow.tsx"
import { QuoteDetails } from "./QuoteDetails.tsx"
import styles from "./QuoteEditor.module.css"
import { type SaveAction, SaveBar } from "./SaveBar.tsx"
import { TotalsPanel } from "./TotalsPanel.tsx"
import { type Draft, taxTable, useQuoteDraft } from "./useQuoteDraft.ts"

/** Props of the editor. */
export interface QuoteEditorProps {
  readonly initial: Draft
  readonly account: AccountApi.CacheAccount
  /** Save the draft; resolves with what the server kept (or rejects with a `RequestFailure`). */
  readonly onSave: (draft: Draft, action: SaveAction) => Promise<Draft>
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
export const QuoteEditor = ({ initial, account, onSave, now = wallClock }: QuoteEditorProps) => {
  const m = useMessages()
  const [draft, dispatch] = useQuoteDraft(initial)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<unknown>(null)
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

  const save = useCallback(
    (action: SaveAction) => {
      setSaving(true)
      setSaveError(null)
      onSave(draft, action).then(
        (kept) => {
          setSaving(false)
          dispatch({ type: "saved", quote: kept.quote, items: kept.items })
        },
        (error: unknown) => {
          setSaving(false)
          setSaveError(error)
        }
      )
    },
    [draft, onSave, dispatch]
  )

  return (
    <div className={styles.editor}>
      <UnsavedChangesGuard dirty={draft.dirty} />
      <header className={styles.header}>
        <h1 className={styles.windowTitle}>{windowTitle(m, draft)}</h1>
      </header>
      <FormBanner error={saveError} />

      <QuoteDetails quote={quote} mode={draft.mode} account={account} dispatch={dispatch} now={now} />

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
                symbol={symbol}
                locked={false}
                dispatch={dispatch}
              />
            )
          })}
        </ol>
        <div className={styles.addButtons}>
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
