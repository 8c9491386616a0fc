/**
 * The phone's end of a signing room (`Push.signRoom`): it relays the whole drawing so far as `sig-update` (the
 * quote page puts it into its pad), says `sig-changed` when the signer taps Done, and tells the page when the room
 * will take nothing more (it expired, or the quote was answered). Framework-free and DOM-free, over the shared
 * `PushClient`, so it is tested with a double of the client.
 *
 * The channel answers a relay the room no longer takes with an `error` that names no room, which the client
 * drops; so `check` asks the room again (leave and join): a room that is used or expired is then refused, and the
 * page hears why.
 *
 * @example
 * const relay = Relay.make(PushClient.make(), { room: "7/12/…", quoteId: 42 }, {
 *   onRestored: (value) => (pad.value = value),
 *   onRefused: (reason) => show(reason)
 * })
 * pad.addEventListener("qk-change", () => relay.update(pad.value))
 */
import * as Push from "@quotekit/core/Push"
import type { PushClient } from "../push/PushClient.ts"

/** The room and quote a phone page signs for (the server puts them in the page). */
export interface Room {
  readonly room: string
  readonly quoteId: number
}

/** What the page hears from the room. */
export interface Listener {
  /** The drawing the room already holds when first joined (the page was reloaded mid-signing); never "". */
  readonly onRestored: (value: string) => void
  /** The room takes nothing more; `reason` is written for people (`Push.refusals`). */
  readonly onRefused: (reason: string) => void
}

/** A phone's relay; see the module header. */
export interface Relay {
  /** Relay the whole drawing so far ("" once cleared). */
  readonly update: (value: string) => void
  /** The signer is done: relay `sig-changed`, then check the room still takes the signature. */
  readonly done: () => void
  /** Ask the room again whether it still takes drawings (a refusal reaches `onRefused`). */
  readonly check: () => void
  /** Whether the room refused: nothing is relayed any more. */
  readonly refused: () => boolean
}

/** Join the room and relay through `push`. */
export const make = (push: Pick<PushClient, "join" | "send">, { room: parts, quoteId }: Room, listener: Listener) => {
  const room = Push.signRoom(parts)
  let restored = false
  let refused = false
  const handlers = {
    onJoined: (state: unknown) => {
      const value = (state as { value?: unknown } | null)?.value
      if (restored || refused) return
      restored = true
      if (typeof value === "string" && value !== "") listener.onRestored(value)
    },
    onRefused: (reason: string) => {
      if (refused) return
      refused = true
      listener.onRefused(reason)
    }
  }
  let leave = push.join(room, {}, handlers)
  const check = () => {
    if (refused) return
    leave()
    leave = push.join(room, {}, handlers)
  }
  const relay: Relay = {
    update: (value) => {
      if (!refused) push.send({ type: "updateData", room, event: "sig-update", data: { quoteId, value } })
    },
    done: () => {
      if (refused) return
      push.send({ type: "updateData", room, event: "sig-changed", data: { quoteId } })
      check()
    },
    check,
    refused: () => refused
  }
  return relay
}
