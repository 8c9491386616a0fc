/**
 * `Storage` on the local disk: the object under `a/b` is the file `<root>/a/b`. A put is written to a hidden
 * temporary file beside its target and renamed over it once complete (and synced), so a reader never sees half
 * an object and a put cut off by the size limit or a failure leaves nothing behind. The disk keeps no content
 * type: `head` answers `application/octet-stream` (the server keeps each file's type in its own table).
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises"
import { dirname, join, relative, resolve, sep } from "node:path"
import { Effect, Layer, Option, Stream } from "effect"
import {
  DEFAULT_CONTENT_TYPE,
  InvalidKey,
  isValidKey,
  ObjectMissing,
  ObjectTooLarge,
  Storage,
  StorageFailed
} from "./Storage.ts"

const reason = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause))
const isMissing = (cause: unknown) => (cause as { code?: unknown } | null)?.code === "ENOENT"
/** Temporary files of puts in progress start with this; `list` never names them. */
const TEMP_PREFIX = ".put-"

/** Files under `root` (created on the first put). */
export const make = (root: string) => {
  const base = resolve(root)
  const pathOf = (key: string) =>
    isValidKey(key) ? Effect.succeed(join(base, key)) : Effect.fail(new InvalidKey({ key }))

  return Storage.of({
    kind: "disk",
    put: (key, body, options) =>
      Effect.gen(function* () {
        const target = yield* pathOf(key)
        const failed = (cause: unknown) => new StorageFailed({ operation: "put", key, reason: reason(cause) })
        yield* Effect.tryPromise({ try: () => mkdir(dirname(target), { recursive: true }), catch: failed })
        const temp = join(dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`)
        const handle = yield* Effect.tryPromise({ try: () => open(temp, "wx", 0o600), catch: failed })
        let size = 0
        return yield* Effect.gen(function* () {
          yield* Stream.runForEach(body, (chunk): Effect.Effect<void, ObjectTooLarge | StorageFailed> => {
            size += chunk.length
            if (size > options.maxBytes)
              return Effect.fail(new ObjectTooLarge({ key, maxBytes: options.maxBytes, bytes: size }))
            return Effect.asVoid(Effect.tryPromise({ try: () => handle.write(chunk), catch: failed }))
          })
          yield* Effect.tryPromise({
            try: async () => {
              await handle.sync()
              await handle.close()
              await rename(temp, target)
            },
            catch: failed
          })
          return { size, contentType: options.contentType }
        }).pipe(
          Effect.onError(() =>
            Effect.promise(async () => {
              await handle.close().catch(() => undefined)
              await unlink(temp).catch(() => undefined)
            })
          )
        )
      }),
    get: (key) =>
      Stream.unwrap(
        Effect.map(pathOf(key), (path) =>
          Stream.fromAsyncIterable(createReadStream(path) as AsyncIterable<Uint8Array>, (cause) =>
            isMissing(cause)
              ? new ObjectMissing({ key })
              : new StorageFailed({ operation: "get", key, reason: reason(cause) })
          )
        )
      ),
    head: (key) =>
      Effect.flatMap(pathOf(key), (path) =>
        Effect.tryPromise({
          try: () => stat(path),
          catch: (cause) => cause
        }).pipe(
          Effect.map((s) =>
            s.isFile() ? Option.some({ size: s.size, contentType: DEFAULT_CONTENT_TYPE }) : Option.none()
          ),
          Effect.catch((cause) =>
            isMissing(cause)
              ? Effect.succeed(Option.none())
              : Effect.fail(new StorageFailed({ operation: "head", key, reason: reason(cause) }))
          )
        )
      ),
    delete: (key) =>
      Effect.flatMap(pathOf(key), (path) =>
        Effect.tryPromise({
          try: () => unlink(path).catch((cause) => (isMissing(cause) ? undefined : Promise.reject(cause))),
          catch: (cause) => new StorageFailed({ operation: "delete", key, reason: reason(cause) })
        })
      ),
    list: (prefix) =>
      Stream.fromAsyncIterable(
        (async function* () {
          const walk = async function* (dir: string): AsyncGenerator<string> {
            let entries: Array<import("node:fs").Dirent>
            try {
              entries = await readdir(dir, { withFileTypes: true })
            } catch (cause) {
              if (isMissing(cause)) return
              throw cause
            }
            for (const entry of entries) {
              if (entry.name.startsWith(TEMP_PREFIX)) continue
              const path = join(dir, entry.name)
              if (entry.isDirectory()) yield* walk(path)
              else if (entry.isFile()) {
                const key = relative(base, path).split(sep).join("/")
                if (key.startsWith(prefix) && isValidKey(key)) yield key
              }
            }
          }
          yield* walk(base)
        })(),
        (cause) => new StorageFailed({ operation: "list", key: prefix, reason: reason(cause) })
      )
  })
}

/** A layer of files under `root`. */
export const layer = (root: string): Layer.Layer<Storage> => Layer.succeed(Storage, make(root))
