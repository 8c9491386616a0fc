/**
 * `customer-page.js.gz`: the gzipped size (level 9) of every script a load of the customer quote page (`/q/{token}`)
 * fetches. Budget: 35 KB.
 *
 * `customer-page.lcp`: Largest Contentful Paint of the customer page in headless Chromium over loopback with the
 * CPU slowed 4x (CDP `Emulation.setCPUThrottlingRate`), on the real server with a sent quote of 25 items; median of
 * 7 cold loads (new context each, after one unmeasured load). Budget: under 1000 ms.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { launch } from "../app/test/support/browser.ts"
import { buildOwnApp } from "../app/test/support/OwnBuildServer.ts"
import { start } from "../app/test/support/RealServer.ts"
import { sentQuote } from "../app/test/support/SentQuote.ts"
import { report } from "./measure.ts"

const RUNS = 7

// The server's files and link secret go in a folder of the run's own, not the working copy's `.quotekit`.
const dataDir = mkdtempSync(join(tmpdir(), "quotekit-bench-"))
process.env.QUOTEKIT_DATA_DIR = dataDir
const distRoot = await buildOwnApp()
const server = await start(distRoot)
const browser = await launch()

/** One cold load: LCP in ms and the scripts fetched. */
const load = async (url: string): Promise<{ lcp: number; scripts: ReadonlyArray<string> }> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const scripts: Array<string> = []
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname
    if (path.endsWith(".js")) scripts.push(path)
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number }
    w.__lcp = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime
    }).observe({ type: "largest-contentful-paint", buffered: true })
  })
  await page.goto(url, { waitUntil: "load" })
  await page.locator("qk-quote-view").locator("article").waitFor()
  // Let the last paints land before reading the final candidate.
  await page.waitForTimeout(500)
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp)
  await context.close()
  return { lcp, scripts }
}

try {
  const q = await sentQuote(server, { extraItems: 20 })
  const url = `${server.url}/q/${q.token}`
  const first = await load(url)
  let gzipBytes = 0
  for (const path of new Set(first.scripts))
    gzipBytes += gzipSync(readFileSync(join(distRoot, path)), { level: 9 }).length
  const times: Array<number> = []
  for (let i = 0; i < RUNS; i++) times.push((await load(url)).lcp)
  times.sort((a, b) => a - b)
  report("customer-page.js.gz", gzipBytes / 1024, "KB")
  report("customer-page.lcp", times[Math.floor(times.length / 2)] ?? Number.NaN, "ms")
} finally {
  await browser.close()
  await server.close()
  rmSync(distRoot, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
