import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import fc from "fast-check"
import * as LineItem from "../src/LineItem.ts"
import * as Money from "../src/Money.ts"
import * as Quote from "../src/Quote.ts"

const { price, text, subtotal, total } = LineItem.ItemType
type Type = LineItem.ItemType

const rows = (types: ReadonlyArray<Type>, ids?: ReadonlyArray<number>): ReadonlyArray<LineItem.QuoteItem> =>
  types.map((t, i) => LineItem.blank(t, ids?.[i] ?? i + 1, i))
const tags = (rs: ReadonlyArray<Quote.StructureRow>) => Quote.validateStructure(rs).map((e) => e._tag)
const types = (rs: ReadonlyArray<LineItem.QuoteItem>) => rs.map((r) => r.item_type)

const draftArb: fc.Arbitrary<ReadonlyArray<LineItem.QuoteItem>> = fc
  .array(
    fc.record({
      type: fc.constantFrom<Type>(price, price, text, subtotal, total),
      order: fc.integer({ min: -5, max: 40 }),
      id: fc.integer({ min: -3, max: 1000 })
    }),
    { maxLength: 25 }
  )
  .map((specs) => {
    const used = new Set<number>()
    return specs.map((s, i) => {
      const id = used.has(s.id) || s.id === 0 ? 2000 + i : s.id
      used.add(id)
      return LineItem.blank(s.type, id, s.order)
    })
  })

const structural = (e: Quote.StructureError) => e._tag !== "ItemCodeTooLong" && e._tag !== "DuplicateItemId"

describe("Quote", () => {
  it("a sound quote: price items, the total row, then a text row", () => {
    assert.deepStrictEqual(tags(rows([text, price, subtotal, price, total, text])), [])
    assert.deepStrictEqual(tags(rows([price, total, text, text])), [])
  })

  it("lists each structure problem as a tagged error", () => {
    assert.deepStrictEqual(tags(rows([text, total, text])), ["NoPriceItem"])
    assert.deepStrictEqual(tags(rows([price, text])), ["MissingTotalRow"])
    assert.deepStrictEqual(tags(rows([price, total])), ["MissingClosingText"])
    assert.deepStrictEqual(tags(rows([price, total, price, text])), ["RowAfterTotal"])
    assert.deepStrictEqual(tags(rows([price, total, total, text])), ["ExtraTotalRow"])
    assert.deepStrictEqual(tags(rows([price, total, text], [1, 1, 2])), ["DuplicateItemId"])
    const long = [...rows([price, total, text])]
    long[0] = new LineItem.QuoteItem({ ...long[0]!, order_index: 5 })
    assert.deepStrictEqual(tags(long), ["OrderIndexOutOfSequence"])
    const code = { quote_item_id: 9, item_type: price, item_code: "x".repeat(61), order_index: -1 }
    const errors = Quote.validateStructure([code, ...rows([total, text])])
    assert.deepStrictEqual(
      errors.map((e) => e._tag),
      ["ItemCodeTooLong"]
    )
    assert.strictEqual((errors[0] as Quote.ItemCodeTooLong).maximum, 60)
  })

  it("normalise adds the missing rows with temporary negative ids", () => {
    const fixed = Quote.normalise([])
    assert.deepStrictEqual(types(fixed), [price, total, text])
    assert.deepStrictEqual(
      fixed.map((r) => r.quote_item_id),
      [-2, -1, -3]
    )
    assert.deepStrictEqual(
      fixed.map((r) => r.order_index),
      [0, 1, 2]
    )
  })

  it("normalise moves stray rows before the total and keeps the last total row", () => {
    const fixed = Quote.normalise(rows([total, price, text, total, subtotal, text]))
    assert.deepStrictEqual(types(fixed), [price, text, subtotal, total, text])
    assert.strictEqual(fixed[3]!.quote_item_id, 4)
  })

  it("normalise puts a missing total after the last priced row; later texts close the quote", () => {
    const fixed = Quote.normalise(rows([text, price, text, text]))
    assert.deepStrictEqual(types(fixed), [text, price, total, text, text])
  })

  it("normalise gives a new price item the account's default tax", () => {
    const fixed = Quote.normalise(rows([total, text]), { item_tax_id: 4 })
    assert.strictEqual(fixed[0]!.item_tax_id, 4)
    assert.isTrue(Money.equals(fixed[0]!.quantity, Money.one))
  })

  it("property: a normalised draft has no structure problem", () =>
    fc.assert(
      fc.property(draftArb, (draft) => Quote.validateStructure(Quote.normalise(draft)).filter(structural).length === 0)
    ))

  it("property: normalise is idempotent and keeps every price, subtotal and text row", () =>
    fc.assert(
      fc.property(draftArb, (draft) => {
        const once = Quote.normalise(draft)
        const twice = Quote.normalise(once)
        const ids = (rs: ReadonlyArray<LineItem.QuoteItem>) =>
          rs
            .filter((r) => r.item_type !== total)
            .map((r) => r.quote_item_id)
            .sort((a, b) => a - b)
        const kept = ids(draft).every((id) => ids(once).includes(id))
        return (
          kept &&
          JSON.stringify(twice.map((r) => [r.quote_item_id, r.item_type, r.order_index])) ===
            JSON.stringify(once.map((r) => [r.quote_item_id, r.item_type, r.order_index]))
        )
      })
    ))

  it("property: normalise keeps the relative order of price rows", () =>
    fc.assert(
      fc.property(draftArb, (draft) => {
        const order = (rs: ReadonlyArray<LineItem.QuoteItem>) =>
          rs.filter((r) => r.item_type === price && r.quote_item_id > 0).map((r) => r.quote_item_id)
        const sorted = draft
          .map((r, i) => [r, i] as const)
          .sort(([a, i], [b, j]) => a.order_index - b.order_index || i - j)
          .map(([r]) => r)
        return JSON.stringify(order(Quote.normalise(draft))) === JSON.stringify(order(sorted))
      })
    ))

  it("nextTempId is negative and unused", () =>
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 })), (ids) => {
        const id = Quote.nextTempId(ids.map((quote_item_id) => ({ quote_item_id })))
        return id < 0 && !ids.includes(id)
      })
    ))

  it("moves swap neighbours with their display states, never past the total", () => {
    const start = rows([price, price, total, text])
    const moved = Quote.move(start, 1, "up")
    assert.deepStrictEqual(
      moved.map((r) => [r.quote_item_id, r.display_state, r.order_index]),
      [
        [2, "moveUp", 0],
        [1, "moveUpSwap", 1],
        [3, "idle", 2],
        [4, "idle", 3]
      ]
    )
    assert.strictEqual(Quote.move(start, 1, "down"), start)
    assert.strictEqual(Quote.move(start, 0, "up"), start)
    const down = Quote.move(start, 0, "down")
    assert.deepStrictEqual(
      down.map((r) => r.display_state),
      ["moveDownSwap", "moveDown", "idle", "idle"]
    )
  })

  it("property: moves and removals keep a sound quote sound", () =>
    fc.assert(
      fc.property(
        draftArb.map((d) => Quote.normalise(d)),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom("up", "down", "remove", "price", "text") as fc.Arbitrary<string>)),
        (start, ops) => {
          let current = start
          for (const [k, op] of ops) {
            const i = k % current.length
            if (op === "remove") current = Quote.remove(current, i)
            else if (op === "price" || op === "text") {
              current = Quote.insert(current, i, op === "price" ? price : text).rows
            } else current = Quote.move(current, i, op as Quote.Direction)
            if (Quote.validateStructure(current).filter(structural).length > 0) return false
          }
          return true
        }
      )
    ))

  it("removing the last price item, the total or the last closing text is refused", () => {
    const start = rows([price, total, text])
    assert.strictEqual(Quote.remove(start, 0), start)
    assert.strictEqual(Quote.remove(start, 1), start)
    assert.strictEqual(Quote.remove(start, 2), start)
    assert.deepStrictEqual(types(Quote.remove(rows([price, price, total, text]), 0)), [price, total, text])
  })

  it("insert adds a blank row in the add state before the total", () => {
    const { rows: next, at } = Quote.insert(rows([price, total, text]), 5, price)
    assert.strictEqual(at, 1)
    assert.deepStrictEqual(types(next), [price, price, total, text])
    assert.strictEqual(next[1]!.display_state, "add")
    assert.isTrue(next[1]!.quote_item_id < 0)
  })

  it("route ids: new, a number, or 'Could not find that quote?'", () => {
    assert.deepStrictEqual(Quote.parseRouteId("new"), Result.succeed("new"))
    const ok = Quote.parseRouteId("42")
    assert.isTrue(Result.isSuccess(ok) && ok.success === 42)
    const bad = Quote.parseRouteId("4x2")
    assert.isTrue(Result.isFailure(bad))
    if (Result.isFailure(bad)) {
      assert.strictEqual(bad.failure._tag, "QuoteNotFound")
      assert.strictEqual(bad.failure.message, "Could not find that quote?")
    }
    assert.strictEqual(Schema.decodeUnknownSync(Quote.QuoteIdFromString)("17"), 17)
    assert.strictEqual(Schema.decodeUnknownExit(Quote.QuoteIdFromString)("abc")._tag, "Failure")
  })

  it("decodes a quote; percents must be 0-100; shared quotes lock pricing settings", () => {
    const wire = {
      quote_id: 7,
      title: "Website",
      status: "draft",
      quote_no: 1001,
      sent_when: 0,
      expiry_date: 1_800_000_000,
      deposit_percent: "50",
      discount_overall: "12.5",
      currency_id: 156,
      amounts_entered: "exclusive_including",
      private_pricing: 7,
      archive_id: 1,
      from: 3,
      modified: 1_700_000_000,
      price_current: "1234.5"
    }
    const q = Schema.decodeUnknownSync(Quote.Quote)(wire)
    assert.isTrue(Money.equals(q.discount_overall, Money.make("12.5")))
    assert.isFalse(Quote.isSharedLocked(q))
    assert.isTrue(Quote.isSharedLocked({ _shared_quote_id: 3 }))
    assert.isFalse(Quote.isSharedLocked({ _shared_quote_id: 3 }, true))
    assert.strictEqual(Schema.decodeUnknownExit(Quote.Quote)({ ...wire, deposit_percent: "101" })._tag, "Failure")
    assert.strictEqual(Schema.decodeUnknownExit(Quote.Quote)({ ...wire, amounts_entered: "gross" })._tag, "Failure")
    const totals = Quote.totals(
      q,
      [new LineItem.QuoteItem({ ...LineItem.blank(price, 1, 0), price_unit: Money.make("100") })],
      new Map()
    )
    assert.isTrue(Money.equals(totals.upFront.total, Money.make("87.5")))
  })
})
