/**
 * Per-quote settings: choices about how the customer meets one quote that override the account's defaults,
 * the status rule on changing them, and the 'Settings applied' summary of the quote overview.
 *
 * - `terms_checkbox`: the customer must tick 'I agree to the terms of this quote' to accept. The account's
 *   default is its appearance setting (the terms checkbox).
 * - `customer_quantities`: the customer may edit the quantity of items that allow it. No account setting
 *   exists for it, so the default is the product's: allowed.
 *
 * A setting is `null` while it follows the account's default, so a later change of the default still reaches
 * quotes that never chose. Settings may change while the customer has not answered (draft, editing, sent);
 * once a quote is accepted, declined, expired or withdrawn they are what the customer met and stay as they
 * are (`SettingsLocked`).
 *
 * 'Settings applied' lists, one line each, what differs from the account's defaults: these settings, and the
 * quote's own currency and tax mode, and any overall discount or deposit. `applied` gives those lines.
 *
 * @example
 * import * as QuoteSettings from "@quotekit/core/QuoteSettings"
 * const defaults = { terms_checkbox: false, customer_quantities: true }
 * QuoteSettings.effective({ terms_checkbox: true, customer_quantities: null }, defaults)
 * // { terms_checkbox: true, customer_quantities: true }
 * QuoteSettings.settingLines({ terms_checkbox: true, customer_quantities: null }, defaults)
 * // [{ key: "terms_checkbox", text: "Customer must tick the terms box to accept" }]
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import * as Currency from "./Currency.ts"
import * as Markup from "./Markup.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"
import * as QuoteStatus from "./QuoteStatus.ts"
import type * as TaxMode from "./TaxMode.ts"
import * as Wording from "./Wording.ts"

/** The names of the settings, in the order the tab and the summary show them. */
export const keys = ["terms_checkbox", "customer_quantities"] as const
/** The name of a setting. */
export type Key = (typeof keys)[number]

/** A quote's settings as stored and on the wire: each a choice, or `null` to follow the account's default. */
export const Settings = Schema.Struct({
  terms_checkbox: Schema.NullOr(Schema.Boolean),
  customer_quantities: Schema.NullOr(Schema.Boolean)
})
/** A quote's settings. */
export type Settings = typeof Settings.Type

/** The values in force: the account's defaults, or a quote's settings with its defaults filled in. */
export const Values = Schema.Struct({
  terms_checkbox: Schema.Boolean,
  customer_quantities: Schema.Boolean
})
/** Values in force. */
export type Values = typeof Values.Type

/** Settings that follow every default (a quote that never chose). */
export const none: Settings = { terms_checkbox: null, customer_quantities: null }

/** The product's defaults, where the account has no setting: no terms box, quantities editable. */
export const productDefaults: Values = { terms_checkbox: false, customer_quantities: true }

/** The account's defaults from what it stores (its appearance's terms checkbox; NULL or absent is off). */
export const accountDefaults = (account: { readonly termsCheckbox: boolean | null | undefined }): Values => ({
  ...productDefaults,
  terms_checkbox: account.termsCheckbox ?? productDefaults.terms_checkbox
})

/** The values in force for a quote: each setting, or its default when it follows the account. */
export const effective = (settings: Settings, defaults: Values): Values => ({
  terms_checkbox: settings.terms_checkbox ?? defaults.terms_checkbox,
  customer_quantities: settings.customer_quantities ?? defaults.customer_quantities
})

/**
 * The settings with every choice that equals its default put back to following the default. Use it where
 * "differs from the defaults" is asked (the summary does); storage keeps what the user chose.
 */
export const normalise = (settings: Settings, defaults: Values): Settings => {
  const e = effective(settings, defaults)
  return {
    terms_checkbox: e.terms_checkbox === defaults.terms_checkbox ? null : e.terms_checkbox,
    customer_quantities: e.customer_quantities === defaults.customer_quantities ? null : e.customer_quantities
  }
}

/** The settings whose stored choice differs between `before` and `after`, in `keys` order. */
export const changedKeys = (before: Settings, after: Settings): ReadonlyArray<Key> =>
  keys.filter((k) => before[k] !== after[k])

// ---------------------------------------------------------------------------------------------------------------
// Who may change them, and when

/** The statuses in which settings may change: the customer has not answered yet. */
export const changeableStatuses: ReadonlyArray<QuoteStatus.QuoteStatus> = ["draft", "sentEditing", "sent"]

/** The quote's status no longer lets its settings change ('This quote is Accepted: its settings ...'). */
export class SettingsLocked extends Schema.TaggedError<SettingsLocked>()("SettingsLocked", {
  status: QuoteStatus.QuoteStatus
}) {
  /** The user-facing text (in "quote" wording; reword with `Wording.apply`). */
  override get message(): string {
    return Message.settingsLocked(QuoteStatus.label(this.status))
  }
}

/** Whether a quote in `status` may have its settings changed; the refusal says why not. */
export const canChange = (status: QuoteStatus.QuoteStatus): Result.Result<void, SettingsLocked> =>
  changeableStatuses.includes(status) ? Result.void : Result.fail(new SettingsLocked({ status }))

// ---------------------------------------------------------------------------------------------------------------
// Texts

/** The label of a setting on the Settings tab. */
export const label = (key: Key): string => (key === "terms_checkbox" ? Message.settingTerms : Message.settingQuantities)

/** 'On' or 'Off'. */
export const onOff = (value: boolean): string => (value ? Message.settingOn : Message.settingOff)

/** How a stored choice reads: 'On', 'Off', or 'Account default (Off)' when it follows the default. */
export const choiceText = (choice: boolean | null, fallback: boolean): string =>
  choice === null ? Message.settingAccountDefault(onOff(fallback)) : onOff(choice)

/** The line of a setting whose value in force is `value` (shown when it differs from the default). */
export const valueLine = (key: Key, value: boolean): string =>
  key === "terms_checkbox"
    ? value
      ? Message.settingTermsRequired
      : Message.settingTermsNotRequired
    : value
      ? Message.settingQuantitiesOpen
      : Message.settingQuantitiesLocked

/** One line of 'Settings applied'; `key` names what it is about. */
export interface Line {
  readonly key: Key | "currency" | "amounts_entered" | "discount_overall" | "deposit_percent"
  readonly text: string
}

/** The lines of the settings whose value in force differs from the default, in `keys` order. */
export const settingLines = (settings: Settings, defaults: Values): ReadonlyArray<Line> => {
  const e = effective(settings, defaults)
  return keys.filter((k) => e[k] !== defaults[k]).map((k) => ({ key: k, text: valueLine(k, e[k]) }))
}

/** How a tax mode reads, with the account's tax word ('Inclusive of GST'). */
export const taxModeText = (mode: TaxMode.TaxMode, taxWord: string): string => {
  switch (mode) {
    case "exclusive_including":
      return Message.taxExclusive(taxWord)
    case "exclusive_excluding":
      return Message.taxExclusiveTotalsWithout(taxWord)
    case "inclusive":
      return Message.taxInclusive(taxWord)
    case "no_tax":
      return Message.taxNone(taxWord)
  }
}

/** What 'Settings applied' reads of the quote. */
export interface QuoteFacts {
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly discount_overall: Money.Decimal
  readonly deposit_percent: Money.Decimal
}

/** What 'Settings applied' reads of the account: the defaults a new quote takes, and its tax word. */
export interface AccountFacts {
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly taxWord: string
}

/** Everything 'Settings applied' is computed from. */
export interface AppliedInput {
  readonly settings: Settings
  readonly defaults: Values
  readonly quote: QuoteFacts
  readonly account: AccountFacts
}

/**
 * 'Settings applied': one line for each thing the quote does differently from the account's defaults: the
 * settings whose value in force differs, then a currency or tax mode other than the account's, then an overall
 * discount or a deposit above 0. Empty when the quote is as the account's defaults make it (the overview then
 * says so with `Message.settingsAsDefaults`).
 */
export const applied = (input: AppliedInput): ReadonlyArray<Line> => {
  const lines: Array<Line> = [...settingLines(input.settings, input.defaults)]
  const { quote, account } = input
  if (quote.currency_id !== account.currency_id) {
    const code = Currency.byId(quote.currency_id)
    lines.push({
      key: "currency",
      text: Message.settingCurrency(code._tag === "Some" ? code.value.code : String(quote.currency_id))
    })
  }
  if (quote.amounts_entered !== account.amounts_entered)
    lines.push({ key: "amounts_entered", text: taxModeText(quote.amounts_entered, account.taxWord) })
  if (!Money.isZero(quote.discount_overall))
    lines.push({
      key: "discount_overall",
      text: Message.discountPercent(Money.formatTrimmed(quote.discount_overall, 0, 4))
    })
  if (!Money.isZero(quote.deposit_percent))
    lines.push({
      key: "deposit_percent",
      text: Message.depositPercent(Money.formatTrimmed(quote.deposit_percent, 0, 4))
    })
  return lines
}

/**
 * The history row of a change: '<b>Ada</b> changed the settings: Terms box to tick before accepting: On.'
 * (escaped HTML, in the account's noun), naming each setting whose choice changed with its new choice. Call it
 * only when `changedKeys` is not empty.
 */
export const historyHtml = (
  noun: Wording.Noun,
  who: string,
  before: Settings,
  after: Settings,
  defaults: Values
): string => {
  const changes = changedKeys(before, after)
    .map((k) => Message.settingChange(label(k), choiceText(after[k], defaults[k])))
    .join("; ")
  const marker = "\uE100"
  return Markup.escapeHtml(Wording.apply(noun, Message.historySettingsChanged(marker, changes))).replace(
    marker,
    () => `<b>${Markup.escapeHtml(who)}</b>`
  )
}
