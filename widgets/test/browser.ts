/**
 * The browser harness of the widget tests: the built bundles served from a tiny `node:http` server on a random
 * loopback port, headless Chromium (`@quotekit/browser`) driven by `playwright-core` in a fresh profile, and an axe-core check.
 * One browser per test file; a page per test.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"
import { launchPersistentContext } from "@quotekit/browser"
import type { BrowserContext, Page } from "playwright-core"

const here = dirname(fileURLToPath(import.meta.url))
const axePath = join(here, "../../node_modules/axe-core/axe.min.js")

/** A response the test server gives for a path. */
export interface Route {
  readonly status?: number
  readonly type: string
  readonly body: string
}

/** The running server and browser of one test file. */
export interface Harness {
  readonly origin: string
  readonly context: BrowserContext
  /** Serve `route` at `path` (replacing what was there). */
  route(path: string, route: Route): void
  /** A new page showing `body` inside a minimal document that loads the given bundles as modules. */
  open(
    body: string,
    options?: { readonly width?: number; readonly pixelRatio?: number; readonly bundles?: ReadonlyArray<string> }
  ): Promise<Page>
  close(): Promise<void>
}

const page = (body: string, bundles: ReadonlyArray<string>): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>widget test</title>
<style>body { margin: 0; padding: 0; font-family: sans-serif } main { padding: 0 }</style>
${bundles.map((b) => `<script type="module" src="/dist/${b}"></script>`).join("\n")}
</head><body><main>${body}</main></body></html>`

/** Start the server and the browser; `distDir` holds the built bundles. */
export const start = async (distDir: string): Promise<Harness> => {
  const routes = new Map<string, Route>()
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
    const route = routes.get(path)
    if (route) {
      res.writeHead(route.status ?? 200, { "content-type": route.type, "cache-control": "no-store" })
      res.end(route.body)
      return
    }
    if (path.startsWith("/dist/")) {
      const file = normalize(join(distDir, path.slice("/dist/".length)))
      if (file.startsWith(distDir)) {
        try {
          const body = readFileSync(file)
          res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" })
          res.end(body)
          return
        } catch {}
      }
    }
    res.writeHead(404, { "content-type": "text/plain" })
    res.end("not found")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  routes.set("/axe.min.js", { type: "text/javascript", body: readFileSync(axePath, "utf8") })

  const profile = mkdtempSync(join(tmpdir(), "qk-chromium-"))
  const context = await launchPersistentContext(profile)
  let pageCount = 0
  return {
    origin,
    context,
    route: (path, route) => void routes.set(path, route),
    open: async (body, options = {}) => {
      const path = `/page-${++pageCount}.html`
      routes.set(path, { type: "text/html", body: page(body, options.bundles ?? []) })
      const p = await context.newPage()
      const width = options.width ?? 800
      if (options.pixelRatio === undefined) await p.setViewportSize({ width, height: 900 })
      else {
        const cdp = await context.newCDPSession(p)
        const metrics = { width, height: 900, deviceScaleFactor: options.pixelRatio, mobile: false }
        await cdp.send("Emulation.setDeviceMetricsOverride", metrics)
      }
      p.on("pageerror", (e) => console.error(`page error: ${e.message}`))
      await p.goto(`${origin}${path}`)
      return p
    },
    close: async () => {
      await context.close()
      await new Promise((resolve) => server.close(resolve))
      rmSync(profile, { recursive: true, force: true })
    }
  }
}

/** An axe-core violation, as much as the tests report. */
export interface Violation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<string>
}

/** Run axe-core on the page (shadow roots included) and return the serious and critical violations. */
export const seriousViolations = async (p: Page): Promise<ReadonlyArray<Violation>> => {
  await p.addScriptTag({ url: "/axe.min.js" })
  return p.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<AxeResults> } }).axe
    interface AxeResults {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>
    }
    const results = await axe.run(document, { resultTypes: ["violations"] })
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }))
  })
}
