/**
 * The customer page on the real-time channel (`Push`): the page is in its quote's `quote-view` room (with the
 * link's token, which makes the customer a live viewer) and, while the acceptance area is live, in the signing
 * room of its QR code, whose drawings it puts into the pad.
 *
 * `next` decides whether a `quote-changed` event (or the quote-view room's state after a rejoin) tells the
 * customer something: the quote answered elsewhere (a status other than sent that the page does not show) or
 * changed (a newer edit of a sent quote, or a quote that is sent again). The room's state and events carry the
 * stored status and edit sequence, so the page compares like with like from the state it joined with; its own
 * accept or decline sets the status it shows (`answered`).
 *
 * @example
 * let known: Live.Known | undefined
 * const heard = Live.next(known, event.payload)
 * known = heard.known
 * if (heard.change !== undefined && known !== undefined) show(Live.lineOf(heard.change, known.status))
 */
import * as Message from "@quotekit/core/Message"
import * as Push from "@quotekit/core/Push"
import type { QkSignaturePad } from "@quotekit/widgets/signature-pad"
import type { PushClient } from "../push/PushClient.ts"

/** The quote as the page last heard it: its stored status and edit sequence. */
export interface Known {
  readonly status: string
  readonly edit_seq: number
}

/** What the customer should be told: nothing, the quote answered elsewhere (with its status), or changed. */
export type Change = undefined | "answered" | "changed"

/** The page's knowledge after hearing `payload`, and what to tell the customer. */
export const next = (known: Known | undefined, payload: unknown): { known: Known | undefined; change: Change } => {
  const { status, edit_seq } = (payload ?? {}) as { status?: unknown; edit_seq?: unknown }
  if (typeof status !== "string" || typeof edit_seq !== "number") return { known, change: undefined }
  const heard = { status, edit_seq: Math.max(edit_seq, known?.edit_seq ?? 0) }
  if (known === undefined) return { known: heard, change: undefined }
  if (status !== known.status) return { known: heard, change: status === "sent" ? "changed" : "answered" }
  return { known: heard, change: status === "sent" && edit_seq > known.edit_seq ? "changed" : undefined }
}

/** The page answered the quote itself: its own event is no news. */
export const answered = (known: Known | undefined, status: string): Known | undefined =>
  known === undefined ? undefined : { ...known, status }

const answeredLines: Readonly<Record<string, string>> = {
  accepted: Message.quoteAcceptedNotice,
  declined: Message.quoteDeclinedNotice,
  expired: Message.quoteExpiredNotice,
  withdrawn: Message.quoteWithdrawnNotice
}

/** The line telling the customer what changed (`status` is the one heard). */
export const lineOf = (change: NonNullable<Change>, status: string): string =>
  (change === "answered" ? answeredLines[status] : undefined) ?? Message.quoteUpdatedSinceOpened

/**
 * Put the drawings of a signing room into `pad`: the one the room holds when joined, and each `sig-update` (a
 * drawing returns the pad to draw). An emptied drawing clears the pad only while it still shows the relayed one,
 * never a signature made on this screen; a rejoin that brings the drawing already shown changes nothing. Answers
 * the leave.
 */
export const signInto = (push: Pick<PushClient, "join">, parts: string, pad: QkSignaturePad): (() => void) => {
  let shown = ""
  const take = (data: unknown) => {
    const value = (data as { value?: unknown } | null)?.value
    if (typeof value !== "string" || value === shown) return
    if (value !== "") pad.receiveRemote(value)
    else if (pad.value === shown) pad.value = ""
    shown = value
  }
  return push.join(
    Push.signRoom(parts),
    {},
    {
      onJoined: take,
      onEvent: (e) => {
        if (e.topic === "sig-update") take(e.payload)
      }
    }
  )
}
