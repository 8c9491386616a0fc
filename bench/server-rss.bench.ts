/**
 * `server.rss.idle.first` / `.again` (MB): the resident memory (`VmRSS` of `/proc/<pid>/status`) of the embedded
 * server that `npm start` runs (`scripts/start.ts` started directly with Node, so no `npm` process is counted),
 * on a new data folder (migrations and the demo seed on the way) and then started again on the same folder.
 * Each time the server has served the demo account once, as a person opening the team app would be served (the
 * app's page and scripts, sign-in, the account cache, the quote list, a quote's editor) and has then been left
 * 3 seconds to settle. `.peak` figures are `VmHWM`, the most it held on the way. Budget: 300 MB for both.
 *
 * The app is built (`app/dist`) and the server bundled by the first start if they are not already.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { freePort, signInAnswer } from "../scripts/fresh-clone/FreshClone.ts"
import { report } from "./measure.ts"

const root = fileURLToPath(new URL("..", import.meta.url))

/** Resident and peak resident memory of a process, in MB. */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN)
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 }
}

const start = async (dataDir: string): Promise<{ child: ChildProcess; base: string }> => {
  const port = await freePort()
  const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_REQUESTS: "false",
      QUOTEKIT_DATA_DIR: dataDir,
      DATABASE_URL: ""
    },
    stdio: ["ignore", "pipe", "inherit"]
  })
  let output = ""
  child.stdout!.on("data", (c: Buffer) => {
    output += c.toString()
  })
  for (let i = 0; i < 12_000; i++) {
    if (/running at http/.test(output)) return { child, base: `http://127.0.0.1:${port}` }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  child.kill("SIGKILL")
  throw new Error(`the server never answered:\n${output}`)
}

/** What opening the team app on the quote list and one quote asks of the server. */
const serveDemoOnce = async (base: string) => {
  const page = await fetch(`${base}/`)
  const html = await page.text()
  for (const src of html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g))
    await (await fetch(`${base}${src[1]}`)).text()
  const signedIn = await signInAnswer(base, "demo@quotekit.dev", "demo-quotekit")
  if (signedIn.status !== 200) throw new Error(`the demo sign-in answered ${signedIn.status}`)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ")
  const headers = { cookie, "x-requested-with": "XMLHttpRequest" }
  for (const path of ["/get/cache-account", "/get/quotes"]) {
    const r = await fetch(`${base}${path}`, { headers })
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`)
    const body = await r.json()
    if (path === "/get/quotes") {
      const first = (body as { rows: ReadonlyArray<{ quote_id: number }> }).rows[0]
      if (first !== undefined) await (await fetch(`${base}/get/quote-edit/edit/${first.quote_id}`, { headers })).text()
    }
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })

const dataDir = mkdtempSync(join(tmpdir(), "quotekit-rss-"))
try {
  for (const run of ["first", "again"] as const) {
    const { child, base } = await start(dataDir)
    try {
      await serveDemoOnce(base)
      await new Promise((r) => setTimeout(r, 3_000))
      const m = memoryOf(child.pid!)
      report(`server.rss.idle.${run}`, m.rss, "MB")
      report(`server.rss.peak.${run}`, m.peak, "MB")
      const health = await fetch(`${base}/api/health`)
      if (health.status === 200) console.log(`health (${run}): ${await health.text()}`)
    } finally {
      await stop(child)
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
