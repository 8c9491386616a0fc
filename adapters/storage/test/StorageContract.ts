/**
 * The behaviour every `Storage` must have, run against each store (the disk, S3 over a local s3rver, the
 * double): round trips of bytes and content type, the size limit, missing objects, bad keys, listing.
 */
import { assert, it } from "@effect/vitest"
import { Effect, Option, Stream } from "effect"
import { Storage } from "../src/Storage.ts"

const bytesOf = (text: string) => new TextEncoder().encode(text)
const collect = (stream: Stream.Stream<Uint8Array, unknown>) =>
  Effect.map(Stream.runCollect(stream), (chunks) => Buffer.concat(chunks))

/** Declares the contract's tests for the store `use` provides; `keepsType` when it keeps content types. */
export const contract = (
  provide: <A, E>(effect: Effect.Effect<A, E, Storage>) => Effect.Effect<A, E>,
  keepsType: boolean
) => {
  it.live("stores a stream under a key and gives back the same bytes, size and type", () =>
    provide(
      Effect.gen(function* () {
        const storage = yield* Storage
        const big = new Uint8Array(300_000).map((_, i) => i % 251)
        const info = yield* storage.put("1/a-file.bin", Stream.make(bytesOf("head "), big, bytesOf(" tail")), {
          contentType: "image/png",
          maxBytes: 1_000_000
        })
        assert.strictEqual(info.size, 300_010)
        const back = yield* collect(storage.get("1/a-file.bin"))
        assert.deepStrictEqual(back, Buffer.concat([bytesOf("head "), big, bytesOf(" tail")]))
        const head = yield* storage.head("1/a-file.bin")
        assert.isTrue(Option.isSome(head))
        if (Option.isSome(head)) {
          assert.strictEqual(head.value.size, 300_010)
          assert.strictEqual(head.value.contentType, keepsType ? "image/png" : "application/octet-stream")
        }
        // Replaced by a second put under the same key.
        yield* storage.put("1/a-file.bin", Stream.make(bytesOf("new")), { contentType: "text/plain", maxBytes: 10 })
        assert.strictEqual((yield* collect(storage.get("1/a-file.bin"))).toString(), "new")
      })
    )
  )

  it.live("refuses content over the limit as it arrives and stores nothing", () =>
    provide(
      Effect.gen(function* () {
        const storage = yield* Storage
        let pulled = 0
        const endless = Stream.range(1, 10_000).pipe(
          Stream.map(() => new Uint8Array(1000)),
          Stream.tap(() => Effect.sync(() => pulled++))
        )
        const refused = yield* Effect.flip(
          storage.put("2/too-big", endless, { contentType: "application/pdf", maxBytes: 5_500 })
        )
        assert.strictEqual(refused._tag, "ObjectTooLarge")
        if (refused._tag === "ObjectTooLarge") assert.strictEqual(refused.bytes, 6000)
        assert.isBelow(pulled, 10)
        assert.isTrue(Option.isNone(yield* storage.head("2/too-big")))
        const keys = yield* Stream.runCollect(storage.list("2/"))
        assert.deepStrictEqual(keys, [])
      })
    )
  )

  it.live("answers a missing object as missing, deletes, lists by prefix and refuses bad keys", () =>
    provide(
      Effect.gen(function* () {
        const storage = yield* Storage
        const missing = yield* Effect.flip(collect(storage.get("3/none")))
        assert.strictEqual((missing as { _tag: string })._tag, "ObjectMissing")
        assert.isTrue(Option.isNone(yield* storage.head("3/none")))
        yield* storage.delete("3/none")

        const put = (key: string) =>
          storage.put(key, Stream.make(bytesOf(key)), { contentType: "text/plain", maxBytes: 100 })
        yield* put("3/x/one")
        yield* put("3/x/two")
        yield* put("3/y")
        const listed = [...(yield* Stream.runCollect(storage.list("3/x/")))].sort()
        assert.deepStrictEqual(listed, ["3/x/one", "3/x/two"])
        yield* storage.delete("3/x/one")
        assert.isTrue(Option.isNone(yield* storage.head("3/x/one")))
        assert.deepStrictEqual(yield* Stream.runCollect(storage.list("3/x/")), ["3/x/two"])

        for (const bad of ["", "../etc/passwd", "/abs", "a/../b", "a//b", "a b", "a\u0000b", "x".repeat(513)]) {
          const refused = yield* Effect.flip(put(bad))
          assert.strictEqual(refused._tag, "InvalidKey", bad)
          assert.strictEqual((yield* Effect.flip(storage.head(bad)))._tag, "InvalidKey")
        }
      })
    )
  )
}
