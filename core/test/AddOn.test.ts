import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as AddOn from "../src/AddOn.ts"

describe("AddOn", () => {
  it("lists every add-on of the spec by id, once, with its name", () => {
    assert.deepStrictEqual(
      AddOn.all.map((a) => [a.id, a.name]),
      [
        [1, "Xero"],
        [2, "Highrise"],
        [3, "Capsule"],
        [5, "Insightly"],
        [6, "MailChimp"],
        [7, "QuickBooks"],
        [8, "Follow-ups"],
        [9, "Notifications"],
        [10, "Custom email domain"],
        [11, "Zapier"],
        [12, "Webhooks"],
        [13, "Leads"],
        [14, "Reviews"],
        [15, "Two-factor for all"]
      ]
    )
    assert.isTrue(Option.isNone(AddOn.byId(4)))
    assert.strictEqual(Option.getOrThrow(AddOn.byId(7)).kind, "accounting")
    assert.deepStrictEqual(
      AddOn.all.filter((a) => AddOn.isAccounting(a.id)).map((a) => a.id),
      [1, 7]
    )
    for (const a of AddOn.all) assert.match(a.summary, /^[A-Z].*\.$/)
  })

  it("the state: not offered wins, then a live connection, then the server's set-up, then the switch", () => {
    const base = { offered: true, connects: "oauth2", setUp: true, enabled: false, connection: null } as const
    assert.strictEqual(AddOn.stateOf({ ...base, offered: false, connection: "connected" }), "coming-later")
    assert.strictEqual(AddOn.stateOf({ ...base, setUp: false }), "not-set-up")
    assert.strictEqual(AddOn.stateOf({ ...base, setUp: false, connection: "connected" }), "connected")
    assert.strictEqual(AddOn.stateOf({ ...base, connection: "error" }), "error")
    assert.strictEqual(AddOn.stateOf({ ...base, connection: "disconnected" }), "disconnected")
    assert.strictEqual(AddOn.stateOf({ ...base, connects: "switch", enabled: true }), "on")
    assert.strictEqual(AddOn.stateOf({ ...base, connects: "switch" }), "off")
  })

  it("property: a switch is only ever on, off or coming later, and every state has its label", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(null, "connected", "disconnected", "error"),
        (offered, setUp, enabled, connection) => {
          const state = AddOn.stateOf({ offered, connects: "switch", setUp, enabled, connection })
          assert.include(["on", "off", "coming-later"], state)
          assert.isString(AddOn.stateLabels[state])
        }
      )
    )
  })
})
