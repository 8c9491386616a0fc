/**
 * Quote totals: every price line's figures and the quote's totals per invoice group, in one pass.
 *
 * Per price item (`iTotal*`, as the quote view names them):
 * - `iTotalLine`: the line total, unit x quantity (0 counts as 1) less the item discount, to the cent.
 * - `iTotalDis`: after the item discount and the quote's overall discount (`discount_overall` percent), rounded
 *   per line, in the basis prices were entered in (with tax in `inclusive`, without otherwise).
 * - `iTotalSub`: net of tax. `iTotalSubInc`: including tax. `iTaxes`: the line's tax `{ rate, amount }`
 *   (empty when untaxed or in `no_tax`), rounded per line, for display.
 * - `iTotalTotal`: what the line adds to the shown total (with tax when the mode's total includes it).
 * - `iDepositAmount`: `deposit_percent` of `iTotalTotal` for up-front lines, 0 for subscriptions.
 * - `iCost`: cost x effective quantity, to the cent, for margins.
 * Unselected optional items get their figures too (the customer sees what an option would cost) but count in
 * no total. Text rows are all zero.
 *
 * Subtotal rows (item type 3) sum the selected price lines since the previous subtotal row, or since the start
 * of the quote; the total row (type 4) carries the quote's own totals. Both report the up-front group in their
 * `iTotal*` fields and each subscription term separately in `recurring`, because a quote shows the up-front
 * total and the recurring totals apart.
 *
 * Per group (up-front, and each subscription term by its `SubscriptionTerm.groupKey`):
 * `subtotal` (sum of line totals) `- discount` (overall discount, the sum of the per-line discounts)
 * `= afterDiscount`; tax is worked out per tax rate on the summed `afterDiscount` of that rate's lines and
 * rounded once per rate, as a real invoice lists it; `net + tax = gross`; the shown `total` is `gross` when the
 * mode's total includes tax, else `net`. So `subtotal - discount + (tax if added) = total` to the cent. The
 * deposit is `deposit_percent` of the up-front total only, rounded once.
 *
 * All rounding is to 2 decimals half away from zero, and equals exact decimal arithmetic. Inputs are taken at
 * their stored scale (unit prices, costs, quantities and percents at 4 decimals, rounded if given more). For
 * speed the pass works on integers scaled to those decimals (numbers while products stay below 2^52, `bigint`
 * beyond), and builds `BigDecimal`s only for its results; amounts must stay below 2^53 cents (9e13 in currency).
 *
 * Inputs are read as any `Money.Fixed` (a `BigDecimal` is one). {@link compute} gives `BigDecimal` figures and
 * an `Option` margin; {@link computeFixed} runs the same pass and gives plain `Money.Fixed` figures and a margin
 * that may be `undefined`, so the browser widgets compute totals without bundling effect.
 *
 * @since 0.1.0
 */
import { BigDecimal, Option, Schema } from "effect"
import * as ContactChoice from "./ContactChoice.ts"
import * as Money from "./Money.ts"
import * as SubscriptionTerm from "./SubscriptionTerm.ts"
import * as TaxMode from "./TaxMode.ts"

type Decimal = Money.Decimal
type Fixed = Money.Fixed

/**
 * What the totals need of a row: the line fields (`LineItem.Priced`), the choice fields and the subscription
 * term, with decimals as any `Money.Fixed`.
 */
export interface Row extends ContactChoice.Choosable, SubscriptionTerm.Term {
  readonly quote_item_id: number
  readonly item_tax_id: number
  readonly price_unit: Fixed
  readonly quantity: Fixed
  readonly discount_item: Fixed
  readonly price_cost: Fixed
}

/** The inputs of a totals pass: a quote's rows in order and its pricing settings (a `TaxRate.Table` of rates). */
export interface Input {
  readonly items: ReadonlyArray<Row>
  readonly amounts_entered: TaxMode.TaxMode
  readonly discount_overall: Fixed
  readonly deposit_percent: Fixed
  readonly taxIdToRate: ReadonlyMap<number, Fixed>
}

/** One line's tax, as the view's `iTaxes` entries. */
export interface ItemTax<D = Decimal> {
  readonly rate: D
  readonly amount: D
}

/** The sums a subtotal or total row shows for one subscription term. */
export interface RecurringSums<D = Decimal> {
  readonly key: SubscriptionTerm.GroupKey
  readonly term: SubscriptionTerm.Term
  readonly iTotalLine: D
  readonly iTotalDis: D
  readonly iTotalSub: D
  readonly iTotalSubInc: D
  readonly iTotalTotal: D
  readonly iCost: D
  readonly iTaxes: ReadonlyArray<ItemTax<D>>
}

/** The figures of one row (see the module header for each field). */
export interface ItemTotals<D = Decimal> {
  readonly quote_item_id: number
  readonly item_type: number
  /** Whether the row counts in the totals (selected price items only). */
  readonly selected: boolean
  readonly groupKey: SubscriptionTerm.GroupKey
  readonly iTotalLine: D
  readonly iTotalDis: D
  readonly iTotalSub: D
  readonly iTotalSubInc: D
  readonly iTotalTotal: D
  readonly iDepositAmount: D
  readonly iCost: D
  readonly iTaxes: ReadonlyArray<ItemTax<D>>
  /** Subtotal and total rows: the subscription terms among the summed lines. Empty on other rows. */
  readonly recurring: ReadonlyArray<RecurringSums<D>>
}

/** One tax rate's line of a group: the summed base it applies to and the tax, rounded once. */
export interface TaxLine<D = Decimal> {
  readonly item_tax_id: number
  readonly rate: D
  readonly base: D
  readonly amount: D
}

/** The totals of one invoice group (up-front, or one subscription term); `M` is how a margin is held. */
export interface GroupTotals<D = Decimal, M = Option.Option<D>> {
  readonly key: SubscriptionTerm.GroupKey
  readonly term: SubscriptionTerm.Term
  /** Selected price items in the group. */
  readonly itemCount: number
  readonly subtotal: D
  readonly discount: D
  readonly afterDiscount: D
  readonly taxes: ReadonlyArray<TaxLine<D>>
  readonly tax: D
  readonly net: D
  readonly gross: D
  readonly total: D
  readonly cost: D
  /** Margin percent of the net over the cost; `None` (`undefined` in `FixedTotals`) when the net is 0. */
  readonly margin: M
  /** Deposit (up-front group only; 0 for subscriptions). */
  readonly deposit: D
}

/** The result of a totals pass; `D` is the decimal type of its figures, `M` how a margin is held. */
export interface QuoteTotals<D = Decimal, M = Option.Option<D>> {
  /** One entry per input row, in the same order. */
  readonly items: ReadonlyArray<ItemTotals<D>>
  readonly upFront: GroupTotals<D, M>
  /** Subscription groups with a selected item, sorted by group key (type, then interval, then duration). */
  readonly subscriptions: ReadonlyArray<GroupTotals<D, M>>
  /** The deposit due: `deposit_percent` of the up-front total. */
  readonly deposit: D
}

/** The result of {@link computeFixed}: figures as plain `Money.Fixed`, no margin where the net is 0. */
export type FixedTotals = QuoteTotals<Fixed, Fixed | undefined>

/** How a pass turns its integers into results: amounts from cents, rates from 10^-4 units, margins. */
interface Build<D, M> {
  readonly amount: (cents: number) => D
  readonly rate: (scaledRate: number) => D
  readonly margin: (net: number, cost: number) => M
}

// ---------------------------------------------------------------------------------------------------------------
// Fixed-point integer arithmetic. Values are integers scaled by 10^scale held in numbers; a product is computed in
// floating point only when its magnitude is below 2^52, where it is exact, and in bigint otherwise.

const SAFE_PRODUCT = 2 ** 52

/** n / d rounded half away from zero, for integers |n| < 2^52 and 0 < d < 2^52. */
const roundDivNumber = (n: number, d: number): number => {
  let q = Math.trunc(n / d)
  let r = n - q * d
  if (n >= 0) {
    if (r < 0) {
      q -= 1
      r += d
    } else if (r >= d) {
      q += 1
      r -= d
    }
    return 2 * r >= d ? q + 1 : q
  }
  if (r > 0) {
    q += 1
    r -= d
  } else if (r <= -d) {
    q -= 1
    r += d
  }
  return -2 * r >= d ? q - 1 : q
}

const roundDivBig = (n: bigint, d: bigint): bigint => {
  const q = n / d
  const r = n - q * d
  if (r === 0n) return q
  const twice = 2n * (r < 0n ? -r : r)
  if (twice < d) return q
  return n < 0n ? q - 1n : q + 1n
}

/** Amounts in cents must stay below this magnitude (2^53), where numbers stop being exact integers. */
const LIMIT = 2 ** 53

const outOfRange = (what: unknown): never => {
  throw new RangeError(`QuoteTotals: amount out of range (${what}); amounts must stay below 2^53 cents`)
}

const toSafe = (n: bigint): number => {
  const x = Number(n)
  return Number.isSafeInteger(x) ? x : outOfRange(n)
}

/** a x b / d, rounded half away from zero. */
const mulDiv = (a: number, b: number, d: number): number => {
  const p = a * b
  return Math.abs(p) < SAFE_PRODUCT ? roundDivNumber(p, d) : toSafe(roundDivBig(BigInt(a) * BigInt(b), BigInt(d)))
}

/** Integer division truncated toward zero (|n| < 2^52, 0 < d < 2^52), corrected for floating-point error. */
const divTrunc = (n: number, d: number): number => {
  let q = Math.trunc(n / d)
  const r = n - q * d
  if (n >= 0) {
    if (r < 0) q -= 1
    else if (r >= d) q += 1
  } else if (r > 0) q += 1
  else if (r <= -d) q -= 1
  return q
}

/**
 * The line amount in cents: unit (10^-4) x quantity (10^-4) x factor (10^-6) / 10^12, rounded half away from
 * zero. The product of three exceeds 2^52 for ordinary prices, so it is split around 10^6 and 10^12 to stay in
 * exact number arithmetic; `bigint` only when even the split overflows or the factor is negative.
 */
const lineCents = (unit: number, quantity: number, factor: number): number => {
  const p = unit * quantity
  if (Math.abs(p) < SAFE_PRODUCT && factor >= 0) {
    const direct = p * factor
    if (Math.abs(direct) < SAFE_PRODUCT) return roundDivNumber(direct, 1_000_000_000_000)
    // p = ph * 10^6 + pl and ph * factor = aq * 10^6 + ar, all parts of p's sign, so
    // p * factor / 10^12 = aq + (ar * 10^6 + pl * factor) / 10^12 and rounding can be done on the last term.
    const ph = divTrunc(p, 1_000_000)
    const pl = p - ph * 1_000_000
    const a = ph * factor
    if (Math.abs(a) < SAFE_PRODUCT) {
      const aq = divTrunc(a, 1_000_000)
      const ar = a - aq * 1_000_000
      return aq + roundDivNumber(ar * 1_000_000 + pl * factor, 1_000_000_000_000)
    }
  }
  return toSafe(roundDivBig(BigInt(unit) * BigInt(quantity) * BigInt(factor), 1_000_000_000_000n))
}

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

/** A decimal as an integer at `scale` (at most 6), rounded half away from zero when it has more decimals. */
const scaled = (d: Fixed, scale: number): number => {
  const s = d.scale
  if (s <= scale && s >= 0) {
    const x = Number(d.value) * POW10[scale - s]!
    if (Number.isSafeInteger(x)) return x
    return toSafe(d.value * 10n ** BigInt(scale - s))
  }
  return toSafe(Money.unitsAt(d, scale))
}

/** part / whole x 100 in hundredths of a percent (whole not 0). */
const percentOver = (part: number, whole: number): number =>
  whole < 0 ? mulDiv(-part, 10_000, -whole) : mulDiv(part, 10_000, whole)

const rateDecimals = new Map<number, Decimal>()

/** `BigDecimal` figures and an `Option` margin, for {@link compute}. */
const decimals: Build<Decimal, Option.Option<Decimal>> = {
  amount: (cents) => BigDecimal.make(BigInt(cents), 2),
  // A rate as a decimal; cached, as a quote has few distinct rates and decimals are immutable.
  rate: (scaledRate) => {
    let d = rateDecimals.get(scaledRate)
    if (d === undefined) {
      d = BigDecimal.normalize(BigDecimal.make(BigInt(scaledRate), 4))
      if (rateDecimals.size < 1024) rateDecimals.set(scaledRate, d)
    }
    return d
  },
  margin: (net, cost) =>
    net === 0 ? Option.none() : Option.some(BigDecimal.make(BigInt(percentOver(net - cost, net)), 2))
}

/** Plain `Money.Fixed` figures and a margin that is `undefined` at a net of 0, for {@link computeFixed}. */
const fixed: Build<Fixed, Fixed | undefined> = {
  amount: (cents) => ({ value: BigInt(cents), scale: 2 }),
  rate: (scaledRate) => ({ value: BigInt(scaledRate), scale: 4 }),
  margin: (net, cost) => (net === 0 ? undefined : { value: BigInt(percentOver(net - cost, net)), scale: 2 })
}

const PERCENT_ONE = 1_000_000 // 100 % at scale 4
const UNIT_ONE = 10_000 // 1 at scale 4
const EMPTY: ReadonlyArray<never> = []

/** The figures a group sums, in cents, and where they stood at the last subtotal row (the "mark"). */
class Sums {
  line = 0
  dis = 0
  sub = 0
  subInc = 0
  total = 0
  cost = 0
  deposit = 0
  count = 0
  /** Tax per rate: parallel arrays, few rates per quote, so a linear scan beats a map. */
  readonly taxIds: Array<number> = []
  readonly taxRates: Array<number> = []
  readonly taxBases: Array<number> = []
  readonly taxAmounts: Array<number> = []
  /** The sums at the previous subtotal row; a section's sums are the current sums less these. */
  readonly mark: Array<number> = [0, 0, 0, 0, 0, 0, 0, 0]
  readonly markTaxAmounts: Array<number> = []
  readonly markTaxBases: Array<number> = []
  readonly key: SubscriptionTerm.GroupKey
  readonly term: SubscriptionTerm.Term
  constructor(key: SubscriptionTerm.GroupKey, term: SubscriptionTerm.Term) {
    this.key = key
    this.term = term
  }

  add(
    line: number,
    dis: number,
    sub: number,
    subInc: number,
    total: number,
    cost: number,
    deposit: number,
    taxId: number,
    rate: number,
    itemTax: number
  ): void {
    this.line += line
    this.dis += dis
    this.sub += sub
    this.subInc += subInc
    this.total += total
    this.cost += cost
    this.deposit += deposit
    this.count += 1
    if (rate === 0) return
    const ids = this.taxIds
    for (let k = 0; k < ids.length; k++) {
      if (ids[k] === taxId) {
        this.taxBases[k]! += dis
        this.taxAmounts[k]! += itemTax
        return
      }
    }
    ids.push(taxId)
    this.taxRates.push(rate)
    this.taxBases.push(dis)
    this.taxAmounts.push(itemTax)
  }

  /** Whether lines were added since the mark. */
  get changed(): boolean {
    return this.count !== this.mark[7]
  }

  /** The section since the mark, as row sums; then move the mark here. */
  takeSection<D>(build: Build<D, unknown>): {
    readonly iTotalLine: D
    readonly iTotalDis: D
    readonly iTotalSub: D
    readonly iTotalSubInc: D
    readonly iTotalTotal: D
    readonly iCost: D
    readonly iDepositAmount: D
    readonly iTaxes: ReadonlyArray<ItemTax<D>>
  } {
    const m = this.mark
    const amount = build.amount
    const taxes: Array<ItemTax<D>> = []
    for (let k = 0; k < this.taxIds.length; k++) {
      const amt = this.taxAmounts[k]! - (this.markTaxAmounts[k] ?? 0)
      const base = this.taxBases[k]! - (this.markTaxBases[k] ?? 0)
      if (amt !== 0 || base !== 0) taxes.push({ rate: build.rate(this.taxRates[k]!), amount: amount(amt) })
    }
    const section = {
      iTotalLine: amount(this.line - m[0]!),
      iTotalDis: amount(this.dis - m[1]!),
      iTotalSub: amount(this.sub - m[2]!),
      iTotalSubInc: amount(this.subInc - m[3]!),
      iTotalTotal: amount(this.total - m[4]!),
      iCost: amount(this.cost - m[5]!),
      iDepositAmount: amount(this.deposit - m[6]!),
      iTaxes: taxes.length === 0 ? EMPTY : taxes
    }
    m[0] = this.line
    m[1] = this.dis
    m[2] = this.sub
    m[3] = this.subInc
    m[4] = this.total
    m[5] = this.cost
    m[6] = this.deposit
    m[7] = this.count
    for (let k = 0; k < this.taxIds.length; k++) {
      this.markTaxAmounts[k] = this.taxAmounts[k]!
      this.markTaxBases[k] = this.taxBases[k]!
    }
    return section
  }
}

const byKey = (a: { readonly key: string }, b: { readonly key: string }): number =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0

/**
 * A price row's figures, kept in cents and turned into `BigDecimal`s when read: a 1,000-line pass then allocates
 * one object per row, and a view pays for the decimals it shows. The fields are getters, so copy them with
 * `toWire` rather than object spread.
 */
class LineFigures<D> implements ItemTotals<D> {
  readonly quote_item_id: number
  readonly item_type: number
  readonly selected: boolean
  readonly groupKey: SubscriptionTerm.GroupKey
  private readonly _line: number
  private readonly _dis: number
  private readonly _sub: number
  private readonly _subInc: number
  private readonly _total: number
  private readonly _deposit: number
  private readonly _cost: number
  private readonly _rate: D | undefined
  private readonly _tax: number
  private readonly _build: Build<D, unknown>
  constructor(
    build: Build<D, unknown>,
    id: number,
    selected: boolean,
    groupKey: SubscriptionTerm.GroupKey,
    line: number,
    dis: number,
    sub: number,
    subInc: number,
    total: number,
    deposit: number,
    cost: number,
    rate: D | undefined,
    tax: number
  ) {
    this._build = build
    this.quote_item_id = id
    this.item_type = 1
    this.selected = selected
    this.groupKey = groupKey
    this._line = line
    this._dis = dis
    this._sub = sub
    this._subInc = subInc
    this._total = total
    this._deposit = deposit
    this._cost = cost
    this._rate = rate
    this._tax = tax
  }
  get iTotalLine(): D {
    return this._build.amount(this._line)
  }
  get iTotalDis(): D {
    return this._build.amount(this._dis)
  }
  get iTotalSub(): D {
    return this._build.amount(this._sub)
  }
  get iTotalSubInc(): D {
    return this._build.amount(this._subInc)
  }
  get iTotalTotal(): D {
    return this._build.amount(this._total)
  }
  get iDepositAmount(): D {
    return this._build.amount(this._deposit)
  }
  get iCost(): D {
    return this._build.amount(this._cost)
  }
  get iTaxes(): ReadonlyArray<ItemTax<D>> {
    return this._rate === undefined ? EMPTY : [{ rate: this._rate, amount: this._build.amount(this._tax) }]
  }
  get recurring(): ReadonlyArray<RecurringSums<D>> {
    return EMPTY
  }
}

const termKey = (row: SubscriptionTerm.Term): number =>
  (row.term_type * 256 + row.term_every) * 65_536 + row.term_duration

const UP_FRONT_TERM: SubscriptionTerm.Term = SubscriptionTerm.none

/** Finish a group: tax per rate on the summed base, shown total, deposit. Returns the figures in cents too. */
const finishGroup = <D, M>(
  build: Build<D, M>,
  s: Sums,
  mode: TaxMode.TaxMode,
  depositPercent: number
): { readonly totals: GroupTotals<D, M>; readonly totalCents: number } => {
  const amount = build.amount
  const inclusive = mode === "inclusive"
  const taxes: Array<TaxLine<D>> = []
  let tax = 0
  if (mode !== "no_tax") {
    for (let k = 0; k < s.taxIds.length; k++) {
      const rate = s.taxRates[k]!
      const base = s.taxBases[k]!
      const t = inclusive ? mulDiv(base, rate, PERCENT_ONE + rate) : mulDiv(base, rate, PERCENT_ONE)
      tax += t
      taxes.push({ item_tax_id: s.taxIds[k]!, rate: build.rate(rate), base: amount(base), amount: amount(t) })
    }
  }
  const net = inclusive ? s.dis - tax : s.dis
  const gross = net + tax
  if (!(Math.abs(gross) < LIMIT && Math.abs(net) < LIMIT)) outOfRange(gross)
  const total = TaxMode.totalIncludesTax(mode) ? gross : net
  const deposit = s.key === SubscriptionTerm.upFrontKey ? mulDiv(total, depositPercent, PERCENT_ONE) : 0
  return {
    totalCents: total,
    totals: {
      key: s.key,
      term: s.term,
      itemCount: s.count,
      subtotal: amount(s.line),
      discount: amount(s.line - s.dis),
      afterDiscount: amount(s.dis),
      taxes,
      tax: amount(tax),
      net: amount(net),
      gross: amount(gross),
      total: amount(total),
      cost: amount(s.cost),
      margin: build.margin(net, s.cost),
      deposit: amount(deposit)
    }
  }
}

/**
 * Compute every row's figures and the quote's totals per invoice group (see the module header for the rules).
 * Use for the editor's live totals, the customer view and the server's stored `price_current`.
 *
 * @example
 * const totals = QuoteTotals.compute({ items, amounts_entered: "exclusive_including",
 *   discount_overall: Money.zero, deposit_percent: Money.make("50"), taxIdToRate: TaxRate.toTable(rates) })
 * totals.upFront.total // the up-front total shown
 */
export const compute = (input: Input): QuoteTotals => computeWith(input, decimals)

/**
 * The same pass as {@link compute}, every figure a plain `Money.Fixed` (show them with `Money.format`) and a
 * margin that is `undefined` where the net is 0. For code that must not bundle effect: the quote view widget.
 */
export const computeFixed = (input: Input): FixedTotals => computeWith(input, fixed)

const computeWith = <D, M>(input: Input, build: Build<D, M>): QuoteTotals<D, M> => {
  const rows = input.items
  const n = rows.length
  const mode = input.amounts_entered
  const taxed = mode !== "no_tax"
  const inclusive = mode === "inclusive"
  const totalWithTax = TaxMode.totalIncludesTax(mode)
  const overall = scaled(input.discount_overall, 4)
  const overallFactor = PERCENT_ONE - overall
  const depositPercent = scaled(input.deposit_percent, 4)
  const table = input.taxIdToRate

  const selected = new Uint8Array(n)
  ContactChoice.selectionInto(rows, selected)

  const upFront = new Sums(SubscriptionTerm.upFrontKey, UP_FRONT_TERM)
  const subscriptions = new Map<number, Sums>()
  const rateCache = new Map<number, number>()
  const out: Array<ItemTotals<D>> = new Array(n)
  const zero = build.amount(0)
  const totalRows: Array<number> = []
  // Sums of magnitudes that bound every partial sum of every figure (tax rates are not negative, so a line's
  // discounted amount, net, tax and shown total are each at most its amount with tax in magnitude); while each
  // stays below 2^53 every sum is exact.
  let magnitudeLine = 0
  let magnitudeInc = 0
  let magnitudeCost = 0
  let magnitudeDeposit = 0

  for (let i = 0; i < n; i++) {
    const row = rows[i]!
    const type = row.item_type
    if (type !== 1) {
      if (type === 3) out[i] = sectionRow(build, row, upFront, subscriptions)
      else {
        if (type === 4) totalRows.push(i)
        out[i] = zeroRow(row, zero)
      }
      continue
    }

    // Line total and the discounts.
    const unit = scaled(row.price_unit, 4)
    const rawQuantity = scaled(row.quantity, 4)
    const quantity = rawQuantity === 0 ? UNIT_ONE : rawQuantity
    const discountFactor = PERCENT_ONE - scaled(row.discount_item, 4)
    const line =
      discountFactor === PERCENT_ONE ? mulDiv(unit, quantity, 1_000_000) : lineCents(unit, quantity, discountFactor)
    const dis = overall === 0 ? line : mulDiv(line, overallFactor, PERCENT_ONE)

    // Tax of the line (display), rounded per line.
    const taxId = row.item_tax_id
    let rate = 0
    if (taxed && taxId !== 0) {
      const cached = rateCache.get(taxId)
      if (cached !== undefined) rate = cached
      else {
        const r = table.get(taxId)
        rate = r === undefined ? 0 : scaled(r, 4)
        if (rate < 0) throw new RangeError(`QuoteTotals: tax rate of item_tax_id ${taxId} is negative`)
        rateCache.set(taxId, rate)
      }
    }
    const itemTax = rate === 0 ? 0 : mulDiv(dis, rate, inclusive ? PERCENT_ONE + rate : PERCENT_ONE)
    const sub = inclusive ? dis - itemTax : dis
    const subInc = sub + itemTax
    if (Math.abs(subInc) >= LIMIT) outOfRange(subInc)
    const total = totalWithTax ? subInc : sub
    const subscription = row.term_every > 0
    const deposit = subscription || depositPercent === 0 ? 0 : mulDiv(total, depositPercent, PERCENT_ONE)
    const cost = mulDiv(scaled(row.price_cost, 4), quantity, 1_000_000)

    const isSelected = selected[i] === 1
    let group = upFront
    if (subscription) {
      const k = termKey(row)
      let g = subscriptions.get(k)
      if (g === undefined) {
        const term: SubscriptionTerm.Term = {
          term_every: row.term_every,
          term_type: row.term_type,
          term_duration: row.term_duration
        }
        g = new Sums(SubscriptionTerm.groupKey(term), term)
        subscriptions.set(k, g)
      }
      group = g
    }
    if (isSelected) {
      group.add(line, dis, sub, subInc, total, cost, deposit, taxId, rate, itemTax)
      magnitudeLine += Math.abs(line)
      magnitudeInc += Math.abs(subInc)
      magnitudeCost += Math.abs(cost)
      magnitudeDeposit += Math.abs(deposit)
    }
    out[i] = new LineFigures(
      build,
      row.quote_item_id,
      isSelected,
      group.key,
      line,
      dis,
      sub,
      subInc,
      total,
      deposit,
      cost,
      rate === 0 ? undefined : build.rate(rate),
      itemTax
    )
  }
  if (!(magnitudeLine < LIMIT && magnitudeInc < LIMIT && magnitudeCost < LIMIT && magnitudeDeposit < LIMIT)) {
    outOfRange(Math.max(magnitudeLine, magnitudeInc, magnitudeCost, magnitudeDeposit))
  }

  const up = finishGroup(build, upFront, mode, depositPercent)
  const subs: Array<GroupTotals<D, M>> = []
  for (const g of subscriptions.values()) if (g.count > 0) subs.push(finishGroup(build, g, mode, 0).totals)
  subs.sort(byKey)
  for (const i of totalRows) out[i] = totalRow(rows[i]!, up.totals, subs)
  return { items: out, upFront: up.totals, subscriptions: subs, deposit: up.totals.deposit }
}

const zeroRow = <D>(row: Row, zero: D): ItemTotals<D> => ({
  quote_item_id: row.quote_item_id,
  item_type: row.item_type,
  selected: false,
  groupKey: SubscriptionTerm.upFrontKey,
  iTotalLine: zero,
  iTotalDis: zero,
  iTotalSub: zero,
  iTotalSubInc: zero,
  iTotalTotal: zero,
  iDepositAmount: zero,
  iCost: zero,
  iTaxes: EMPTY,
  recurring: EMPTY
})

const sectionRow = <D>(
  build: Build<D, unknown>,
  row: Row,
  upFront: Sums,
  subscriptions: Map<number, Sums>
): ItemTotals<D> => {
  const recurring: Array<RecurringSums<D>> = []
  for (const g of subscriptions.values()) {
    if (!g.changed) continue
    const s = g.takeSection(build)
    recurring.push({
      key: g.key,
      term: g.term,
      iTotalLine: s.iTotalLine,
      iTotalDis: s.iTotalDis,
      iTotalSub: s.iTotalSub,
      iTotalSubInc: s.iTotalSubInc,
      iTotalTotal: s.iTotalTotal,
      iCost: s.iCost,
      iTaxes: s.iTaxes
    })
  }
  if (recurring.length > 1) recurring.sort(byKey)
  const s = upFront.takeSection(build)
  return {
    quote_item_id: row.quote_item_id,
    item_type: row.item_type,
    selected: false,
    groupKey: SubscriptionTerm.upFrontKey,
    iTotalLine: s.iTotalLine,
    iTotalDis: s.iTotalDis,
    iTotalSub: s.iTotalSub,
    iTotalSubInc: s.iTotalSubInc,
    iTotalTotal: s.iTotalTotal,
    iDepositAmount: s.iDepositAmount,
    iCost: s.iCost,
    iTaxes: s.iTaxes,
    recurring: recurring.length === 0 ? EMPTY : recurring
  }
}

const groupAsRow = <D>(g: GroupTotals<D, unknown>) => ({
  iTotalLine: g.subtotal,
  iTotalDis: g.afterDiscount,
  iTotalSub: g.net,
  iTotalSubInc: g.gross,
  iTotalTotal: g.total,
  iCost: g.cost,
  iTaxes: g.taxes.map((t) => ({ rate: t.rate, amount: t.amount }))
})

const totalRow = <D, M>(row: Row, up: GroupTotals<D, M>, subs: ReadonlyArray<GroupTotals<D, M>>): ItemTotals<D> => ({
  quote_item_id: row.quote_item_id,
  item_type: row.item_type,
  selected: false,
  groupKey: SubscriptionTerm.upFrontKey,
  ...groupAsRow(up),
  iDepositAmount: up.deposit,
  recurring: subs.map((g) => ({ key: g.key, term: g.term, ...groupAsRow(g) }))
})

/** All groups of a result, up-front first: handy for invariants and for listing totals. */
export const groups = <D, M>(totals: QuoteTotals<D, M>): ReadonlyArray<GroupTotals<D, M>> => [
  totals.upFront,
  ...totals.subscriptions
]

// ---------------------------------------------------------------------------------------------------------------
// Wire shapes of the quote view.

/** One `iTaxes` entry on the wire. */
export const ItemTaxSchema = Schema.Struct({ rate: Money.DecimalFromString, amount: Money.DecimalFromString })

/**
 * A row's figures on the wire (the spec's per-item quote view totals). The view's own fields (`account_id` ...
 * `previewType`, with items stripped of cost) are `PublicQuote`'s; a customer page computes these figures from
 * them with `PublicQuote.totals` rather than receiving them.
 */
export const ItemTotalsSchema = Schema.Struct({
  quote_item_id: Schema.Int,
  iTotalDis: Money.DecimalFromString,
  iTotalSub: Money.DecimalFromString,
  iTotalSubInc: Money.DecimalFromString,
  iTotalTotal: Money.DecimalFromString,
  iDepositAmount: Money.DecimalFromString,
  iCost: Money.DecimalFromString,
  iTaxes: Schema.Array(ItemTaxSchema)
})

/** A row's figures in their wire shape (`ItemTotalsSchema`'s type), for sending with the view. */
export const toWire = (t: ItemTotals): typeof ItemTotalsSchema.Type => ({
  quote_item_id: t.quote_item_id,
  iTotalDis: t.iTotalDis,
  iTotalSub: t.iTotalSub,
  iTotalSubInc: t.iTotalSubInc,
  iTotalTotal: t.iTotalTotal,
  iDepositAmount: t.iDepositAmount,
  iCost: t.iCost,
  iTaxes: t.iTaxes
})
