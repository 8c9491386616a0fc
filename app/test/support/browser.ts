/** Headless Debian Chromium for browser tests and benchmarks (playwright-core drives it; nothing is downloaded). */
import { type Browser, chromium } from "playwright-core"

/** The Chromium flags every run uses: headless, no sandbox (containers), no background traffic. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run"
]

/** Launch the system Chromium. */
export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs })
