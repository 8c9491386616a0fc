import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import fc from "fast-check"
import * as Message from "../src/Message.ts"
import * as Money from "../src/Money.ts"
import * as QuoteSettings from "../src/QuoteSettings.ts"
import * as QuoteStatus from "../src/QuoteStatus.ts"
import * as TaxMode from "../src/TaxMode.ts"

const defaults = QuoteSettings.productDefaults
const account: QuoteSettings.AccountFacts = { currency_id: 156, amounts_entered: "exclusive_including", taxWord: "tax" }
const asAccount: QuoteSettings.QuoteFacts = {
  currency_id: 156,
  amounts_entered: "exclusive_including",
  discount_overall: Money.zero,
  deposit_percent: Money.zero
}

const choice = fc.constantFrom<boolean | null>(null, true, false)
const settingsArb = fc.record({ terms_checkbox: choice, customer_quantities: choice })
const valuesArb = fc.record({ terms_checkbox: fc.boolean(), customer_quantities: fc.boolean() })
const percentArb = fc.constantFrom("0", "0.0000", "5", "12.5", "100").map(Money.make)
const quoteArb = fc.record({
  currency_id: fc.constantFrom(156, 107, 51, 8),
  amounts_entered: fc.constantFrom(...TaxMode.all),
  discount_overall: percentArb,
  deposit_percent: percentArb
})

describe("QuoteSettings", () => {
  it("decodes stored settings; null follows the account", () => {
    const s = Schema.decodeUnknownSync(QuoteSettings.Settings)({ terms_checkbox: true, customer_quantities: null })
    assert.deepStrictEqual(QuoteSettings.effective(s, defaults), { terms_checkbox: true, customer_quantities: true })
    assert.throws(() => Schema.decodeUnknownSync(QuoteSettings.Settings)({ terms_checkbox: "yes" }))
    assert.deepStrictEqual(QuoteSettings.effective(QuoteSettings.none, defaults), defaults)
  })

  it("takes the terms default from the account's appearance", () => {
    assert.isTrue(QuoteSettings.accountDefaults({ termsCheckbox: true }).terms_checkbox)
    assert.isFalse(QuoteSettings.accountDefaults({ termsCheckbox: null }).terms_checkbox)
    assert.isTrue(QuoteSettings.accountDefaults({ termsCheckbox: undefined }).customer_quantities)
  })

  it("lets settings change until the customer answers", () => {
    for (const status of QuoteStatus.all) {
      const r = QuoteSettings.canChange(status)
      assert.strictEqual(Result.isSuccess(r), ["draft", "sentEditing", "sent"].includes(status), status)
    }
    const refused = QuoteSettings.canChange("accepted")
    assert.isTrue(Result.isFailure(refused))
    if (Result.isFailure(refused)) {
      assert.strictEqual(refused.failure.message, "This quote is Accepted: its settings can no longer be changed.")
      assert.strictEqual(refused.failure.message, Message.settingsLocked(Message.accepted))
    }
  })

  it("summarises only what differs from the defaults, one line each", () => {
    assert.deepStrictEqual(
      QuoteSettings.applied({ settings: QuoteSettings.none, defaults, quote: asAccount, account }),
      []
    )
    // Choosing what the default already is changes nothing in the summary.
    assert.deepStrictEqual(
      QuoteSettings.applied({
        settings: { terms_checkbox: false, customer_quantities: true },
        defaults,
        quote: asAccount,
        account
      }),
      []
    )
    const lines = QuoteSettings.applied({
      settings: { terms_checkbox: true, customer_quantities: false },
      defaults,
      quote: {
        currency_id: 107,
        amounts_entered: "inclusive",
        discount_overall: Money.make("12.5"),
        deposit_percent: Money.make("50")
      },
      account: { ...account, taxWord: "GST" }
    })
    assert.deepStrictEqual(
      lines.map((l) => l.text),
      [
        "Customer must tick the terms box to accept",
        "Customer can't edit quantities",
        "Currency NZD",
        "Inclusive of GST",
        "Discount 12.5%",
        "Deposit 50%"
      ]
    )
    // An account that asks for the terms box by default: a quote that turns it off says so.
    assert.deepStrictEqual(
      QuoteSettings.settingLines(
        { terms_checkbox: false, customer_quantities: null },
        QuoteSettings.accountDefaults({ termsCheckbox: true })
      ),
      [{ key: "terms_checkbox", text: Message.settingTermsNotRequired }]
    )
  })

  it("names each changed choice in the history, escaped, in the account's noun", () => {
    const html = QuoteSettings.historyHtml(
      "estimate",
      "Ada <Admin>",
      QuoteSettings.none,
      { terms_checkbox: true, customer_quantities: null },
      defaults
    )
    assert.strictEqual(html, "<b>Ada &lt;Admin&gt;</b> changed the settings: Terms box to tick before accepting: On.")
    const back = QuoteSettings.historyHtml(
      "quote",
      "Ada",
      { terms_checkbox: true, customer_quantities: false },
      QuoteSettings.none,
      defaults
    )
    assert.strictEqual(
      back,
      "<b>Ada</b> changed the settings: Terms box to tick before accepting: Account default (Off); " +
        "Customer can edit quantities: Account default (On)."
    )
  })

  it("property: a setting line for exactly each value in force that differs from its default", () => {
    fc.assert(
      fc.property(settingsArb, valuesArb, (settings, d) => {
        const e = QuoteSettings.effective(settings, d)
        const lines = QuoteSettings.settingLines(settings, d)
        const differing = QuoteSettings.keys.filter((k) => e[k] !== d[k])
        assert.deepStrictEqual(
          lines.map((l) => l.key),
          differing
        )
        for (const l of lines)
          assert.strictEqual(l.text, QuoteSettings.valueLine(l.key as QuoteSettings.Key, e[l.key as QuoteSettings.Key]))
      })
    )
  })

  it("property: the summary depends only on the values in force, never on how they were chosen", () => {
    fc.assert(
      fc.property(settingsArb, valuesArb, quoteArb, (settings, d, quote) => {
        const a = QuoteSettings.applied({ settings, defaults: d, quote, account })
        const b = QuoteSettings.applied({ settings: QuoteSettings.normalise(settings, d), defaults: d, quote, account })
        assert.deepStrictEqual(a, b)
        assert.deepStrictEqual(
          QuoteSettings.effective(QuoteSettings.normalise(settings, d), d),
          QuoteSettings.effective(settings, d)
        )
        // One line per subject at most.
        assert.strictEqual(new Set(a.map((l) => l.key)).size, a.length)
        // Nothing differs from the defaults: nothing to list.
        if (
          QuoteSettings.keys.every((k) => QuoteSettings.effective(settings, d)[k] === d[k]) &&
          quote.currency_id === account.currency_id &&
          quote.amounts_entered === account.amounts_entered &&
          Money.isZero(quote.discount_overall) &&
          Money.isZero(quote.deposit_percent)
        )
          assert.strictEqual(a.length, 0)
      })
    )
  })

  it("property: a change names exactly the settings whose choice changed", () => {
    fc.assert(
      fc.property(settingsArb, settingsArb, (before, after) => {
        const changed = QuoteSettings.changedKeys(before, after)
        assert.strictEqual(
          changed.length === 0,
          QuoteSettings.keys.every((k) => before[k] === after[k])
        )
        assert.deepStrictEqual(QuoteSettings.changedKeys(after, before), changed)
      })
    )
  })
})
