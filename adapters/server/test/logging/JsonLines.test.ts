import { assert, describe, it } from "@effect/vitest"
import { Effect, Logger } from "effect"
import * as JsonLines from "../../src/logging/JsonLines.ts"

describe("JSON log lines", () => {
  it.effect("gathers a burst of lines into one write, in order, and writes what is left when the scope closes", () =>
    Effect.gen(function* () {
      const writes: Array<string> = []
      yield* Effect.scoped(
        Effect.gen(function* () {
          const logger = yield* JsonLines.logger((chunk) => writes.push(chunk))
          const logged = Effect.provide(Logger.layer([logger]))
          for (let i = 1; i <= 3; i++) yield* Effect.logInfo(`request ${i}`).pipe(logged)
          // Nothing written yet: the burst waits for its window.
          assert.deepStrictEqual(writes, [])
        })
      )
      assert.strictEqual(writes.length, 1)
      const lines = writes[0]!.split("\n")
      assert.strictEqual(lines.pop(), "")
      assert.deepStrictEqual(
        lines.map((l) => [JSON.parse(l).message, JSON.parse(l).level]),
        [
          ["request 1", "INFO"],
          ["request 2", "INFO"],
          ["request 3", "INFO"]
        ]
      )
    })
  )

  it.live("writes each window's lines once the window has passed", () =>
    Effect.gen(function* () {
      const writes: Array<string> = []
      yield* Effect.scoped(
        Effect.gen(function* () {
          const logger = yield* JsonLines.logger((chunk) => writes.push(chunk))
          yield* Effect.logWarning("first").pipe(Effect.provide(Logger.layer([logger])))
          yield* Effect.sleep("200 millis")
          assert.strictEqual(writes.length, 1)
          assert.strictEqual(JSON.parse(writes[0]!).message, "first")
          yield* Effect.logWarning("second").pipe(Effect.provide(Logger.layer([logger])))
        })
      )
      assert.deepStrictEqual(
        writes.map((w) => JSON.parse(w).message),
        ["first", "second"]
      )
    })
  )
})
