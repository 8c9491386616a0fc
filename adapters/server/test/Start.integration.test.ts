import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, assert, describe, it } from "@effect/vitest"
import * as Migrations from "@quotekit/pg/Migrations"

const root = fileURLToPath(new URL("../../..", import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), "quotekit-start-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address()
      s.close(() => resolve(typeof a === "object" && a !== null ? a.port : 0))
    })
  })

/** `npm start` on the test's data folder; answers once `/api/health` answers 200, with everything it printed. */
const start = async () => {
  const port = await freePort()
  let output = ""
  const child = spawn(process.execPath, ["--conditions=@quotekit/source", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", QUOTEKIT_DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"]
  })
  child.stdout?.on("data", (d) => {
    output += String(d)
  })
  child.stderr?.on("data", (d) => {
    output += String(d)
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}:\n${output}`)
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0
    )
    // While the app is still being set up the server answers 503 rather than holding the connection.
    assert.include([0, 200, 503], status)
    if (status === 200) return { child, base, output: () => output }
    await new Promise((r) => setTimeout(r, 50))
  }
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code))
    child.kill(signal)
  })

const signIn = async (base: string, email: string, password: string) => {
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

describe("npm start (embedded database)", () => {
  it("first start migrates and seeds the demo, prints how to sign in, and stops cleanly on SIGTERM", {
    timeout: 240_000
  }, async () => {
    const first = await start()
    assert.include(first.output(), "quotekit is running at http://127.0.0.1:")
    assert.include(first.output(), "demo sign-in: demo@quotekit.dev / demo-quotekit")
    const signedIn = await signIn(first.base, "demo@quotekit.dev", "demo-quotekit")
    assert.strictEqual(signedIn.status, 200)
    // Not on a terminal, every log record is one JSON object on one line (the request log included).
    const records = () =>
      first
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { message: string; level: string; annotations: Record<string, unknown> })
    const signinLogged = () =>
      records().some((r) => r.annotations["http.url"] === "/sign-in" && r.annotations["http.status"] === 200)
    // The request's record is written as its answer goes out, so it may follow the answer by a moment.
    for (let i = 0; i < 40 && !signinLogged(); i++) await new Promise((r) => setTimeout(r, 50))
    assert.isTrue(
      records().some((r) => String(r.message).startsWith("Seeded the demo account")),
      first.output()
    )
    assert.isTrue(signinLogged(), first.output())
    assert.notMatch(first.output(), /^\[\d\d:\d\d:\d\d/m, "no pretty-printed records")
    // Interrupted on the signal, finalizers run (server closed, database closed), exit code 130.
    assert.strictEqual(await stop(first.child, "SIGTERM"), 130)

    // The data is still there: the demo signs in again (and is not seeded twice).
    const again = await start()
    assert.notInclude(again.output(), "Seeded the demo account")
    assert.strictEqual((await signIn(again.base, "demo@quotekit.dev", "demo-quotekit")).status, 200)
    assert.strictEqual(await stop(again.child, "SIGINT"), 130)
  })

  it("refuses a second start on a data folder in use in one line, and starts at once after the first is killed -9", {
    timeout: 240_000
  }, async () => {
    const first = await start()
    const port = await freePort()
    const second = spawn(process.execPath, ["--conditions=@quotekit/source", "scripts/start.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", QUOTEKIT_DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    second.stdout?.on("data", (d) => (output += String(d)))
    second.stderr?.on("data", (d) => (output += String(d)))
    const code = await new Promise<number | null>((resolve) => second.once("exit", resolve))
    assert.strictEqual(code, 1)
    assert.include(
      output,
      `quotekit cannot start: The embedded database in ${join(dataDir, "pgdata")} is in use by process ${first.child.pid}; stop it first.`
    )
    assert.notInclude(output, "    at ", "no stack trace")
    // A crash leaves no lock behind: the next start takes the folder at once.
    assert.strictEqual(await stop(first.child, "SIGKILL"), null)
    const after = await start()
    assert.strictEqual(await stop(after.child, "SIGINT"), 130)
  })

  it("backs an older embedded database up before migrating it, and records the version it is at", {
    timeout: 240_000
  }, async () => {
    // As a folder written by an older version says of itself.
    writeFileSync(join(dataDir, "schema-version"), "1\n")
    const older = await start()
    assert.include(older.output(), "Backing up the embedded database before migrating it…")
    const backups = readdirSync(join(dataDir, "backups"))
    assert.strictEqual(backups.length, 1)
    assert.match(backups[0]!, /^before-migration-1-to-\d+-\d{8}-\d{6}\.tar\.gz$/)
    assert.strictEqual(Number(readFileSync(join(dataDir, "schema-version"), "utf8")), Migrations.latestId)
    assert.strictEqual(await stop(older.child, "SIGINT"), 130)
    // Up to date: no backup the next time.
    const again = await start()
    assert.notInclude(again.output(), "Backing up")
    assert.strictEqual(readdirSync(join(dataDir, "backups")).length, 1)
    assert.strictEqual(await stop(again.child, "SIGINT"), 130)
  })
})
