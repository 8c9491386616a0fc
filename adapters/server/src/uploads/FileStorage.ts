/**
 * Where uploaded files live. `FileStorage` is the interface (content-addressed: a file's key is its account
 * and the SHA-256 of its bytes, so the same bytes uploaded twice are stored once); `layerDisk` keeps files
 * under `QUOTEKIT_DATA_DIR/files/<account>/<hash>`. An S3-compatible store can implement the same interface.
 *
 * `put` streams the content straight to storage while hashing and counting it: the size limit is enforced
 * as the bytes arrive, so an oversize upload is refused at the limit and never held in memory. The first
 * bytes (`head`, up to `HEAD_BYTES`) are handed to `inspect` before the rest is stored, so a file whose
 * content is refused (not an image, not text) is refused early too.
 *
 * @since 0.1.0
 */
import { createHash, randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdir, open, rename, stat, unlink } from "node:fs/promises"
import { join, resolve } from "node:path"
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

/** Files on disk under `root` (`<root>/<account>/<hash>`). */
export const makeDisk = (root: string) => {
  const base = resolve(root)
  const pathOf = (key: string) => {
    // Keys are made here ("<account>/<64 hex>"); anything else never reaches the disk.
    if (!/^[0-9]+\/[0-9a-f]{64}$/.test(key)) return undefined
    return join(base, key)
  }
  return FileStorage.of({
    put: <E, E2 = never>(
      account: number,
      content: Stream.Stream<Uint8Array, E>,
      options: { readonly maxBytes: number; readonly inspect?: (head: Uint8Array) => Effect.Effect<void, E2> }
    ): Effect.Effect<Stored, UploadTooLarge | E | E2> =>
      Effect.gen(function* () {
        const dir = join(base, String(account))
        yield* Effect.promise(() => mkdir(dir, { recursive: true }))
        const temp = join(dir, `.upload-${randomBytes(8).toString("hex")}`)
        const handle = yield* Effect.promise(() => open(temp, "wx"))
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
            if (inspected) return yield* writeAll([chunk])
            headParts.push(chunk)
            headSize += chunk.length
            if (headSize >= HEAD_BYTES) {
              inspected = true
              yield* options.inspect!(concat(headParts, HEAD_BYTES))
              yield* writeAll(headParts)
            }
          })
        const stored = yield* Effect.gen(function* () {
          yield* Stream.runForEach(content, write)
          const head = concat(headParts, HEAD_BYTES)
          if (!inspected) {
            yield* options.inspect!(head)
            yield* writeAll(headParts)
          }
          yield* Effect.promise(() => handle.close())
          const digest = hash.digest("hex")
          const key = `${account}/${digest}`
          yield* Effect.promise(() => rename(temp, join(base, key)))
          return { key, hash: digest, size, head }
        }).pipe(
          Effect.onError(() =>
            Effect.promise(async () => {
              await handle.close().catch(() => undefined)
              await unlink(temp).catch(() => undefined)
            })
          )
        )
        return stored
      }),
    read: (key) => {
      const path = pathOf(key)
      if (path === undefined) return Stream.fail(new FileMissing({ key }))
      return Stream.fromAsyncIterable(
        createReadStream(path) as AsyncIterable<Uint8Array>,
        () => new FileMissing({ key })
      )
    },
    readAll: (key) => {
      const path = pathOf(key)
      if (path === undefined) return Effect.fail(new FileMissing({ key }))
      return Effect.tryPromise({
        try: async () => {
          const h = await open(path, "r")
          try {
            return new Uint8Array(await h.readFile())
          } finally {
            await h.close()
          }
        },
        catch: () => new FileMissing({ key })
      })
    },
    size: (key) => {
      const path = pathOf(key)
      if (path === undefined) return Effect.succeed(Option.none())
      return Effect.promise(() =>
        stat(path).then(
          (s) => Option.some(s.size),
          () => Option.none()
        )
      )
    }
  })
}

/** Files on disk in the given folder. */
export const layerDisk = (root: string): Layer.Layer<FileStorage> => Layer.succeed(FileStorage, makeDisk(root))

/** Files on disk under `QUOTEKIT_DATA_DIR/files` (default `.quotekit/files`). */
export const layer: Layer.Layer<FileStorage, Config.ConfigError> = Layer.unwrap(
  Effect.map(Config.String("QUOTEKIT_DATA_DIR").pipe(Config.withDefault(".quotekit")), (dir) =>
    layerDisk(join(dir, "files"))
  )
)
