/**
 * The lock on an embedded data folder: PGlite has none of its own, and two processes writing one data folder
 * corrupt it, so a second quotekit on the same folder is refused.
 *
 * The lock is the operating system's (`flock(2)` on `<dataDir>.lock`), held by a small `flock` child process
 * for as long as this process lives: the child reads its standard input from us, and when we exit, however we
 * exit (Ctrl-C, a crash, `kill -9`), the pipe closes, the child ends and the kernel drops the lock. So a restart
 * right after a crash is never refused by a dead process, nor by a live one that happens to have the dead one's
 * process id (a container restarted with its data volume kept). The file holds the holder's process id, only
 * for the message. Where `flock(1)` is missing (not Linux), a process-id lock is the fallback.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { resolve } from "node:path"
import { Data, Effect } from "effect"

/** Another process holds the data folder. */
export class DataDirInUse extends Data.TaggedError("DataDirInUse")<{
  readonly dataDir: string
  readonly holder: string
}> {
  override get message() {
    return `The embedded database in ${this.dataDir} is in use by process ${this.holder}; stop it first`
  }
}

/** The lock file could not be made or held (a read-only folder, say). */
export class DataDirLockFailed extends Data.TaggedError("DataDirLockFailed")<{ readonly cause: unknown }> {
  override get message() {
    return `Could not lock the embedded database: ${String(this.cause)}`
  }
}

/** How long a start waits for a lock another process is giving up (a stopping server's last second). */
export const WAIT_SECONDS = 2

/** The file `flock` holds for `dataDir`. */
export const lockFile = (dataDir: string): string => `${resolve(dataDir)}.lock`

const hasFlock = (): boolean => {
  try {
    return spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0
  } catch {
    return false
  }
}

const holderOf = (file: string): string => {
  try {
    return readFileSync(file, "utf8").trim() || "unknown"
  } catch {
    return "unknown"
  }
}

/** Take the lock with a `flock` child that holds it while our stdin pipe to it stays open. */
const takeWithFlock = (dataDir: string, file: string) =>
  Effect.callback<ChildProcess, DataDirInUse | DataDirLockFailed>((resume) => {
    writeFileSync(file, "", { flag: "a" })
    const child = spawn(
      "flock",
      ["--wait", String(WAIT_SECONDS), "--conflict-exit-code", "75", file, "sh", "-c", "echo held; exec cat"],
      // A process group of its own: a Ctrl-C on the terminal stops us, and we let go when our scope closes.
      { stdio: ["pipe", "pipe", "inherit"], detached: true }
    )
    let settled = false
    child.stdout?.once("data", () => {
      settled = true
      writeFileSync(file, String(process.pid))
      // The child must not keep this process alive, nor be killed by its Ctrl-C before the pipe closes.
      child.unref()
      child.stdout?.destroy()
      ;(child.stdin as unknown as { unref(): void } | null)?.unref()
      resume(Effect.succeed(child))
    })
    child.once("error", (cause) => {
      if (!settled) resume(Effect.fail(new DataDirLockFailed({ cause })))
    })
    child.once("exit", (code) => {
      if (settled) return
      settled = true
      resume(
        Effect.fail(
          code === 75
            ? new DataDirInUse({ dataDir: resolve(dataDir), holder: holderOf(file) })
            : new DataDirLockFailed({ cause: new Error(`flock exited with ${code}`) })
        )
      )
    })
  })

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Without flock(1): a file holding our process id, taken over when its holder no longer runs. */
const takeWithPid = (dataDir: string, file: string) =>
  Effect.try({
    try: () => {
      try {
        writeFileSync(file, String(process.pid), { flag: "wx" })
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
        const holder = Number(holderOf(file))
        if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) return false
        writeFileSync(file, String(process.pid))
        return true
      }
    },
    catch: (cause) => new DataDirLockFailed({ cause })
  }).pipe(
    Effect.flatMap((taken) =>
      taken ? Effect.void : Effect.fail(new DataDirInUse({ dataDir: resolve(dataDir), holder: holderOf(file) }))
    )
  )

/** Hold the lock on `dataDir` until the scope closes. */
export const hold = Effect.fn("DataDirLock.hold")(function* (dataDir: string) {
  const file = lockFile(dataDir)
  if (hasFlock()) {
    const child = yield* takeWithFlock(dataDir, file)
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        writeFileSync(file, "")
        child.stdin?.end()
      })
    )
  } else {
    yield* takeWithPid(dataDir, file)
    yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(file, { force: true })))
  }
})
