/** One price item after the customer's change, with decimals as strings (as JSON and forms carry them). */
export interface QkSelectionItem {
  readonly quote_item_id: number
  /** Whether the item counts in the totals. */
  readonly selected: boolean
  /** The customer's answer as stored: 0 no choice yet, 1 yes, 2 no. */
  readonly contact_selected: number
  readonly quantity: string
}

/** A totals group as decimal strings: the up-front items, or one subscription term. */
export interface QkSelectionTotals {
  /** `up-front` or the subscription's group key (`SubscriptionTerm.groupKey`). */
  readonly key: string
  readonly subtotal: string
  readonly discount: string
  readonly tax: string
  readonly total: string
}

/** What `qk-selection-change` carries: every price item's selection and quantity, and the new totals. */
export interface QkSelectionChangeDetail {
  readonly items: ReadonlyArray<QkSelectionItem>
  readonly upFront: QkSelectionTotals
  readonly subscriptions: ReadonlyArray<QkSelectionTotals>
  /** The deposit due on the up-front total. */
  readonly deposit: string
}

/**
 * `qk-selection-change`: the customer ticked or unticked an optional item, picked a multiple-choice option or
 * changed a quantity; the totals in the detail are the core's for the new choices.
 */
export class QkSelectionChangeEvent extends CustomEvent<QkSelectionChangeDetail> {
  constructor(detail: QkSelectionChangeDetail) {
    super("qk-selection-change", { detail, bubbles: true, composed: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "qk-selection-change": QkSelectionChangeEvent
  }
}
