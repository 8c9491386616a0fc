import { getHeapSpaceStatistics } from "node:v8"
import { describe, expect, it } from "vitest"
import * as HeapTrim from "../src/HeapTrim.ts"

const newSpaceMb = () => (getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0) / 2 ** 20

describe("HeapTrim", () => {
  it("shrinks V8's young generation a busy start grew, without giving the server's globals a gc", () => {
    // Short-lived objects that survive a while grow the young generation, as loading modules does.
    let kept: Array<Array<number>> = []
    for (let i = 0; i < 400_000; i++) {
      kept.push([i, i + 1, i + 2])
      if (kept.length > 50_000) kept = []
    }
    expect(kept.length).toBeGreaterThan(0)
    HeapTrim.now()
    expect(newSpaceMb()).toBeLessThanOrEqual(2)
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined()
  })
})
