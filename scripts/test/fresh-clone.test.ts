import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import * as FreshClone from "../fresh-clone/FreshClone.ts"

const checkout = fileURLToPath(new URL("../..", import.meta.url))
const clone = FreshClone.make(checkout)
// Removing a clone with its node_modules takes seconds on a busy machine.
afterAll(() => clone.remove(), 120_000)

describe("the README's commands on a fresh machine", () => {
  it("npm ci then npm start with only the system's Node and npm on the PATH serve the app and the demo sign-in", {
    timeout: 900_000
  }, async () => {
    const install = await clone.npmCi()
    expect(install.status, install.output).toBe(0)
    const started = await clone.start()
    try {
      expect(started.output()).toContain("demo sign-in: demo@quotekit.dev / demo-quotekit")
      expect((await fetch(`${started.base}/api/health`)).status).toBe(200)
      expect(await FreshClone.signIn(started.base, "demo@quotekit.dev", "demo-quotekit")).toBe(200)
      // The app was built in the clone and is served from there.
      const page = await (await fetch(`${started.base}/`)).text()
      expect(page).toContain('<div id="root">')
    } finally {
      await started.stop()
    }
  })
})
