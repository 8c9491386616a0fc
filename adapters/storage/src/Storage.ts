/**
 * Where uploaded bytes live, as a small service the server depends on: `put` a stream under a key (refused once
 * it passes a size limit), `get` it back as a stream, `head` its size and content type, `delete` it, `list` the
 * keys under a prefix (for backups). Implementations: `LocalDisk` (a folder), `S3` (any S3-compatible object
 * storage) and `Memory` (the test double); `layerFromEnv` picks S3 when `QUOTEKIT_S3_BUCKET` is set, the disk
 * otherwise.
 *
 * Keys are paths of plain segments (`12/9f86d0…`): letters, digits, `.`, `_` and `-` separated by `/`, never
 * `.` or `..` alone, at most 512 characters. Anything else is refused before it reaches a disk or a bucket.
 *
 * @example
 * const storage = yield* Storage.Storage
 * yield* storage.put("7/logo", Stream.make(bytes), { contentType: "image/png", maxBytes: 1_000_000 })
 * const back = yield* Stream.runCollect(storage.get("7/logo"))
 *
 * @since 0.1.0
 */
import { Context, type Effect, Option, Schema, type Stream } from "effect"

/** What storage knows about a stored object. */
export interface ObjectInfo {
  /** Bytes stored. */
  readonly size: number
  /** The content type given when it was stored (`application/octet-stream` when the store keeps none). */
  readonly contentType: string
}

/** How to store an object. */
export interface PutOptions {
  /** The content type to keep with the object (served back by `head`). */
  readonly contentType: string
  /** Most bytes accepted: the put fails with `ObjectTooLarge` as soon as more arrive, storing nothing. */
  readonly maxBytes: number
}

/** No object is stored under the key. */
export class ObjectMissing extends Schema.TaggedError<ObjectMissing>()("ObjectMissing", { key: Schema.String }) {}

/** The content went over `maxBytes`; `bytes` is how much had arrived when it was cut off. Nothing was stored. */
export class ObjectTooLarge extends Schema.TaggedError<ObjectTooLarge>()("ObjectTooLarge", {
  key: Schema.String,
  maxBytes: Schema.Number,
  bytes: Schema.Number
}) {}

/** The key is not one storage accepts (see the module header). */
export class InvalidKey extends Schema.TaggedError<InvalidKey>()("InvalidKey", { key: Schema.String }) {}

/** The store could not be reached or refused the operation (a bucket down, a disk full, wrong credentials). */
export class StorageFailed extends Schema.TaggedError<StorageFailed>()("StorageFailed", {
  operation: Schema.Literals(["put", "get", "head", "delete", "list"]),
  key: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `storage ${this.operation} of ${this.key} failed: ${this.reason}`
  }
}

/** The storage service. */
export class Storage extends Context.Service<
  Storage,
  {
    /** Which store this is (`disk` or `s3`), for logs and the operator. */
    readonly kind: "disk" | "s3" | "memory"
    /** Store a stream under `key` (replacing what was there); the object is visible only once complete. */
    readonly put: <E>(
      key: string,
      body: Stream.Stream<Uint8Array, E>,
      options: PutOptions
    ) => Effect.Effect<ObjectInfo, E | ObjectTooLarge | InvalidKey | StorageFailed>
    /** The bytes stored under `key`. */
    readonly get: (key: string) => Stream.Stream<Uint8Array, ObjectMissing | InvalidKey | StorageFailed>
    /** Size and content type of the object under `key`; none when there is none. */
    readonly head: (key: string) => Effect.Effect<Option.Option<ObjectInfo>, InvalidKey | StorageFailed>
    /** Remove the object under `key`; nothing happens when there is none. */
    readonly delete: (key: string) => Effect.Effect<void, InvalidKey | StorageFailed>
    /** Every key under `prefix` (`""` for all), in no particular order. */
    readonly list: (prefix: string) => Stream.Stream<string, StorageFailed>
  }
>()("quotekit/storage/Storage") {}

const segment = /^[A-Za-z0-9._-]+$/

/** Whether `key` is one storage accepts (see the module header). */
export const isValidKey = (key: string): boolean =>
  key.length > 0 && key.length <= 512 && key.split("/").every((s) => segment.test(s) && s !== "." && s !== "..")

/** `key` when valid, none otherwise. */
export const validKey = (key: string): Option.Option<string> => (isValidKey(key) ? Option.some(key) : Option.none())

/** The content type of objects stored without one. */
export const DEFAULT_CONTENT_TYPE = "application/octet-stream"
