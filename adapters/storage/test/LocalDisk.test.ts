import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { afterAll } from "vitest"
import * as LocalDisk from "../src/LocalDisk.ts"
import { contract } from "./StorageContract.ts"

const root = mkdtempSync(join(tmpdir(), "quotekit-storage-disk-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("LocalDisk", () => {
  contract((effect) => Effect.provide(effect, LocalDisk.layer(root)), false)

  it.live("keeps an object as the file of its key, and leaves no temporary file behind a refused put", () =>
    Effect.gen(function* () {
      const storage = LocalDisk.make(root)
      yield* storage.put("9/plain.txt", Stream.make(new TextEncoder().encode("hello")), {
        contentType: "text/plain",
        maxBytes: 10
      })
      assert.strictEqual(readFileSync(join(root, "9", "plain.txt"), "utf8"), "hello")
      yield* Effect.flip(
        storage.put("9/big", Stream.make(new Uint8Array(20)), { contentType: "text/plain", maxBytes: 10 })
      )
      assert.isFalse(existsSync(join(root, "9", "big")))
      assert.deepStrictEqual(readdirSync(join(root, "9")), ["plain.txt"])
    })
  )
})
