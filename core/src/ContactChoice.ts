/**
 * Optional items: which price items the customer may switch on or off, and which are selected.
 *
 * `contact_choice` holds bit flags: optional (checkbox) 1, multiple choice (radio) 2, on (selected by default) 4;
 * 0 is an ordinary item the customer cannot deselect. `contact_selected` is the customer's answer: 0 no choice
 * made yet (new items, and after "Undo Acceptance" wipes the choices), 1 chose yes, 2 chose no.
 *
 * An item is selected when the customer chose yes, or made no choice and the default flag is on.
 *
 * Radio groups: a run of consecutive price items (in quote order) that all carry the radio flag forms one group;
 * any other row (text, subtotal, total, or a price item without the radio flag) ends the run. So two sets of
 * choices are kept apart by a text row, which is how a quote author presents them ("Choose a package:").
 * Exactly one item of a group is selected: the first the customer chose yes on, else the first whose default
 * flag is on, else the first of the group. Choosing one item deselects the others.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** The `contact_choice` bits. */
export const Flag = {
  none: 0,
  optional: 1,
  multiple: 2,
  on: 4
} as const

/** Wire schema of `contact_choice`: the bits above, 0-7. */
export const ContactChoice = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 7 }))

/** The customer's answer by name. */
export const Selected = {
  noChoice: 0,
  yes: 1,
  no: 2
} as const

/** A customer's answer as stored in `contact_selected`. */
export type Selected = (typeof Selected)[keyof typeof Selected]

/** Wire schema of `contact_selected`. */
export const SelectedSchema = Schema.Literals([0, 1, 2])

/** What choice logic needs of a row: its type (1 price) and its two choice fields. */
export interface Choosable {
  readonly item_type: number
  readonly contact_choice: number
  readonly contact_selected: number
}

const PRICE = 1

/** Whether the customer may deselect the item (checkbox or radio). */
export const isOptional = (flags: number): boolean => (flags & (Flag.optional | Flag.multiple)) !== 0

/** Whether the item is a radio (multiple choice) option; radio wins when both bits are set. */
export const isRadio = (flags: number): boolean => (flags & Flag.multiple) !== 0

/** Whether the item is a checkbox option (toggles independently). */
export const isCheckbox = (flags: number): boolean => (flags & Flag.optional) !== 0 && (flags & Flag.multiple) === 0

/** Whether the item starts selected when the customer has not chosen. */
export const isDefaultOn = (flags: number): boolean => (flags & Flag.on) !== 0

/**
 * The selection rule for one item on its own: not optional means always selected; otherwise the customer's yes
 * or no, or the default flag when no choice was made. Radio items need their group: use `selection`.
 */
export const isSelected = (flags: number, selected: number): boolean => {
  if (!isOptional(flags)) return true
  if (selected === Selected.yes) return true
  if (selected === Selected.no) return false
  return isDefaultOn(flags)
}

const isRadioRow = (row: Choosable): boolean => row.item_type === PRICE && isRadio(row.contact_choice)

/** A radio group: rows `start` (inclusive) to `end` (exclusive) of the quote's item list. */
export interface RadioGroup {
  readonly start: number
  readonly end: number
}

/** The radio groups of a quote's rows (in quote order), by the grouping rule in the module header. */
export const radioGroups = (rows: ReadonlyArray<Choosable>): ReadonlyArray<RadioGroup> => {
  const groups: Array<RadioGroup> = []
  let i = 0
  while (i < rows.length) {
    if (!isRadioRow(rows[i]!)) {
      i++
      continue
    }
    const start = i
    while (i < rows.length && isRadioRow(rows[i]!)) i++
    groups.push({ start, end: i })
  }
  return groups
}

/** The selected row of a radio group: first yes, else first default-on, else the first row. */
const pickInGroup = (rows: ReadonlyArray<Choosable>, start: number, end: number): number => {
  let firstOn = -1
  for (let j = start; j < end; j++) {
    const row = rows[j]!
    if (row.contact_selected === Selected.yes) return j
    if (firstOn < 0 && isDefaultOn(row.contact_choice)) firstOn = j
  }
  return firstOn >= 0 ? firstOn : start
}

/**
 * Write each row's selection into `out` (1 selected, 0 not): price rows by the rules above, every other row 0.
 * Allocation-free form for hot paths such as totals; `out` must be at least as long as `rows`.
 */
export const selectionInto = (rows: ReadonlyArray<Choosable>, out: Uint8Array): void => {
  const n = rows.length
  let i = 0
  while (i < n) {
    const row = rows[i]!
    if (row.item_type !== PRICE) {
      out[i++] = 0
    } else if (!isRadio(row.contact_choice)) {
      out[i++] = isSelected(row.contact_choice, row.contact_selected) ? 1 : 0
    } else {
      const start = i
      while (i < n && isRadioRow(rows[i]!)) i++
      const picked = pickInGroup(rows, start, i)
      for (let j = start; j < i; j++) out[j] = j === picked ? 1 : 0
    }
  }
}

/** Each row's selection (true when it counts in totals). Non-price rows are never selected. */
export const selection = (rows: ReadonlyArray<Choosable>): ReadonlyArray<boolean> => {
  const out = new Uint8Array(rows.length)
  selectionInto(rows, out)
  return Array.from(out, (b) => b === 1)
}

/**
 * The customer (or preview) chooses yes or no on row `index`; returns the new `contact_selected` of every row.
 * A checkbox toggles alone. Choosing a radio option selects it and deselects the rest of its group; choosing
 * "no" on a radio option is ignored, since a group always keeps one selection. Non-optional rows are unchanged.
 */
export const choose = <R extends Choosable>(rows: ReadonlyArray<R>, index: number, yes: boolean): ReadonlyArray<R> => {
  const row = rows[index]
  if (row === undefined || row.item_type !== PRICE || !isOptional(row.contact_choice)) return rows
  if (!isRadio(row.contact_choice)) {
    return rows.map((r, i) => (i === index ? { ...r, contact_selected: yes ? Selected.yes : Selected.no } : r))
  }
  if (!yes) return rows
  let start = index
  while (start > 0 && isRadioRow(rows[start - 1]!)) start--
  let end = index + 1
  while (end < rows.length && isRadioRow(rows[end]!)) end++
  return rows.map((r, i) =>
    i < start || i >= end ? r : { ...r, contact_selected: i === index ? Selected.yes : Selected.no }
  )
}

/**
 * Make row `index` the default of its radio group (the option the customer sees chosen until they choose): it gets
 * the default flag and the other options of its group lose it, so a group has one default. Any other row is
 * returned unchanged, as are the rows when `index` is not a radio option.
 */
export const setGroupDefault = <R extends Choosable>(rows: ReadonlyArray<R>, index: number): ReadonlyArray<R> => {
  const row = rows[index]
  if (row === undefined || !isRadioRow(row)) return rows
  let start = index
  while (start > 0 && isRadioRow(rows[start - 1]!)) start--
  let end = index + 1
  while (end < rows.length && isRadioRow(rows[end]!)) end++
  return rows.map((r, i) => {
    if (i < start || i >= end) return r
    const flags = i === index ? r.contact_choice | Flag.on : r.contact_choice & ~Flag.on
    return flags === r.contact_choice ? r : { ...r, contact_choice: flags }
  })
}

/** Clear every customer choice (what "Undo Acceptance" does), so defaults apply again. */
export const reset = <R extends Choosable>(rows: ReadonlyArray<R>): ReadonlyArray<R> =>
  rows.map((r) => (r.contact_selected === Selected.noChoice ? r : { ...r, contact_selected: Selected.noChoice }))
