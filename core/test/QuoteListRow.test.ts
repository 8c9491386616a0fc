import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as QuoteListRow from "../src/QuoteListRow.ts"

const now = 1_800_000_000

describe("QuoteListRow", () => {
  it("shows 'Unopened', a last view within 30 days, or nothing", () => {
    assert.deepStrictEqual(QuoteListRow.lastView(0, now), Option.some("Unopened"))
    assert.deepStrictEqual(QuoteListRow.lastView(now - 7200, now), Option.some("2 hours ago"))
    assert.deepStrictEqual(QuoteListRow.lastView(now - 30 * 86400, now), Option.some("30 days ago"))
    assert.deepStrictEqual(QuoteListRow.lastView(now - 30 * 86400 - 1, now), Option.none())
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: now }),
        (seen) => Option.isSome(QuoteListRow.lastView(seen, now)) === now - seen <= QuoteListRow.LAST_VIEW_WINDOW
      )
    )
  })

  it("gives the follow-up subject only once it is due", () => {
    assert.deepStrictEqual(QuoteListRow.followUp(null, now), { _followSubjectId: 0, _followSecsDif: 0 })
    assert.deepStrictEqual(QuoteListRow.followUp({ follow_up_id: 4, due: now + 1 }, now), {
      _followSubjectId: 0,
      _followSecsDif: 0
    })
    assert.deepStrictEqual(QuoteListRow.followUp({ follow_up_id: 4, due: now - 60 }, now), {
      _followSubjectId: 4,
      _followSecsDif: 60
    })
  })
})
