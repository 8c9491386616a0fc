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
  // Quiet on success: what a passing test logs is dropped; a failing test's output is shown. `npm test` runs two
  // files at once (`--maxWorkers=2`: vitest 5 takes the worker count from the command line, not from a root
  // config with projects); most of a browser or database test's time is waiting, so a second worker helps.
  test: { silent: "passed-only", projects: packages.map((p) => `${p}/vitest.config.ts`).filter((p) => existsSync(p)) }
})
