import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import fc from "fast-check"
import * as QuoteStatus from "../src/QuoteStatus.ts"

describe("QuoteStatus", () => {
  it("has the spec's seven statuses", () => {
    assert.deepStrictEqual([...QuoteStatus.all].sort(), [
      "accepted",
      "declined",
      "draft",
      "expired",
      "sent",
      "sentEditing",
      "withdrawn"
    ])
  })

  it("labels each status as the spec does", () => {
    assert.deepStrictEqual(QuoteStatus.all.map(QuoteStatus.label), [
      "Draft",
      "Editing",
      "Sent",
      "Accepted",
      "Declined",
      "Expired",
      "Withdrawn"
    ])
  })

  it("Draft and Editing share a colour; declined, expired, withdrawn and none are red", () => {
    assert.strictEqual(QuoteStatus.colourClass("draft"), QuoteStatus.colourClass("sentEditing"))
    for (const s of ["declined", "expired", "withdrawn", null] as const)
      assert.strictEqual(QuoteStatus.colourClass(s), "status-red")
    assert.strictEqual(QuoteStatus.colourClass("sent"), "status-sent")
    assert.strictEqual(QuoteStatus.colourClass("accepted"), "status-accepted")
    // The other statuses are not red, and sent, accepted and draft are told apart.
    const others = new Set(
      ["draft", "sent", "accepted"].map((s) => QuoteStatus.colourClass(s as QuoteStatus.QuoteStatus))
    )
    assert.strictEqual(others.size, 3)
    assert.isFalse(others.has("status-red"))
  })

  it("decodes every status and refuses anything else", () => {
    for (const s of QuoteStatus.all) assert.strictEqual(Schema.decodeUnknownSync(QuoteStatus.QuoteStatus)(s), s)
    for (const bad of ["none", "Draft", "", "sent_editing", 1])
      assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(QuoteStatus.QuoteStatus)(bad)))
    fc.assert(
      fc.property(fc.string(), (s) => QuoteStatus.is(s) === (QuoteStatus.all as ReadonlyArray<string>).includes(s))
    )
  })

  it("draft and sentEditing rows open the editor, others the sent-quote view", () => {
    assert.deepStrictEqual(QuoteStatus.all.filter(QuoteStatus.opensEditor), ["draft", "sentEditing"])
  })

  it("the customer sees sent and answered quotes, not drafts, revisions or withdrawn ones", () => {
    assert.deepStrictEqual(QuoteStatus.all.filter(QuoteStatus.visibleToCustomer), [
      "sent",
      "accepted",
      "declined",
      "expired"
    ])
    assert.deepStrictEqual(QuoteStatus.all.filter(QuoteStatus.isAnswered), ["accepted", "declined"])
    assert.deepStrictEqual(
      QuoteStatus.all.filter((s) => !QuoteStatus.countsInStats(s)),
      ["withdrawn"]
    )
  })
})
