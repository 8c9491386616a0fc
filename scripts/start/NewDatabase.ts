/**
 * A new embedded database, created by a short-lived child process before the server opens it. PGlite creating
 * PostgreSQL's files (`initdb`), migrating and seeding them grows its WebAssembly heap to about 1 GB, and such
 * a heap never shrinks: done in the server, that memory would stay resident for as long as it runs. Done in a
 * child (`Launch`'s `--prepare`) the memory goes back to the system when the child exits, and the server opens
 * an existing folder as it does on every later start.
 *
 * @example
 * if (NewDatabase.isNeeded(process.env)) await NewDatabase.prepare(entry, process.argv.slice(2), ["--liftoff-only"])
 *
 * @since 0.5.0
 */
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { constants } from "node:os"
import { join, resolve } from "node:path"

/**
 * Whether the start is on the embedded database (no `DATABASE_URL`; a blank one counts as none, as in
 * `Database.config`) and its data folder has no database yet.
 */
export const isNeeded = (env: NodeJS.ProcessEnv): boolean =>
  (env.DATABASE_URL ?? "").trim() === "" && !existsSync(join(resolve(env.QUOTEKIT_DATA_DIR || ".quotekit"), "pgdata"))

/**
 * Run the server's entry module with `--prepare` in a child process sharing this one's output, and wait for it;
 * `nodeFlags` are given to that Node process besides this one's (`WasmTiering`'s flags: they halve the memory
 * and save a fifth of the time creating the database takes). Answers the status this process should exit with
 * when the child failed (it printed why), or `undefined` once the database is ready. Ctrl-C or SIGTERM meanwhile
 * is passed on to the child, which closes the database.
 */
export const prepare = (
  entry: string,
  args: ReadonlyArray<string>,
  nodeFlags: ReadonlyArray<string> = []
): Promise<number | undefined> =>
  new Promise((done, fail) => {
    const command = [...process.execArgv, ...nodeFlags, entry, ...args, "--prepare"]
    const child = spawn(process.execPath, command, { stdio: "inherit" })
    const signals = ["SIGINT", "SIGTERM"] as const
    const forward = (signal: NodeJS.Signals) => child.kill(signal)
    for (const signal of signals) process.on(signal, forward)
    const settle = () => {
      for (const signal of signals) process.off(signal, forward)
    }
    child.once("error", (error) => {
      settle()
      fail(error)
    })
    child.once("exit", (code, signal) => {
      settle()
      done(code === 0 ? undefined : (code ?? 128 + (signal === null ? 0 : constants.signals[signal])))
    })
  })
