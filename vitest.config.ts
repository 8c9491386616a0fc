import { existsSync } from "node:fs"
import { defineConfig } from "vitest/config"

/** One vitest project per package; packages without a config yet are skipped. */
const packages = [
  "core",
  "adapters/pg",
  "adapters/pdf",
  "adapters/push",
  "adapters/webhooks",
  "adapters/addons",
  "adapters/xero",
  "adapters/quickbooks",
  "adapters/capsule",
  "adapters/insightly",
  "adapters/highrise",
  "adapters/mailchimp",
  "adapters/stripe",
  "adapters/storage",
  "adapters/lookup",
  "adapters/server",
  "widgets",
  "sdk",
  "app",
  "scripts",
  "tools/browser"
]

export default defineConfig({
  // Quiet on success: what a passing test logs is dropped; a failing test's output is shown. One file at a time
  // (vitest's default on 2 cores): with two, a clean-clone run took 32 instead of 41 minutes but a busy machine
  // timed out the fresh-clone test's clean-up; `--maxWorkers=2` on the command line runs two.
  test: { silent: "passed-only", projects: packages.map((p) => `${p}/vitest.config.ts`).filter((p) => existsSync(p)) }
})
