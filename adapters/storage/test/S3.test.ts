/**
 * The S3 store against s3rver, a local S3-compatible server speaking the S3 REST protocol (signed requests,
 * path-style addressing, XML answers), as MinIO or AWS would.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Option, Stream } from "effect"
import S3rver from "s3rver"
import { afterAll, beforeAll } from "vitest"
import * as S3 from "../src/S3.ts"
import { contract } from "./StorageContract.ts"

const directory = mkdtempSync(join(tmpdir(), "quotekit-storage-s3-"))
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: "uploads" }]
})
let endpoint = ""
beforeAll(async () => {
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
})
afterAll(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})

const options = () => ({
  bucket: "uploads",
  region: "us-east-1",
  endpoint,
  prefix: "quotekit",
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }
})

describe("S3 (against s3rver)", () => {
  contract(
    (effect) =>
      Effect.provide(
        effect,
        Layer.suspend(() => S3.layer(options()))
      ),
    true
  )

  it.live("keeps objects under the prefix: another prefix of the same bucket sees none of them", () =>
    Effect.gen(function* () {
      const one = S3.make(options())
      const other = S3.make({ ...options(), prefix: "elsewhere/" })
      yield* one.storage.put("5/k", Stream.make(new Uint8Array([1, 2, 3])), {
        contentType: "application/pdf",
        maxBytes: 10
      })
      assert.isTrue(Option.isSome(yield* one.storage.head("5/k")))
      assert.isTrue(Option.isNone(yield* other.storage.head("5/k")))
      one.destroy()
      other.destroy()
    })
  )

  it.live("a bucket that does not exist fails the put with the store's reason", () =>
    Effect.gen(function* () {
      const made = S3.make({ ...options(), bucket: "no-such-bucket" })
      const refused = yield* Effect.flip(
        made.storage.put("6/k", Stream.make(new Uint8Array([1])), { contentType: "text/plain", maxBytes: 10 })
      )
      assert.strictEqual(refused._tag, "StorageFailed")
      if (refused._tag === "StorageFailed") assert.include(refused.reason, "NoSuchBucket")
      made.destroy()
    })
  )

  it.effect("is configured from QUOTEKIT_S3_* and off without a bucket", () =>
    Effect.gen(function* () {
      const off = yield* S3.config.pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({}))))
      assert.isTrue(Option.isNone(off))
      const on = yield* S3.config.pipe(
        Effect.provide(
          ConfigProvider.layer(
            ConfigProvider.fromUnknown({
              QUOTEKIT_S3_BUCKET: "b",
              QUOTEKIT_S3_ENDPOINT: "http://127.0.0.1:9000",
              QUOTEKIT_S3_REGION: "eu-west-1"
            })
          )
        )
      )
      assert.deepStrictEqual(on, Option.some({ bucket: "b", region: "eu-west-1", endpoint: "http://127.0.0.1:9000" }))
    })
  )
})
