/**
 * Which Chromium the browser tests and benchmarks drive, found without root and without apt:
 *
 * 1. `CHROMIUM_PATH`, when set: that executable (`CHROMIUM_PATH=npm` forces the npm build below);
 * 2. a Chromium on the PATH (`chromium`, `chromium-browser`, `google-chrome-stable`, `google-chrome`);
 * 3. the Chromium of `@sparticuz/chromium`, a brotli-packed headless shell from the npm registry, unpacked on
 *    first use into `node_modules/.cache/quotekit-chromium/<version>` (about 1 s, then instant). Unpacking goes
 *    to a folder of its own and is renamed into place, so test workers racing to unpack never see half a file.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { delimiter, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliDecompressSync } from "node:zlib"

/** An executable to launch, and what its environment needs beside the caller's. */
export interface Chromium {
  readonly executablePath: string
  readonly env: Readonly<Record<string, string>>
  readonly source: "CHROMIUM_PATH" | "system" | "npm"
}

/** No Chromium could be found or unpacked; the message says what to do. */
export class ChromiumMissing extends Error {
  override readonly name = "ChromiumMissing"
}

const systemNames = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]

/** The first of `names` on the PATH, if any. */
export const onPath = (names: ReadonlyArray<string>, path = process.env.PATH ?? ""): string | undefined => {
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue
    for (const name of names) {
      const candidate = join(dir, name)
      if (existsSync(candidate)) return candidate
    }
  }
  return undefined
}

const packageBin = (): string => {
  const entry = fileURLToPath(import.meta.resolve("@sparticuz/chromium"))
  return join(dirname(entry), "../bin")
}

const packageVersion = (bin: string): string =>
  (JSON.parse(readFileSync(join(bin, "../package.json"), "utf8")) as { version: string }).version

/** The folder of this checkout's `node_modules/.cache`. */
const cacheRoot = (): string =>
  fileURLToPath(new URL("../../../node_modules/.cache/quotekit-chromium", import.meta.url))

const fontsConf = (dir: string): string => `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(dir, "fonts")}</dir>
  <dir>/usr/share/fonts</dir>
  <dir>/usr/local/share/fonts</dir>
  <dir prefix="xdg">fonts</dir>
  <cachedir>${join(dir, "fonts-cache")}</cachedir>
</fontconfig>
`

const untar = (archive: Buffer, into: string): void => {
  mkdirSync(into, { recursive: true })
  const result = spawnSync("tar", ["-x", "-C", into], { input: archive })
  if (result.status !== 0) throw new ChromiumMissing(`Unpacking Chromium failed: tar: ${String(result.stderr)}`)
}

/** Unpack the npm Chromium into `dir` (a fresh folder), with its fonts, its libraries and a fonts.conf. */
const unpack = (bin: string, dir: string): void => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "chromium"), brotliDecompressSync(readFileSync(join(bin, "chromium.br"))), { mode: 0o755 })
  untar(brotliDecompressSync(readFileSync(join(bin, "fonts.tar.br"))), dir)
  untar(brotliDecompressSync(readFileSync(join(bin, "al2023.tar.br"))), dir)
  writeFileSync(join(dir, "fonts.conf"), fontsConf(dir))
}

/** The npm Chromium, unpacked once per version; concurrent callers each unpack aside and one rename wins. */
export const fromNpm = (cache = cacheRoot()): Chromium => {
  let bin: string
  try {
    bin = packageBin()
  } catch {
    throw new ChromiumMissing(
      "No Chromium found: install one (e.g. the `chromium` package), set CHROMIUM_PATH, or run `npm ci` to get @sparticuz/chromium."
    )
  }
  if (!existsSync(join(bin, "chromium.br")))
    throw new ChromiumMissing(
      `@sparticuz/chromium has no build for ${process.platform}-${process.arch}: install Chromium or set CHROMIUM_PATH.`
    )
  const dir = join(cache, packageVersion(bin))
  if (!existsSync(join(dir, "chromium"))) {
    const aside = `${dir}.unpacking-${process.pid}-${Date.now()}`
    try {
      unpack(bin, aside)
      try {
        renameSync(aside, dir)
      } catch (error) {
        // Another process renamed its copy first: use that one.
        if (!existsSync(join(dir, "chromium"))) throw error
      }
    } finally {
      rmSync(aside, { recursive: true, force: true })
    }
  }
  const executablePath = join(dir, "chromium")
  const env: Record<string, string> = { FONTCONFIG_FILE: join(dir, "fonts.conf") }
  // The system's NSS libraries are preferred; the bundled ones only where the system has none.
  if (!starts(executablePath, {})) {
    env.LD_LIBRARY_PATH = [join(dir, "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(delimiter)
    if (!starts(executablePath, env))
      throw new ChromiumMissing(
        `The npm Chromium at ${executablePath} does not start on this machine; set CHROMIUM_PATH.`
      )
  }
  return { executablePath, env, source: "npm" }
}

const starts = (executable: string, env: Record<string, string>): boolean =>
  spawnSync(executable, ["--version"], { env: { ...process.env, ...env }, timeout: 20_000 }).status === 0

let resolved: Chromium | undefined

/** The Chromium to use, found once per process. */
export const resolve = (): Chromium => {
  if (resolved) return resolved
  const configured = process.env.CHROMIUM_PATH
  if (configured === "npm") resolved = fromNpm()
  else if (configured !== undefined && configured !== "") {
    if (!existsSync(configured)) throw new ChromiumMissing(`CHROMIUM_PATH=${configured} does not exist.`)
    resolved = { executablePath: configured, env: {}, source: "CHROMIUM_PATH" }
  } else {
    const system = onPath(systemNames)
    resolved = system ? { executablePath: system, env: {}, source: "system" } : fromNpm()
  }
  return resolved
}
