/**
 * A date held as epoch seconds (the quote's sent and expiry dates, a custom send time's day): the shared
 * `DatePicker` reading and writing the day in the browser's zone, stored at a set time of that day.
 */
import type * as DateFormat from "@quotekit/core/DateFormat"
import { dateAt } from "@quotekit/core/DateFormat"
import { DateTime } from "effect"
import { useMemo } from "react"
import { DatePicker, toLocalDate } from "./DatePicker.tsx"

/** The local time zone, read once. */
const zone = DateTime.zoneMakeLocal()

/** Props of a date field. */
export interface DateFieldProps {
  readonly label: string
  /** Epoch seconds; 0 is no date. */
  readonly value: number
  /** The picked day as epoch seconds (at `timeOfDay` local time), or 0 when cleared. */
  readonly onChange: (seconds: number) => void
  /** What an unset date shows. */
  readonly emptyText: string
  readonly clearText: string
  readonly style: DateFormat.Style
  /** Seconds after local midnight the picked day is stored at. */
  readonly timeOfDay: number
  readonly problem?: { readonly tone: "error" | "warning"; readonly text: string } | undefined
  readonly disabled?: boolean
}

/** One date field over epoch seconds. */
export const DateField = ({ value, onChange, timeOfDay, ...rest }: DateFieldProps) => {
  const day = useMemo(() => (value > 0 ? dateAt(value, zone) : null), [value])
  return (
    <DatePicker
      {...rest}
      value={day}
      onChange={(d) => onChange(d === null ? 0 : toLocalDate(d).getTime() / 1000 + timeOfDay)}
    />
  )
}
