/**
 * `app.editor.keystroke-300-lines`: builds the app, opens the quote editor in headless Chromium, fills a 300-line
 * quote through the editor's own buttons and fields, then measures the time from a keystroke in a quantity field
 * to the new total painted: from the keydown event's own time stamp (when the key reached the page, so time spent
 * queued behind other work counts), until the total's text has changed and the frame showing it has been rendered
 * (a message posted from that frame's animation callback arrives once its rendering is done). Median of 60
 * keystrokes after 5 unmeasured ones, spread evenly across the 60 Hz frame cycle, and `.p95` the 95th percentile of
 * them. Budget: 16 ms (one frame).
 *
 * `app.initial-js.gz`: the gzipped size of every script a fresh page load of the quote list fetches (the list's
 * data included: an empty page is served, as the editor's new-quote data is, from fixtures). Printed after it:
 * the biggest modules and packages of those scripts (bytes as rendered into the chunks, before minifying and gzip,
 * from the build's bundle report),
 * so a regression names its cause.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { setTimeout as pause } from "node:timers/promises"
import { gzipSync } from "node:zlib"
import { serve } from "../app/test/support/AppServer.ts"
import { launch } from "../app/test/support/browser.ts"
import { buildApp, distRoot } from "../app/test/support/build.ts"
import { cacheAccountJson, newEditorJson } from "../app/test/support/fixtures.ts"
import { report } from "./measure.ts"

const LINES = 300
const WARMUP = 5
const RUNS = 60
/** One frame at 60 Hz: keystrokes are spread evenly across it (see below). */
const FRAME_MS = 1000 / 60

await buildApp()
const server = await serve(distRoot, {
  "GET /get/cache-account": () => ({ status: 200, body: cacheAccountJson() }),
  "GET /api/csrf": () => ({ status: 200, body: { token: "bench" } }),
  "GET /get/quote-edit/edit/new/is-editing": () => ({ status: 200, body: newEditorJson() }),
  "GET /get/quotes": () => ({
    status: 200,
    body: {
      rows: [],
      page: 1,
      page_size: 100,
      has_more: false,
      total: null,
      tabs: ["all", "active", "waiting", "complete", "dismissed"],
      tab: "all"
    }
  })
})
const browser = await launch()

/**
 * The biggest modules and packages of the given script chunks, from the build's bundle report
 * (`dist/.vite/bundle-modules.json`, see app/vite.config.ts): bytes as rendered into the chunks (before minifying
 * and gzip), as text to print.
 */
const biggestModules = (chunkFiles: ReadonlyArray<string>): string => {
  const report = JSON.parse(readFileSync(join(distRoot, ".vite", "bundle-modules.json"), "utf8")) as Record<
    string,
    { readonly modules: Record<string, number> }
  >
  const modules = new Map<string, number>()
  const packages = new Map<string, number>()
  for (const file of chunkFiles) {
    for (const [path, bytes] of Object.entries(report[file]?.modules ?? {})) {
      const id = path.includes("node_modules/") ? path.slice(path.lastIndexOf("node_modules/")) : path
      modules.set(id, (modules.get(id) ?? 0) + bytes)
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? id.split("/").slice(0, 3).join("/")
      packages.set(pkg, (packages.get(pkg) ?? 0) + bytes)
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([id, bytes]) => `  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${id}`)
      .join("\n")
  const total = [...modules.values()].reduce((a, b) => a + b, 0)
  return [
    `(the quote list's initial script: ${chunkFiles.length} chunks, ${(total / 1024).toFixed(1)} KB as rendered into its chunks, before minifying and gzip; biggest modules:`,
    top(modules, 15),
    " by package or folder:",
    `${top(packages, 10)})`
  ].join("\n")
}

/** Waits `ms` to a fraction of a millisecond: timers fire on whole milliseconds, the rest is spun. */
const wait = async (ms: number) => {
  const end = performance.now() + ms
  if (ms > 2) await pause(Math.floor(ms) - 2)
  while (performance.now() < end) {}
}

try {
  // --- initial JS of the quote list
  const listPage = await browser.newPage()
  const scripts = new Set<string>()
  listPage.on("response", (r) => {
    const path = new URL(r.url()).pathname
    if (path.endsWith(".js")) scripts.add(path)
  })
  await listPage.goto(`${server.url}/quotes`, { waitUntil: "networkidle" })
  await listPage.getByRole("tab").first().waitFor()
  let gzipBytes = 0
  for (const path of scripts) gzipBytes += gzipSync(readFileSync(join(distRoot, path)), { level: 9 }).length
  const initialModules = biggestModules([...scripts].map((p) => p.replace(/^\//, "")))
  await listPage.close()

  // --- a 300-line quote, built through the editor
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.url}/quotes/new/is-editing`)
  await page.locator('input[data-field="unit"]').first().waitFor()
  await page.evaluate((lines) => {
    const add = Array.from(document.querySelectorAll("button")).find((b) => b.textContent?.includes("Add price"))!
    for (let i = 1; i < lines; i++) add.click()
  }, LINES)
  await page.waitForFunction((n) => document.querySelectorAll('input[data-field="unit"]').length === n, LINES)
  await page.evaluate(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!
    const set = (input: HTMLInputElement, value: string) => {
      setter.call(input, value)
      input.dispatchEvent(new Event("input", { bubbles: true }))
      input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }))
    }
    const units = document.querySelectorAll<HTMLInputElement>('input[data-field="unit"]')
    const quantities = document.querySelectorAll<HTMLInputElement>('input[data-field="quantity"]')
    const taxes = document.querySelectorAll<HTMLSelectElement>("select[aria-label='Tax rate']")
    const selectSetter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!
    units.forEach((u, i) => {
      set(u, String(((i * 7919) % 100_000) / 100 + 1))
      set(quantities[i]!, String((i % 7) + 1))
      if (i % 3 === 0) {
        selectSetter.call(taxes[i]!, "1")
        taxes[i]!.dispatchEvent(new Event("change", { bubbles: true }))
      }
    })
  })
  await page.waitForTimeout(500)

  // --- keystroke to painted total
  const target = page.locator('input[data-field="quantity"]').nth(LINES / 2)
  await target.click()
  await target.fill("1")
  await page.evaluate(() => {
    const w = window as unknown as { __qkDone: Promise<number>; __qkArm: () => void }
    const total = document.querySelector('[data-total="up-front:total"]')!
    let start = 0
    let resolve: (ms: number) => void = () => {}
    window.addEventListener(
      "keydown",
      (e) => {
        start = e.timeStamp
      },
      { capture: true }
    )
    new MutationObserver(() => {
      if (start === 0) return
      const began = start
      start = 0
      // The frame that shows the change: its animation callbacks run, then it is rendered; a message posted from
      // the callback arrives once that rendering is done.
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve(performance.now() - began)
        channel.port2.postMessage(0)
      })
    }).observe(total, { characterData: true, childList: true, subtree: true })
    w.__qkArm = () => {
      w.__qkDone = new Promise((r) => {
        resolve = r
      })
    }
  })
  // Each keystroke follows the last one's frame after the same round trips plus a delay, so without that delay every
  // keystroke would land at one and the same point of the 60 Hz frame cycle and the figure would measure that point,
  // not the page. The delays step evenly across one frame (in a shuffled order), so the keystrokes sample the whole
  // cycle as a user's keys do.
  const delays = Array.from({ length: RUNS }, (_, k) => ((k + 0.5) * FRAME_MS) / RUNS)
  for (let k = delays.length - 1; k > 0; k--) {
    const j = (k * 7919 + 13) % (k + 1)
    ;[delays[k], delays[j]] = [delays[j]!, delays[k]!]
  }
  const times: Array<number> = []
  for (let i = 0; i < WARMUP + RUNS; i++) {
    if (i >= WARMUP) await wait(delays[i - WARMUP]!)
    await page.evaluate(() => (window as unknown as { __qkArm: () => void }).__qkArm())
    await page.keyboard.press(i % 2 === 0 ? "2" : "Backspace")
    const ms = await page.evaluate(() => (window as unknown as { __qkDone: Promise<number> }).__qkDone)
    if (i >= WARMUP) times.push(ms)
    await page.waitForTimeout(30)
  }
  times.sort((a, b) => a - b)
  const rows = await page.locator('input[data-field="unit"]').count()
  if (rows !== LINES) throw new Error(`expected ${LINES} lines, found ${rows}`)
  report("app.editor.keystroke-300-lines", times[Math.floor(times.length / 2)]!, "ms")
  report("app.editor.keystroke-300-lines.p95", times[Math.ceil(times.length * 0.95) - 1]!, "ms")
  report("app.initial-js.gz", gzipBytes / 1024, "KB")
  console.log(initialModules)
} finally {
  await browser.close()
  await server.close()
}
