/**
 * The phone signing page (`/sign/{room parts}`, what the QR code on a customer's quote page opens): a light entry
 * of its own. The server renders the account's name, the quote's title and the instruction, and puts the room in
 * the page (`SignPage` on the server); this script adds a drawing-only `<qk-signature-pad>` and Done. Every stroke
 * end (and Undo, and Clear) relays the whole drawing so far; Done says the signer has finished, and the customer
 * accepts on the other screen. A room that expired or whose quote was answered, then or later, says so.
 */
import * as Message from "@quotekit/core/Message"
import { QkSignaturePad } from "@quotekit/widgets/signature-pad"
import { h, hint } from "../customer/Dom.ts"
import * as PushClient from "../push/PushClient.ts"
import * as Relay from "./Relay.ts"

// The registering module is a side effect a bundler may drop behind a re-export; register here too (once).
if (!customElements.get("qk-signature-pad")) customElements.define("qk-signature-pad", QkSignaturePad)

/** How often an open page asks whether its room still takes the signature (answered on the other screen). */
const CHECK_EVERY_MS = 30_000

const start = (app: HTMLElement, room: Relay.Room): void => {
  const pad = h("qk-signature-pad", { methods: "draw" }) as QkSignaturePad
  const status = h("p", { class: "qk-hint", role: "alert" })
  const sent = h("p", { class: "qk-sent", role: "status" })
  const done = h("button", { type: "button", class: "qk-primary qk-done" }, Message.signDone)
  app.append(pad, status, sent, done)

  // Back on the page (the quote may have been accepted meanwhile), and every little while, ask the room again.
  const check = () => {
    if (document.visibilityState === "visible") relay.check()
  }
  const timer = setInterval(check, CHECK_EVERY_MS)
  document.addEventListener("visibilitychange", check)
  const relay = Relay.make(PushClient.make(), room, {
    onRestored: (value) => {
      if (pad.value === "") pad.value = value
    },
    // Nothing is left to sign here: the page says why instead of offering the pad.
    onRefused: (reason) => {
      clearInterval(timer)
      document.removeEventListener("visibilitychange", check)
      document.querySelector(".qk-hint-line")?.remove()
      app.replaceChildren(h("p", { class: "qk-notice", role: "status" }, reason))
    }
  })
  pad.addEventListener("qk-change", () => {
    sent.textContent = ""
    hint(status, "")
    relay.update(pad.value)
  })
  done.addEventListener("click", () => {
    if (pad.value === "") return hint(status, Message.signDrawFirst)
    hint(status, "")
    relay.done()
    sent.textContent = Message.signSentToOtherScreen
  })
}

const script = document.getElementById("qk-data")
const app = document.getElementById("qk-app")
if (script !== null && app !== null) start(app, JSON.parse(script.textContent ?? "null") as Relay.Room)
