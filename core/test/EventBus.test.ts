import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import type * as Account from "../src/Account.ts"
import * as EventBus from "../src/EventBus.ts"

const jsonValue = fc
  .jsonValue({ maxDepth: 3 })
  .map((v) => JSON.parse(JSON.stringify(v)) as EventBus.AccountEvent["payload"])

describe("EventBus", () => {
  it("round-trips events through their JSON text", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        jsonValue,
        (id, topic, payload) => {
          const event = { account_id: id as Account.AccountId, topic, payload }
          const text = EventBus.encode(event)
          fc.pre(typeof text === "string")
          assert.deepStrictEqual(EventBus.decode(text as string), event)
        }
      )
    )
  })

  it("refuses events larger than a NOTIFY payload", () => {
    const big = {
      account_id: 1 as Account.AccountId,
      topic: "quote-saved",
      payload: "x".repeat(EventBus.MAX_EVENT_BYTES)
    }
    const result = EventBus.encode(big)
    assert.instanceOf(result, EventBus.EventTooLarge)
  })

  it("ignores text that is not an event", () => {
    for (const text of ["", "{", "null", '{"account_id":"x","topic":"t","payload":1}', '{"topic":"t"}']) {
      assert.isUndefined(EventBus.decode(text))
    }
  })
})

describe("EventBus.utf8Length", () => {
  it("counts UTF-8 bytes exactly as an encoder does", () =>
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => EventBus.utf8Length(s) === new TextEncoder().encode(s).length)
    ))
})
