/**
 * The quote's details card: title, sent and expiry dates with their checks (`Expiry`), currency, tax mode,
 * overall discount and deposit, and the author when the account has several team members. Memoised: a row edit
 * leaves it alone.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Expiry from "@quotekit/core/Expiry"
import type * as Money from "@quotekit/core/Money"
import * as NumberInput from "@quotekit/core/NumberInput"
import * as Quote from "@quotekit/core/Quote"
import * as TaxMode from "@quotekit/core/TaxMode"
import { Option } from "effect"
import { type Dispatch, memo, useCallback } from "react"
import { DateField } from "../datepicker/DateField.tsx"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { NumberField } from "./NumberField.tsx"
import styles from "./QuoteEditor.module.css"
import type { Action, EditorMode } from "./useQuoteDraft.ts"

/** Currencies as the picker lists them: the special set first, then the rest by name. */
const currencies = [...Currency.special, ...Currency.all.filter((c) => !Currency.isSpecial(c.id))]

/** The account's date style (exported for the quote page): a style pattern, or (older caches) its index among the six styles. */
export const dateStyle = (setting: unknown): DateFormat.Style =>
  typeof setting === "number"
    ? (DateFormat.styles[setting] ?? DateFormat.styles[0]!)
    : (DateFormat.styles.find((s) => s === setting) ?? DateFormat.styles[0]!)

/** How a tax mode reads in the picker, in the account's word for tax. */
export const taxModeLabel = (m: ReturnType<typeof useMessages>, mode: TaxMode.TaxMode, taxWord: string): string => {
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

/** Props of the details card. */
export interface QuoteDetailsProps {
  readonly quote: Quote.Quote
  readonly mode: EditorMode
  readonly account: AccountApi.CacheAccount
  readonly dispatch: Dispatch<Action>
  /** The current time in epoch seconds, for the date checks. */
  readonly now: () => number
}

/** The details card. */
export const QuoteDetails = memo(function QuoteDetails({ quote, mode, account, dispatch, now }: QuoteDetailsProps) {
  const m = useMessages()
  const signin = account.account_signin
  const style = dateStyle(signin.dateFormat)
  const locked = Quote.isSharedLocked(quote)
  const nowSeconds = now()
  const expiry = Expiry.check(quote, nowSeconds)
  const sentProblem = Expiry.sentDateProblem(quote.sent_when, nowSeconds)
  const onDiscount = useCallback(
    (value: Money.Decimal) => dispatch({ type: "percent", field: "discount_overall", value }),
    [dispatch]
  )
  const onDeposit = useCallback(
    (value: Money.Decimal) => dispatch({ type: "percent", field: "deposit_percent", value }),
    [dispatch]
  )
  return (
    <section className={`${controls.card} ${styles.details}`} aria-label={m.quoteDetails}>
      <div className={`${controls.field} ${styles.titleField}`}>
        <label className={controls.label} htmlFor="quote-title">
          {m.title}
        </label>
        <input
          id="quote-title"
          data-input="quote.title"
          className={controls.input}
          value={quote.title}
          disabled={locked}
          onChange={(e) => dispatch({ type: "title", title: e.currentTarget.value })}
        />
      </div>
      {mode === "quote" && (
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
      {mode === "quote" && (
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
          {currencies.map((c) => (
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
            data-input="quote.from"
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
  )
})
