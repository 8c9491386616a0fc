import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { afterAll } from "vitest"
import * as DataDirLock from "../src/DataDirLock.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-lock-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let folders = 0
const folder = () => join(scratch, `data-${++folders}`)

/** A separate process holding the lock on `dataDir` until it is killed; answers once it holds it. */
const holder = (dataDir: string) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const module = new URL("../src/DataDirLock.ts", import.meta.url).href
    const script = `const { Effect } = await import("effect"); setInterval(() => {}, 60_000); const L = await import(${JSON.stringify(module)});
      await Effect.runPromise(Effect.scoped(L.hold(${JSON.stringify(dataDir)}).pipe(Effect.tap(() => Effect.sync(() => console.log("holding"))), Effect.andThen(Effect.never))))`
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] })
    let err = ""
    child.stderr.on("data", (d) => (err += d))
    child.stdout.once("data", () => resolve(child))
    child.once("exit", (code) => reject(new Error(`holder exited with ${code}: ${err}`)))
  })

describe("the data folder's lock", () => {
  it.live("is refused to a second holder while held, naming the holder, and free once the scope closes", () =>
    Effect.gen(function* () {
      const dataDir = folder()
      const first = yield* Effect.scoped(
        Effect.gen(function* () {
          yield* DataDirLock.hold(dataDir)
          assert.strictEqual(readFileSync(DataDirLock.lockFile(dataDir), "utf8"), String(process.pid))
          return yield* Effect.flip(Effect.scoped(DataDirLock.hold(dataDir)))
        })
      )
      assert.strictEqual(first._tag, "DataDirInUse")
      assert.strictEqual(
        first.message,
        `The embedded database in ${dataDir} is in use by process ${process.pid}; stop it first`
      )
      // Released: taken again at once.
      yield* Effect.scoped(DataDirLock.hold(dataDir))
    })
  )

  it.live("dies with its holder: after kill -9 the folder is taken again without waiting for anyone", () =>
    Effect.gen(function* () {
      const dataDir = folder()
      const child = yield* Effect.promise(() => holder(dataDir))
      const refused = yield* Effect.flip(Effect.scoped(DataDirLock.hold(dataDir)))
      assert.strictEqual(refused._tag, "DataDirInUse")
      assert.include(refused.message, `in use by process ${child.pid}`)
      child.kill("SIGKILL")
      yield* Effect.scoped(DataDirLock.hold(dataDir))
    })
  )

  it.live("is not fooled by a process id in the file: a live process named there that holds nothing is no holder", () =>
    Effect.gen(function* () {
      const dataDir = folder()
      // The lock file of a crashed server whose process id now belongs to another live process (here our parent).
      writeFileSync(DataDirLock.lockFile(dataDir), String(process.ppid))
      yield* Effect.scoped(DataDirLock.hold(dataDir))
    })
  )
})
