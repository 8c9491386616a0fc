/**
 * `npm run bench`: runs every `bench/*.bench.ts` script in its own Node process, in name order, so one
 * benchmark's heap and JIT state never colour another's figures. Each script prints `name: value unit` lines.
 */
import { spawnSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)
const scripts = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  // The soak runs for minutes: only when asked for by name (`npm run bench -- soak`).
  .filter((f) => (only.length === 0 ? !f.startsWith("soak") : only.some((o) => f.includes(o))))
  .sort()

let failed = 0
for (const script of scripts) {
  const result = spawnSync(process.execPath, ["--conditions=@quotekit/source", join(here, script)], {
    stdio: "inherit"
  })
  if (result.status !== 0) {
    failed++
    console.error(`bench ${script} failed with status ${result.status}`)
  }
}
process.exit(failed === 0 ? 0 : 1)
