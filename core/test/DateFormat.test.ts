import { assert, describe, it } from "@effect/vitest"
import { DateTime, Option } from "effect"
import fc from "fast-check"
import * as DateFormat from "../src/DateFormat.ts"

const date = (year: number, month: number, day: number): DateFormat.CalendarDate => ({ year, month, day })
const dateArb = fc
  .record({
    year: fc.integer({ min: 1000, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 })
  })
  .filter(DateFormat.isValid)

describe("DateFormat", () => {
  it("has six styles, day-first and month-first", () => {
    assert.strictEqual(DateFormat.styles.length, 6)
    assert.deepStrictEqual(DateFormat.styles.map(DateFormat.orderOf), [
      "dayFirst",
      "dayFirst",
      "dayFirst",
      "monthFirst",
      "monthFirst",
      "monthFirst"
    ])
    assert.strictEqual(DateFormat.defaultStyleFor("us"), "MMM d, yyyy")
    assert.strictEqual(DateFormat.defaultStyleFor("NZ"), "d MMM yyyy")
  })

  it("writes a date in each style", () => {
    const d = date(2026, 11, 21)
    assert.deepStrictEqual(
      DateFormat.styles.map((s) => DateFormat.formatDate(d, s)),
      ["21 Nov 2026", "21/11/2026", "21-11-2026", "Nov 21, 2026", "11/21/2026", "11-21-2026"]
    )
    assert.strictEqual(DateFormat.formatDate(date(2026, 3, 5), "dd/MM/yyyy"), "05/03/2026")
    assert.strictEqual(DateFormat.formatDate(date(2026, 3, 5), "d MMM yyyy"), "5 Mar 2026")
  })

  it("writes an instant in the account's time zone", () => {
    const instant = DateTime.toEpochMillis(DateTime.makeUnsafe("2026-11-20T12:30:00Z")) / 1000
    const auckland = Option.getOrThrow(DateTime.zoneMakeNamed("Pacific/Auckland"))
    const la = Option.getOrThrow(DateTime.zoneMakeNamed("America/Los_Angeles"))
    assert.strictEqual(DateFormat.format(instant, "d MMM yyyy", auckland), "21 Nov 2026")
    assert.strictEqual(DateFormat.format(instant, "MMM d, yyyy", la), "Nov 20, 2026")
  })

  describe("parse", () => {
    it("reads numbers in the style's order", () => {
      assert.deepStrictEqual(DateFormat.parse("21/11/2026", "dd/MM/yyyy"), Option.some(date(2026, 11, 21)))
      assert.deepStrictEqual(DateFormat.parse("11/21/2026", "MM/dd/yyyy"), Option.some(date(2026, 11, 21)))
      assert.deepStrictEqual(DateFormat.parse("3-5-26", "dd-MM-yyyy"), Option.some(date(2026, 5, 3)))
      assert.deepStrictEqual(DateFormat.parse("3.5.26", "MM-dd-yyyy"), Option.some(date(2026, 3, 5)))
    })

    it("reads month names and ISO dates in any style", () => {
      for (const style of DateFormat.styles) {
        assert.deepStrictEqual(DateFormat.parse("21 Nov 2026", style), Option.some(date(2026, 11, 21)))
        assert.deepStrictEqual(DateFormat.parse("November 21, 2026", style), Option.some(date(2026, 11, 21)))
        assert.deepStrictEqual(DateFormat.parse("2026-11-21", style), Option.some(date(2026, 11, 21)))
      }
    })

    it("refuses dates that do not exist and other text", () => {
      for (const text of [
        "31/02/2026",
        "29/02/2025",
        "13/13/2026",
        "",
        "tomorrow",
        "21 Nox 2026",
        "21/11",
        "1/2/3/4",
        "21/11/202"
      ]) {
        assert.isTrue(Option.isNone(DateFormat.parse(text, "dd/MM/yyyy")), text)
      }
      assert.deepStrictEqual(DateFormat.parse("29/02/2028", "dd/MM/yyyy"), Option.some(date(2028, 2, 29)))
      assert.isTrue(Option.isNone(DateFormat.parse("21/11/2026", "MM/dd/yyyy")))
    })

    it("reads back whatever it writes, in every style", () =>
      fc.assert(
        fc.property(dateArb, fc.constantFrom(...DateFormat.styles), (d, style) =>
          Option.match(DateFormat.parse(DateFormat.formatDate(d, style), style), {
            onNone: () => false,
            onSome: (back) => back.year === d.year && back.month === d.month && back.day === d.day
          })
        )
      ))
  })

  describe("calendar arithmetic", () => {
    it("counts days from 1970-01-01", () => {
      assert.strictEqual(DateFormat.toDayNumber(date(1970, 1, 1)), 0)
      assert.strictEqual(DateFormat.toDayNumber(date(2000, 3, 1)), 11_017)
      assert.deepStrictEqual(DateFormat.fromDayNumber(-1), date(1969, 12, 31))
      assert.strictEqual(DateFormat.weekday(date(2026, 11, 21)), 6)
      assert.deepStrictEqual(DateFormat.addDays(date(2026, 12, 31), 1), date(2027, 1, 1))
    })

    it("day numbers round-trip and agree with DateTime on the weekday", () =>
      fc.assert(
        fc.property(dateArb, (d) => {
          const back = DateFormat.fromDayNumber(DateFormat.toDayNumber(d))
          const parts = DateTime.toPartsUtc(DateTime.makeUnsafe({ year: d.year, month: d.month, day: d.day }))
          return (
            back.year === d.year &&
            back.month === d.month &&
            back.day === d.day &&
            parts.weekDay === DateFormat.weekday(d) &&
            DateTime.toEpochMillis(DateTime.makeUnsafe({ year: d.year, month: d.month, day: d.day })) ===
              DateFormat.toDayNumber(d) * 86_400_000
          )
        })
      ))
  })

  describe("monthGrid", () => {
    it("shows November 2026 from Monday 26 October, 6 weeks", () => {
      const grid = DateFormat.monthGrid(2026, 11)
      assert.strictEqual(grid.length, 6)
      assert.deepStrictEqual(grid[0]![0], { year: 2026, month: 10, day: 26, inMonth: false })
      assert.deepStrictEqual(grid[0]![6], { year: 2026, month: 11, day: 1, inMonth: true })
      assert.deepStrictEqual(grid[5]![6], { year: 2026, month: 12, day: 6, inMonth: false })
      assert.strictEqual(DateFormat.weekdayLabels[0], "Mon")
    })

    it("starts a month that begins on Monday in the first cell", () => {
      // June 2026 begins on a Monday.
      assert.deepStrictEqual(DateFormat.monthGrid(2026, 6)[0]![0], { year: 2026, month: 6, day: 1, inMonth: true })
    })

    it("always has 6 weeks of consecutive days from Monday holding the whole month once", () =>
      fc.assert(
        fc.property(fc.integer({ min: 1000, max: 9998 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
          const grid = DateFormat.monthGrid(year, month)
          const days = grid.flat()
          const inMonth = days.filter((d) => d.inMonth).map((d) => d.day)
          const consecutive = days.every(
            (d, i) => i === 0 || DateFormat.toDayNumber(d) === DateFormat.toDayNumber(days[i - 1]!) + 1
          )
          return (
            grid.length === 6 &&
            grid.every((w) => w.length === 7 && DateFormat.weekday(w[0]!) === 1) &&
            consecutive &&
            inMonth.length === DateFormat.daysInMonth(year, month) &&
            inMonth.every((day, i) => day === i + 1) &&
            grid[0]!.some((d) => d.inMonth && d.day === 1)
          )
        })
      ))
  })
})
