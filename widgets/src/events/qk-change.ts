import type * as Signature from "@quotekit/core/Signature"

/** What `qk-change` carries: the pad's value after the change, the method it is in, and whether it is empty. */
export interface QkChangeDetail {
  /** The signature in the core's single-string form (`Signature.toWire`): drawn hex data, `typed:` a name, or "". */
  readonly value: string
  readonly method: Signature.Method
  readonly isEmpty: boolean
}

/**
 * `qk-change`: the signature pad's value changed through the signer (a stroke, Undo, Clear, typing, switching
 * method) or a drawing relayed from a touch device. Setting `value` from code does not fire it.
 */
export class QkChangeEvent extends CustomEvent<QkChangeDetail> {
  constructor(detail: QkChangeDetail) {
    super("qk-change", { detail, bubbles: true, composed: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "qk-change": QkChangeEvent
  }
}
