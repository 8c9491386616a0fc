/**
 * One row of the editor: a price item (code, title, quantity, unit price, discount, tax, amount, optional-item
 * choice, editable quantity, subscription term, description), a text row, a subtotal or the total. Rows are
 * memoised: a keystroke re-renders only the row it changed and rows whose shown figures changed; within a price
 * row, the tax choice and the lower part (description, cost, options, term) re-render only when what they show
 * changed, so a quantity keystroke touches the quantity and amount fields alone.
 *
 * Adjustments: a row added in an adjustment is labelled 'Added in B', a credited one is struck through and
 * labelled 'Credited in B'. In adjustment mode a row from an earlier round is read-only (no field, move or
 * delete) and a price row offers 'Credit', or 'Uncredit' for a credit of this round (`creditChoice`). The row
 * derives all of this from its row and the plain `adjIndex`, so memoisation is unchanged.
 */
import * as Adjustment from "@quotekit/core/Adjustment"
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as NumberInput from "@quotekit/core/NumberInput"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { Option } from "effect"
import { type Dispatch, memo, useCallback, useEffect, useRef, useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { NumberField } from "./NumberField.tsx"
import styles from "./QuoteEditor.module.css"
import {
  type Action,
  choiceFlags,
  choiceKind,
  creditChoice,
  isEarlierRow,
  type RowFieldPatch
} from "./useQuoteDraft.ts"

/** Props of a row. */
export interface ItemRowProps {
  readonly row: LineItem.QuoteItem
  readonly index: number
  /** The figure shown at the row's end: the line amount, the section sum, or the quote total. */
  readonly figure: Money.Fixed
  /** Whether the row counts in the totals (unselected options are shown muted). */
  readonly selected: boolean
  readonly canMoveUp: boolean
  readonly canMoveDown: boolean
  readonly taxes: ReadonlyArray<AccountApi.CacheAccount["item_taxes"][number]>
  readonly showCode: boolean
  /** The account shows the cost and margin of every price row (cost-always). */
  readonly showCost: boolean
  readonly symbol: string
  readonly locked: boolean
  /** The adjustment being made (1 is A), or 0 outside adjustment mode. */
  readonly adjIndex: number
  readonly dispatch: Dispatch<Action>
}

/** Equal figures; totals come at a fixed scale, so comparing the integers is the usual answer. */
export const sameFigure = (a: Money.Fixed, b: Money.Fixed): boolean =>
  a === b || (a.scale === b.scale ? a.value === b.value : Money.equals(a, b))

const sameRow = (a: ItemRowProps, b: ItemRowProps): boolean =>
  a.row === b.row &&
  a.index === b.index &&
  a.selected === b.selected &&
  a.canMoveUp === b.canMoveUp &&
  a.canMoveDown === b.canMoveDown &&
  a.taxes === b.taxes &&
  a.showCode === b.showCode &&
  a.showCost === b.showCost &&
  a.symbol === b.symbol &&
  a.locked === b.locked &&
  a.adjIndex === b.adjIndex &&
  a.dispatch === b.dispatch &&
  sameFigure(a.figure, b.figure)

/** One editor row. */
export const ItemRow = memo(function ItemRow(props: ItemRowProps) {
  const { row, index, dispatch } = props
  const m = useMessages()
  const ref = useRef<HTMLLIElement>(null)
  const id = row.quote_item_id
  const earlier = isEarlierRow(row, props.adjIndex)
  // A row just added scrolls into view and takes focus; every animation state settles back to idle.
  useEffect(() => {
    const state = row.display_state
    if (state === undefined || state === "idle") return
    if (state === "add") {
      ref.current?.scrollIntoView({ block: "nearest" })
      ref.current?.querySelector<HTMLElement>("input, textarea")?.focus()
    } else if ((state === "moveUp" || state === "moveDown") && document.activeElement === document.body) {
      // A row moved into the next block of rows is a new element there: the move button keeps the focus.
      ref.current?.querySelector<HTMLElement>(`button[data-move="${state === "moveUp" ? "up" : "down"}"]`)?.focus()
    }
    const timer = setTimeout(() => dispatch({ type: "settled", id, at: index }), LineItem.ADD_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [row.display_state, dispatch, id, index])

  const actions = (
    <fieldset className={styles.rowActions} aria-label={m.rowActions(index + 1)}>
      <button
        type="button"
        className={controls.icon}
        aria-label={m.moveUp}
        title={m.moveUp}
        data-move="up"
        disabled={earlier || !props.canMoveUp}
        onClick={() => dispatch({ type: "move", at: index, direction: "up" })}
      >
        ↑
      </button>
      <button
        type="button"
        className={controls.icon}
        aria-label={m.moveDown}
        title={m.moveDown}
        data-move="down"
        disabled={earlier || !props.canMoveDown}
        onClick={() => dispatch({ type: "move", at: index, direction: "down" })}
      >
        ↓
      </button>
      <button
        type="button"
        className={controls.icon}
        aria-label={m.delete}
        title={m.delete}
        disabled={earlier}
        onClick={() => dispatch({ type: "remove", at: index })}
      >
        ×
      </button>
    </fieldset>
  )

  switch (row.item_type) {
    case LineItem.ItemType.price:
      return <PriceRow {...props} rowRef={ref} actions={actions} earlier={earlier} />
    case LineItem.ItemType.subtotal:
      return (
        <li ref={ref} className={`${styles.sumRow} ${creditedClass(row)}`} data-row={index}>
          <AdjustmentBar row={row} index={index} adjIndex={props.adjIndex} dispatch={dispatch} />
          <span className={styles.sumLabel}>{m.subtotal}</span>
          <span className={styles.figure} data-figure="subtotal">
            {props.symbol}
            {Money.format(props.figure)}
          </span>
          {actions}
        </li>
      )
    case LineItem.ItemType.total:
      return (
        <li ref={ref} className={styles.totalRow} data-row={index}>
          <span className={styles.sumLabel}>{m.total}</span>
          <span className={styles.figure} data-figure="total-row">
            {props.symbol}
            {Money.format(props.figure)}
          </span>
        </li>
      )
    default:
      return (
        <li
          ref={ref}
          className={`${styles.textRow} ${swapClass(row.display_state)} ${creditedClass(row)}`}
          data-row={index}
          data-input={`items.${id}`}
        >
          <AdjustmentBar row={row} index={index} adjIndex={props.adjIndex} dispatch={dispatch} />
          {!earlier && <LinkedBar row={row} index={index} dispatch={dispatch} />}
          <label className="visually-hidden" htmlFor={`row-${id}-body`}>
            {m.textBody}
          </label>
          <textarea
            id={`row-${id}-body`}
            className={controls.textarea}
            placeholder={m.textBody}
            value={row.item_body}
            readOnly={earlier || row.editing === "locked"}
            onChange={(e) =>
              dispatch({ type: "rowFields", id, at: index, patch: { item_body: e.currentTarget.value } })
            }
          />
          {actions}
        </li>
      )
  }
}, sameRow)

const PriceRow = ({
  row,
  index,
  figure,
  selected,
  taxes,
  showCode,
  showCost,
  locked,
  adjIndex,
  dispatch,
  rowRef,
  actions,
  earlier
}: ItemRowProps & {
  readonly rowRef: React.RefObject<HTMLLIElement | null>
  readonly actions: React.ReactNode
  readonly earlier: boolean
}) => {
  const m = useMessages()
  const id = row.quote_item_id
  const onQuantity = useCallback(
    (value: Money.Decimal) => dispatch({ type: "rowNumber", id, at: index, field: "quantity", value }),
    [id, index, dispatch]
  )
  const onUnit = useCallback(
    (value: Money.Decimal) => dispatch({ type: "rowNumber", id, at: index, field: "price_unit", value }),
    [id, index, dispatch]
  )
  const onDiscount = useCallback(
    (value: Money.Decimal) => dispatch({ type: "rowNumber", id, at: index, field: "discount_item", value }),
    [id, index, dispatch]
  )
  const onTotal = useCallback(
    (value: Money.Decimal) => dispatch({ type: "rowTotal", id, at: index, value }),
    [id, index, dispatch]
  )
  const onTax = useCallback(
    (item_tax_id: number) =>
      dispatch({
        type: "rowFields",
        id,
        at: index,
        patch: { item_tax_id: item_tax_id as LineItem.QuoteItem["item_tax_id"] }
      }),
    [id, index, dispatch]
  )
  const fields = (patch: RowFieldPatch) => dispatch({ type: "rowFields", id, at: index, patch })
  const disabled = locked || earlier || row.editing === "locked"
  return (
    <li
      ref={rowRef}
      className={`${styles.priceRow} ${selected ? "" : styles.unselected} ${swapClass(row.display_state)} ${creditedClass(row)}`}
      data-row={index}
      data-input={`items.${id}`}
    >
      <AdjustmentBar row={row} index={index} adjIndex={adjIndex} dispatch={dispatch} />
      {!earlier && <LinkedBar row={row} index={index} dispatch={dispatch} />}
      <div className={styles.priceMain}>
        {showCode && (
          <input
            className={`${controls.input} ${styles.code}`}
            aria-label={m.itemCode}
            placeholder={m.itemCode}
            maxLength={LineItem.ITEM_CODE_MAX}
            data-input={`items.${id}.item_code`}
            value={row.item_code}
            disabled={disabled}
            onChange={(e) => fields({ item_code: e.currentTarget.value })}
          />
        )}
        <input
          className={`${controls.input} ${styles.itemTitle}`}
          aria-label={m.itemTitle}
          placeholder={m.itemTitle}
          value={row.item_title}
          disabled={disabled}
          onChange={(e) => fields({ item_title: e.currentTarget.value })}
        />
        <NumberField
          label={m.quantity}
          hideLabel
          field="quantity"
          className={styles.qty}
          value={row.quantity}
          preset={NumberInput.presets.quantity}
          onValue={onQuantity}
          disabled={disabled}
        />
        <NumberField
          label={m.unitPrice}
          hideLabel
          field="unit"
          className={styles.unit}
          value={row.price_unit}
          preset={NumberInput.presets.priceUnit}
          onValue={onUnit}
          disabled={disabled}
        />
        <NumberField
          label={m.discount}
          hideLabel
          field="discount"
          className={styles.pct}
          value={row.discount_item}
          preset={NumberInput.presets.discount}
          onValue={onDiscount}
          disabled={disabled}
        />
        <TaxSelect value={row.item_tax_id} taxes={taxes} disabled={disabled} onTax={onTax} />
        <NumberField
          label={m.lineTotal}
          hideLabel
          field="amount"
          className={styles.amount}
          value={figure}
          preset={NumberInput.presets.itemTotal}
          onValue={onTotal}
          disabled={disabled}
        />
        {actions}
      </div>
      <PriceMore
        row={row}
        index={index}
        showCost={showCost}
        disabled={disabled}
        frozen={earlier}
        selected={selected}
        dispatch={dispatch}
      />
    </li>
  )
}

/** The tax rate choice of a price row (re-rendered only when the rate, the rates or the lock change). */
const TaxSelect = memo(function TaxSelect({
  value,
  taxes,
  disabled,
  onTax
}: {
  readonly value: number
  readonly taxes: ItemRowProps["taxes"]
  readonly disabled: boolean
  readonly onTax: (item_tax_id: number) => void
}) {
  const m = useMessages()
  return (
    <select
      className={`${controls.select} ${styles.tax}`}
      aria-label={m.itemTax}
      value={value}
      disabled={disabled}
      onChange={(e) => onTax(Number(e.currentTarget.value))}
    >
      <option value={0}>{m.noTaxRate}</option>
      {taxes.map((t) => (
        <option key={t.item_tax_id} value={t.item_tax_id}>
          {t.description} {Money.formatTrimmed(t.tax_rate, 0, 4)}%
        </option>
      ))}
    </select>
  )
})

interface PriceMoreProps {
  readonly row: LineItem.QuoteItem
  readonly index: number
  readonly showCost: boolean
  readonly disabled: boolean
  /** A row of an earlier adjustment: its choice, quantity and term options are read-only too. */
  readonly frozen: boolean
  /** Whether the row counts in the totals now: for a multiple-choice option, whether it is its group's default. */
  readonly selected: boolean
  readonly dispatch: Dispatch<Action>
}

/** What the lower part of a price row shows; a quantity, discount or title keystroke changes none of it. */
const sameMore = (a: PriceMoreProps, b: PriceMoreProps): boolean => {
  const x = a.row
  const y = b.row
  return (
    a.index === b.index &&
    a.selected === b.selected &&
    a.showCost === b.showCost &&
    a.disabled === b.disabled &&
    a.frozen === b.frozen &&
    a.dispatch === b.dispatch &&
    (x === y ||
      (x.quote_item_id === y.quote_item_id &&
        x.item_body === y.item_body &&
        x.contact_choice === y.contact_choice &&
        x.term_every === y.term_every &&
        x.term_type === y.term_type &&
        x.term_duration === y.term_duration &&
        x.price_cost === y.price_cost &&
        x.price_unit === y.price_unit &&
        x.editable_quantity === y.editable_quantity))
  )
}

/** The lower part of a price row: description, cost and margin, optional-item choice, quantity edits, term. */
const PriceMore = memo(function PriceMore({
  row,
  index,
  showCost,
  disabled,
  frozen,
  selected,
  dispatch
}: PriceMoreProps) {
  const m = useMessages()
  const id = row.quote_item_id
  const onCost = useCallback(
    (value: Money.Decimal) => dispatch({ type: "rowCost", id, at: index, value }),
    [id, index, dispatch]
  )
  const onMargin = useCallback(
    (value: Money.Decimal) => dispatch({ type: "rowMargin", id, at: index, value }),
    [id, index, dispatch]
  )
  const kind = choiceKind(row.contact_choice)
  const defaultOn = ContactChoice.isDefaultOn(row.contact_choice)
  const subscription = SubscriptionTerm.isSubscription(row)
  return (
    <div className={styles.priceMore}>
      <textarea
        className={`${controls.textarea} ${styles.body}`}
        aria-label={m.itemBody}
        placeholder={m.itemBody}
        rows={1}
        value={row.item_body}
        disabled={disabled}
        onChange={(e) => dispatch({ type: "rowFields", id, at: index, patch: { item_body: e.currentTarget.value } })}
      />
      <div className={styles.options}>
        {showCost && (
          <>
            <NumberField
              label={m.itemCost}
              field="cost"
              className={styles.unit}
              value={row.price_cost}
              preset={NumberInput.presets.priceCost}
              onValue={onCost}
              disabled={disabled}
            />
            <NumberField
              label={m.itemMargin}
              field="margin"
              className={styles.pct}
              value={Option.getOrElse(LineItem.margin(row.price_cost, row.price_unit), () => Money.zero)}
              preset={NumberInput.presets.priceMargin}
              onValue={onMargin}
              disabled={disabled}
            />
          </>
        )}
        <select
          className={controls.select}
          aria-label={m.optionalItem}
          value={kind}
          disabled={frozen}
          onChange={(e) =>
            dispatch({
              type: "rowChoice",
              id,
              at: index,
              flags: choiceFlags(e.currentTarget.value as typeof kind, defaultOn || kind === "always")
            })
          }
        >
          <option value="always">{m.choiceAlways}</option>
          <option value="optional">{m.optionalItem}</option>
          <option value="multiple">{m.choiceMultiple}</option>
        </select>
        {kind === "optional" && (
          <label className={controls.checkbox}>
            <input
              type="checkbox"
              checked={defaultOn}
              disabled={frozen}
              onChange={(e) =>
                dispatch({ type: "rowChoice", id, at: index, flags: choiceFlags(kind, e.currentTarget.checked) })
              }
            />
            {m.choiceDefaultOn}
          </label>
        )}
        {kind === "multiple" && (
          // One option of a group is its default: ticking one moves the default there; the default itself cannot be
          // unticked (choose another option instead), as with the customer's own radio buttons.
          <label className={controls.checkbox}>
            <input
              type="checkbox"
              checked={selected}
              disabled={frozen || selected}
              onChange={(e) => {
                if (e.currentTarget.checked) dispatch({ type: "rowGroupDefault", id, at: index })
              }}
            />
            {m.choiceDefaultOn}
          </label>
        )}
        <label className={controls.checkbox}>
          <input
            type="checkbox"
            checked={LineItem.isQuantityEditable(row)}
            disabled={frozen}
            onChange={(e) => dispatch({ type: "rowEditableQuantity", id, at: index, on: e.currentTarget.checked })}
          />
          {m.customerEditsQuantity}
        </label>
        <label className={controls.checkbox}>
          <input
            type="checkbox"
            checked={subscription}
            disabled={frozen}
            onChange={(e) => dispatch({ type: "rowSubscription", id, at: index, on: e.currentTarget.checked })}
          />
          {m.subscription}
        </label>
        {subscription && <TermFields row={row} index={index} disabled={frozen} dispatch={dispatch} />}
      </div>
    </div>
  )
}, sameMore)

const everyPreset = NumberInput.makePreset({
  decimals: 0,
  negatives: false,
  min: Money.one,
  max: Money.fromInt(SubscriptionTerm.MAX_EVERY)
})
const durationPreset = NumberInput.makePreset({
  decimals: 0,
  negatives: false,
  max: Money.fromInt(SubscriptionTerm.MAX_DURATION)
})

const TermFields = ({
  row,
  index,
  disabled,
  dispatch
}: {
  readonly row: LineItem.QuoteItem
  readonly index: number
  readonly disabled: boolean
  readonly dispatch: Dispatch<Action>
}) => {
  const m = useMessages()
  const id = row.quote_item_id
  const onEvery = useCallback(
    (v: Money.Decimal) =>
      dispatch({ type: "rowTerm", id, at: index, term: { term_every: Number(Money.toFixed(v, 0)) } }),
    [id, index, dispatch]
  )
  const onDuration = useCallback(
    (v: Money.Decimal) =>
      dispatch({ type: "rowTerm", id, at: index, term: { term_duration: Number(Money.toFixed(v, 0)) } }),
    [id, index, dispatch]
  )
  return (
    <div className={styles.term}>
      <NumberField
        label={m.repeatsEvery}
        className={styles.qty}
        value={Money.fromInt(row.term_every)}
        preset={everyPreset}
        onValue={onEvery}
        disabled={disabled}
      />
      <div className={controls.field}>
        <label className={controls.label} htmlFor={`row-${id}-unit`}>
          {m.termUnit}
        </label>
        <select
          id={`row-${id}-unit`}
          className={controls.select}
          value={row.term_type}
          disabled={disabled}
          onChange={(e) =>
            dispatch({
              type: "rowTerm",
              id,
              at: index,
              term: { term_type: Number(e.currentTarget.value) as SubscriptionTerm.TermType }
            })
          }
        >
          {([1, 2, 3] as const).map((t) => (
            <option key={t} value={t}>
              {SubscriptionTerm.unitName(t, row.term_every)}
            </option>
          ))}
        </select>
      </div>
      <NumberField
        label={m.payments}
        className={styles.qty}
        value={Money.fromInt(row.term_duration)}
        preset={durationPreset}
        onValue={onDuration}
        disabled={disabled}
      />
      <span className={styles.termText}>{SubscriptionTerm.describe(row)}</span>
    </div>
  )
}

/** The swap animation of a moved row: it slides from where it was, its neighbour the other way. */
const swapClass = (state: LineItem.QuoteItem["display_state"]): string => {
  switch (state) {
    case "moveUp":
    case "moveDownSwap":
      return styles.swapUp ?? ""
    case "moveDown":
    case "moveUpSwap":
      return styles.swapDown ?? ""
    default:
      return ""
  }
}

/** The credited look (struck through) of a row credited in an adjustment. */
const creditedClass = (row: LineItem.QuoteItem): string => (row.credited_adj_at > 0 ? (styles.credited ?? "") : "")

/**
 * A row's adjustment labels ('Added in B', 'Credited in B') and, in adjustment mode, its 'Credit' or 'Uncredit'
 * button. Nothing for a row no adjustment touched and none can.
 */
const AdjustmentBar = ({
  row,
  index,
  adjIndex,
  dispatch
}: {
  readonly row: LineItem.QuoteItem
  readonly index: number
  readonly adjIndex: number
  readonly dispatch: Dispatch<Action>
}) => {
  const m = useMessages()
  const choice = creditChoice(row, adjIndex)
  const added = row.added_adj_at > 0
  const credited = row.credited_adj_at > 0
  if (!added && !credited && choice === null) return null
  const id = row.quote_item_id
  return (
    <div className={styles.adjustmentBar}>
      {added && (
        <span className={styles.adjustmentLabel} data-adjustment="added">
          {m.addedIn(Adjustment.letter(row.added_adj_at))}
        </span>
      )}
      {credited && (
        <span className={`${styles.adjustmentLabel} ${styles.creditedLabel}`} data-adjustment="credited">
          {m.creditedIn(Adjustment.letter(row.credited_adj_at))}
        </span>
      )}
      {choice !== null && (
        <button
          type="button"
          className={controls.button}
          data-credit={choice}
          onClick={() => dispatch({ type: choice, id, at: index })}
        >
          {choice === "credit" ? m.credit : m.uncredit}
        </button>
      )}
    </div>
  )
}

/**
 * A linked row's controls: locked rows offer 'Copy and Edit as New'; copied ones 'Revert to Linked Item', which
 * asks 'Undo Changes?' first. Rows not linked to a reusable item show nothing.
 */
const LinkedBar = ({
  row,
  index,
  dispatch
}: {
  readonly row: LineItem.QuoteItem
  readonly index: number
  readonly dispatch: Dispatch<Action>
}) => {
  const m = useMessages()
  const [asking, setAsking] = useState(false)
  const id = row.quote_item_id
  if (row.editing === "locked")
    return (
      <div className={styles.linkedBar}>
        <button
          type="button"
          className={controls.ghost}
          onClick={() => dispatch({ type: "rowCopyEdit", id, at: index })}
        >
          {m.copyAndEditAsNew}
        </button>
      </div>
    )
  if (row.editing !== "copied") return null
  return (
    <div className={styles.linkedBar}>
      {asking ? (
        <>
          <span role="status">{m.undoChanges}</span>
          <button
            type="button"
            className={controls.primary}
            onClick={() => {
              setAsking(false)
              dispatch({ type: "rowRevert", id, at: index })
            }}
          >
            {m.revertToLinkedItem}
          </button>
          <button type="button" className={controls.button} onClick={() => setAsking(false)}>
            {m.cancel}
          </button>
        </>
      ) : (
        <button type="button" className={controls.ghost} onClick={() => setAsking(true)}>
          {m.revertToLinkedItem}
        </button>
      )}
    </div>
  )
}
