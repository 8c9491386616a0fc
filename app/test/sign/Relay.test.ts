/**
 * The phone's relay through its signing room, over a double of the real-time client: the whole drawing relayed
 * on every change and the empty one on Clear, Done as `sig-changed` followed by a fresh look at the room, the
 * drawing the room held restored once after a reload, and a refusal (used or expired) stopping everything.
 */
import * as Push from "@quotekit/core/Push"
import { describe, expect, it } from "vitest"
import * as Relay from "../../src/sign/Relay.ts"
import * as FakePush from "../support/FakePush.ts"

const parts = `7/12/${"ab".repeat(16)}`
const room = Push.signRoom(parts)

const setup = () => {
  const push = FakePush.make()
  const restored: Array<string> = []
  const refused: Array<string> = []
  const relay = Relay.make(
    push.client,
    { room: parts, quoteId: 42 },
    { onRestored: (v) => restored.push(v), onRefused: (r) => refused.push(r) }
  )
  return { push, relay, restored, refused }
}

describe("Relay", () => {
  it("joins the signing room and relays each drawing whole, the empty one included", () => {
    const { push, relay } = setup()
    expect(push.current(room)).toHaveLength(1)
    expect(push.current(room)[0]?.options).toEqual({})
    relay.update("a1b2")
    relay.update("a1b2c3d4")
    relay.update("")
    expect(push.sent).toEqual([
      { type: "updateData", room, event: "sig-update", data: { quoteId: 42, value: "a1b2" } },
      { type: "updateData", room, event: "sig-update", data: { quoteId: 42, value: "a1b2c3d4" } },
      { type: "updateData", room, event: "sig-update", data: { quoteId: 42, value: "" } }
    ])
  })

  it("Done says sig-changed, then joins the room afresh so a used or expired room is refused", () => {
    const { push, relay, refused } = setup()
    const first = push.current(room)[0]!
    relay.done()
    expect(push.sent).toEqual([{ type: "updateData", room, event: "sig-changed", data: { quoteId: 42 } }])
    expect(first.left).toBe(true)
    const again = push.current(room)
    expect(again).toHaveLength(1)
    again[0]!.handlers.onRefused?.(Push.refusals.signLinkUsed)
    expect(refused).toEqual([Push.refusals.signLinkUsed])
    expect(relay.refused()).toBe(true)
    // Nothing more is relayed or asked, and a second refusal is not told twice.
    relay.update("a1b2")
    relay.done()
    relay.check()
    again[0]!.handlers.onRefused?.(Push.refusals.signLinkUsed)
    expect(push.sent).toHaveLength(1)
    expect(push.joins).toHaveLength(2)
    expect(refused).toHaveLength(1)
  })

  it("restores the drawing the room held when first joined, never an empty one, and only once", () => {
    const { push, relay, restored } = setup()
    push.current(room)[0]!.handlers.onJoined?.({ quoteId: 42, value: "a1b2" })
    relay.check()
    push.current(room)[0]!.handlers.onJoined?.({ quoteId: 42, value: "ffff" })
    expect(restored).toEqual(["a1b2"])

    const empty = setup()
    empty.push.current(room)[0]!.handlers.onJoined?.({ quoteId: 42, value: "" })
    expect(empty.restored).toEqual([])
  })

  it("an expired room refused on joining relays nothing", () => {
    const { push, relay, refused } = setup()
    push.current(room)[0]!.handlers.onRefused?.(Push.refusals.signLinkExpired)
    relay.update("a1b2")
    expect(refused).toEqual([Push.refusals.signLinkExpired])
    expect(push.sent).toEqual([])
  })
})
