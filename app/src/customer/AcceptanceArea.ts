/**
 * The acceptance area: the signature pad (draw, type, or a touch device through the QR code), the editable
 * signer name, the terms checkbox when the account asks for it, Accept, and Decline with an optional reason.
 * The core's `Acceptance.validate` decides before anything is posted: 'Sign to accept', 'Check the box to
 * accept' (a shaking hint), or nothing at all in a preview. An accepted or declined quote shows its state.
 */

import * as Acceptance from "@quotekit/core/Acceptance"
import type { CustomerQuote } from "@quotekit/core/api/CustomerApi"
import * as Message from "@quotekit/core/Message"
import * as Outcome from "@quotekit/core/Outcome"
import * as Signature from "@quotekit/core/Signature"
import type { QkSignaturePad } from "@quotekit/widgets/signature-pad"
import type { Calls } from "./Api.ts"
import { h, hint, when } from "./Dom.ts"

/** The customer's current choices, as the accept request carries them. */
export type ChoicesOf = () => ReadonlyArray<{ quote_item_id: number; contact_selected: 0 | 1 | 2; quantity: string }>

/** The page's data as JSON carries it. */
export type Data = typeof CustomerQuote.Encoded

/** The line saying who accepted and when. */
export const acceptedLine = (a: NonNullable<Data["acceptance"]>): string =>
  Message.acceptedBy(a.sign_name, when(a.accepted_at))

/** The acceptance area for the page's data; `onAnswered` runs after an accept or decline went through. */
export const acceptanceArea = (
  data: Data,
  calls: Calls,
  choicesOf: ChoicesOf,
  onAnswered: (status: string, line: string) => void
): HTMLElement | null => {
  if (!data.can_accept) return null
  const status = h("p", { class: "qk-hint", role: "alert" })
  // The signer-name field may start with the contact's name; a typed signature may not: the customer types it.
  const pad = h("qk-signature-pad", { room: data.room }) as QkSignaturePad
  let signer = data.signer_name
  const name = h("input", {
    type: "text",
    value: data.signer_name,
    autocomplete: "name",
    oninput: () => {
      // A blank edit is ignored: the name held so far stays.
      signer = Acceptance.signerName(signer, name.value)
    }
  })
  const terms = data.terms_required ? h("input", { type: "checkbox", id: "qk-terms" }) : null
  const accept = h("button", { type: "button", class: "qk-primary" }, Message.acceptQuote)
  const previewType = data.quote.previewType

  accept.addEventListener("click", async () => {
    const wire = pad.value
    const signature = wire === "" ? undefined : Outcome.getOrUndefined(Signature.fromWire(wire))
    const form = Acceptance.toForm({
      method: pad.method,
      signature,
      signerName: signer,
      confirmed: terms?.checked ?? false
    })
    const checked = Acceptance.validate(form, {
      termsRequired: data.terms_required,
      previewType,
      signerName: data.signer_name
    })
    if (checked._tag === "Failure") return hint(status, checked.failure.message)
    hint(status, "")
    accept.disabled = true
    try {
      const answer = await calls.accept({ ...form, choices: choicesOf(), preview_type: previewType })
      onAnswered(answer.status, acceptedLine(answer.acceptance))
    } catch (e) {
      accept.disabled = false
      hint(status, (e as Error).message)
    }
  })

  const reason = h("textarea", { id: "qk-reason", rows: 3, maxlength: 2000 })
  const declineForm = h(
    "div",
    { hidden: true },
    h("label", { class: "qk-field", for: "qk-reason" }, Message.declineReason),
    reason,
    h(
      "div",
      { class: "qk-actions" },
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            if (previewType > 0) return hint(status, Message.previewNotice)
            try {
              const answer = await calls.decline(reason.value.trim())
              onAnswered(answer.status, Message.quoteDeclinedNotice)
            } catch (e) {
              hint(status, (e as Error).message)
            }
          }
        },
        Message.decline
      )
    )
  )

  return h(
    "section",
    { class: "qk-card", "aria-labelledby": "qk-accept-heading" },
    h("h2", { id: "qk-accept-heading" }, Message.acceptQuote),
    pad,
    h("label", { class: "qk-field" }, Message.signerFullName, name),
    terms === null ? null : h("label", { class: "qk-field", for: "qk-terms" }, terms, ` ${Message.agreeToTerms}`),
    status,
    h(
      "div",
      { class: "qk-actions" },
      accept,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            declineForm.hidden = false
            reason.focus()
          }
        },
        Message.decline
      )
    ),
    declineForm
  )
}
