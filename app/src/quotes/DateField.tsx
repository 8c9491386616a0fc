/**
 * A date field: a button showing the date in the account's style that opens a month picker (react-day-picker in
 * a Radix Popover; weeks start on Monday and the grid always shows 6 weeks, as `DateFormat` defines), with the
 * field's check message under it.
 */
import * as DateFormat from "@quotekit/core/DateFormat"
import { DateTime } from "effect"
import { Popover } from "radix-ui"
import { useId, useMemo, useState } from "react"
import { DayPicker } from "react-day-picker"
import "react-day-picker/style.css"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteEditor.module.css"

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

/** One date field. */
export const DateField = ({
  label,
  value,
  onChange,
  emptyText,
  clearText,
  style,
  timeOfDay,
  problem,
  disabled = false
}: DateFieldProps) => {
  const id = useId()
  const [open, setOpen] = useState(false)
  const selected = useMemo(() => {
    if (value <= 0) return undefined
    const d = DateFormat.dateAt(value, zone)
    return new Date(d.year, d.month - 1, d.day)
  }, [value])
  const text = value > 0 ? DateFormat.format(value, style, zone) : emptyText
  return (
    <div className={controls.field}>
      <span id={`${id}-label`} className={controls.label}>
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className={`${controls.input} ${styles.dateButton}`}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={problem?.tone === "error" ? true : undefined}
          disabled={disabled}
        >
          <span id={`${id}-value`}>{text}</span>
          <span aria-hidden="true">▾</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className={styles.popover} sideOffset={4} align="start">
            <DayPicker
              mode="single"
              selected={selected}
              {...(selected === undefined ? {} : { defaultMonth: selected })}
              weekStartsOn={DateFormat.weekStartsOn}
              fixedWeeks
              showOutsideDays
              onSelect={(day) => {
                if (day !== undefined) {
                  const midnight = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime() / 1000
                  onChange(midnight + timeOfDay)
                }
                setOpen(false)
              }}
            />
            {value > 0 && (
              <button
                type="button"
                className={controls.ghost}
                onClick={() => {
                  onChange(0)
                  setOpen(false)
                }}
              >
                {clearText}
              </button>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {problem !== undefined && (
        <span className={problem.tone === "error" ? controls.hintError : controls.hintWarning} role="alert">
          {problem.text}
        </span>
      )}
    </div>
  )
}
