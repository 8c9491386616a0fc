/** Launching the resolved Chromium headless through `playwright-core`, with the flags every run uses. */
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from "playwright-core"
import * as Chromium from "./Chromium.ts"

/** Headless, no sandbox (containers, root), no GPU, no background traffic. */
export const args: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync"
]

const options = (extra: LaunchOptions): LaunchOptions => {
  const found = Chromium.resolve()
  return {
    headless: true,
    ...extra,
    executablePath: found.executablePath,
    args: [...args, ...(extra.args ?? [])],
    env: { ...process.env, ...found.env, ...extra.env } as Record<string, string>
  }
}

/** A new headless browser. */
export const launch = (extra: LaunchOptions = {}): Promise<Browser> => chromium.launch(options(extra))

/** A headless browser with a persistent profile in `profileDir` (one context, as Chromium's own profile). */
export const launchPersistentContext = (profileDir: string, extra: LaunchOptions = {}): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profileDir, options(extra))
