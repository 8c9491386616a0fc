import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import fc from "fast-check"
import * as Outcome from "../src/Outcome.ts"
import * as Signature from "../src/Signature.ts"

const outcomes = fc.oneof(fc.integer().map(Outcome.succeed), fc.string().map(Outcome.fail))

describe("Outcome", () => {
  it("tells success from failure and keeps what it holds", () =>
    fc.assert(
      fc.property(outcomes, (o) => {
        assert.notStrictEqual(Outcome.isSuccess(o), Outcome.isFailure(o))
        if (Outcome.isSuccess(o)) assert.strictEqual(Outcome.getOrUndefined(o), o.success)
        else assert.isUndefined(Outcome.getOrUndefined(o))
      })
    ))

  it("maps the value only, and passes a failure through unchanged", () =>
    fc.assert(
      fc.property(outcomes, (o) => {
        const mapped = Outcome.map(o, (n) => n * 2)
        if (Outcome.isSuccess(o)) assert.deepStrictEqual(mapped, Outcome.succeed(o.success * 2))
        else assert.strictEqual(mapped, o)
      })
    ))

  it("agrees with effect's Result through toResult", () =>
    fc.assert(
      fc.property(outcomes, (o) => {
        const r = Outcome.toResult(o)
        assert.strictEqual(Result.isSuccess(r), Outcome.isSuccess(o))
        if (Result.isSuccess(r) && Outcome.isSuccess(o)) assert.strictEqual(r.success, o.success)
        if (Result.isFailure(r) && Outcome.isFailure(o)) assert.strictEqual(r.failure, o.failure)
      })
    ))

  it("getOrThrow returns the value or throws the error itself", () => {
    assert.strictEqual(Outcome.getOrThrow(Outcome.succeed(3)), 3)
    const failed = Signature.typed("x")
    assert.isTrue(Outcome.isFailure(failed))
    assert.throws(() => Outcome.getOrThrow(failed), "Signature data has a typed name with fewer than 2 letters")
  })

  it.effect("a failure lands in the error channel, tagged, through Effect.fromResult", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        Effect.gen(function* () {
          return yield* Effect.fromResult(Outcome.toResult(Signature.decode("00g0000")))
        })
      )
      assert.strictEqual(error._tag, "InvalidSignature")
      assert.strictEqual(error.reason, "NotHex")
      assert.strictEqual(error.position, 2)
      assert.instanceOf(error, Error)
      assert.strictEqual(error.message, "Signature data has a character that is not a hex digit (at character 2)")
      const caught = yield* Effect.fromResult(Outcome.toResult(Signature.decode("zz"))).pipe(
        Effect.catchTag("InvalidSignature", (e) => Effect.succeed(e.reason))
      )
      assert.strictEqual(caught, "NotHex")
    })
  )
})
