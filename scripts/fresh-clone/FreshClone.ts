/**
 * The README's first minute on a fresh machine, as a script: copy this checkout's files (what git tracks or would
 * track, uncommitted changes included) into a temporary folder, run `npm ci` with a PATH that holds only the
 * system's Node (the one outside any `node_modules`, Node 20 on the build machines), its npm and the basic shell
 * tools, then `npm start` until it prints its address, answers `/api/health` and signs the demo user in.
 *
 * Used by `scripts/test/fresh-clone.test.ts` and `bench/start-fresh-clone.bench.ts`.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { delimiter, dirname, join } from "node:path"

/** The tools a fresh machine's PATH gives `npm ci` and `npm start` besides Node and npm. */
const basicTools = ["sh", "env", "tar", "flock", "cat", "git"]

/** The first `name` on the PATH outside any `node_modules` (the system's, not the one `npm ci` brought). */
export const systemCommand = (name: string, path = process.env.PATH ?? ""): string | undefined => {
  for (const dir of path.split(delimiter)) {
    if (dir === "" || dir.includes("node_modules")) continue
    const candidate = join(dir, name)
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

/** A folder holding only the system's `node`, `npm`, `npx` and the basic tools, as links. */
export const barePath = (into: string): string => {
  mkdirSync(into, { recursive: true })
  const node = systemCommand("node")
  if (node === undefined) throw new Error("no system Node.js on the PATH")
  symlinkSync(realpathSync(node), join(into, "node"))
  for (const name of ["npm", "npx"]) {
    const found = systemCommand(name) ?? join(dirname(node), name)
    if (existsSync(found)) symlinkSync(found, join(into, name))
  }
  for (const name of basicTools) {
    const found = systemCommand(name)
    if (found !== undefined) symlinkSync(found, join(into, name))
  }
  return into
}

/** Copy the checkout at `from` into `to`, as a clone with the working copy's changes would hold it. */
export const copyCheckout = (from: string, to: string): void => {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: from,
    maxBuffer: 64 * 1024 * 1024
  })
    .toString()
    .split("\0")
    .filter((f) => f !== "" && existsSync(join(from, f)))
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true })
    cpSync(join(from, file), join(to, file))
  }
}

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

/** What a fresh machine's shell has: the bare PATH, a HOME (npm's cache stays the user's), no npm settings. */
const freshEnv = (path: string, extra: Record<string, string>): Record<string, string> => ({
  PATH: path,
  HOME: process.env.HOME ?? tmpdir(),
  TMPDIR: tmpdir(),
  LANG: "C.UTF-8",
  ...extra
})

export interface Run {
  readonly status: number | null
  readonly output: string
  readonly seconds: number
}

const run = (command: string, args: ReadonlyArray<string>, cwd: string, env: Record<string, string>) =>
  new Promise<Run>((resolve) => {
    const started = performance.now()
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (c: Buffer) => (output += c.toString()))
    child.stderr.on("data", (c: Buffer) => (output += c.toString()))
    child.on("exit", (status) => resolve({ status, output, seconds: (performance.now() - started) / 1000 }))
  })

/** A fresh copy of the checkout with its bare PATH; `remove` deletes it all. */
export interface Clone {
  readonly dir: string
  readonly path: string
  readonly nodeVersion: string
  npmCi(): Promise<Run>
  start(): Promise<Started>
  remove(): void
}

/** `npm start` in the clone, once it answers. */
export interface Started {
  readonly base: string
  readonly seconds: number
  readonly output: () => string
  readonly child: ChildProcess
  stop(): Promise<number | null>
}

export const make = (checkout: string): Clone => {
  const scratch = mkdtempSync(join(tmpdir(), "quotekit-fresh-clone-"))
  const dir = join(scratch, "quotekit")
  copyCheckout(checkout, dir)
  const path = barePath(join(scratch, "bin"))
  const nodeVersion = execFileSync(join(path, "node"), ["--version"]).toString().trim()
  return {
    dir,
    path,
    nodeVersion,
    npmCi: () => run(join(path, "npm"), ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir, freshEnv(path, {})),
    start: async () => {
      const port = await freePort()
      const started = performance.now()
      const env = freshEnv(path, { PORT: String(port), HOST: "127.0.0.1", LOG_REQUESTS: "false" })
      const child = spawn(join(path, "npm"), ["start"], {
        cwd: dir,
        env,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true
      })
      let output = ""
      child.stdout?.on("data", (c: Buffer) => (output += c.toString()))
      child.stderr?.on("data", (c: Buffer) => (output += c.toString()))
      const base = `http://127.0.0.1:${port}`
      for (let i = 0; i < 6000; i++) {
        if (/running at http/.test(output)) {
          return {
            base,
            seconds: (performance.now() - started) / 1000,
            output: () => output,
            child,
            stop: () =>
              new Promise<number | null>((resolve) => {
                child.once("exit", (code) => resolve(code))
                // npm and the server it started: the whole process group.
                process.kill(-(child.pid as number), "SIGTERM")
              })
          }
        }
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      process.kill(-(child.pid as number), "SIGKILL")
      throw new Error(`npm start never answered:\n${output}`)
    },
    remove: () => rmSync(scratch, { recursive: true, force: true })
  }
}

/** Sign in over HTTP as the README says (anti-forgery token first); the server's answer, cookies included. */
export const signInAnswer = async (base: string, email: string, password: string): Promise<Response> => {
  const { token } = (await (await fetch(`${base}/api/csrf`)).json()) as { token: string }
  return fetch(`${base}/sign-in`, {
    method: "POST",
    headers: {
      cookie: `qk_csrf=${token}`,
      "x-csrf-token": token,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json"
    },
    body: JSON.stringify({ email, password })
  })
}

/** {@link signInAnswer}'s status. */
export const signIn = async (base: string, email: string, password: string): Promise<number> =>
  (await signInAnswer(base, email, password)).status
