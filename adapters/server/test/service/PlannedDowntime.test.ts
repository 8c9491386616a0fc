import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as PlannedDowntime from "../../src/service/PlannedDowntime.ts"

describe("PlannedDowntime", () => {
  it("reads an announced time back, ignores anything else, and forgets a cancelled one", () => {
    const path = join(mkdtempSync(join(tmpdir(), "quotekit-offline-")), "offline-at")
    assert.strictEqual(PlannedDowntime.current(0, path), null)
    PlannedDowntime.announce(1_900_000_000, path)
    assert.strictEqual(PlannedDowntime.current(10_000, path), 1_900_000_000)
    PlannedDowntime.cancel(path)
    assert.strictEqual(PlannedDowntime.current(20_000, path), null)
    assert.strictEqual(PlannedDowntime.parse("2030-03-17T17:46:40Z"), 1_900_000_000)
    assert.strictEqual(PlannedDowntime.parse("1900000000"), 1_900_000_000)
    assert.strictEqual(PlannedDowntime.parse("tomorrow"), null)
    assert.strictEqual(PlannedDowntime.parse("2030"), null)
  })

  it("an announcement made by this process is seen at once, not after the 5 s cache", () => {
    const path = join(mkdtempSync(join(tmpdir(), "quotekit-offline-")), "offline-at")
    PlannedDowntime.announce(1_900_000_000, path)
    assert.strictEqual(PlannedDowntime.current(100_000, path), 1_900_000_000)
    PlannedDowntime.cancel(path)
    PlannedDowntime.announce(1_900_000_600, path)
    assert.strictEqual(PlannedDowntime.current(100_001, path), 1_900_000_600, "announce resets the cache")
  })
})
