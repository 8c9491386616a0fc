import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import * as ServerBundle from "../start/ServerBundle.ts"

const root = fileURLToPath(new URL("../..", import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), "quotekit-start-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

/** `npm start`'s script in a child process; answers once `/api/health` does, with what it printed. */
const start = async (env: Record<string, string>) => {
  const child = spawn(process.execPath, ["--conditions=@quotekit/source", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", HOST: "127.0.0.1", LOG_REQUESTS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString()
  })
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString()
  })
  for (let i = 0; i < 1200; i++) {
    const m = /running at (http:\/\/\S+)/.exec(output)
    if (m !== null) {
      const health = await fetch(new URL("/api/health", m[1]!.replace("localhost", "127.0.0.1")))
      return { child, output, health: health.status }
    }
    if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}: ${output}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`start never answered: ${output}`)
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code))
    child.kill("SIGINT")
  })

describe("npm start", () => {
  it("bundles the server once and reuses the bundle while its sources are unchanged", async () => {
    const cache = join(scratch, "cache")
    const entry = await ServerBundle.ensure(root, cache)
    const built = statSync(entry).mtimeMs
    expect(await ServerBundle.ensure(root, cache)).toBe(entry)
    expect(statSync(entry).mtimeMs).toBe(built)
  })

  it("runs the bundled server on the embedded database, twice over the same data, and stops on Ctrl-C", async () => {
    const env = {
      PORT: String(await freePort()),
      QUOTEKIT_DATA_DIR: join(scratch, "data"),
      APP_DIST: join(scratch, "no-app")
    }
    const first = await start(env)
    expect(first.health).toBe(200)
    expect(first.output).toContain("demo sign-in")
    // Interrupted, it exits as a program stopped by Ctrl-C does (128 + SIGINT) once the database has closed.
    expect(await stop(first.child)).toBe(130)
    expect(existsSync(`${env.QUOTEKIT_DATA_DIR}.lock`)).toBe(false)
    const again = await start(env)
    expect(again.health).toBe(200)
    // Nothing changed in between: the second start neither builds the app nor bundles the server.
    expect(again.output).not.toMatch(/Building the app|Bundling the server/)
    expect(await stop(again.child)).toBe(130)
  })
})
