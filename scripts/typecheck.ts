/**
 * `npm run typecheck`: builds every package's sources through the project references (`tsc -b`), then checks
 * each package's tests and tooling with its `tsconfig.check.json` (no emit), so test code is held to the same
 * strictness as the code it tests.
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

// The `tsc` the workspace installed (npm puts it on PATH for scripts).
const tsc = "node_modules/.bin/tsc"
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
  "sdk",
  "widgets",
  "app"
]

const run = (args: ReadonlyArray<string>): boolean => {
  const result = spawnSync(tsc, args, { stdio: "inherit" })
  return result.status === 0
}

let ok = run(["-b"])
for (const pkg of packages) {
  const config = `${pkg}/tsconfig.check.json`
  if (existsSync(config)) ok = run(["-p", config]) && ok
}
// The repository's own scripts (`npm start`, this one) and the benchmarks.
ok = run(["-p", "tsconfig.scripts.json"]) && ok
process.exit(ok ? 0 : 1)
