/**
 * A throw-away PostgreSQL cluster for crash tests, made with the machine's own binaries (`initdb` into a temporary
 * folder) so a test may kill it with SIGKILL without touching the machine's server. As root (CI), the cluster
 * runs as the `postgres` user through `runuser`, since PostgreSQL refuses to run as root.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process"
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"

/** The folder of `initdb` and `postgres`, when the machine has PostgreSQL's server binaries. */
export const binaries = (): string | undefined => {
  const root = "/usr/lib/postgresql"
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  for (const v of versions) if (existsSync(join(root, v, "bin/initdb"))) return join(root, v, "bin")
  return undefined
}

const asRoot = process.getuid?.() === 0

/** Whether a cluster can be made here: the binaries, and (as root) a `postgres` user and `runuser`. */
export const available = (): boolean =>
  binaries() !== undefined &&
  (!asRoot || (spawnSync("id", ["-u", "postgres"]).status === 0 && spawnSync("runuser", ["--help"]).status === 0))

const command = (bin: string, args: ReadonlyArray<string>): [string, Array<string>] =>
  asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, [...args]]

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address()
      s.close(() => resolve(typeof a === "object" && a !== null ? a.port : 0))
    })
  })

export interface Cluster {
  readonly url: string
  /** Start PostgreSQL (again after a kill: it recovers from its WAL); answers once it accepts connections. */
  start(): Promise<void>
  /** SIGKILL the postmaster; its backends exit on their own when they see it gone. */
  kill(): Promise<void>
  /** Stop it for good. */
  stop(): Promise<void>
}

/** A new cluster in `dir` (created), listening on a free loopback port, with a database `quotekit`. */
export const make = async (dir: string): Promise<Cluster> => {
  const bin = binaries()
  if (bin === undefined) throw new Error("no PostgreSQL binaries")
  mkdirSync(dir, { recursive: true })
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString())
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  const data = join(dir, "data")
  const [initdb, initArgs] = command(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
  execFileSync(initdb, initArgs, { stdio: "ignore" })
  const port = await freePort()
  let child: ChildProcess | undefined

  const postmasterPid = (): number | undefined => {
    try {
      return Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0])
    } catch {
      return undefined
    }
  }
  const ready = () =>
    spawnSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres"]).status === 0

  const start = async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const [postgres, args] = command(join(bin, "postgres"), [
        "-D",
        data,
        "-p",
        String(port),
        "-k",
        dir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "fsync=on"
      ])
      child = spawn(postgres, args, { stdio: "ignore" })
      for (let i = 0; i < 100 && child.exitCode === null; i++) {
        if (ready()) return
        await new Promise((r) => setTimeout(r, 100))
      }
      // Refused (the killed postmaster's backends still hold its shared memory): try again shortly.
      if (child.exitCode === null) child.kill("SIGKILL")
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error("PostgreSQL did not start")
  }
  await start()
  execFileSync(join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "quotekit"])

  const kill = async () => {
    const pid = postmasterPid()
    if (pid !== undefined && pid > 0) {
      try {
        process.kill(pid, "SIGKILL")
      } catch {}
    }
    child?.kill("SIGKILL")
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/quotekit`,
    start,
    kill,
    stop: async () => {
      const pid = postmasterPid()
      if (pid !== undefined && pid > 0) {
        try {
          process.kill(pid, "SIGTERM")
        } catch {}
      }
      for (let i = 0; i < 50 && postmasterPid() !== undefined; i++) await new Promise((r) => setTimeout(r, 100))
    }
  }
}
