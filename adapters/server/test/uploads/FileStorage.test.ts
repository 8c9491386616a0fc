/**
 * `FileStorage` over a `Storage` (the in-memory double here; the disk and S3 stores pass the same contract in
 * `@quotekit/storage`): content-addressed keys, the same bytes stored once, the size limit and the content check
 * applied as the bytes arrive, the content type the bytes show kept with the object, and missing files.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import * as Memory from "@quotekit/storage/Memory"
import type { Storage } from "@quotekit/storage/Storage"
import { Data, Effect, Option, Stream } from "effect"
import * as FileStorage from "../../src/uploads/FileStorage.ts"

const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64"
  )
)

/** A stream of `bytes` in chunks of `size`. */
const chunks = (bytes: Uint8Array, size = 1000) =>
  Stream.fromIterable(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.slice(i * size, (i + 1) * size))
  )

const counting = (objects: Map<string, Memory.MemoryObject>) => {
  const inner = Memory.make(objects)
  let puts = 0
  const storage: Storage["Service"] = {
    ...inner,
    put: (key, body, o) =>
      Effect.suspend(() => {
        puts++
        return inner.put(key, body, o)
      })
  }
  return { storage, puts: () => puts }
}

class NotAllowed extends Data.TaggedError("NotAllowed")<{ readonly first: number }> {}

describe("FileStorage over a Storage", () => {
  it.effect("stores under <account>/<sha-256>, with the type its bytes show, and reads it back", () =>
    Effect.gen(function* () {
      const objects = new Map<string, Memory.MemoryObject>()
      const files = FileStorage.make(Memory.make(objects))
      const stored = yield* files.put(7, chunks(PNG, 10), { maxBytes: 1000 })
      const hash = createHash("sha256").update(PNG).digest("hex")
      assert.deepStrictEqual([stored.key, stored.hash, stored.size], [`7/${hash}`, hash, PNG.length])
      assert.strictEqual(objects.get(stored.key)?.contentType, "image/png")
      assert.deepStrictEqual(yield* files.readAll(stored.key), PNG)
      assert.deepStrictEqual(Buffer.concat(yield* Stream.runCollect(files.read(stored.key))), Buffer.from(PNG))
      assert.deepStrictEqual(yield* files.size(stored.key), Option.some(PNG.length))
    })
  )

  it.effect("the same bytes uploaded again (by any process) are not sent to the store again", () =>
    Effect.gen(function* () {
      const objects = new Map<string, Memory.MemoryObject>()
      const one = counting(objects)
      const other = counting(objects)
      const bytes = new Uint8Array(5000).fill(3)
      const a = yield* FileStorage.make(one.storage).put(1, chunks(bytes), { maxBytes: 10_000 })
      const b = yield* FileStorage.make(other.storage).put(1, chunks(bytes), { maxBytes: 10_000 })
      assert.strictEqual(a.key, b.key)
      assert.deepStrictEqual([one.puts(), other.puts()], [1, 0])
      // Another account's copy is its own object.
      const c = yield* FileStorage.make(other.storage).put(2, chunks(bytes), { maxBytes: 10_000 })
      assert.notStrictEqual(c.key, a.key)
      assert.strictEqual(objects.size, 2)
    })
  )

  it.effect("refuses content past the limit as it arrives, and content `inspect` refuses, storing nothing", () =>
    Effect.gen(function* () {
      const objects = new Map<string, Memory.MemoryObject>()
      const files = FileStorage.make(Memory.make(objects))
      let pulled = 0
      const endless = Stream.fromEffectRepeat(
        Effect.sync(() => {
          pulled++
          return new Uint8Array(1000)
        })
      )
      const big = yield* Effect.flip(files.put(1, endless, { maxBytes: 4500 }))
      assert.deepStrictEqual(big, new FileStorage.UploadTooLarge({ bytes: 5000 }))
      assert.strictEqual(pulled, 5)
      const refused = yield* Effect.flip(
        files.put(1, chunks(new Uint8Array(9000).fill(1)), {
          maxBytes: 100_000,
          inspect: (head) => Effect.fail(new NotAllowed({ first: head[0] ?? -1 }))
        })
      )
      assert.deepStrictEqual(refused, new NotAllowed({ first: 1 }))
      assert.strictEqual(objects.size, 0)
    })
  )

  it.effect("a key that is not stored, or not a key, is missing", () =>
    Effect.gen(function* () {
      const files = FileStorage.make(Memory.make())
      const key = `3/${"a".repeat(64)}`
      assert.deepStrictEqual(yield* Effect.flip(files.readAll(key)), new FileStorage.FileMissing({ key }))
      assert.deepStrictEqual(yield* files.size(key), Option.none())
      assert.deepStrictEqual(yield* files.size("../etc/passwd"), Option.none())
      assert.strictEqual((yield* Effect.flip(Stream.runCollect(files.read("../etc/passwd"))))._tag, "FileMissing")
    })
  )
})
