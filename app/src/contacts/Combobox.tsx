/**
 * A text field with a list of suggestions (the ARIA combobox pattern): arrow keys move through the options,
 * Enter picks, Escape closes. The caller decides what the options are (a local list or a lookup's answer) and
 * what leaving the field means (the country field reverts to its last valid value, for instance).
 */
import { useId, useState } from "react"
import controls from "../theme/Controls.module.css"
import styles from "./Records.module.css"

/** One suggestion. */
export interface Option {
  readonly key: string
  readonly label: string
}

/** The combobox; `busy` while a lookup runs. */
export const Combobox = ({
  id,
  label,
  value,
  options,
  onInput,
  onPick,
  onBlur,
  invalid,
  busy,
  placeholder
}: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly options: ReadonlyArray<Option>
  readonly onInput: (text: string) => void
  readonly onPick: (option: Option) => void
  readonly onBlur?: () => void
  readonly invalid?: boolean
  readonly busy?: boolean
  readonly placeholder?: string
}) => {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const shown = open && options.length > 0
  const pick = (o: Option) => {
    onPick(o)
    setOpen(false)
  }
  return (
    <div className={`${controls.field} ${styles.combo}`}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={controls.input}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-busy={busy}
        aria-invalid={invalid}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onInput(e.currentTarget.value)
          setOpen(true)
          setActive(0)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false)
          onBlur?.()
        }}
        onKeyDown={(e) => {
          if (!shown) return
          if (e.key === "ArrowDown") {
            e.preventDefault()
            setActive((a) => Math.min(a + 1, options.length - 1))
          } else if (e.key === "ArrowUp") {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === "Enter") {
            e.preventDefault()
            const o = options[active]
            if (o !== undefined) pick(o)
          } else if (e.key === "Escape") setOpen(false)
        }}
      />
      {shown && (
        <div id={listId} role="listbox" aria-label={label} className={styles.options}>
          {options.map((o, i) => (
            <div
              key={o.key}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              // Pick before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault()
                pick(o)
              }}
            >
              {o.label}
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
