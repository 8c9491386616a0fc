/**
 * A quotekit server in a child process, as `npm start` runs it (from the sources, without the app build), that
 * a crash test can kill with SIGKILL and start again over the same data.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const entry = fileURLToPath(new URL("../../../../scripts/start/Entry.ts", import.meta.url))

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address()
      s.close(() => resolve(typeof a === "object" && a !== null ? a.port : 0))
    })
  })

export interface ServerProcess {
  readonly base: string
  readonly child: ChildProcess
  readonly output: () => string
  /** SIGKILL, answered once the process is gone. */
  kill(): Promise<void>
}

/** Start a server on `dataDir` (embedded) or `databaseUrl`; answers once `/api/health` answers 200. */
export const start = async (options: {
  readonly dataDir: string
  readonly databaseUrl?: string
  /** More environment for the server (settings a test needs). */
  readonly env?: Readonly<Record<string, string>>
  /** The module to run instead of the sources' entry (`npm start`'s bundle, which loads faster). */
  readonly entry?: string
}): Promise<ServerProcess> => {
  const port = await freePort()
  const appDist = join(options.dataDir, "no-app")
  mkdirSync(appDist, { recursive: true })
  let output = ""
  const child = spawn(process.execPath, ["--conditions=@quotekit/source", options.entry ?? entry, "--seed"], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl ?? "",
      QUOTEKIT_DATA_DIR: options.dataDir,
      APP_DIST: appDist,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_REQUESTS: "false",
      ...options.env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  child.stdout?.on("data", (d) => (output += String(d)))
  child.stderr?.on("data", (d) => (output += String(d)))
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`)
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0
    )
    if (status === 200)
      return {
        base,
        child,
        output: () => output,
        kill: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            child.once("exit", () => resolve())
            child.kill("SIGKILL")
          })
      }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill("SIGKILL")
  throw new Error(`the server never answered:\n${output}`)
}
