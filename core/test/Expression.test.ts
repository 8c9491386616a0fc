import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import fc from "fast-check"
import * as Expression from "../src/Expression.ts"
import * as Outcome from "../src/Outcome.ts"

/** An expression tree with its own oracle: a plain, never-reduced fraction computed independently. */
type Tree =
  | { readonly kind: "number"; readonly text: string; readonly decimal: BigDecimal.BigDecimal }
  | { readonly kind: "negate"; readonly operand: Tree }
  | { readonly kind: "binary"; readonly op: "+" | "-" | "*" | "/"; readonly left: Tree; readonly right: Tree }

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")

/** A number literal as a user types it: "12", "1,234.5", "0.25", ".5", "7.". */
const literal: fc.Arbitrary<Tree> = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10_000_000n }),
    fc.integer({ min: 0, max: 4 }),
    fc.bigInt({ min: 0n, max: 9999n }),
    fc.boolean(),
    fc.constantFrom("plain", "leadingDot", "trailingDot")
  )
  .map(([whole, decimals, fractionSeed, grouped, form]): Tree => {
    const fraction = decimals === 0 ? "" : (fractionSeed % 10n ** BigInt(decimals)).toString().padStart(decimals, "0")
    const wholeText = grouped ? group(whole.toString()) : whole.toString()
    const text =
      decimals === 0
        ? form === "trailingDot"
          ? `${wholeText}.`
          : wholeText
        : whole === 0n && form === "leadingDot"
          ? `.${fraction}`
          : `${wholeText}.${fraction}`
    const decimal = BigDecimal.fromStringUnsafe(decimals === 0 ? whole.toString() : `${whole}.${fraction}`)
    return { kind: "number", text, decimal }
  })

const tree = (ops: ReadonlyArray<"+" | "-" | "*" | "/">): fc.Arbitrary<Tree> =>
  fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      literal,
      tie("tree").map((operand): Tree => ({ kind: "negate", operand })),
      fc
        .tuple(fc.constantFrom(...ops), tie("tree"), tie("tree"))
        .map(([op, left, right]): Tree => ({ kind: "binary", op, left, right }))
    )
  })).tree

const precedence = (t: Tree): number =>
  t.kind === "binary" ? (t.op === "+" || t.op === "-" ? 1 : 2) : t.kind === "negate" ? 3 : 4

/** Print with only the brackets precedence and left associativity need, and random spaces. */
const render = (t: Tree, space: () => string): string => {
  switch (t.kind) {
    case "number":
      return t.text
    case "negate": {
      const inner = render(t.operand, space)
      return `-${space()}${t.operand.kind === "binary" ? `(${inner})` : inner}`
    }
    case "binary": {
      const p = precedence(t)
      const left = render(t.left, space)
      const right = render(t.right, space)
      const l = precedence(t.left) < p ? `(${left})` : left
      const r = precedence(t.right) <= p ? `(${right})` : right
      return `${l}${space()}${t.op}${space()}${r}`
    }
  }
}

/** Print with every binary node bracketed. */
const renderBracketed = (t: Tree): string =>
  t.kind === "number"
    ? t.text
    : t.kind === "negate"
      ? `-(${renderBracketed(t.operand)})`
      : `(${renderBracketed(t.left)} ${t.op} ${renderBracketed(t.right)})`

interface Fraction {
  readonly n: bigint
  readonly d: bigint
}

/** The oracle: textbook fractions, no reduction, `undefined` on division by zero. */
const oracle = (t: Tree): Fraction | undefined => {
  switch (t.kind) {
    case "number":
      return t.decimal.scale >= 0
        ? { n: t.decimal.value, d: 10n ** BigInt(t.decimal.scale) }
        : { n: t.decimal.value * 10n ** BigInt(-t.decimal.scale), d: 1n }
    case "negate": {
      const x = oracle(t.operand)
      return x && { n: -x.n, d: x.d }
    }
    case "binary": {
      const a = oracle(t.left)
      const b = oracle(t.right)
      if (a === undefined || b === undefined) return undefined
      switch (t.op) {
        case "+":
          return { n: a.n * b.d + b.n * a.d, d: a.d * b.d }
        case "-":
          return { n: a.n * b.d - b.n * a.d, d: a.d * b.d }
        case "*":
          return { n: a.n * b.n, d: a.d * b.d }
        case "/":
          return b.n === 0n ? undefined : b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n }
      }
    }
  }
}

/** The BigDecimal evaluation, exact for trees without division. */
const decimalOracle = (t: Tree): BigDecimal.BigDecimal =>
  t.kind === "number"
    ? t.decimal
    : t.kind === "negate"
      ? BigDecimal.negate(decimalOracle(t.operand))
      : t.op === "+"
        ? BigDecimal.sum(decimalOracle(t.left), decimalOracle(t.right))
        : t.op === "-"
          ? BigDecimal.subtract(decimalOracle(t.left), decimalOracle(t.right))
          : BigDecimal.multiply(decimalOracle(t.left), decimalOracle(t.right))

const sameValue = (x: Expression.Exact, f: Fraction): boolean => x.numerator * f.d === f.n * x.denominator

const spaces = fc.constantFrom("", "", " ", "  ", "\t")
const spacer = fc.array(spaces, { minLength: 64, maxLength: 64 }).map((pool) => {
  let i = 0
  return () => pool[i++ % pool.length] ?? ""
})

const exactOf = (text: string): Expression.Exact => Outcome.getOrThrow(Expression.parse(text)).value
const failureOf = (text: string) => {
  const r = Expression.parse(text)
  if (Outcome.isSuccess(r)) throw new Error(`expected ${JSON.stringify(text)} to fail`)
  return r.failure
}
const reasonOf = (text: string): string => {
  const e = failureOf(text)
  return e._tag === "Unparseable" ? e.reason : e._tag
}
const decimalOf = (text: string, scale = 4): string =>
  BigDecimal.format(Expression.toDecimal(exactOf(text), scale, "half-from-zero"))

describe("Expression", () => {
  it("follows precedence, left associativity, brackets and unary signs", () => {
    assert.strictEqual(decimalOf("2+3*4"), "14")
    assert.strictEqual(decimalOf("(2+3)*4"), "20")
    assert.strictEqual(decimalOf("10-4-3"), "3")
    assert.strictEqual(decimalOf("64/4/2"), "8")
    assert.strictEqual(decimalOf("-2*-3"), "6")
    assert.strictEqual(decimalOf("2--3"), "5")
    assert.strictEqual(decimalOf("+5 - +2"), "3")
    assert.strictEqual(decimalOf("-(1.5 + 2.25)"), "-3.75")
    assert.strictEqual(decimalOf(" 12 * 3 "), "36")
  })

  it("is exact across division", () => {
    assert.deepStrictEqual(exactOf("1/3*3"), { numerator: 1n, denominator: 1n })
    assert.deepStrictEqual(exactOf("10/4"), { numerator: 5n, denominator: 2n })
    assert.strictEqual(decimalOf("2/3", 2), "0.67")
    assert.strictEqual(BigDecimal.format(Expression.toDecimal(exactOf("2/3"), 2, "truncate")), "0.66")
    assert.strictEqual(decimalOf("-2/3", 2), "-0.67")
    assert.strictEqual(decimalOf("0.125", 2), "0.13")
    assert.strictEqual(decimalOf("-0.125", 2), "-0.13")
  })

  it("reads numbers with comma thousands, a leading or trailing dot", () => {
    assert.strictEqual(decimalOf("1,234.5"), "1234.5")
    assert.strictEqual(decimalOf("1,234,567"), "1234567")
    assert.strictEqual(decimalOf(".5"), "0.5")
    assert.strictEqual(decimalOf("7."), "7")
    assert.strictEqual(decimalOf("1,000 / 8"), "125")
  })

  it("treats a blank text or a lone '=' as zero", () => {
    for (const text of ["", "   ", "=", " = "]) assert.deepStrictEqual(exactOf(text), Expression.zero)
    assert.isTrue(Outcome.getOrThrow(Expression.parse("=")).finalised)
  })

  it("tells a calculation from a plain number and sees the trailing '='", () => {
    const parsed = (text: string) => Outcome.getOrThrow(Expression.parse(text))
    assert.isFalse(parsed("12.5").isCalculation)
    assert.isFalse(parsed("-12.5").isCalculation)
    assert.isFalse(parsed("+ 1,234").isCalculation)
    assert.isTrue(parsed("(12.5)").isCalculation)
    assert.isTrue(parsed("--12.5").isCalculation)
    assert.isTrue(parsed("12*3").isCalculation)
    assert.isTrue(parsed("12*3=").finalised)
    assert.isTrue(parsed("12 = ").finalised)
    assert.isFalse(parsed("12*3").finalised)
    assert.isTrue(parsed(" -3").leadingMinus)
    assert.isFalse(parsed("3-4").leadingMinus)
  })

  it("says why a text is not an expression, and where", () => {
    assert.strictEqual(reasonOf("12*"), "incomplete")
    assert.strictEqual(reasonOf("(3+4"), "incomplete")
    assert.strictEqual(reasonOf("-"), "incomplete")
    assert.strictEqual(reasonOf("."), "incomplete")
    assert.strictEqual(reasonOf("1,23"), "incomplete")
    assert.strictEqual(reasonOf("1,"), "incomplete")
    assert.strictEqual(reasonOf(". "), "incomplete")
    assert.strictEqual(reasonOf("12 * "), "incomplete")
    assert.strictEqual(reasonOf(". x"), "character")
    assert.strictEqual(reasonOf("12x"), "character")
    assert.strictEqual(reasonOf("$12"), "character")
    assert.strictEqual(reasonOf("10%"), "character")
    assert.strictEqual(reasonOf("1**2"), "syntax")
    assert.strictEqual(reasonOf("2(3)"), "syntax")
    assert.strictEqual(reasonOf("1 2"), "syntax")
    assert.strictEqual(reasonOf("3)"), "syntax")
    assert.strictEqual(reasonOf("1.2.3"), "syntax")
    assert.strictEqual(reasonOf("1,2345"), "syntax")
    assert.strictEqual(reasonOf("1234,567"), "syntax")
    assert.strictEqual(reasonOf("1,23+4"), "syntax")
    assert.strictEqual(reasonOf("12*3=="), "syntax")
    assert.strictEqual(reasonOf("1=2"), "syntax")
    assert.strictEqual(reasonOf("12*="), "syntax")
    const at = failureOf("12 + x")
    assert.strictEqual(at._tag === "Unparseable" && at.position, 5)
  })

  it("rejects division by zero as non-finite, after syntax", () => {
    assert.strictEqual(reasonOf("1/0"), "NonFinite")
    assert.strictEqual(reasonOf("5/(2-2)"), "NonFinite")
    assert.strictEqual(reasonOf("0/0"), "NonFinite")
    assert.strictEqual(reasonOf("1/0 +"), "incomplete")
    assert.strictEqual(failureOf("1/0").message, "Can't divide by zero")
  })

  it("refuses brackets nested beyond MAX_DEPTH without overflowing, and takes any run of signs", () => {
    const nested = (n: number) => `${"(".repeat(n)}1${")".repeat(n)}`
    assert.strictEqual(decimalOf(nested(Expression.MAX_DEPTH)), "1")
    assert.strictEqual(reasonOf(nested(Expression.MAX_DEPTH + 1)), "tooDeep")
    assert.strictEqual(reasonOf("(".repeat(100_000)), "tooDeep")
    assert.strictEqual(decimalOf(`${"-".repeat(100_001)}5`), "-5")
  })

  it("converts to decimals by truncation or half away from zero", () => {
    const x = exactOf("-12.345")
    assert.strictEqual(BigDecimal.format(Expression.toDecimal(x, 2, "truncate")), "-12.34")
    assert.strictEqual(BigDecimal.format(Expression.toDecimal(x, 2, "half-from-zero")), "-12.35")
    assert.isFalse(Expression.fitsScale(x, 2))
    assert.isTrue(Expression.fitsScale(x, 3))
    assert.deepStrictEqual(Expression.fromDecimal(BigDecimal.fromStringUnsafe("2.50")), {
      numerator: 5n,
      denominator: 2n
    })
  })

  it("property: a random expression tree evaluates to the exact fraction, or NonFinite on division by zero", () =>
    fc.assert(
      fc.property(tree(["+", "-", "*", "/"]), spacer, fc.boolean(), (t, space, bracketed) => {
        const text = bracketed ? renderBracketed(t) : render(t, space)
        const expected = oracle(t)
        const parsed = Expression.parse(text)
        if (expected === undefined) return Outcome.isFailure(parsed) && parsed.failure._tag === "NonFinite"
        return Outcome.isSuccess(parsed) && sameValue(parsed.success.value, expected)
      }),
      { numRuns: 500 }
    ))

  it("property: without division, the result equals the exact BigDecimal evaluation", () =>
    fc.assert(
      fc.property(tree(["+", "-", "*"]), spacer, (t, space) => {
        const parsed = Outcome.getOrThrow(Expression.parse(render(t, space)))
        const exact = decimalOracle(t)
        return sameValue(parsed.value, {
          n: Expression.fromDecimal(exact).numerator,
          d: Expression.fromDecimal(exact).denominator
        })
      }),
      { numRuns: 500 }
    ))

  it("property: results are always reduced fractions with a positive denominator", () =>
    fc.assert(
      fc.property(tree(["+", "-", "*", "/"]), (t) => {
        const parsed = Expression.parse(renderBracketed(t))
        if (Outcome.isFailure(parsed)) return true
        const { numerator, denominator } = parsed.success.value
        let [a, b] = [numerator < 0n ? -numerator : numerator, denominator]
        while (b !== 0n) [a, b] = [b, a % b]
        return denominator > 0n && (numerator === 0n ? denominator === 1n : a === 1n)
      })
    ))

  it("property: every prefix of a well-formed expression parses, or is only incomplete or non-finite", () =>
    fc.assert(
      fc.property(tree(["+", "-", "*", "/"]), spacer, (t, space) => {
        const text = render(t, space)
        for (let i = 0; i <= text.length; i++) {
          const parsed = Expression.parse(text.slice(0, i))
          if (Outcome.isFailure(parsed)) {
            const e = parsed.failure
            if (!(e._tag === "NonFinite" || e.reason === "incomplete")) return false
          }
        }
        return true
      }),
      { numRuns: 200 }
    ))

  it("property: never throws, on any text", () => {
    const alphabet = fc.constantFrom(..."0123456789.,()+-*/= x%$\u00a0")
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: alphabet, maxLength: 60 }), fc.string({ unit: "grapheme" })), (text) => {
        const parsed = Expression.parse(text)
        return Outcome.isSuccess(parsed) || ["Unparseable", "NonFinite"].includes(parsed.failure._tag)
      }),
      { numRuns: 2000 }
    )
  })

  it("property: truncation never gains value and rounding is within half a unit", () =>
    fc.assert(
      fc.property(tree(["+", "-", "*", "/"]), fc.integer({ min: 0, max: 6 }), (t, scale) => {
        const parsed = Expression.parse(renderBracketed(t))
        if (Outcome.isFailure(parsed)) return true
        const x = parsed.success.value
        const unit = 10n ** BigInt(scale)
        // compare value * denominator * 10^scale against the numerator * 10^scale, all integers
        const scaledExact = x.numerator * unit
        const truncated = Expression.toDecimal(x, scale, "truncate")
        const rounded = Expression.toDecimal(x, scale, "half-from-zero")
        const digits = (d: BigDecimal.BigDecimal) => BigDecimal.scale(d, scale).value * x.denominator
        const abs = (n: bigint) => (n < 0n ? -n : n)
        return (
          abs(digits(truncated)) <= abs(scaledExact) &&
          abs(scaledExact - digits(truncated)) < x.denominator &&
          2n * abs(scaledExact - digits(rounded)) <= x.denominator
        )
      })
    ))
})
