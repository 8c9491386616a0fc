/**
 * A number field of the editor, following the core's `NumberInput` rules on every keystroke: a number or a
 * calculation, a live hint under the field ("= 36.00", or why the text is not a number), characters no number
 * takes refused, the value clamped and cut to the preset. While typing, each value that evaluates is passed on at
 * once (so totals follow the keystroke); Enter, a trailing "=" or leaving the field commits it and shows it
 * formatted.
 */
import type * as Money from "@quotekit/core/Money"
import * as NumberInput from "@quotekit/core/NumberInput"
import * as Outcome from "@quotekit/core/Outcome"
import { type KeyboardEvent, memo, useId, useState } from "react"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteEditor.module.css"

/** Props of a number field. */
export interface NumberFieldProps {
  /** The committed value: any decimal (a `BigDecimal`, or a plain `Money.Fixed` figure from the totals). */
  readonly value: Money.Fixed
  readonly preset: NumberInput.Preset
  readonly onValue: (value: Money.Decimal) => void
  /** The accessible name (shown as a label unless `hideLabel`). */
  readonly label: string
  readonly hideLabel?: boolean
  readonly disabled?: boolean
  readonly className?: string | undefined
  /** A stable name for tests and benchmarks (`data-field`). */
  readonly field?: string
}

/** One number field with its hint. */
export const NumberField = memo(function NumberField({
  value,
  preset,
  onValue,
  label,
  hideLabel = false,
  disabled = false,
  className,
  field
}: NumberFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  // The text being typed; null when the field shows the committed value.
  const [text, setText] = useState<string | null>(null)
  const shown = text ?? NumberInput.format(value, preset)
  const hint = text === null ? undefined : NumberInput.hint(text, preset)

  const pass = (evaluation: Outcome.Outcome<NumberInput.Evaluation, NumberInput.NumberInputError>) => {
    if (Outcome.isSuccess(evaluation)) onValue(evaluation.success.value)
    return evaluation
  }
  const commit = () => {
    if (text === null) return
    const done = pass(NumberInput.finalise(text, preset))
    setText(Outcome.isSuccess(done) ? NumberInput.format(done.success.value, preset) : text)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault()
      commit()
    } else if (e.key === "Escape" && text !== null) {
      setText(null)
    }
  }
  return (
    <div className={`${styles.numberField} ${className ?? ""}`}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : controls.label}>
        {label}
      </label>
      <input
        id={id}
        data-field={field}
        className={`${controls.input} ${controls.number}`}
        inputMode="decimal"
        autoComplete="off"
        disabled={disabled}
        value={shown}
        aria-invalid={hint?._tag === "Error" ? true : undefined}
        aria-describedby={hint !== undefined && hint._tag !== "None" ? hintId : undefined}
        onFocus={() => setText(NumberInput.format(value, preset))}
        onChange={(e) => {
          const next = e.currentTarget.value
          if (!NumberInput.accepts(next, preset)) return
          setText(next)
          const evaluation = pass(NumberInput.evaluate(next, preset))
          if (Outcome.isSuccess(evaluation) && evaluation.success.finalised) {
            setText(NumberInput.format(evaluation.success.value, preset))
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text === null) return
          pass(NumberInput.finalise(text, preset))
          setText(null)
        }}
      />
      {hint !== undefined && hint._tag !== "None" && (
        <span id={hintId} className={hint._tag === "Error" ? controls.hintError : controls.hint} aria-live="polite">
          {hint.text}
        </span>
      )}
    </div>
  )
})
