/**
 * Where uploaded files live. `FileStorage` is the interface (content-addressed: a file's key is its account
 * and the SHA-256 of its bytes, so the same bytes uploaded twice are stored once), built on the `Storage` of
 * `@quotekit/storage`: files under `QUOTEKIT_DATA_DIR/files/<account>/<hash>` on the local disk, or objects of
 * the same keys in S3-compatible object storage when `QUOTEKIT_S3_BUCKET` is set (docs/scale-out.md), so every
 * server process behind a load balancer reads every upload.
 *
 * `put` streams the content to a temporary file while hashing and counting it: the size limit is enforced as
 * the bytes arrive, so an oversize upload is refused at the limit and never held in memory. The first bytes
 * (`head`, up to `HEAD_BYTES`) are handed to `inspect` before the rest is taken, so a file whose content is
 * refused (not an image, not text) is refused early too. Once complete it is stored under its hash (not again
 * when those bytes are already there), with the content type its bytes show.
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdtemp, open, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { layerFromEnv } from "@quotekit/storage"
import * as LocalDisk from "@quotekit/storage/LocalDisk"
import { Storage } from "@quotekit/storage/Storage"
import { Config, Context, Data, Effect, Layer, Option, Stream } from "effect"

/** How many leading bytes `inspect` sees (what content sniffing needs). */
export const HEAD_BYTES = 4100

/** A stored file: its storage key, SHA-256 (hex), size in bytes and leading bytes. */
export interface Stored {
  readonly key: string
  readonly hash: string
  readonly size: number
  readonly head: Uint8Array
}

/** The content went over the limit; `bytes` is how much had arrived when it was cut off. */
export class UploadTooLarge extends Data.TaggedError("UploadTooLarge")<{ readonly bytes: number }> {}

/** The file is not in storage (removed by hand, or a key from another store). */
export class FileMissing extends Data.TaggedError("FileMissing")<{ readonly key: string }> {}

/** The storage service. */
export class FileStorage extends Context.Service<
  FileStorage,
  {
    /**
     * Store a stream of bytes for an account, refusing it once it passes `maxBytes`. `inspect` sees the first
     * bytes before the rest is stored and may refuse the file with its own error.
     */
    readonly put: <E, E2 = never>(
      account: number,
      content: Stream.Stream<Uint8Array, E>,
      options: { readonly maxBytes: number; readonly inspect?: (head: Uint8Array) => Effect.Effect<void, E2> }
    ) => Effect.Effect<Stored, UploadTooLarge | E | E2>
    /** The bytes of a stored file. */
    readonly read: (key: string) => Stream.Stream<Uint8Array, FileMissing>
    /** The whole content of a stored file (for small files such as CSV imports). */
    readonly readAll: (key: string) => Effect.Effect<Uint8Array, FileMissing>
    /** The size of a stored file; none when missing. */
    readonly size: (key: string) => Effect.Effect<Option.Option<number>>
  }
>()("quotekit/server/FileStorage") {}

const concat = (parts: ReadonlyArray<Uint8Array>, max: number): Uint8Array => {
  const out = new Uint8Array(
    Math.min(
      max,
      parts.reduce((n, p) => n + p.length, 0)
    )
  )
  let at = 0
  for (const p of parts) {
    if (at >= out.length) break
    const take = p.subarray(0, out.length - at)
    out.set(take, at)
    at += take.length
  }
  return out
}

/** A storage failure (the bucket or disk unreachable) is the server's fault, not the upload's: a defect, logged. */
const orDie = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, never, R> =>
  Effect.catch(effect, (e) =>
    Effect.die(new Error(`file storage failed: ${e instanceof Error ? e.message : String(e)}`))
  )

/** Files kept in `storage` under `<account>/<sha-256>`. */
export const make = (storage: Storage["Service"]) =>
  FileStorage.of({
    put: <E, E2 = never>(
      account: number,
      content: Stream.Stream<Uint8Array, E>,
      options: { readonly maxBytes: number; readonly inspect?: (head: Uint8Array) => Effect.Effect<void, E2> }
    ): Effect.Effect<Stored, UploadTooLarge | E | E2> =>
      Effect.gen(function* () {
        const dir = yield* Effect.acquireRelease(
          Effect.promise(() => mkdtemp(join(tmpdir(), "quotekit-upload-"))),
          (d) => Effect.promise(() => rm(d, { recursive: true, force: true }))
        )
        const temp = join(dir, "upload")
        const handle = yield* Effect.acquireRelease(
          Effect.promise(() => open(temp, "wx", 0o600)),
          (h) => Effect.promise(() => h.close().catch(() => undefined))
        )
        const hash = createHash("sha256")
        const headParts: Array<Uint8Array> = []
        let headSize = 0
        let inspected = options.inspect === undefined
        let size = 0
        const writeAll = (chunks: ReadonlyArray<Uint8Array>) =>
          Effect.promise(async () => {
            for (const c of chunks) await handle.write(c)
          })
        const write = (chunk: Uint8Array): Effect.Effect<void, UploadTooLarge | E2> =>
          Effect.gen(function* () {
            size += chunk.length
            if (size > options.maxBytes) return yield* new UploadTooLarge({ bytes: size })
            hash.update(chunk)
            // The head is kept whether or not it is inspected: the stored object's content type comes from it.
            if (headSize < HEAD_BYTES) {
              headParts.push(chunk)
              headSize += chunk.length
            }
            if (inspected) return yield* writeAll([chunk])
            if (headSize >= HEAD_BYTES) {
              inspected = true
              yield* options.inspect!(concat(headParts, HEAD_BYTES))
              yield* writeAll(headParts)
            }
          })
        yield* Stream.runForEach(content, write)
        const head = concat(headParts, HEAD_BYTES)
        if (!inspected) {
          yield* options.inspect!(head)
          yield* writeAll(headParts)
        }
        yield* Effect.promise(() => handle.close())
        const digest = hash.digest("hex")
        const key = `${account}/${digest}`
        // The same bytes stored before (by this process or another) are not sent again.
        const existing = yield* orDie(storage.head(key))
        if (Option.isNone(existing) || existing.value.size !== size) {
          const detected = yield* Effect.promise(() =>
            // file-type is loaded by the first file stored, not with the server's start.
            import("file-type").then(({ fileTypeFromBuffer }) => fileTypeFromBuffer(head).catch(() => undefined))
          )
          yield* orDie(
            storage.put(
              key,
              Stream.fromAsyncIterable(createReadStream(temp) as AsyncIterable<Uint8Array>, (cause) => cause as Error),
              { contentType: detected?.mime ?? "application/octet-stream", maxBytes: options.maxBytes }
            )
          )
        }
        return { key, hash: digest, size, head }
      }).pipe(Effect.scoped),
    read: (key) =>
      storage.get(key).pipe(
        Stream.catchTags({
          ObjectMissing: () => Stream.fail(new FileMissing({ key })),
          InvalidKey: () => Stream.fail(new FileMissing({ key })),
          StorageFailed: (e) => Stream.die(new Error(e.message))
        })
      ),
    readAll: (key) =>
      Stream.runCollect(
        storage.get(key).pipe(
          Stream.catchTags({
            ObjectMissing: () => Stream.fail(new FileMissing({ key })),
            InvalidKey: () => Stream.fail(new FileMissing({ key })),
            StorageFailed: (e) => Stream.die(new Error(e.message))
          })
        )
      ).pipe(Effect.map((chunks) => new Uint8Array(Buffer.concat(chunks)))),
    size: (key) =>
      storage.head(key).pipe(
        Effect.map(Option.map((info) => info.size)),
        Effect.catchTag("InvalidKey", () => Effect.succeed(Option.none())),
        orDie
      )
  })

/** Files on disk in the given folder. */
export const layerDisk = (root: string): Layer.Layer<FileStorage> =>
  Layer.succeed(FileStorage, make(LocalDisk.make(root)))

/** Files in the `Storage` of the context. */
export const layerStorage: Layer.Layer<FileStorage, never, Storage> = Layer.effect(
  FileStorage,
  Effect.map(Storage, make)
)

/**
 * Files in S3-compatible object storage when `QUOTEKIT_S3_BUCKET` is set, else on disk under
 * `QUOTEKIT_DATA_DIR/files` (default `.quotekit/files`).
 */
export const layer: Layer.Layer<FileStorage, Config.ConfigError> = Layer.unwrap(
  Effect.map(Config.String("QUOTEKIT_DATA_DIR").pipe(Config.withDefault(".quotekit")), (dir) =>
    layerStorage.pipe(Layer.provide(layerFromEnv(join(dir, "files"))))
  )
)
