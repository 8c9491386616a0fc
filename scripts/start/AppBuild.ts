/**
 * The team app and the customer page, built (Vite, ~10 s, in a child process) into `app/dist` for the server to
 * serve when they are missing or their sources changed since the last build `npm start` made.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
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
  // In a process of its own: the bundler's memory (its module graph, the native rolldown heap) would otherwise
  // stay resident in the server's process for as long as it runs.
  const vite = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js")
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, "build", "--logLevel", "warn"], {
      cwd: join(root, "app"),
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit"]
    })
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))))
  })
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(stampFile, stamp)
  return true
}
