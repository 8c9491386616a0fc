/**
 * `npm run bench -- soak`: the server under 70% of its measured capacity for 10 minutes (`SOAK_SECONDS` to
 * change it) with mixed traffic of a signed-in team member: the quote list, a quote's overview, the dashboard
 * and new contacts (one write in ten). Runs only when asked by name (`npm run bench` alone skips it).
 *
 * - `soak.capacity` (req/s): the mixed traffic, closed loop, 50 connections for 10 s.
 * - `soak.rate` (req/s): the rate held, 70% of that.
 * - `soak.errors`: answers other than 2xx plus connection errors during the soak (budget 0).
 * - `soak.rss-growth` (%): the server's resident memory at the end over its level after the first minute
 *   (budget < 5%).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import * as FreshClone from "../scripts/fresh-clone/FreshClone.ts"
import { report } from "./measure.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const SECONDS = Number(process.env.SOAK_SECONDS ?? "600")
const WARMUP_SECONDS = Math.min(60, Math.floor(SECONDS / 5))

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address()
      s.close(() => resolve(typeof a === "object" && a !== null ? a.port : 0))
    })
  })

const rssOf = (child: ChildProcess): number => {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0") * 1024
}

const dataDir = mkdtempSync(join(tmpdir(), "quotekit-soak-"))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ["--conditions=@quotekit/source", "scripts/start/Entry.ts"], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: "",
    QUOTEKIT_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_REQUESTS: "false"
  },
  stdio: ["ignore", "ignore", "inherit"]
})
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false
      )
    )
      break
    await new Promise((r) => setTimeout(r, 100))
  }
  const signedIn = await FreshClone.signInAnswer(base, "demo@quotekit.dev", "demo-quotekit")
  const cookies = signedIn.headers.getSetCookie().map((c) => c.split(";")[0] ?? "")
  const csrf = cookies.find((c) => c.startsWith("qk_csrf="))?.slice("qk_csrf=".length) ?? ""
  const cookie = [...cookies.filter((c) => !c.startsWith("qk_csrf=")), `qk_csrf=${csrf}`].join("; ")
  const headers = { cookie, "x-csrf-token": csrf, "x-requested-with": "XMLHttpRequest" }
  let n = 0
  const requests: Array<autocannon.Request> = [
    { method: "GET", path: "/get/quotes", headers },
    { method: "GET", path: "/get/quote-overview/3", headers },
    { method: "GET", path: "/get/dashboard", headers },
    { method: "GET", path: "/get/quotes?search=unit", headers },
    {
      method: "POST",
      path: "/post/contact-update/0",
      headers: { ...headers, "content-type": "application/json" },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          contact: { type: "person", name_first: `Soak ${++n}`, name_last: "Test", email: "", company_id: null },
          phones: [],
          addresses: []
        })
      })
    }
  ]
  // Four reads for each write (the write is one request of five; every fifth the list again).
  const mixed = [...requests, requests[0]!, requests[1]!, requests[2]!, requests[3]!, requests[0]!]
  const capacity = await autocannon({ url: base, connections: 50, duration: 10, requests: mixed })
  const rate = Math.max(1, Math.floor((capacity.requests.total / 10) * 0.7))
  report("soak.capacity", capacity.requests.total / 10, "req/s")
  report("soak.rate", rate, "req/s")

  let warmRss = 0
  const warm = setTimeout(() => {
    warmRss = rssOf(server)
  }, WARMUP_SECONDS * 1000)
  const soak = await autocannon({ url: base, connections: 20, overallRate: rate, duration: SECONDS, requests: mixed })
  clearTimeout(warm)
  const endRss = rssOf(server)
  report("soak.errors", soak.non2xx + soak.errors + soak.timeouts, "")
  report("soak.rss-growth", warmRss > 0 ? ((endRss - warmRss) / warmRss) * 100 : Number.NaN, "%")
  report("soak.p99", soak.latency.p99, "ms")
} finally {
  server.kill("SIGTERM")
  await new Promise((r) => setTimeout(r, 1000))
  rmSync(dataDir, { recursive: true, force: true })
}
