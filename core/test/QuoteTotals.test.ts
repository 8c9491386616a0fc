import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option, Schema } from "effect"
import fc from "fast-check"
import * as ContactChoice from "../src/ContactChoice.ts"
import * as LineItem from "../src/LineItem.ts"
import * as Money from "../src/Money.ts"
import * as QuoteTotals from "../src/QuoteTotals.ts"
import * as SubscriptionTerm from "../src/SubscriptionTerm.ts"
import * as TaxMode from "../src/TaxMode.ts"
import * as TaxRate from "../src/TaxRate.ts"

type Decimal = Money.Decimal
/** The pass reads any `Money.Fixed`; the tests feed it `BigDecimal`s, which the reference computes with. */
interface Row extends QuoteTotals.Row {
  readonly price_unit: Decimal
  readonly quantity: Decimal
  readonly discount_item: Decimal
  readonly price_cost: Decimal
}
interface Input extends QuoteTotals.Input {
  readonly items: ReadonlyArray<Row>
  readonly discount_overall: Decimal
  readonly deposit_percent: Decimal
  readonly taxIdToRate: TaxRate.Table
}
const m = Money.make
const { sum, subtract, multiply } = BigDecimal

// ---------------------------------------------------------------------------------------------------------------
// Generators

const dec = (min: bigint, max: bigint, maxScale = 4) =>
  fc
    .tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: maxScale }))
    .map(([v, s]) => BigDecimal.make(v / 10n ** BigInt(maxScale - s), s))
const percentArb = fc.oneof(fc.constant(Money.zero), dec(0n, 1_000_000n), fc.constant(Money.hundred))

let nextId = 1
const rowArb = (large: boolean): fc.Arbitrary<Row> =>
  fc.record({
    quote_item_id: fc.constant(0).map(() => nextId++),
    item_type: fc.constantFrom(1, 1, 1, 1, 1, 2, 3),
    price_unit: large ? dec(-(10n ** 11n), 10n ** 11n) : dec(-1_000_000n, 100_000_000n),
    quantity: fc.oneof(fc.constant(Money.zero), large ? dec(0n, 10n ** 8n) : dec(0n, 1_000_000n)),
    discount_item: fc.oneof(fc.constant(Money.zero), percentArb),
    price_cost: dec(0n, 10n ** 9n),
    item_tax_id: fc.constantFrom(0, 1, 2, 3, 99),
    contact_choice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 7 })),
    contact_selected: fc.constantFrom(0, 1, 2),
    term_every: fc.constantFrom(0, 0, 0, 1, 3),
    term_type: fc.constantFrom(1, 2, 3) as fc.Arbitrary<SubscriptionTerm.TermType>,
    term_duration: fc.constantFrom(0, 12)
  })

const tableArb: fc.Arbitrary<TaxRate.Table> = fc.tuple(percentArb, percentArb, dec(0n, 300_000n)).map(
  ([a, b, c]) =>
    new Map([
      [1, a],
      [2, b],
      [3, c]
    ])
)

const inputArb = (large = false): fc.Arbitrary<Input> =>
  fc.record({
    items: fc.array(rowArb(large), { maxLength: 30 }),
    amounts_entered: fc.constantFrom(...TaxMode.all),
    discount_overall: fc.oneof(fc.constant(Money.zero), percentArb),
    deposit_percent: percentArb,
    taxIdToRate: tableArb
  })

// ---------------------------------------------------------------------------------------------------------------
// An independent reference in exact decimals, built from LineItem and TaxMode.

interface RefLine {
  readonly line: Decimal
  readonly dis: Decimal
  readonly sub: Decimal
  readonly subInc: Decimal
  readonly total: Decimal
  readonly deposit: Decimal
  readonly cost: Decimal
  readonly tax: Decimal
  readonly rate: Option.Option<Decimal>
  readonly key: string
}

const at4 = Money.roundUnit

const refLine = (input: Input, row: Row): RefLine => {
  const mode = input.amounts_entered
  const line = LineItem.total({
    price_unit: at4(row.price_unit),
    quantity: at4(row.quantity),
    discount_item: at4(row.discount_item)
  })
  const dis = Money.roundAmount(multiply(line, LineItem.discountFactor(at4(input.discount_overall))))
  const rate = TaxMode.chargesTax(mode)
    ? Option.filter(TaxRate.rateOf(input.taxIdToRate, row.item_tax_id), (r) => !BigDecimal.isZero(at4(r)))
    : Option.none()
  const parts = TaxMode.split(
    mode,
    dis,
    Option.getOrElse(Option.map(rate, at4), () => Money.zero)
  )
  const total = TaxMode.shown(mode, parts)
  const key = SubscriptionTerm.groupKey(row)
  const deposit =
    key === SubscriptionTerm.UP_FRONT
      ? Money.roundAmount(Money.percentOf(total, at4(input.deposit_percent)))
      : Money.zero
  const cost = Money.roundAmount(multiply(at4(row.price_cost), LineItem.effectiveQuantity(at4(row.quantity))))
  return { line, dis, sub: parts.net, subInc: parts.gross, total, deposit, cost, tax: parts.tax, rate, key }
}

interface RefGroup {
  subtotal: Decimal
  afterDiscount: Decimal
  cost: Decimal
  count: number
  bases: Map<number, Decimal>
}

const refTotals = (input: Input) => {
  const selected = ContactChoice.selection(input.items)
  const groups = new Map<string, RefGroup>()
  const lines = input.items.map((row, i) => {
    if (row.item_type !== 1) return undefined
    const l = refLine(input, row)
    if (selected[i]) {
      const g = groups.get(l.key) ?? {
        subtotal: Money.zero,
        afterDiscount: Money.zero,
        cost: Money.zero,
        count: 0,
        bases: new Map()
      }
      groups.set(l.key, g)
      g.subtotal = sum(g.subtotal, l.line)
      g.afterDiscount = sum(g.afterDiscount, l.dis)
      g.cost = sum(g.cost, l.cost)
      g.count++
      if (Option.isSome(l.rate)) g.bases.set(row.item_tax_id, sum(g.bases.get(row.item_tax_id) ?? Money.zero, l.dis))
    }
    return l
  })
  const mode = input.amounts_entered
  const finished = new Map(
    [...groups].map(([key, g]) => {
      let tax = Money.zero
      for (const [id, base] of g.bases) {
        tax = sum(tax, TaxMode.split(mode, base, at4(input.taxIdToRate.get(id)!)).tax)
      }
      const net = TaxMode.pricesIncludeTax(mode) ? subtract(g.afterDiscount, tax) : g.afterDiscount
      const gross = sum(net, tax)
      const total = TaxMode.totalIncludesTax(mode) ? gross : net
      return [key, { ...g, tax, net, gross, total }] as const
    })
  )
  return { lines, groups: finished }
}

const eq = (a: Decimal, b: Decimal, what = "") => assert.isTrue(Money.equals(a, b), `${what}: ${a} != ${b}`)
const same = (a: Decimal, b: Decimal) => Money.equals(a, b)

// ---------------------------------------------------------------------------------------------------------------
// Example quote builder

let exampleId = 1
const item = (fields: Partial<Row> & { readonly item_type?: number }): Row => ({
  quote_item_id: exampleId++,
  item_type: 1,
  price_unit: Money.zero,
  quantity: Money.one,
  discount_item: Money.zero,
  price_cost: Money.zero,
  item_tax_id: 0,
  contact_choice: 0,
  contact_selected: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  ...fields
})
const text = (): Row => item({ item_type: 2 })
const subtotalRow = (): Row => item({ item_type: 3 })
const totalRow = (): Row => item({ item_type: 4 })
const GST: TaxRate.Table = new Map([
  [1, m("15")],
  [2, m("10")]
])
const input = (items: ReadonlyArray<Row>, amounts_entered: TaxMode.TaxMode, extra: Partial<Input> = {}): Input => ({
  items,
  amounts_entered,
  discount_overall: Money.zero,
  deposit_percent: Money.zero,
  taxIdToRate: GST,
  ...extra
})

/** Every decimal-valued field of the results (row figures, group figures, tax lines). */
const figureKeys = [
  "iTotalLine",
  "iTotalDis",
  "iTotalSub",
  "iTotalSubInc",
  "iTotalTotal",
  "iDepositAmount",
  "iCost",
  "iTaxes",
  "recurring",
  "rate",
  "amount",
  "base",
  "subtotal",
  "discount",
  "afterDiscount",
  "taxes",
  "tax",
  "net",
  "gross",
  "total",
  "cost",
  "margin",
  "deposit"
]

describe("QuoteTotals", () => {
  it("exclusive_including: tax is added on top and listed per rate", () => {
    const t = QuoteTotals.compute(
      input(
        [
          item({ price_unit: m("100"), quantity: m("2"), item_tax_id: 1 }),
          item({ price_unit: m("33.33"), quantity: m("0"), item_tax_id: 1 }),
          item({ price_unit: m("50"), item_tax_id: 2, discount_item: m("10") }),
          totalRow(),
          text()
        ],
        "exclusive_including"
      )
    )
    eq(t.items[1]!.iTotalLine, m("33.33"), "quantity 0 counts as 1")
    eq(t.items[2]!.iTotalLine, m("45"))
    eq(t.upFront.subtotal, m("278.33"))
    assert.deepStrictEqual(
      t.upFront.taxes.map((l) => [l.item_tax_id, Money.toFixed(l.base, 2), Money.toFixed(l.amount, 2)]),
      [
        [1, "233.33", "35.00"],
        [2, "45.00", "4.50"]
      ]
    )
    eq(t.upFront.tax, m("39.50"))
    eq(t.upFront.total, m("317.83"))
    eq(t.items[3]!.iTotalTotal, m("317.83"), "total row carries the quote total")
    eq(t.items[0]!.iTotalSubInc, m("230"))
    assert.deepStrictEqual(
      t.items[0]!.iTaxes.map((x) => [Money.toFixed(x.rate, 0), Money.toFixed(x.amount, 2)]),
      [["15", "30.00"]]
    )
  })

  it("exclusive_excluding: tax is worked out but the total excludes it", () => {
    const t = QuoteTotals.compute(
      input([item({ price_unit: m("100"), item_tax_id: 1 }), totalRow(), text()], "exclusive_excluding")
    )
    eq(t.upFront.tax, m("15"))
    eq(t.upFront.total, m("100"))
    eq(t.items[0]!.iTotalSubInc, m("115"))
    eq(t.items[0]!.iTotalTotal, m("100"))
  })

  it("inclusive: tax = total - total / (1 + rate), net + tax = gross", () => {
    const t = QuoteTotals.compute(
      input(
        [item({ price_unit: m("115"), item_tax_id: 1 }), item({ price_unit: m("10"), item_tax_id: 1 })],
        "inclusive"
      )
    )
    eq(t.items[0]!.iTotalSub, m("100"))
    eq(t.items[1]!.iTaxes[0]!.amount, m("1.30"))
    eq(t.upFront.tax, m("16.30"), "tax of the summed base 125 at 15 %: 125 - 125/1.15 = 16.3043…")
    eq(t.upFront.net, m("108.70"))
    eq(t.upFront.total, m("125"))
  })

  it("no_tax ignores rates", () => {
    const t = QuoteTotals.compute(input([item({ price_unit: m("100"), item_tax_id: 1 })], "no_tax"))
    eq(t.upFront.tax, Money.zero)
    assert.strictEqual(t.upFront.taxes.length, 0)
    assert.strictEqual(t.items[0]!.iTaxes.length, 0)
    eq(t.upFront.total, m("100"))
  })

  it("overall discount, deposit of up-front items only, subscriptions apart", () => {
    const t = QuoteTotals.compute(
      input(
        [
          item({ price_unit: m("1000"), item_tax_id: 1 }),
          item({ price_unit: m("50"), item_tax_id: 1, term_every: 1, term_type: 2 }),
          item({ price_unit: m("20"), term_every: 1, term_type: 2 }),
          item({ price_unit: m("500"), term_every: 1, term_type: 3, term_duration: 2 }),
          totalRow(),
          text()
        ],
        "exclusive_including",
        { discount_overall: m("10"), deposit_percent: m("50") }
      )
    )
    eq(t.upFront.discount, m("100"))
    eq(t.upFront.total, m("1035"))
    eq(t.deposit, m("517.50"))
    eq(t.items[0]!.iDepositAmount, m("517.50"))
    eq(t.items[1]!.iDepositAmount, Money.zero)
    assert.deepStrictEqual(
      t.subscriptions.map((g) => [g.key, Money.toFixed(g.total, 2)]),
      [
        ["2-00001-00000", "69.75"],
        ["3-00001-00002", "450.00"]
      ]
    )
    eq(t.subscriptions[0]!.deposit, Money.zero)
    assert.deepStrictEqual(
      t.items[4]!.recurring.map((r) => [r.key, Money.toFixed(r.iTotalTotal, 2)]),
      [
        ["2-00001-00000", "69.75"],
        ["3-00001-00002", "450.00"]
      ]
    )
  })

  it("subtotal rows sum the selected price lines since the previous subtotal, or the start", () => {
    const t = QuoteTotals.compute(
      input(
        [
          item({ price_unit: m("10") }),
          text(),
          item({ price_unit: m("20") }),
          item({ price_unit: m("99"), contact_choice: ContactChoice.Flag.optional }),
          subtotalRow(),
          item({ price_unit: m("5") }),
          item({ price_unit: m("7"), term_every: 1 }),
          subtotalRow(),
          totalRow(),
          text()
        ],
        "no_tax"
      )
    )
    eq(t.items[4]!.iTotalLine, m("30"))
    eq(t.items[7]!.iTotalLine, m("5"))
    assert.deepStrictEqual(
      t.items[7]!.recurring.map((r) => [r.key, Money.toFixed(r.iTotalLine, 2)]),
      [["2-00001-00000", "7.00"]]
    )
    eq(t.items[1]!.iTotalTotal, Money.zero, "text rows count nothing")
    assert.isFalse(t.items[3]!.selected)
    eq(t.items[3]!.iTotalLine, m("99"), "an unselected option still shows its price")
    eq(t.upFront.total, m("35"))
  })

  it("radio groups count one option; the customer's choice moves the total", () => {
    const rows = [
      text(),
      item({ price_unit: m("100"), contact_choice: ContactChoice.Flag.multiple }),
      item({ price_unit: m("200"), contact_choice: ContactChoice.Flag.multiple | ContactChoice.Flag.on }),
      item({ price_unit: m("300"), contact_choice: ContactChoice.Flag.multiple }),
      totalRow(),
      text()
    ]
    eq(QuoteTotals.compute(input(rows, "no_tax")).upFront.total, m("200"))
    eq(QuoteTotals.compute(input(ContactChoice.choose(rows, 3, true), "no_tax")).upFront.total, m("300"))
  })

  it("margin and cost per group", () => {
    const t = QuoteTotals.compute(
      input([item({ price_unit: m("100"), price_cost: m("60"), quantity: m("3"), item_tax_id: 1 })], "inclusive")
    )
    eq(t.items[0]!.iCost, m("180"))
    eq(t.upFront.cost, m("180"))
    eq(Option.getOrThrow(t.upFront.margin), m("31"), "net 260.87 over cost 180")
    assert.isTrue(Option.isNone(QuoteTotals.compute(input([], "no_tax")).upFront.margin))
  })

  it("an empty quote totals zero", () => {
    const t = QuoteTotals.compute(input([], "exclusive_including", { deposit_percent: m("50") }))
    eq(t.upFront.total, Money.zero)
    eq(t.deposit, Money.zero)
    assert.strictEqual(t.subscriptions.length, 0)
  })

  it("huge amounts are computed exactly through the bigint path", () => {
    const inp = input(
      [item({ price_unit: m("98765432.1234"), quantity: m("9999.9999"), discount_item: m("12.3456"), item_tax_id: 1 })],
      "exclusive_including",
      { discount_overall: m("3.3333") }
    )
    const t = QuoteTotals.compute(inp)
    const ref = refTotals(inp)
    eq(t.items[0]!.iTotalLine, ref.lines[0]!.line)
    eq(t.items[0]!.iTotalLine, m("865722460694.51"))
    eq(t.upFront.total, ref.groups.get("up-front")!.total)
  })

  it("refuses amounts of 2^53 cents or more rather than lose a cent", () => {
    const big = item({ price_unit: m("50000000000000") })
    assert.throws(() => QuoteTotals.compute(input([big, big], "no_tax")), RangeError)
    assert.throws(() => QuoteTotals.compute(input([item({ price_unit: m("1e14") })], "no_tax")), RangeError)
  })

  it("refuses a negative tax rate", () => {
    assert.throws(
      () =>
        QuoteTotals.compute(input([item({ item_tax_id: 5 })], "inclusive", { taxIdToRate: new Map([[5, m("-100")]]) })),
      RangeError
    )
  })

  it("encodes a row's figures for the wire", () => {
    const t = QuoteTotals.compute(
      input([item({ price_unit: m("40"), quantity: m("2"), item_tax_id: 7 })], "exclusive_including", {
        deposit_percent: m("25"),
        taxIdToRate: TaxRate.fromRecord({ "7": m("12.5") })
      })
    )
    eq(t.upFront.total, m("90"))
    eq(t.deposit, m("22.50"))
    const wire = Schema.encodeSync(QuoteTotals.ItemTotalsSchema)(QuoteTotals.toWire(t.items[0]!))
    assert.strictEqual(wire.iTotalTotal, "90")
    assert.strictEqual(wire.iDepositAmount, "22.5")
    assert.deepStrictEqual(wire.iTaxes, [{ rate: "12.5", amount: "10" }])
  })

  it("property: every figure equals exact decimal arithmetic (reference built from LineItem and TaxMode)", () =>
    fc.assert(
      fc.property(fc.oneof(inputArb(false), inputArb(true)), (inp) => {
        const t = QuoteTotals.compute(inp)
        const ref = refTotals(inp)
        const selected = ContactChoice.selection(inp.items)
        for (let i = 0; i < inp.items.length; i++) {
          const r = ref.lines[i]
          const o = t.items[i]!
          assert.strictEqual(o.selected, selected[i])
          if (r === undefined) continue
          eq(o.iTotalLine, r.line, "line")
          eq(o.iTotalDis, r.dis, "dis")
          eq(o.iTotalSub, r.sub, "sub")
          eq(o.iTotalSubInc, r.subInc, "subInc")
          eq(o.iTotalTotal, r.total, "total")
          eq(o.iDepositAmount, r.deposit, "deposit")
          eq(o.iCost, r.cost, "cost")
          assert.strictEqual(o.groupKey, r.key)
          eq(o.iTaxes[0]?.amount ?? Money.zero, r.tax, "item tax")
        }
        for (const g of QuoteTotals.groups(t)) {
          const r = ref.groups.get(g.key)
          if (r === undefined) {
            assert.strictEqual(g.itemCount, 0)
            eq(g.total, Money.zero)
            continue
          }
          assert.strictEqual(g.itemCount, r.count)
          eq(g.subtotal, r.subtotal, "subtotal")
          eq(g.afterDiscount, r.afterDiscount, "afterDiscount")
          eq(g.tax, r.tax, "tax")
          eq(g.net, r.net, "net")
          eq(g.gross, r.gross, "gross")
          eq(g.total, r.total, "group total")
          eq(g.cost, r.cost, "group cost")
        }
        assert.strictEqual(
          QuoteTotals.groups(t).length,
          Math.max(1, ref.groups.size + (ref.groups.has("up-front") ? 0 : 1))
        )
      }),
      { numRuns: 500 }
    ))

  it("property: subtotal - discount + added tax = total, per group, in every mode", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const t = QuoteTotals.compute(inp)
        return QuoteTotals.groups(t).every((g) => {
          const added = TaxMode.addsTax(inp.amounts_entered) ? g.tax : Money.zero
          const taxSum = g.taxes.reduce((acc, l) => sum(acc, l.amount), Money.zero)
          return same(sum(subtract(g.subtotal, g.discount), added), g.total) && same(taxSum, g.tax)
        })
      })
    ))

  it("property: net + tax = gross; inclusive gross is the discounted amount", () =>
    fc.assert(
      fc.property(inputArb(), (inp) =>
        QuoteTotals.groups(QuoteTotals.compute(inp)).every(
          (g) =>
            same(sum(g.net, g.tax), g.gross) &&
            (!TaxMode.pricesIncludeTax(inp.amounts_entered) || same(g.gross, g.afterDiscount)) &&
            (TaxMode.pricesIncludeTax(inp.amounts_entered) || same(g.net, g.afterDiscount))
        )
      )
    ))

  it("property: group sums equal the sums of their selected lines", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const t = QuoteTotals.compute(inp)
        return QuoteTotals.groups(t).every((g) => {
          const lines = t.items.filter((o) => o.selected && o.groupKey === g.key)
          return (
            same(Money.sum(lines.map((o) => o.iTotalLine)), g.subtotal) &&
            same(Money.sum(lines.map((o) => o.iTotalDis)), g.afterDiscount) &&
            same(Money.sum(lines.map((o) => o.iCost)), g.cost) &&
            lines.length === g.itemCount
          )
        })
      })
    ))

  it("property: per-line rounding error is at most half a cent", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const t = QuoteTotals.compute(inp)
        const half = m("0.005")
        return inp.items.every((row, i) => {
          if (row.item_type !== 1) return true
          const exactLine = LineItem.exactTotal({
            price_unit: at4(row.price_unit),
            quantity: at4(row.quantity),
            discount_item: at4(row.discount_item)
          })
          const o = t.items[i]!
          const exactDis = multiply(o.iTotalLine, LineItem.discountFactor(at4(inp.discount_overall)))
          return (
            BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(subtract(o.iTotalLine, exactLine)), half) &&
            BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(subtract(o.iTotalDis, exactDis)), half)
          )
        })
      })
    ))

  it("property: tax per rate is within half a cent of the exact tax on the summed base", () =>
    fc.assert(
      fc.property(inputArb(), (inp) =>
        QuoteTotals.groups(QuoteTotals.compute(inp)).every((g) =>
          g.taxes.every((l) => {
            const exact = TaxMode.pricesIncludeTax(inp.amounts_entered)
              ? BigDecimal.divideUnsafe(multiply(l.base, l.rate), sum(Money.hundred, l.rate))
              : Money.percentOf(l.base, l.rate)
            return BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(subtract(l.amount, exact)), m("0.005"))
          })
        )
      )
    ))

  it("property: the deposit never exceeds the up-front total and is 0 without up-front items", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const t = QuoteTotals.compute(inp)
        const total = t.upFront.total
        const within = BigDecimal.isNegative(total)
          ? BigDecimal.isGreaterThanOrEqualTo(t.deposit, total) && !BigDecimal.isPositive(t.deposit)
          : BigDecimal.isLessThanOrEqualTo(t.deposit, total) && !BigDecimal.isNegative(t.deposit)
        return within && (t.upFront.itemCount > 0 || BigDecimal.isZero(t.deposit))
      })
    ))

  it("property: unselected options never change totals, whatever their price", () =>
    fc.assert(
      fc.property(inputArb(), rowArb(false), (inp, extra) => {
        const option = { ...extra, item_type: 1, contact_choice: ContactChoice.Flag.optional, contact_selected: 2 }
        const before = QuoteTotals.compute(inp)
        const after = QuoteTotals.compute({ ...inp, items: [option, ...inp.items] })
        const a = QuoteTotals.groups(before)
        const b = QuoteTotals.groups(after).filter((g) => g.itemCount > 0 || g.key === "up-front")
        return (
          a.length === b.length &&
          a.every((g, k) => same(g.total, b[k]!.total) && same(g.tax, b[k]!.tax) && same(g.deposit, b[k]!.deposit))
        )
      })
    ))

  it("property: totals do not depend on the order of items (no radio groups or subtotals involved)", () =>
    fc.assert(
      fc.property(
        inputArb().map((inp) => ({
          ...inp,
          items: inp.items.map((r) => ({ ...r, item_type: 1, contact_choice: r.contact_choice & ~2 }))
        })),
        fc.infiniteStream(fc.nat()),
        (inp, randoms) => {
          const shuffled = [...inp.items]
          const it = randoms[Symbol.iterator]()
          for (let i = shuffled.length - 1; i > 0; i--) {
            const j = it.next().value % (i + 1)
            ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
          }
          const a = QuoteTotals.groups(QuoteTotals.compute(inp))
          const b = QuoteTotals.groups(QuoteTotals.compute({ ...inp, items: shuffled }))
          return (
            a.length === b.length &&
            a.every(
              (g, k) =>
                g.key === b[k]!.key &&
                same(g.total, b[k]!.total) &&
                same(g.tax, b[k]!.tax) &&
                same(g.subtotal, b[k]!.subtotal) &&
                same(g.deposit, b[k]!.deposit)
            )
          )
        }
      )
    ))

  it("property: subtotal rows' recurring sums partition each subscription group's lines", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const t = QuoteTotals.compute(inp)
        const pending = new Map<string, { amount: Decimal; count: number }>()
        const sections = new Map<string, Decimal>()
        t.items.forEach((o, i) => {
          if (inp.items[i]!.item_type === 3) {
            const keys = o.recurring.map((r) => r.key)
            const expected = [...pending].filter(([, p]) => p.count > 0).map(([k]) => k)
            assert.deepStrictEqual([...keys].sort(), expected.sort())
            for (const r of o.recurring) {
              eq(r.iTotalLine, pending.get(r.key)!.amount, "section")
              sections.set(r.key, sum(sections.get(r.key) ?? Money.zero, r.iTotalLine))
            }
            pending.clear()
          } else if (o.selected && o.groupKey !== "up-front") {
            const p = pending.get(o.groupKey) ?? { amount: Money.zero, count: 0 }
            pending.set(o.groupKey, { amount: sum(p.amount, o.iTotalLine), count: p.count + 1 })
          }
        })
        return t.subscriptions.every((g) =>
          same(sum(sections.get(g.key) ?? Money.zero, pending.get(g.key)?.amount ?? Money.zero), g.subtotal)
        )
      })
    ))

  it("property: computeFixed gives the same figures as compute, as plain Fixed values", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const big = QuoteTotals.compute(inp)
        const plain = QuoteTotals.computeFixed(inp)
        // Every decimal of the BigDecimal result equals the plain one at the same place; margins None/undefined.
        const same = (a: unknown, b: unknown, at: string): void => {
          if (BigDecimal.isBigDecimal(a)) {
            assert.isFalse(BigDecimal.isBigDecimal(b), at)
            assert.isTrue(Money.equals(a, b as Money.Fixed), at)
          } else if (Option.isOption(a)) {
            if (Option.isNone(a)) assert.isUndefined(b, at)
            else same(a.value, b, at)
          } else if (Array.isArray(a)) {
            assert.strictEqual(a.length, (b as ReadonlyArray<unknown>).length, at)
            a.forEach((x, i) => {
              same(x, (b as ReadonlyArray<unknown>)[i], `${at}[${i}]`)
            })
          } else if (typeof a === "object" && a !== null) {
            const keys = ["quote_item_id", "item_type", "selected", "groupKey", "key", "term", "itemCount"]
            for (const k of keys) if (k in a) assert.deepStrictEqual((b as never)[k], (a as never)[k], `${at}.${k}`)
            for (const k of figureKeys) if (k in a) same((a as never)[k], (b as never)[k], `${at}.${k}`)
          } else assert.strictEqual(b, a, at)
        }
        same(big.items, plain.items, "items")
        same(big.upFront, plain.upFront, "upFront")
        same(big.subscriptions, plain.subscriptions, "subscriptions")
        same(big.deposit, plain.deposit, "deposit")
      })
    ))

  it("property: subtotal rows partition the up-front lines", () =>
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const t = QuoteTotals.compute(inp)
        let running = Money.zero
        let sections = Money.zero
        t.items.forEach((o, i) => {
          const row = inp.items[i]!
          if (row.item_type === 3) {
            if (!same(o.iTotalLine, running)) throw new Error(`subtotal ${o.iTotalLine} != ${running}`)
            sections = sum(sections, running)
            running = Money.zero
          } else if (o.selected && o.groupKey === "up-front") running = sum(running, o.iTotalLine)
        })
        return same(sum(sections, running), t.upFront.subtotal)
      })
    ))
})
