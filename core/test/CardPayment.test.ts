/** The deposit panel's states and the card setup outcomes, with the spec's own texts and its 12 s timeout. */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as CardPayment from "../src/CardPayment.ts"

describe("CardPayment.panel", () => {
  it("shows the spec's texts for each state", () => {
    assert.deepStrictEqual(CardPayment.panel("preparing", 0), {
      _tag: "Loading",
      message: "Preparing deposit invoice"
    })
    assert.deepStrictEqual(CardPayment.panel("ready", 0), { _tag: "Loaded", button: "Pay Deposit" })
    assert.deepStrictEqual(CardPayment.panel("never", 0), {
      _tag: "NeverUrl",
      message: "You will receive a deposit invoice shortly."
    })
    assert.deepStrictEqual(CardPayment.panel("none", 0), { _tag: "Hidden" })
    assert.strictEqual(CardPayment.panel("paid", 0)._tag, "Paid")
  })

  it("says the invoice isn't ready only after more than 12 seconds", () => {
    assert.strictEqual(CardPayment.panel("preparing", 12_000)._tag, "Loading")
    assert.deepStrictEqual(CardPayment.panel("preparing", 12_001), {
      _tag: "Error",
      message: "The deposit invoice isn't ready yet, please check back here shortly."
    })
    assert.isTrue(CardPayment.keepsPolling("preparing", 12_000))
    assert.isFalse(CardPayment.keepsPolling("preparing", 12_001))
    assert.isFalse(CardPayment.keepsPolling("ready", 0))
  })

  it("property: a ready invoice shows Pay Deposit however long it took", () => {
    fc.assert(
      fc.property(fc.nat(), (ms) => {
        assert.strictEqual(CardPayment.panel("ready", ms)._tag, "Loaded")
        assert.strictEqual(CardPayment.panel("preparing", ms)._tag, ms > 12_000 ? "Error" : "Loading")
      })
    )
  })
})

describe("CardPayment.setupOutcome", () => {
  it("succeeded saves; the rest show the spec's messages", () => {
    assert.deepStrictEqual(CardPayment.setupOutcome("succeeded"), { _tag: "Save" })
    assert.deepStrictEqual(CardPayment.setupOutcome("processing"), { _tag: "Show", message: "Payment processing?" })
    assert.deepStrictEqual(CardPayment.setupOutcome("requires_payment_method"), {
      _tag: "Show",
      message: "Payment details required."
    })
    for (const other of ["canceled", "requires_action", "requires_confirmation", ""])
      assert.deepStrictEqual(CardPayment.setupOutcome(other), {
        _tag: "Show",
        message: "Failed to process payment details."
      })
  })

  it("authorisation sends the intent id on success and the error text on failure", () => {
    assert.deepStrictEqual(CardPayment.authorisation({ id: "pi_1" }), { id: "pi_1", errorTxt: "" })
    assert.deepStrictEqual(CardPayment.authorisation({ error: "Your card was declined." }), {
      id: "",
      errorTxt: "Your card was declined."
    })
  })

  it("an error banner ends with the support line", () => {
    assert.strictEqual(
      CardPayment.banner("Failed to connect to Stripe."),
      "Failed to connect to Stripe. Please try again or contact Support if this message persists."
    )
  })
})
