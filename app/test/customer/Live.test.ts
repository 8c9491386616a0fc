/**
 * The customer page's live rules: which `quote-changed` events (and room states after a rejoin) tell the
 * customer the quote was answered or changed elsewhere, its own answer being no news; the line for each; and the
 * signing room's drawings landing in the pad (a drawing returns it to draw, an emptied one clears only the
 * relayed drawing, a rejoin with the drawing already shown changes nothing).
 */
import * as Message from "@quotekit/core/Message"
import * as Push from "@quotekit/core/Push"
import type { QkSignaturePad } from "@quotekit/widgets/signature-pad"
import { describe, expect, it } from "vitest"
import * as Live from "../../src/customer/Live.ts"
import * as FakePush from "../support/FakePush.ts"

const sent = (edit_seq: number) => ({ quote_id: 9, what: "quote.save", by: "member", status: "sent", edit_seq })

describe("Live.next", () => {
  it("the room's state is where the page starts; nothing is news until then", () => {
    const first = Live.next(undefined, { viewers: [], status: "sent", edit_seq: 4 })
    expect(first).toEqual({ known: { status: "sent", edit_seq: 4 }, change: undefined })
    expect(Live.next(undefined, { viewers: [] })).toEqual({ known: undefined, change: undefined })
  })

  it("a newer edit of a sent quote is a change; a view, a question or a repeat is not", () => {
    const known = { status: "sent", edit_seq: 4 }
    expect(Live.next(known, { ...sent(4), what: "customer.view", by: "customer" }).change).toBeUndefined()
    expect(Live.next(known, { ...sent(4), what: "discussion.1" }).change).toBeUndefined()
    expect(Live.next(known, sent(3)).known).toEqual(known)
    const edited = Live.next(known, sent(5))
    expect(edited).toEqual({ known: { status: "sent", edit_seq: 5 }, change: "changed" })
    expect(Live.next(edited.known, sent(5)).change).toBeUndefined()
    expect(Live.next(known, { status: 7, edit_seq: 9 }).change).toBeUndefined()
    expect(Live.next(known, null).change).toBeUndefined()
  })

  it("answered elsewhere: a status the page does not show; the page's own answer is no news", () => {
    const known = { status: "sent", edit_seq: 4 }
    const accepted = { ...sent(5), what: "quote.customerAccept", by: "customer", status: "accepted" }
    expect(Live.next(known, accepted)).toEqual({ known: { status: "accepted", edit_seq: 5 }, change: "answered" })
    const own = Live.answered(known, "accepted")
    expect(Live.next(own, accepted).change).toBeUndefined()
    expect(Live.answered(undefined, "accepted")).toBeUndefined()
    // Sent again afterwards (the acceptance undone): a change.
    expect(Live.next({ status: "accepted", edit_seq: 5 }, sent(6)).change).toBe("changed")
  })

  it("the lines say what happened", () => {
    expect(Live.lineOf("answered", "accepted")).toBe(Message.quoteAcceptedNotice)
    expect(Live.lineOf("answered", "declined")).toBe(Message.quoteDeclinedNotice)
    expect(Live.lineOf("answered", "withdrawn")).toBe(Message.quoteWithdrawnNotice)
    expect(Live.lineOf("answered", "draft")).toBe(Message.quoteUpdatedSinceOpened)
    expect(Live.lineOf("changed", "sent")).toBe(Message.quoteUpdatedSinceOpened)
  })
})

/** A pad double: the value, the method, and what reached `receiveRemote`; anything else fails loudly. */
const padDouble = () => {
  const state = { value: "", method: "instruct", remote: [] as Array<string> }
  const pad = new Proxy(state, {
    get: (target, key) => {
      if (key === "receiveRemote")
        return (v: string) => {
          target.remote.push(v)
          target.value = v
          target.method = "draw"
          return true
        }
      if (key === "value" || key === "method") return target[key]
      throw new Error(`pad double: ${String(key)} is not implemented`)
    },
    set: (target, key, v) => {
      if (key !== "value") throw new Error(`pad double: setting ${String(key)}`)
      target.value = v
      return true
    }
  }) as unknown as QkSignaturePad
  return { pad, state }
}

describe("Live.signInto", () => {
  const parts = `3/5/${"0f".repeat(16)}`
  const room = Push.signRoom(parts)
  const event = (topic: string, payload: unknown) => ({ room, id: `${Math.random()}`, topic, payload })

  it("puts the room's drawing and each relayed one into the pad, returning it to draw", () => {
    const push = FakePush.make()
    const { pad, state } = padDouble()
    const leave = Live.signInto(push.client, parts, pad)
    const joined = push.current(room)[0]!
    expect(joined.options).toEqual({})
    joined.handlers.onJoined?.({ quoteId: 9, value: "" })
    expect(state.remote).toEqual([])
    joined.handlers.onEvent?.(event("sig-update", { quoteId: 9, value: "a1b2" }))
    expect(state).toMatchObject({ value: "a1b2", method: "draw" })
    joined.handlers.onEvent?.(event("sig-changed", { quoteId: 9 }))
    // A rejoin that brings the drawing already shown changes nothing.
    joined.handlers.onJoined?.({ quoteId: 9, value: "a1b2" })
    expect(state.remote).toEqual(["a1b2"])
    joined.handlers.onEvent?.(event("sig-update", { quoteId: 9, value: "" }))
    expect(state.value).toBe("")
    leave()
    expect(joined.left).toBe(true)
  })

  it("a drawing the room holds on joining lands at once; an emptied drawing never clears one made here", () => {
    const push = FakePush.make()
    const { pad, state } = padDouble()
    Live.signInto(push.client, parts, pad)
    const joined = push.current(room)[0]!
    joined.handlers.onJoined?.({ quoteId: 9, value: "c3d4" })
    expect(state).toMatchObject({ value: "c3d4", method: "draw" })
    // The customer clears and draws on this screen; then the phone clears its own drawing.
    state.value = "e5f6"
    joined.handlers.onEvent?.(event("sig-update", { quoteId: 9, value: "" }))
    expect(state.value).toBe("e5f6")
    joined.handlers.onEvent?.(event("sig-update", { quoteId: 9, value: 12 }))
    expect(state.value).toBe("e5f6")
  })
})
