import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { afterAll } from "vitest"
import * as Memory from "../src/Memory.ts"
import * as Transfer from "../src/Transfer.ts"

const dir = mkdtempSync(join(tmpdir(), "quotekit-storage-transfer-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("Transfer", () => {
  it.effect("copies every object to a folder by key, and back into another store", () =>
    Effect.gen(function* () {
      const from = Memory.make()
      const put = (key: string, text: string) =>
        from.put(key, Stream.make(new TextEncoder().encode(text)), { contentType: "text/plain", maxBytes: 100 })
      yield* put("1/aa", "one")
      yield* put("1/bb", "two")
      yield* put("22/cc", "three")
      assert.strictEqual(yield* Transfer.exportTo(from, dir), 3)
      assert.strictEqual(readFileSync(join(dir, "22", "cc"), "utf8"), "three")

      const objects = new Map<string, Memory.MemoryObject>()
      assert.strictEqual(yield* Transfer.importFrom(Memory.make(objects), dir), 3)
      assert.deepStrictEqual([...objects].map(([k, o]) => [k, Buffer.from(o.bytes).toString()]).sort(), [
        ["1/aa", "one"],
        ["1/bb", "two"],
        ["22/cc", "three"]
      ])
    })
  )
})
