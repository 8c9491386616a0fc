import { spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { chromium } from "playwright-core"
import { afterAll, describe, expect, it } from "vitest"
import * as Chromium from "../src/Chromium.ts"
import { args } from "../src/Launch.ts"

const scratch = mkdtempSync(join(tmpdir(), "qk-browser-test-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe("finding Chromium", () => {
  it("takes the first name found along the PATH, in PATH order", () => {
    const a = join(scratch, "a")
    const b = join(scratch, "b")
    for (const dir of [a, b]) mkdirSync(dir, { recursive: true })
    const exe = (path: string) => {
      writeFileSync(path, "#!/bin/sh\n")
      chmodSync(path, 0o755)
    }
    exe(join(b, "chromium"))
    exe(join(b, "google-chrome"))
    expect(Chromium.onPath(["chromium", "google-chrome"], ["", a, b].join(delimiter))).toBe(join(b, "chromium"))
    exe(join(a, "google-chrome"))
    expect(Chromium.onPath(["chromium", "google-chrome"], [a, b].join(delimiter))).toBe(join(a, "google-chrome"))
    expect(Chromium.onPath(["chromium"], a)).toBeUndefined()
  })

  it("unpacks the npm Chromium once when several processes ask at the same time, and it renders a page", async () => {
    const cache = join(scratch, "cache")
    const moduleUrl = new URL("../src/Chromium.ts", import.meta.url).href
    const script = `const C = await import(${JSON.stringify(moduleUrl)}); console.log(JSON.stringify(C.fromNpm(${JSON.stringify(cache)})))`
    const run = () =>
      new Promise<Chromium.Chromium>((resolve, reject) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
          stdio: ["ignore", "pipe", "pipe"]
        })
        let out = ""
        let err = ""
        child.stdout.on("data", (d) => (out += d))
        child.stderr.on("data", (d) => (err += d))
        child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))))
      })
    const found = await Promise.all([run(), run(), run()])
    expect(new Set(found.map((f) => f.executablePath)).size).toBe(1)
    const only = found[0] as Chromium.Chromium
    expect(only.source).toBe("npm")

    const browser = await chromium.launch({
      executablePath: only.executablePath,
      args: [...args],
      env: { ...process.env, ...only.env } as Record<string, string>
    })
    try {
      const page = await browser.newPage()
      await page.setContent(`<p id="t" style="font: 20px sans-serif">Quote #3 · £1,200.50</p>`)
      const width = await page.$eval("#t", (el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return range.getBoundingClientRect().width
      })
      // Text laid out with a real font has a width; with no font at all it would be zero.
      expect(width).toBeGreaterThan(100)
      expect((await page.screenshot()).length).toBeGreaterThan(1000)
    } finally {
      await browser.close()
    }
  })

  it("refuses a CHROMIUM_PATH that does not exist, saying so", async () => {
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const C = await import(${JSON.stringify(new URL("../src/Chromium.ts", import.meta.url).href)}); try { C.resolve() } catch (e) { console.log(e.message) }`
      ],
      { env: { ...process.env, CHROMIUM_PATH: "/nowhere/chromium" } }
    )
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    await new Promise((resolve) => child.on("exit", resolve))
    expect(out.trim()).toBe("CHROMIUM_PATH=/nowhere/chromium does not exist.")
  })
})
