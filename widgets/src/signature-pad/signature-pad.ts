import { QkSignaturePad } from "./signature-pad.component.ts"

export { type QkChangeDetail, QkChangeEvent } from "../events/qk-change.ts"
export { type QkSignDetail, QkSignEvent } from "../events/qk-sign.ts"
export { QkSignaturePad } from "./signature-pad.component.ts"

/** Registers `<qk-signature-pad>` once, however many bundles on the page bring it. */
if (!customElements.get("qk-signature-pad")) customElements.define("qk-signature-pad", QkSignaturePad)

declare global {
  interface HTMLElementTagNameMap {
    "qk-signature-pad": QkSignaturePad
  }
}
