import { QkQuoteView } from "./quote-view.component.ts"

export {
  type QkSelectionChangeDetail,
  QkSelectionChangeEvent,
  type QkSelectionItem,
  type QkSelectionTotals
} from "../events/qk-selection-change.ts"
export { QkQuoteView } from "./quote-view.component.ts"

/** Registers `<qk-quote-view>` once, however many bundles on the page bring it. */
if (!customElements.get("qk-quote-view")) customElements.define("qk-quote-view", QkQuoteView)

declare global {
  interface HTMLElementTagNameMap {
    "qk-quote-view": QkQuoteView
  }
}
