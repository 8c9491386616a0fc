/**
 * Copying every object of a store to a folder and back: how `npm run backup` puts uploads kept in object
 * storage into the backup file (as `files/<key>`, the local disk's own layout) and `npm run restore` puts them
 * back, so a backup holds the uploads wherever they live.
 *
 * @since 0.1.0
 */
import { createReadStream } from "node:fs"
import { mkdir, readdir, writeFile } from "node:fs/promises"
import { dirname, join, relative, sep } from "node:path"
import { Effect, Stream } from "effect"
import { DEFAULT_CONTENT_TYPE, isValidKey, type Storage } from "./Storage.ts"

/** The largest object copied back (the largest upload the server accepts is well under it). */
const MAX_OBJECT_BYTES = 2 ** 40

/** Write every object of `storage` to `dir/<key>`; how many were written. */
export const exportTo = (storage: Storage["Service"], dir: string) =>
  Effect.gen(function* () {
    let count = 0
    yield* Stream.runForEach(storage.list(""), (key) =>
      Effect.gen(function* () {
        const bytes = yield* Stream.runCollect(storage.get(key))
        const path = join(dir, key)
        yield* Effect.promise(async () => {
          await mkdir(dirname(path), { recursive: true })
          await writeFile(path, Buffer.concat(bytes), { mode: 0o600 })
        })
        count++
      })
    )
    return count
  })

const filesUnder = async (dir: string): Promise<Array<string>> => {
  const out: Array<string> = []
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) await walk(path)
      else if (entry.isFile()) out.push(relative(dir, path).split(sep).join("/"))
    }
  }
  await walk(dir)
  return out
}

/** Store every file under `dir` in `storage` under its relative path; how many were stored. */
export const importFrom = (storage: Storage["Service"], dir: string) =>
  Effect.gen(function* () {
    const keys = (yield* Effect.promise(() => filesUnder(dir))).filter(isValidKey)
    for (const key of keys)
      yield* storage.put(
        key,
        Stream.fromAsyncIterable(
          createReadStream(join(dir, key)) as AsyncIterable<Uint8Array>,
          (cause) => cause as Error
        ),
        { contentType: DEFAULT_CONTENT_TYPE, maxBytes: MAX_OBJECT_BYTES }
      )
    return keys.length
  })
