/**
 * The quote editor: the window title ('Draft: …', 'Editing: …', 'Template: …'), the quote's details (title, sent
 * and expiry dates with their checks, currency, tax mode, discount, deposit, author), the rows, the totals and
 * the save bar. State lives in `useQuoteDraft`; totals are recomputed by the core's `QuoteTotals` on every change
 * and never stored.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Expiry from "@quotekit/core/Expiry"
import * as LineItem from "@quotekit/core/LineItem"
import * as NumberInput from "@quotekit/core/NumberInput"
import * as Quote from "@quotekit/core/Quote"
import * as TaxMode from "@quotekit/core/TaxMode"
import { Option } from "effect"
import { useCallback, useMemo, useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard.tsx"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { DateField } from "./DateField.tsx"
import { ItemRow } from "./ItemRow.tsx"
import { NumberField } from "./NumberField.tsx"
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

/** How a tax mode reads in the picker, in the account's word for tax. */
const taxModeLabel = (m: ReturnType<typeof useMessages>, mode: TaxMode.TaxMode, taxWord: string): string => {
  switch (mode) {
    case "exclusive_including":
      return m.taxExclusive(taxWord)
    case "exclusive_excluding":
      return m.taxExclusiveTotalsWithout(taxWord)
    case "inclusive":
      return m.taxInclusive(taxWord)
    case "no_tax":
      return m.taxNone(taxWord)
  }
}

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
  const style = DateFormat.styles[signin.dateFormat] ?? DateFormat.styles[0]!
  const locked = Quote.isSharedLocked(quote)
  const nowSeconds = now()
  const expiry = Expiry.check(quote, nowSeconds)
  const sentProblem = Expiry.sentDateProblem(quote.sent_when, nowSeconds)
  const totalAt = items.findIndex((r) => r.item_type === LineItem.ItemType.total)

  const onDiscount = useCallback(
    (value: Parameters<typeof NumberInput.format>[0]) =>
      dispatch({ type: "percent", field: "discount_overall", value }),
    [dispatch]
  )
  const onDeposit = useCallback(
    (value: Parameters<typeof NumberInput.format>[0]) => dispatch({ type: "percent", field: "deposit_percent", value }),
    [dispatch]
  )
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

      <section className={`${controls.card} ${styles.details}`} aria-label={m.quoteDetails}>
        <div className={`${controls.field} ${styles.titleField}`}>
          <label className={controls.label} htmlFor="quote-title">
            {m.title}
          </label>
          <input
            id="quote-title"
            className={controls.input}
            value={quote.title}
            disabled={locked}
            onChange={(e) => dispatch({ type: "title", title: e.currentTarget.value })}
          />
        </div>
        {draft.mode === "quote" && (
          <DateField
            label={m.sentDate}
            value={quote.sent_when}
            onChange={(seconds) => dispatch({ type: "date", field: "sent_when", seconds })}
            emptyText={m.sentDateAutomatic}
            clearText={m.clearDate}
            style={style}
            timeOfDay={0}
            problem={Option.match(sentProblem, {
              onNone: () => undefined,
              onSome: (text) => ({ tone: "warning" as const, text })
            })}
          />
        )}
        {draft.mode === "quote" && (
          <DateField
            label={m.expiryDate}
            value={quote.expiry_date}
            onChange={(seconds) => dispatch({ type: "date", field: "expiry_date", seconds })}
            emptyText={m.noExpiry}
            clearText={m.clearDate}
            style={style}
            timeOfDay={86_399}
            problem={
              expiry._tag === "Ok"
                ? undefined
                : { tone: expiry._tag === "InPast" ? "error" : "warning", text: expiry.message }
            }
          />
        )}
        <div className={controls.field}>
          <label className={controls.label} htmlFor="quote-currency">
            {m.currency}
          </label>
          <select
            id="quote-currency"
            className={controls.select}
            value={quote.currency_id}
            disabled={locked}
            onChange={(e) => dispatch({ type: "currency", currencyId: Number(e.currentTarget.value) })}
          >
            {[...Currency.special, ...Currency.all.filter((c) => !Currency.isSpecial(c.id))].map((c) => (
              <option key={c.id} value={c.id}>
                {c.code} · {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="quote-tax-mode">
            {m.amountsEntered}
          </label>
          <select
            id="quote-tax-mode"
            className={controls.select}
            value={quote.amounts_entered}
            disabled={locked}
            onChange={(e) => dispatch({ type: "taxMode", mode: e.currentTarget.value as TaxMode.TaxMode })}
          >
            {TaxMode.all.map((mode) => (
              <option key={mode} value={mode}>
                {taxModeLabel(m, mode, signin.taxWord)}
              </option>
            ))}
          </select>
        </div>
        <NumberField
          label={m.discount}
          field="discount-overall"
          value={quote.discount_overall}
          preset={NumberInput.presets.percent}
          onValue={onDiscount}
          disabled={locked}
        />
        <NumberField
          label={m.deposit}
          field="deposit"
          value={quote.deposit_percent}
          preset={NumberInput.presets.percent}
          onValue={onDeposit}
          disabled={locked}
        />
        {account.signins.length > 1 && (
          <div className={controls.field}>
            <label className={controls.label} htmlFor="quote-from">
              {m.from}
            </label>
            <select
              id="quote-from"
              className={controls.select}
              value={quote.from}
              onChange={(e) => dispatch({ type: "from", signinId: Number(e.currentTarget.value) })}
            >
              {account.signins.map((s) => (
                <option key={s.signin_id} value={s.signin_id}>
                  {s.name_display}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>

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
