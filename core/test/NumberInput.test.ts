import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option } from "effect"
import fc from "fast-check"
import * as Message from "../src/Message.ts"
import * as Money from "../src/Money.ts"
import * as NumberInput from "../src/NumberInput.ts"
import * as Outcome from "../src/Outcome.ts"

/** A preset bound (a plain `Money.Fixed`) as an optional BigDecimal, to compare with BigDecimal values. */
const bound = (f: Money.Fixed | undefined): Option.Option<BigDecimal.BigDecimal> =>
  f === undefined ? Option.none() : Option.some(BigDecimal.normalize(BigDecimal.make(f.value, f.scale)))

const { presets } = NumberInput
const names = Object.keys(presets) as Array<NumberInput.PresetName>

const value = (text: string, preset: NumberInput.Preset = presets.default): string =>
  BigDecimal.format(Outcome.getOrThrow(NumberInput.evaluate(text, preset)).value)
const committed = (text: string, preset: NumberInput.Preset): string =>
  BigDecimal.format(Outcome.getOrThrow(NumberInput.finalise(text, preset)).value)
const errorOf = (text: string, preset: NumberInput.Preset = presets.default): string => {
  const r = NumberInput.evaluate(text, preset)
  if (Outcome.isSuccess(r)) throw new Error(`expected ${JSON.stringify(text)} to fail`)
  return r.failure._tag
}
const within = (v: BigDecimal.BigDecimal, preset: NumberInput.Preset): boolean =>
  BigDecimal.normalize(v).scale <= preset.decimals &&
  Option.match(bound(preset.min), { onNone: () => true, onSome: (min) => BigDecimal.isGreaterThanOrEqualTo(v, min) }) &&
  Option.match(bound(preset.max), { onNone: () => true, onSome: (max) => BigDecimal.isLessThanOrEqualTo(v, max) })

/** A value a preset can hold: within its bounds (or ±10^15 when unbounded) at its scale. */
const valueIn = (preset: NumberInput.Preset): fc.Arbitrary<BigDecimal.BigDecimal> => {
  const unit = 10n ** BigInt(preset.decimals)
  const units = (d: BigDecimal.BigDecimal) => BigDecimal.scale(d, preset.decimals).value
  const min = Option.match(bound(preset.min), { onNone: () => -(10n ** 15n) * unit, onSome: units })
  const max = Option.match(bound(preset.max), { onNone: () => 10n ** 15n * unit, onSome: units })
  return fc.bigInt({ min, max }).map((n) => BigDecimal.normalize(BigDecimal.make(n, preset.decimals)))
}

/** A plain decimal as typed, with up to 8 decimals (more than any preset keeps). */
const typedNumber = fc
  .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([n, scale]) => BigDecimal.make(n, scale))

const fieldText = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."0123456789.,()+-*/= "), maxLength: 40 }),
  fc.string({ maxLength: 40 })
)

describe("NumberInput", () => {
  describe("presets", () => {
    it("match the spec's bounds and decimals", () => {
      const bounds = (p: NumberInput.Preset) => [
        p.decimals,
        p.negatives,
        Option.match(bound(p.min), { onNone: () => "none", onSome: BigDecimal.format }),
        Option.match(bound(p.max), { onNone: () => "none", onSome: BigDecimal.format })
      ]
      assert.deepStrictEqual(bounds(presets.default), [2, true, "none", "none"])
      assert.deepStrictEqual(bounds(presets.decimals4), [4, true, "none", "none"])
      assert.deepStrictEqual(bounds(presets.percent), [2, false, "0", "100"])
      assert.deepStrictEqual(bounds(presets.smallPercent), [2, true, "-99.99", "99.99"])
      assert.deepStrictEqual(bounds(presets.integer), [0, false, "0", "100"])
      assert.deepStrictEqual(bounds(presets.priceCost), [4, true, "none", "none"])
      assert.deepStrictEqual(bounds(presets.priceUnit), [4, true, "none", "none"])
      assert.deepStrictEqual(bounds(presets.itemTotal), [2, true, "none", "none"])
      assert.deepStrictEqual(bounds(presets.priceMargin), [2, true, "none", "100"])
      assert.deepStrictEqual(bounds(presets.quantity), [4, false, "0", "none"])
      assert.deepStrictEqual(bounds(presets.editableQuantity), [4, false, "0", "none"])
      assert.deepStrictEqual(bounds(presets.discount), [4, false, "0", "100"])
      assert.deepStrictEqual(bounds(presets.taxRateNum), [4, false, "0", "100"])
    })

    it("makePreset keeps the minimum at zero or above without negatives", () => {
      const p = NumberInput.makePreset({ negatives: false, min: Money.make("-5") })
      assert.strictEqual(BigDecimal.format(Option.getOrThrow(bound(p.min))), "0")
      assert.strictEqual(
        BigDecimal.format(
          Option.getOrThrow(bound(NumberInput.makePreset({ negatives: false, min: Money.make("3") }).min))
        ),
        "3"
      )
    })
  })

  describe("evaluate", () => {
    it("calculates with operators, brackets and the equals sign", () => {
      assert.strictEqual(value("12*3"), "36")
      assert.strictEqual(value("(1,200 + 300) / 4"), "375")
      assert.strictEqual(value("10 - 2.5"), "7.5")
      const r = Outcome.getOrThrow(NumberInput.evaluate("12*3=", presets.default))
      assert.isTrue(r.isCalculation)
      assert.isTrue(r.finalised)
      assert.isFalse(Outcome.getOrThrow(NumberInput.evaluate("12*3", presets.default)).finalised)
      assert.isTrue(Outcome.getOrThrow(NumberInput.finalise("12*3", presets.default)).finalised)
    })

    it("tolerates comma thousands separators", () => {
      assert.strictEqual(value("1,234.5"), "1234.5")
      assert.strictEqual(value("1,234,567.89"), "1234567.89")
    })

    it("truncates decimals typed beyond the preset", () => {
      assert.strictEqual(value("12.349"), "12.34")
      assert.strictEqual(value("-12.349"), "-12.34")
      assert.strictEqual(value("12.7", presets.integer), "12")
      assert.strictEqual(value("1.23456", presets.priceUnit), "1.2345")
      assert.isTrue(Outcome.getOrThrow(NumberInput.evaluate("12.349", presets.default)).digitsDropped)
      assert.isFalse(Outcome.getOrThrow(NumberInput.evaluate("12.34", presets.default)).digitsDropped)
    })

    it("rounds the result of a calculation half away from zero", () => {
      assert.strictEqual(value("2/3"), "0.67")
      assert.strictEqual(value("-2/3"), "-0.67")
      assert.strictEqual(value("10/3*3"), "10")
      assert.strictEqual(value("0.125*1"), "0.13")
      assert.strictEqual(value("2/3", presets.quantity), "0.6667")
    })

    it("clamps to min and max", () => {
      assert.strictEqual(value("150", presets.percent), "100")
      assert.strictEqual(value("99.999", presets.smallPercent), "99.99")
      assert.strictEqual(value("-150", presets.smallPercent), "-99.99")
      assert.strictEqual(value("101", presets.integer), "100")
      assert.strictEqual(value("100.5", presets.discount), "100")
      assert.strictEqual(value("250", presets.taxRateNum), "100")
      assert.strictEqual(value("120", presets.priceMargin), "100")
      assert.strictEqual(value("-250", presets.priceMargin), "-250")
      assert.strictEqual(value("5-10", presets.quantity), "0")
      assert.isTrue(Outcome.getOrThrow(NumberInput.evaluate("150", presets.percent)).clamped)
      assert.isFalse(Outcome.getOrThrow(NumberInput.evaluate("100", presets.percent)).clamped)
    })

    it("rejects a minus sign, lone or leading, where negatives are not allowed", () => {
      for (const name of ["percent", "integer", "quantity", "editableQuantity", "discount", "taxRateNum"] as const) {
        assert.strictEqual(errorOf("-", presets[name]), "NegativeNotAllowed")
        assert.strictEqual(errorOf(" -5", presets[name]), "NegativeNotAllowed")
      }
      assert.strictEqual(errorOf("-"), "Unparseable")
      assert.strictEqual(value("-5"), "-5")
      assert.strictEqual(value("-5", presets.priceMargin), "-5")
    })

    it("rejects division by zero and unparseable text", () => {
      assert.strictEqual(errorOf("1/0"), "NonFinite")
      assert.strictEqual(errorOf("12x"), "Unparseable")
      assert.strictEqual(errorOf("1**2"), "Unparseable")
    })

    it("reads an empty field as zero", () => {
      assert.strictEqual(value(""), "0")
      assert.strictEqual(value("  ", presets.priceUnit), "0")
    })

    it("fails on finalising an incomplete calculation", () => {
      assert.isTrue(Outcome.isFailure(NumberInput.finalise("12*", presets.default)))
      assert.isTrue(Outcome.isFailure(NumberInput.evaluate("12*=", presets.default)))
    })

    it("turns an editable quantity of zero or below into 1, on finalise only", () => {
      assert.strictEqual(committed("0", presets.editableQuantity), "1")
      assert.strictEqual(committed("", presets.editableQuantity), "1")
      assert.strictEqual(committed("2-5", presets.editableQuantity), "1")
      assert.strictEqual(value("0=", presets.editableQuantity), "1")
      assert.strictEqual(value("0", presets.editableQuantity), "0")
      assert.strictEqual(committed("0.5", presets.editableQuantity), "0.5")
      assert.strictEqual(committed("0", presets.quantity), "0")
    })
  })

  describe("hint", () => {
    it("shows the result of a calculation while typing", () => {
      assert.deepStrictEqual(NumberInput.hint("12*3", presets.default), { _tag: "Result", text: "= 36.00" })
      assert.deepStrictEqual(NumberInput.hint("1000*1.5", presets.default), { _tag: "Result", text: "= 1,500.00" })
      assert.deepStrictEqual(NumberInput.hint("10/4", presets.priceUnit), { _tag: "Result", text: "= 2.50" })
      assert.deepStrictEqual(NumberInput.hint("1/3", presets.priceUnit), { _tag: "Result", text: "= 0.3333" })
      assert.deepStrictEqual(NumberInput.hint("0*5", presets.priceUnit), { _tag: "Result", text: "= 0.00" })
    })

    it("shows the value that will be used when it differs from the typed number", () => {
      assert.deepStrictEqual(NumberInput.hint("150", presets.percent), { _tag: "Result", text: "= 100" })
      assert.deepStrictEqual(NumberInput.hint("12.349", presets.default), { _tag: "Result", text: "= 12.34" })
    })

    it("shows nothing for a plain number, an empty field, or text still being typed", () => {
      for (const text of ["12.5", "", "1,234", "1,234.56", "12*", "(3+4", "-", "."]) {
        assert.deepStrictEqual(NumberInput.hint(text, presets.default), { _tag: "None" }, text)
      }
    })

    it("reads money as people write it, and says how it read it", () => {
      const read: ReadonlyArray<[string, string]> = [
        ["1,5", "1.5"],
        ["2,50", "2.5"],
        ["$1 200", "1200"],
        ["1 200,50", "1200.5"],
        ["1.234,56", "1234.56"],
        ["1'200", "1200"],
        ["€ 12,50", "12.5"],
        ["$1,200.50", "1200.5"],
        ["1.234.567", "1234567"],
        ["$12 * 3", "36"]
      ]
      for (const [text, value] of read) {
        const r = NumberInput.finalise(text, presets.default)
        assert.isTrue(Outcome.isSuccess(r), text)
        if (Outcome.isSuccess(r))
          assert.strictEqual(r.success.value.toString(), BigDecimal.fromStringUnsafe(value).toString(), text)
        assert.strictEqual(NumberInput.hint(text, presets.default)._tag, "Result", `${text} shows how it was read`)
      }
      // Thousands commas are the fields' own format: read as such, no hint.
      assert.deepStrictEqual(NumberInput.hint("1,500", presets.default), { _tag: "None" })
      // Spaces that are not digit groups are not guessed at: the error says so.
      assert.strictEqual(NumberInput.hint("1 2", presets.default)._tag, "Error")
      assert.strictEqual(NumberInput.hint("1'2", presets.default)._tag, "Error")
    })

    it("shows an error hint for unparseable text, division by zero and negatives", () => {
      assert.deepStrictEqual(NumberInput.hint("12x", presets.default), {
        _tag: "Error",
        text: "That isn't a number or a calculation"
      })
      assert.deepStrictEqual(NumberInput.hint("2(3)", presets.default), {
        _tag: "Error",
        text: "That isn't a number or a calculation"
      })
      assert.deepStrictEqual(NumberInput.hint("5/0", presets.default), { _tag: "Error", text: "Can't divide by zero" })
      assert.deepStrictEqual(NumberInput.hint("-", presets.percent), {
        _tag: "Error",
        text: "Negative numbers aren't allowed here"
      })
    })
  })

  describe("format and parse", () => {
    it("shows comma thousands and the preset's decimals", () => {
      const f = (s: string, p: NumberInput.Preset) => NumberInput.format(Money.make(s), p)
      assert.strictEqual(f("1234.5", presets.default), "1,234.50")
      assert.strictEqual(f("0", presets.default), "0.00")
      assert.strictEqual(f("-1234.5", presets.itemTotal), "-1,234.50")
      assert.strictEqual(f("12.5", presets.priceUnit), "12.50")
      assert.strictEqual(f("12.3456", presets.priceUnit), "12.3456")
      assert.strictEqual(f("12.345", presets.priceCost), "12.345")
      assert.strictEqual(f("1234", presets.priceUnit), "1,234.00")
      assert.strictEqual(f("0", presets.priceUnit), "")
      assert.strictEqual(f("0", presets.priceCost), "")
      assert.strictEqual(f("2", presets.quantity), "2")
      assert.strictEqual(f("1.5", presets.quantity), "1.5")
      assert.strictEqual(f("12.5", presets.percent), "12.5")
      assert.strictEqual(f("42", presets.integer), "42")
      assert.strictEqual(f("1.25", presets.decimals4), "1.25")
      assert.strictEqual(f("1.2345", presets.decimals4), "1.2345")
    })

    it("parses display text but not calculations", () => {
      assert.strictEqual(BigDecimal.format(Option.getOrThrow(NumberInput.parse("1,234.50", presets.default))), "1234.5")
      assert.strictEqual(BigDecimal.format(Option.getOrThrow(NumberInput.parse("", presets.priceUnit))), "0")
      assert.isTrue(Option.isNone(NumberInput.parse("12*3", presets.default)))
      assert.isTrue(Option.isNone(NumberInput.parse("abc", presets.default)))
      assert.isTrue(Option.isNone(NumberInput.parse("-1", presets.quantity)))
    })

    it("property: format then parse round-trips for every preset", () => {
      for (const name of names) {
        const preset = presets[name]
        fc.assert(
          fc.property(valueIn(preset), (v) => {
            const back = NumberInput.parse(NumberInput.format(v, preset), preset)
            return Option.isSome(back) && BigDecimal.equals(back.value, v)
          }),
          { numRuns: 200 }
        )
      }
    })

    it("property: the formatted text evaluates back to the same value, without a hint", () => {
      for (const name of names) {
        const preset = presets[name]
        fc.assert(
          fc.property(valueIn(preset), (v) => {
            const text = NumberInput.format(v, preset)
            return value(text, preset) === BigDecimal.format(v) && NumberInput.hint(text, preset)._tag === "None"
          }),
          { numRuns: 100 }
        )
      }
    })
  })

  describe("accepts", () => {
    it("refuses characters no number field takes, and a minus where negatives are not allowed", () => {
      assert.isTrue(NumberInput.accepts("(1,234.5 + 2) * 3 / 4 - 1 =", presets.default))
      assert.isTrue(NumberInput.accepts("12*", presets.default))
      assert.isTrue(NumberInput.accepts("-", presets.default))
      assert.isFalse(NumberInput.accepts("-", presets.percent))
      assert.isFalse(NumberInput.accepts("12a", presets.default))
      assert.isFalse(NumberInput.accepts("1,2a", presets.default))
      assert.isTrue(NumberInput.accepts("$5", presets.default))
      assert.isTrue(NumberInput.accepts("1'200", presets.default))
      assert.isFalse(NumberInput.accepts("5 USD", presets.default))
      assert.isTrue(NumberInput.accepts("5-10", presets.percent))
    })

    it("property: whatever it accepts either evaluates or fails only on syntax or division", () =>
      fc.assert(
        fc.property(fieldText, fc.constantFrom(...names), (text, name) => {
          const preset = presets[name]
          const r = NumberInput.evaluate(text, preset)
          if (!NumberInput.accepts(text, preset)) return true
          return (
            Outcome.isSuccess(r) ||
            r.failure._tag === "NonFinite" ||
            (r.failure._tag === "Unparseable" && r.failure.reason !== "character")
          )
        }),
        { numRuns: 1000 }
      ))
  })

  describe("plain Fixed values (the widgets' path)", () => {
    const presetArb = fc.constantFrom(...Object.values(presets))

    it("evaluateFixed and finaliseFixed agree with evaluate and finalise on every text and preset", () =>
      fc.assert(
        fc.property(fieldText, presetArb, fc.boolean(), (text, preset, enter) => {
          const big = enter ? NumberInput.finalise(text, preset) : NumberInput.evaluate(text, preset)
          const plain = enter ? NumberInput.finaliseFixed(text, preset) : NumberInput.evaluateFixed(text, preset)
          assert.strictEqual(plain._tag, big._tag)
          if (Outcome.isSuccess(big) && Outcome.isSuccess(plain)) {
            const { value, ...flags } = plain.success
            const { value: bigValue, ...bigFlags } = big.success
            assert.isFalse(BigDecimal.isBigDecimal(value))
            assert.isTrue(Money.equals(value, bigValue))
            assert.deepStrictEqual(flags, bigFlags)
            assert.strictEqual(NumberInput.format(value, preset), NumberInput.format(bigValue, preset))
          }
          if (Outcome.isFailure(big) && Outcome.isFailure(plain)) {
            assert.strictEqual(plain.failure._tag, big.failure._tag)
            assert.strictEqual(plain.failure.message, big.failure.message)
          }
        })
      ))

    it("errors are tagged, carry the catalogue's words and are Errors", () => {
      const negative = NumberInput.evaluateFixed("-1", presets.quantity)
      assert.isTrue(Outcome.isFailure(negative) && negative.failure instanceof NumberInput.NegativeNotAllowed)
      if (Outcome.isFailure(negative)) assert.strictEqual(negative.failure.message, Message.numberNegative)
      const bad = NumberInput.evaluateFixed("1x", presets.default)
      assert.isTrue(Outcome.isFailure(bad) && bad.failure._tag === "Unparseable" && bad.failure.position === 1)
      if (Outcome.isFailure(bad)) assert.strictEqual(bad.failure.message, Message.numberUnparseable)
      const infinite = NumberInput.evaluateFixed("1/0", presets.default)
      assert.isTrue(Outcome.isFailure(infinite) && infinite.failure instanceof Error)
      if (Outcome.isFailure(infinite)) assert.strictEqual(infinite.failure.message, Message.numberNonFinite)
    })

    it("a customer's quantity of zero or below finalises to 1", () => {
      const zero = Outcome.getOrThrow(NumberInput.finaliseFixed("0", presets.editableQuantity))
      assert.strictEqual(NumberInput.format(zero.value, presets.editableQuantity), "1")
      const typed = Outcome.getOrThrow(NumberInput.evaluateFixed("2.50001", presets.editableQuantity))
      assert.strictEqual(NumberInput.format(typed.value, presets.editableQuantity), "2.5")
      assert.isTrue(typed.digitsDropped)
    })
  })

  describe("properties", () => {
    it("never throws, and every value sits inside the preset's bounds and scale", () =>
      fc.assert(
        fc.property(fieldText, fc.constantFrom(...names), fc.boolean(), (text, name, fin) => {
          const preset = presets[name]
          const r = NumberInput.evaluate(text, preset, { finalise: fin })
          NumberInput.hint(text, preset)
          return Outcome.isFailure(r) || within(r.success.value, preset)
        }),
        { numRuns: 2000 }
      ))

    it("calculations stay in bounds too", () =>
      fc.assert(
        fc.property(
          typedNumber,
          typedNumber,
          fc.constantFrom("+", "-", "*", "/"),
          fc.constantFrom(...names),
          (a, b, op, name) => {
            const preset = presets[name]
            const r = NumberInput.evaluate(`${BigDecimal.format(a)} ${op} (${BigDecimal.format(b)})`, preset)
            return Outcome.isFailure(r) || within(r.success.value, preset)
          }
        )
      ))

    it("a typed number is truncated toward zero, then clamped", () =>
      fc.assert(
        fc.property(typedNumber, fc.constantFrom(...names), (n, name) => {
          const preset = presets[name]
          const text = BigDecimal.format(n)
          const r = NumberInput.evaluate(text, preset)
          if (!preset.negatives && text.startsWith("-")) {
            return Outcome.isFailure(r) && r.failure._tag === "NegativeNotAllowed"
          }
          let expected = Money.truncateTo(n, preset.decimals)
          const min = bound(preset.min)
          const max = bound(preset.max)
          if (Option.isSome(min)) expected = BigDecimal.max(expected, min.value)
          if (Option.isSome(max)) expected = BigDecimal.min(expected, max.value)
          return Outcome.isSuccess(r) && BigDecimal.equals(r.success.value, expected) && !r.success.isCalculation
        })
      ))

    it("a calculation without division equals the exact BigDecimal result, rounded like Money", () =>
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom("+", "-", "*"), typedNumber), { minLength: 1, maxLength: 5 }),
          typedNumber,
          (rest, first) => {
            // evaluate left to right with explicit brackets, so the oracle needs no precedence
            let text = `(${BigDecimal.format(first)})`
            let exact = first
            for (const [op, n] of rest) {
              text = `(${text} ${op} (${BigDecimal.format(n)}))`
              exact =
                op === "+"
                  ? BigDecimal.sum(exact, n)
                  : op === "-"
                    ? BigDecimal.subtract(exact, n)
                    : BigDecimal.multiply(exact, n)
            }
            const r = NumberInput.evaluate(text, presets.decimals4)
            return Outcome.isSuccess(r) && BigDecimal.equals(r.success.value, Money.roundTo(exact, 4))
          }
        )
      ))

    it("a division is within half a unit of the exact quotient", () =>
      fc.assert(
        fc.property(typedNumber, typedNumber, (a, b) => {
          const r = NumberInput.evaluate(`${BigDecimal.format(a)} / (${BigDecimal.format(b)})`, presets.default)
          if (BigDecimal.isZero(b)) return Outcome.isFailure(r) && r.failure._tag === "NonFinite"
          if (Outcome.isFailure(r)) return false
          // |q*b - a| <= |b| / 200, i.e. q is within 0.005 of a/b
          const error = BigDecimal.abs(BigDecimal.subtract(BigDecimal.multiply(r.success.value, b), a))
          return BigDecimal.isLessThanOrEqualTo(error, BigDecimal.multiply(BigDecimal.abs(b), Money.make("0.005")))
        })
      ))
  })
})
