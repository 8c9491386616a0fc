import { assert, describe, it } from "@effect/vitest"
import { Effect, Option, Result, Schema } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as ArchiveState from "../src/ArchiveState.ts"
import * as QuoteStatus from "../src/QuoteStatus.ts"

const DAY = 86_400

describe("ArchiveState", () => {
  it("maps the spec's archive ids both ways", () => {
    assert.deepStrictEqual(ArchiveState.ArchiveId, {
      notChosen: -1,
      noValue: 0,
      active: 1,
      complete: 2,
      deleted: 3,
      dismissed: 4,
      waiting: 5
    })
    for (const s of ArchiveState.all)
      assert.strictEqual(Option.getOrThrow(ArchiveState.fromId(ArchiveState.toId(s))), s)
    assert.isTrue(Option.isNone(ArchiveState.fromId(-1)))
    assert.isTrue(Option.isNone(ArchiveState.fromId(0)))
    fc.assert(
      fc.property(fc.integer(), (id) =>
        Option.match(ArchiveState.fromId(id), {
          onNone: () => id < 1 || id > 5,
          onSome: (s) => ArchiveState.toId(s) === id
        })
      )
    )
  })

  it("decodes and encodes a stored archive_id", () => {
    assert.strictEqual(Schema.decodeUnknownSync(ArchiveState.FromId)(4), "dismissed")
    assert.strictEqual(Schema.encodeSync(ArchiveState.FromId)("waiting"), 5)
    for (const bad of [-1, 0, 6, "1", 1.5])
      assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(ArchiveState.FromId)(bad)))
  })

  it("labels", () => {
    assert.deepStrictEqual(ArchiveState.all.map(ArchiveState.label), [
      "Active",
      "Waiting",
      "Complete",
      "Dismissed",
      "Deleted"
    ])
  })

  it("finished means complete or dismissed", () => {
    assert.deepStrictEqual(ArchiveState.all.filter(ArchiveState.isFinished), ["complete", "dismissed"])
  })

  it("deleted records are restorable for 30 days", () => {
    const t = 1_700_000_000
    assert.isTrue(ArchiveState.isRestorable(t, t))
    assert.isTrue(ArchiveState.isRestorable(t, t + 30 * DAY - 1))
    assert.isFalse(ArchiveState.isRestorable(t, t + 30 * DAY))
    assert.isTrue(ArchiveState.isRestorable(t, t - 60), "a deletion stamped slightly ahead counts as just deleted")
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2e9 }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (deleted, elapsed) =>
          ArchiveState.isRestorable(deleted, deleted + elapsed) === elapsed < ArchiveState.RETENTION_SECONDS
      )
    )
  })

  it.effect("isRestorableNow reads the clock", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_000 * 1000)
      assert.isTrue(yield* ArchiveState.isRestorableNow(1_000))
      yield* TestClock.adjust("30 days")
      assert.isFalse(yield* ArchiveState.isRestorableNow(1_000))
    })
  )

  it("the Active/Waiting dropdown hides for templates, deleted, finished, withdrawn and expired quotes", () => {
    const shows = (status: QuoteStatus.QuoteStatus, archive: ArchiveState.ArchiveState, isTemplate = false) =>
      ArchiveState.showsActiveWaitingDropdown({ isTemplate, archive, status })
    assert.isTrue(shows("sent", "active"))
    assert.isTrue(shows("accepted", "waiting"))
    assert.isTrue(shows("draft", "active"))
    assert.isFalse(shows("sent", "active", true))
    assert.isFalse(shows("draft", "deleted"))
    assert.isFalse(shows("accepted", "complete"))
    assert.isFalse(shows("declined", "dismissed"))
    assert.isFalse(shows("withdrawn", "active"))
    assert.isFalse(shows("expired", "waiting"))
    fc.assert(
      fc.property(
        fc.constantFrom(...QuoteStatus.all),
        fc.constantFrom(...ArchiveState.all),
        fc.boolean(),
        (status, archive, isTemplate) =>
          shows(status, archive, isTemplate) ===
          (!isTemplate &&
            (archive === "active" || archive === "waiting") &&
            status !== "withdrawn" &&
            status !== "expired")
      )
    )
  })
})
