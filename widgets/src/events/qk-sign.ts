import type * as Signature from "@quotekit/core/Signature"

/** What `qk-sign` carries: the usable signature just completed and how it was made. */
export interface QkSignDetail {
  /** The signature in the core's single-string form (`Signature.toWire`), never empty. */
  readonly value: string
  readonly method: Signature.Method
}

/**
 * `qk-sign`: the signer completed a usable signature: lifted the pen after a stroke, committed a typed name
 * (Enter or leaving the field), or a drawing arrived from a touch device. A page enables its accept button here.
 */
export class QkSignEvent extends CustomEvent<QkSignDetail> {
  constructor(detail: QkSignDetail) {
    super("qk-sign", { detail, bubbles: true, composed: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "qk-sign": QkSignEvent
  }
}
