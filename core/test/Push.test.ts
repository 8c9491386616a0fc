import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Push from "../src/Push.ts"
import * as PushMessage from "../src/PushMessage.ts"

describe("Push", () => {
  it("reconnects after 1 s, 10 s, then growing squares of seconds, never over the cap", () => {
    assert.deepStrictEqual([1, 2, 3, 4, 5].map(Push.reconnectDelayMs), [1_000, 10_000, 16_000, 25_000, 36_000])
    assert.strictEqual(Push.reconnectDelayMs(100), Push.MAX_RECONNECT_DELAY_MS)
    assert.strictEqual(Push.reconnectDelayMs(0), 1_000)
  })

  it("property: the waits never shrink and stay within 1 s and the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
        const d = Push.reconnectDelayMs(n)
        return d >= 1_000 && d <= Push.MAX_RECONNECT_DELAY_MS && Push.reconnectDelayMs(n + 1) >= d
      })
    )
  })

  it("reads room names, and nothing else", () => {
    assert.deepStrictEqual(Push.parseRoom("account"), { _tag: "Account" })
    assert.deepStrictEqual(Push.parseRoom("quote-view"), { _tag: "QuoteView", quoteId: undefined })
    assert.deepStrictEqual(Push.parseRoom("quote-view:42"), { _tag: "QuoteView", quoteId: 42 })
    const code = "0123456789abcdef0123456789abcdef"
    assert.deepStrictEqual(Push.parseRoom(`sign:7/9/${code}`), { _tag: "Sign", account: 7, quoteContact: 9, code })
    for (const bad of ["", "accounts", "quote-view:", "quote-view:x", "sign:7/9/xyz", `sign:7/${code}`, "sign:"])
      assert.isUndefined(Push.parseRoom(bad), bad)
  })

  it("decodes client messages and refuses anything else", () => {
    assert.deepStrictEqual(PushMessage.decodeClientMessage('{"type":"ping"}'), { type: "ping" })
    assert.deepStrictEqual(PushMessage.decodeClientMessage('{"type":"join","room":"account","cursor":"a.1."}'), {
      type: "join",
      room: "account",
      cursor: "a.1."
    })
    for (const bad of [
      "",
      "null",
      "[]",
      '{"type":"join"}',
      '{"type":"updateData","room":"x","event":"other","data":{}}'
    ])
      assert.isUndefined(PushMessage.decodeClientMessage(bad), bad)
    const tooLong = JSON.stringify({
      type: "updateData",
      room: "sign:1/2/0123456789abcdef0123456789abcdef",
      event: "sig-update",
      data: { quoteId: 1, value: "0".repeat(10_001) }
    })
    assert.isUndefined(PushMessage.decodeClientMessage(tooLong))
  })

  it("only a known set of topics reaches browsers", () => {
    assert.isTrue(Push.isBrowserTopic("quote-changed"))
    assert.isFalse(Push.isBrowserTopic("cache.session"))
  })
})
