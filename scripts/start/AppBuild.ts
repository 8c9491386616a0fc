/**
 * The team app and the customer page, built (Vite, ~10 s) into `app/dist` for the server to serve when they are
 * missing or their sources changed since the last build `npm start` made.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as SourceStamp from "./SourceStamp.ts"

/** What the app is built from, relative to the repository root. */
const inputs = [
  "app/src",
  "app/index.html",
  "app/customer.html",
  "app/vite.config.ts",
  "core/src",
  "sdk/src",
  "widgets/src",
  "package-lock.json"
]

/** Build the app into `app/dist` unless the build there is current. Answers whether it built. */
export const ensure = async (root: string, cacheDir: string): Promise<boolean> => {
  const stampFile = join(cacheDir, "app-stamp")
  const stamp = SourceStamp.of(root, inputs)
  const built = existsSync(join(root, "app/dist/index.html")) && existsSync(join(root, "app/dist/customer.html"))
  if (built && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return false

  console.log("Building the app (once, and again after its sources change)…")
  const vite = await import("vite")
  await vite.build({ configFile: join(root, "app/vite.config.ts"), root: join(root, "app"), logLevel: "warn" })
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(stampFile, stamp)
  return true
}
