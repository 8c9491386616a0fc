/**
 * The customer quote page's interactive part: replaces the server-rendered items with `<qk-quote-view>` (options,
 * quantities, live totals), then adds the acceptance area and Questions & Answers. Loaded by `main.ts` after the
 * first paint.
 */
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import { QkQuoteView } from "@quotekit/widgets/quote-view"
import { QkSignaturePad } from "@quotekit/widgets/signature-pad"
import { acceptanceArea, acceptedLine, type Data } from "./AcceptanceArea.ts"
import * as Api from "./Api.ts"
import { h } from "./Dom.ts"
import { questions } from "./Questions.ts"

// The registering modules are side effects a bundler may drop behind a re-export; register here too (once).
if (!customElements.get("qk-quote-view")) customElements.define("qk-quote-view", QkQuoteView)
if (!customElements.get("qk-signature-pad")) customElements.define("qk-signature-pad", QkSignaturePad)

/** Turn the server-rendered page into the interactive one. */
export const start = async (): Promise<void> => {
  const script = document.getElementById("qk-data")
  const main = document.getElementById("qk-main")
  if (script === null || main === null) return
  const data = JSON.parse(script.textContent ?? "null") as Data
  const token = decodeURIComponent(location.pathname.split("/")[2] ?? "")
  const calls = Api.make(token)

  const view = h("qk-quote-view") as QkQuoteView
  view.readonly = !data.can_accept
  view.data = data.quote
  const ssr = document.getElementById("qk-ssr")
  if (data.quote.publicItems.length > 0) {
    view.hidden = true
    document.getElementById("qk-app")?.append(view)
    await view.updateComplete
    ssr?.remove()
    view.hidden = false
  }

  const notice = () => {
    let p = main.querySelector<HTMLElement>(".qk-notice")
    if (p === null) {
      p = h("p", { class: "qk-notice", role: "status" })
      main.querySelector(".qk-title")?.after(p)
    }
    return p
  }
  if (data.acceptance !== null) notice().textContent = `${data.notice ?? ""} ${acceptedLine(data.acceptance)}`.trim()

  const choicesOf = () => {
    const quote = view.quote
    return quote === undefined
      ? []
      : PublicQuote.choices(quote).map((c) => ({
          quote_item_id: c.quote_item_id,
          contact_selected: c.contact_selected,
          quantity: Money.toFixed(c.quantity, Money.UNIT_SCALE)
        }))
  }
  const area = acceptanceArea(data, calls, choicesOf, (status, line) => {
    area?.remove()
    view.readonly = true
    view.status = status
    notice().textContent = line
  })
  if (area !== null) main.append(area)
  main.append(questions(data, calls))
}
