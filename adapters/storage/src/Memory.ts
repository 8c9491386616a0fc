/**
 * The test double of `Storage`: objects in a `Map`, with every rule of the real stores (keys checked, the size
 * limit enforced as bytes arrive, nothing stored when a put fails). `objects` lets a test look inside.
 *
 * @since 0.1.0
 */
import { Effect, Layer, Option, Stream } from "effect"
import { InvalidKey, isValidKey, type ObjectInfo, ObjectMissing, ObjectTooLarge, Storage } from "./Storage.ts"

/** An object as the double keeps it. */
export interface MemoryObject extends ObjectInfo {
  readonly bytes: Uint8Array
}

/** A store in memory; `objects` is its content. */
export const make = (objects: Map<string, MemoryObject> = new Map()) =>
  Storage.of({
    kind: "memory",
    put: (key, body, options) =>
      Effect.gen(function* () {
        if (!isValidKey(key)) return yield* new InvalidKey({ key })
        const parts: Array<Uint8Array> = []
        let size = 0
        yield* Stream.runForEach(body, (chunk) => {
          size += chunk.length
          if (size > options.maxBytes)
            return Effect.fail(new ObjectTooLarge({ key, maxBytes: options.maxBytes, bytes: size }))
          parts.push(chunk)
          return Effect.void
        })
        const bytes = Buffer.concat(parts)
        const info = { size, contentType: options.contentType }
        objects.set(key, { ...info, bytes: new Uint8Array(bytes) })
        return info
      }),
    get: (key) =>
      Stream.unwrap(
        Effect.suspend((): Effect.Effect<Stream.Stream<Uint8Array>, InvalidKey | ObjectMissing> => {
          if (!isValidKey(key)) return Effect.fail(new InvalidKey({ key }))
          const found = objects.get(key)
          return found === undefined
            ? Effect.fail(new ObjectMissing({ key }))
            : Effect.succeed(Stream.make(found.bytes))
        })
      ),
    head: (key) =>
      Effect.suspend(() => {
        if (!isValidKey(key)) return Effect.fail(new InvalidKey({ key }))
        const found = objects.get(key)
        return Effect.succeed(
          found === undefined ? Option.none() : Option.some({ size: found.size, contentType: found.contentType })
        )
      }),
    delete: (key) =>
      Effect.suspend(() =>
        isValidKey(key) ? Effect.sync(() => void objects.delete(key)) : Effect.fail(new InvalidKey({ key }))
      ),
    list: (prefix) => Stream.suspend(() => Stream.fromIterable([...objects.keys()].filter((k) => k.startsWith(prefix))))
  })

/** A layer of a fresh store in memory. */
export const layer = (objects?: Map<string, MemoryObject>): Layer.Layer<Storage> =>
  Layer.sync(Storage, () => make(objects))
