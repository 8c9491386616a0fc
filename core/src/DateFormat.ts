/**
 * How dates are written and picked: the six date styles an account can choose (day-first or month-first),
 * formatting and reading dates in a style, and the month grid of the date picker (weeks start on Monday,
 * always 6 weeks so the picker does not change height).
 *
 * Calendar arithmetic is done on plain dates (year, month, day) with exact integer day counts; instants
 * are turned into dates with Effect's zoned `DateTime`, in the account's time zone.
 *
 * @example
 * import * as DateFormat from "@quotekit/core/DateFormat"
 * const date = { year: 2026, month: 11, day: 21 }
 * DateFormat.formatDate(date, "d MMM yyyy")   // "21 Nov 2026"
 * DateFormat.formatDate(date, "MM/dd/yyyy")   // "11/21/2026"
 * DateFormat.parse("21/11/26", "dd/MM/yyyy")  // Option.some({ year: 2026, month: 11, day: 21 })
 *
 * @since 0.1.0
 */
import { DateTime, Option, Schema } from "effect"

/** The six date styles, named by their pattern: three day-first, three month-first. */
export const Style = Schema.Literals([
  "d MMM yyyy",
  "dd/MM/yyyy",
  "dd-MM-yyyy",
  "MMM d, yyyy",
  "MM/dd/yyyy",
  "MM-dd-yyyy"
])
/** A date style. */
export type Style = typeof Style.Type

/** Every style, day-first ones first, as offered in settings. */
export const styles: ReadonlyArray<Style> = Style.literals

/** Whether a style writes the day or the month first; numeric input is read in the same order. */
export type Order = "dayFirst" | "monthFirst"

/** The order of a style. */
export const orderOf = (style: Style): Order => (style.startsWith("d") ? "dayFirst" : "monthFirst")

/** The style an account in a country starts with: month-first for the United States and the Philippines. */
export const defaultStyleFor = (countryCode: string): Style =>
  ["US", "PH"].includes(countryCode.toUpperCase()) ? "MMM d, yyyy" : "d MMM yyyy"

/** A calendar date without a time or zone; month 1 to 12. */
export interface CalendarDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

/** English short month names, as the named styles show them. */
export const monthNames: ReadonlyArray<string> = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec"
]

/** The first day of the week in the date picker: Monday (0 is Sunday). */
export const weekStartsOn = 1
/** Column headings of the date picker, Monday first. */
export const weekdayLabels: ReadonlyArray<string> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
/** Weeks the date picker always shows. */
export const gridWeeks = 6
/** Default step of time pickers, in minutes. */
export const timeStepMinutes = 30

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** Days in a month of a year. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

/** Whether a date exists (whole numbers, month 1 to 12, day within the month, year 1 to 9999). */
export const isValid = (d: CalendarDate): boolean =>
  Number.isInteger(d.year) &&
  Number.isInteger(d.month) &&
  Number.isInteger(d.day) &&
  d.year >= 1 &&
  d.year <= 9999 &&
  d.month >= 1 &&
  d.month <= 12 &&
  d.day >= 1 &&
  d.day <= daysInMonth(d.year, d.month)

/** Days since 1970-01-01 of a date (proleptic Gregorian), exact for any year. */
export const toDayNumber = (d: CalendarDate): number => {
  const y = d.month <= 2 ? d.year - 1 : d.year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (d.month + (d.month > 2 ? -3 : 9)) + 2) / 5) + d.day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** The date a number of days after 1970-01-01; inverse of `toDayNumber`. */
export const fromDayNumber = (days: number): CalendarDate => {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/** Day of the week of a date: 0 Sunday to 6 Saturday. */
export const weekday = (d: CalendarDate): number => (((toDayNumber(d) + 4) % 7) + 7) % 7

/** The date some days later (or earlier, for a negative count). */
export const addDays = (d: CalendarDate, days: number): CalendarDate => fromDayNumber(toDayNumber(d) + days)

const pad = (n: number, width: number): string => String(n).padStart(width, "0")

/** Write a date in a style: "21 Nov 2026", "21/11/2026", "21-11-2026", "Nov 21, 2026", "11/21/2026", "11-21-2026". */
export const formatDate = (d: CalendarDate, style: Style): string => {
  const name = monthNames[d.month - 1] ?? ""
  const year = pad(d.year, 4)
  switch (style) {
    case "d MMM yyyy":
      return `${d.day} ${name} ${year}`
    case "dd/MM/yyyy":
      return `${pad(d.day, 2)}/${pad(d.month, 2)}/${year}`
    case "dd-MM-yyyy":
      return `${pad(d.day, 2)}-${pad(d.month, 2)}-${year}`
    case "MMM d, yyyy":
      return `${name} ${d.day}, ${year}`
    case "MM/dd/yyyy":
      return `${pad(d.month, 2)}/${pad(d.day, 2)}/${year}`
    case "MM-dd-yyyy":
      return `${pad(d.month, 2)}-${pad(d.day, 2)}-${year}`
  }
}

/** The calendar date of an instant (epoch seconds) in a time zone. */
export const dateAt = (epochSeconds: number, zone: DateTime.TimeZone): CalendarDate => {
  const parts = DateTime.toParts(DateTime.makeZonedUnsafe(epochSeconds * 1000, { timeZone: zone }))
  return { year: parts.year, month: parts.month, day: parts.day }
}

/** Write an instant (epoch seconds) as a date in a style, in a time zone. */
export const format = (epochSeconds: number, style: Style, zone: DateTime.TimeZone): string =>
  formatDate(dateAt(epochSeconds, zone), style)

const monthOfName = (word: string): number => {
  const w = word.toLowerCase()
  if (w.length < 3) return 0
  return monthNames.findIndex((m) => m.toLowerCase() === w.slice(0, 3)) + 1
}

const fullYear = (text: string): number => (text.length <= 2 ? 2000 + Number(text) : Number(text))

/**
 * Read a typed date. Numbers are read in the style's order (day-first or month-first); a month name
 * ("21 Nov 2026", "November 21 2026") or an ISO date ("2026-11-21") is read whatever the style. Two-digit
 * years are 20yy. `None` when the text is not a date that exists.
 */
export const parse = (text: string, style: Style): Option.Option<CalendarDate> => {
  const tokens = text
    .trim()
    .split(/[\s/.,-]+/)
    .filter((t) => t !== "")
  if (tokens.length !== 3) return Option.none()
  const named = tokens.findIndex((t) => /^\p{L}+$/u.test(t))
  let date: CalendarDate
  if (named !== -1) {
    const month = monthOfName(tokens[named]!)
    const numbers = tokens.filter((_, i) => i !== named)
    if (month === 0 || !numbers.every((t) => /^\d{1,4}$/.test(t))) return Option.none()
    const [first, second] = numbers as [string, string]
    const yearFirst = first.length === 4
    date = yearFirst
      ? { year: Number(first), month, day: Number(second) }
      : { year: fullYear(second), month, day: Number(first) }
  } else {
    if (!tokens.every((t) => /^\d{1,4}$/.test(t))) return Option.none()
    const [a, b, c] = tokens as [string, string, string]
    if (a.length === 4) date = { year: Number(a), month: Number(b), day: Number(c) }
    else if (c.length === 3) return Option.none()
    else if (orderOf(style) === "dayFirst") date = { year: fullYear(c), month: Number(b), day: Number(a) }
    else date = { year: fullYear(c), month: Number(a), day: Number(b) }
  }
  return isValid(date) ? Option.some(date) : Option.none()
}

/** A day cell of the date picker. */
export interface GridDay extends CalendarDate {
  /** False for the days of the previous and next month that fill the first and last weeks. */
  readonly inMonth: boolean
}

/**
 * The date picker's grid for a month: 6 weeks of 7 days, each week Monday to Sunday, starting with the
 * week that holds the 1st.
 */
export const monthGrid = (year: number, month: number): ReadonlyArray<ReadonlyArray<GridDay>> => {
  const first = { year, month, day: 1 }
  const start = toDayNumber(first) - ((weekday(first) - weekStartsOn + 7) % 7)
  return Array.from({ length: gridWeeks }, (_, week) =>
    Array.from({ length: 7 }, (_, i) => {
      const d = fromDayNumber(start + week * 7 + i)
      return { ...d, inMonth: d.month === month && d.year === year }
    })
  )
}
