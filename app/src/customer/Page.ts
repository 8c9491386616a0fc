/**
 * The customer quote page's interactive part: replaces the server-rendered items with `<qk-quote-view>` (options,
 * quantities, live totals), then adds the acceptance area and Questions & Answers. Loaded by `main.ts` after the
 * first paint.
 *
 * The page is live (`Live`): in its quote's `quote-view` room, so the team sees the customer viewing and the page
 * hears the quote answered or changed elsewhere (a line says so and offers to reload), and in the signing room of
 * its QR code, so a drawing made on a phone lands in the pad. It refreshes by the spec's rules (`PageRefresh`):
 * the data is fetched again and the page rebuilt, unless the customer has started (a drawing, a typed name or
 * text, a ticked box, a changed choice), whose work a refresh never replaces.
 */
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import * as Push from "@quotekit/core/Push"
import { QkQuoteView } from "@quotekit/widgets/quote-view"
import { QkSignaturePad } from "@quotekit/widgets/signature-pad"
import * as PushClient from "../push/PushClient.ts"
import { acceptanceArea, acceptedLine, type Data } from "./AcceptanceArea.ts"
import * as Api from "./Api.ts"
import { h } from "./Dom.ts"
import * as Live from "./Live.ts"
import * as PageRefresh from "./PageRefresh.ts"
import { questions } from "./Questions.ts"

// The registering modules are side effects a bundler may drop behind a re-export; register here too (once).
if (!customElements.get("qk-quote-view")) customElements.define("qk-quote-view", QkQuoteView)
if (!customElements.get("qk-signature-pad")) customElements.define("qk-signature-pad", QkSignaturePad)

/** What one rendering of the page's data put on it. */
interface Shown {
  /** Whether the customer has started anything a refresh would lose. */
  readonly started: () => boolean
  /** Take it off the page (and out of its signing room). */
  readonly remove: () => void
}

/** Render `data` into `main`; `onAnswered` hears the status of an accept or decline made here. */
const show = async (
  main: HTMLElement,
  data: Data,
  calls: Api.Calls,
  push: PushClient.PushClient,
  onAnswered: (status: string) => void
): Promise<Shown> => {
  const view = h("qk-quote-view") as QkQuoteView
  view.readonly = !data.can_accept
  view.data = data.quote
  if (data.quote.publicItems.length > 0) {
    view.hidden = true
    document.getElementById("qk-app")?.append(view)
    await view.updateComplete
    document.getElementById("qk-ssr")?.remove()
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
  else if (data.notice !== null) notice().textContent = data.notice

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
  const chosen = JSON.stringify(choicesOf())
  // The deposit panel of an accepted quote with a deposit: its code is loaded only then.
  const deposit = h("div", { class: "qk-deposit-slot" })
  const showDeposit = (status: string) => {
    if (status !== "accepted" || !(Number(data.quote.deposit_percent) > 0) || deposit.childElementCount > 0) return
    void import("./DepositPanel.ts").then((m) =>
      deposit.append(m.depositPanel(decodeURIComponent(location.pathname.split("/")[2] ?? "")))
    )
  }
  let leave = () => {}
  const area = acceptanceArea(data, calls, choicesOf, (status, line) => {
    leave()
    area?.remove()
    view.readonly = true
    view.status = status
    notice().textContent = line
    showDeposit(status)
    onAnswered(status)
  })
  const pad = area?.querySelector("qk-signature-pad")
  if (area !== null) main.append(area)
  main.append(deposit)
  showDeposit(data.status)
  if (pad != null && data.room !== "") leave = Live.signInto(push, data.room, pad)
  const qa = questions(data, calls)
  main.append(qa)

  return {
    started: () =>
      (pad?.isConnected === true && (pad.value !== "" || pad.name !== "")) ||
      JSON.stringify(choicesOf()) !== chosen ||
      [...main.querySelectorAll<HTMLInputElement>("input, textarea")].some((el) =>
        el.type === "checkbox" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue
      ),
    remove: () => {
      leave()
      for (const el of [view, area, deposit, qa, main.querySelector(".qk-notice")]) el?.remove()
    }
  }
}

/** Turn the server-rendered page into the interactive one. */
export const start = async (): Promise<void> => {
  const script = document.getElementById("qk-data")
  const main = document.getElementById("qk-main")
  if (script === null || main === null) return
  const token = decodeURIComponent(location.pathname.split("/")[2] ?? "")
  const calls = Api.make(token)
  const push = PushClient.make()

  // An event of the page's own accept or decline may arrive before its answer: it is heard once that is in.
  let pending: Promise<unknown> | undefined
  const track = <A>(call: Promise<A>): Promise<A> => {
    const settled: Promise<A> = call.finally(() => {
      if (pending === settled) pending = undefined
    })
    pending = settled
    return settled
  }
  const tracked: Api.Calls = {
    ...calls,
    accept: (body) => track(calls.accept(body)),
    decline: (reason) => track(calls.decline(reason))
  }

  const news = h("span")
  const line = h(
    "p",
    { class: "qk-live", role: "status", hidden: true },
    news,
    " ",
    h("button", { type: "button", onclick: () => location.reload() }, Message.reloadPage)
  )
  main.querySelector(".qk-title")?.after(line)

  let known: Live.Known | undefined
  const hear = (payload: unknown): void => {
    if (pending !== undefined) {
      const again = () => hear(payload)
      return void pending.then(again, again)
    }
    const heard = Live.next(known, payload)
    known = heard.known
    if (heard.change === undefined || known === undefined) return
    news.textContent = Live.lineOf(heard.change, known.status)
    line.hidden = false
  }
  push.join(
    Push.quoteViewRoom(),
    { token },
    {
      onJoined: hear,
      onEvent: (e) => {
        if (e.topic === "quote-changed") hear(e.payload)
      }
    }
  )

  const render = (data: Data) =>
    show(main, data, tracked, push, (status) => {
      known = Live.answered(known, status)
    })
  let shown = await render(JSON.parse(script.textContent ?? "null") as Data)

  PageRefresh.watch(async () => {
    if (pending !== undefined || shown.started()) return
    const fresh = await calls.quote().catch(() => undefined)
    if (fresh === undefined || shown.started()) return
    shown.remove()
    line.hidden = true
    shown = await render(fresh)
  })
}
