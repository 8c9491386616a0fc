/**
 * The real server over a production build of its own (`OwnBuildServer`), with a fresh embedded database, and a
 * headless Chromium: what a browser test file of the quote and customer pages runs against. `forFile` builds,
 * starts and launches them before the file's tests and closes and removes them after; `teamPage` opens a page
 * signed in as a `SentQuote`'s team member.
 */
import { rm } from "node:fs/promises"
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core"
import { afterAll, beforeAll } from "vitest"
import { launch } from "./browser.ts"
import { buildOwnApp } from "./OwnBuildServer.ts"
import { type RealServer, start } from "./RealServer.ts"
import type { SentQuote } from "./SentQuote.ts"

/** The server and browser of one test file (there once its `beforeAll` has run). */
export interface ServerAndBrowser {
  readonly server: RealServer
  readonly browser: Browser
  /** The folder of the file's own production build (for another server serving the same app). */
  readonly dist: string
  /**
   * A new context signed in as `q`'s team member (1280 x 900 unless `options` say otherwise) and a page in it
   * that waits up to 8 s for what it looks for; close `team` at the end.
   */
  readonly teamPage: (
    q: SentQuote,
    options?: BrowserContextOptions
  ) => Promise<{ readonly team: BrowserContext; readonly page: Page }>
}

/** Register the file's `beforeAll` (build, start, launch) and `afterAll` (close, remove); call at its top level. */
export const forFile = (): ServerAndBrowser => {
  let dist: string | undefined
  let server: RealServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    dist = await buildOwnApp()
    server = await start(dist)
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dist !== undefined) await rm(dist, { recursive: true, force: true })
  })
  const started = <A>(a: A | undefined): A => {
    if (a === undefined) throw new Error("ServerAndBrowser: used before the file's beforeAll ran")
    return a
  }
  return {
    get server() {
      return started(server)
    },
    get browser() {
      return started(browser)
    },
    get dist() {
      return started(dist)
    },
    teamPage: async (q, options) => {
      const team = await started(browser).newContext({ viewport: { width: 1280, height: 900 }, ...options })
      await q.team.share(team)
      const page = await team.newPage()
      page.setDefaultTimeout(8_000)
      return { team, page }
    }
  }
}
