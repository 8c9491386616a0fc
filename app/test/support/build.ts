/**
 * Build the app with Vite into `app/dist` (what the server and the browser tests serve), in its own process with
 * `NODE_ENV=production`, exactly as `npm run build -w app` does, whatever environment the caller runs in.
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/** The app folder and its build output. */
export const appRoot = fileURLToPath(new URL("../..", import.meta.url))
export const distRoot = fileURLToPath(new URL("../../dist", import.meta.url))

/**
 * Run a production build; resolves when `outDir` (`dist` by default) is written, rejects with Vite's output when
 * it fails. A long browser test builds into a folder of its own, so other files rebuilding `dist` meanwhile
 * never pull the assets from under its pages.
 */
export const buildApp = (outDir?: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const vite = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js")
    const out = outDir === undefined ? [] : ["--outDir", outDir, "--emptyOutDir"]
    const child = spawn(process.execPath, [vite, "build", "--logLevel", "warn", ...out], {
      cwd: appRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString()
    })
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString()
    })
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output}`))))
  })
