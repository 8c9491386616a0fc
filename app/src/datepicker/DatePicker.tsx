/**
 * The one date picker of the app: a button showing the date in the account's style that opens a month grid
 * (react-day-picker in a Radix Popover). Weeks start on Monday and the grid always shows 6 weeks
 * (`DateFormat.weekStartsOn`, `DateFormat.gridWeeks`), so it never changes height between months.
 *
 * Keyboard: Enter or Space on the button opens it with the chosen day (else today) focused; the arrows move a
 * day or a week, Page Up and Page Down a month, Home and End to the week's ends; Enter or Space picks the day
 * and closes; Escape closes without a change and gives the focus back to the button.
 *
 * Every date input of the app uses this (`DateField` for the quote's dates and send times, the invoices page's
 * paid date), never the browser's own date input, whose week start follows the browser's locale.
 */
import * as DateFormat from "@quotekit/core/DateFormat"
import { Popover } from "radix-ui"
import { useId, useMemo, useState } from "react"
import { DayPicker } from "react-day-picker"
import "react-day-picker/style.css"
import controls from "../theme/Controls.module.css"
import styles from "./DatePicker.module.css"

/** A calendar date as the grid's local `Date` (midnight, local time). */
export const toLocalDate = (d: DateFormat.CalendarDate): Date => {
  const at = new Date(d.year, d.month - 1, d.day)
  // Years 1 to 99 would otherwise be read as 1901 to 1999.
  at.setFullYear(d.year)
  return at
}

/** A grid day (a local `Date`) as a calendar date. */
export const fromLocalDate = (at: Date): DateFormat.CalendarDate => ({
  year: at.getFullYear(),
  month: at.getMonth() + 1,
  day: at.getDate()
})

/** Props of the date picker. */
export interface DatePickerProps {
  readonly label: string
  /** Keep the label for screen readers only (a table cell whose column already says what the date is). */
  readonly labelHidden?: boolean
  readonly value: DateFormat.CalendarDate | null
  /** The picked day, or null when cleared. */
  readonly onChange: (date: DateFormat.CalendarDate | null) => void
  /** The account's date style the button shows the day in. */
  readonly style: DateFormat.Style
  /** What the button shows without a date. */
  readonly emptyText: string
  /** The clear button's text; no clear button when absent (a date that must be set). */
  readonly clearText?: string
  /** Days after this cannot be picked. */
  readonly max?: DateFormat.CalendarDate
  /** Days before this cannot be picked. */
  readonly min?: DateFormat.CalendarDate
  readonly problem?: { readonly tone: "error" | "warning"; readonly text: string } | undefined
  readonly disabled?: boolean
}

/** A date field with its month grid. */
export const DatePicker = ({
  label,
  labelHidden = false,
  value,
  onChange,
  style,
  emptyText,
  clearText,
  max,
  min,
  problem,
  disabled = false
}: DatePickerProps) => {
  const id = useId()
  const [open, setOpen] = useState(false)
  const selected = useMemo(() => (value === null ? undefined : toLocalDate(value)), [value])
  const outside = useMemo(
    () => [
      ...(max === undefined ? [] : [{ after: toLocalDate(max) }]),
      ...(min === undefined ? [] : [{ before: toLocalDate(min) }])
    ],
    [max, min]
  )
  const text = value === null ? emptyText : DateFormat.formatDate(value, style)
  return (
    <div className={labelHidden ? undefined : controls.field}>
      <span id={`${id}-label`} className={labelHidden ? "visually-hidden" : controls.label}>
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className={`${controls.input} ${styles.trigger}`}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={problem?.tone === "error" ? true : undefined}
          disabled={disabled}
        >
          <span id={`${id}-value`}>{text}</span>
          <span aria-hidden="true">▾</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className={styles.popover} sideOffset={4} align="start" aria-label={label}>
            <DayPicker
              mode="single"
              autoFocus
              selected={selected}
              {...(selected === undefined ? {} : { defaultMonth: selected })}
              weekStartsOn={DateFormat.weekStartsOn}
              fixedWeeks
              showOutsideDays
              {...(outside.length === 0 ? {} : { disabled: outside })}
              onSelect={(day) => {
                // Picking the chosen day again unselects it in react-day-picker; here it keeps the date.
                onChange(day === undefined ? value : fromLocalDate(day))
                setOpen(false)
              }}
              onDayKeyDown={(day, modifiers, event) => {
                // Enter picks the focused day here rather than through the button's click, so it works the same
                // whatever turns keys into clicks (and a disabled day stays unpicked).
                if (event.key !== "Enter") return
                event.preventDefault()
                if (modifiers.disabled) return
                onChange(fromLocalDate(day))
                setOpen(false)
              }}
            />
            {clearText !== undefined && value !== null && (
              <button
                type="button"
                className={controls.ghost}
                onClick={() => {
                  onChange(null)
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
