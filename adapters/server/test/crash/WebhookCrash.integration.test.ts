/**
 * kill -9 of the server with webhooks committed but not delivered: the receiver is down when the events are
 * written (their first attempts fail and are recorded), the server is killed, the receiver comes up, and the
 * restarted server delivers every event exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Seed from "@quotekit/pg/Seed"
import { Effect } from "effect"
import { afterAll } from "vitest"
import { Browser } from "../Harness.ts"
import * as ServerProcess from "./ServerProcess.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-webhook-crash-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const EVENTS = 5

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as AddressInfo).port
      s.close(() => resolve(port))
    })
  })

describe("kill -9 of the server between a webhook's commit and its delivery", () => {
  it("loses no event and sends each once after the restart", async () => {
    const dataDir = join(scratch, "embedded")
    const env = { WEBHOOKS_ALLOW_PRIVATE: "true" }
    const port = await freePort()
    const first = await ServerProcess.start({ dataDir, env })
    const browser = new Browser(first.base)
    const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)
    assert.strictEqual(
      (await run(browser.post("/sign-in", { email: Seed.demoEmail, password: Seed.demoPassword }))).status,
      200
    )
    const made = await run(
      browser.post("/post/webhook-endpoint", {
        url: `http://127.0.0.1:${port}/hooks`,
        description: "down for now",
        events: ["contact.created"],
        enabled: true
      })
    )
    assert.strictEqual(made.status, 201, made.text)
    const names: Array<string> = []
    for (let i = 0; i < EVENTS; i++) {
      const name = `Crashhook${i}`
      const saved = await run(
        browser.post("/post/contact-update/0", {
          contact: { type: "person", name_first: name, name_last: "Test", email: "", company_id: null },
          phones: [],
          addresses: []
        })
      )
      assert.strictEqual(saved.status, 200, saved.text)
      names.push(name)
    }
    // Every first attempt made and recorded (a kill during one would leave its claim to run out first: 30 s).
    for (let i = 0; i < 100; i++) {
      const log = await run(browser.get(`/get/webhook-deliveries/${made.body.endpoint.endpoint_id}`))
      if (log.body.rows.length === EVENTS) break
      await new Promise((r) => setTimeout(r, 50))
    }
    await first.kill()

    const got: Array<{ id: string; name: string }> = []
    const receiver = createServer((req, res) => {
      let body = ""
      req.on("data", (c) => (body += String(c)))
      req.on("end", () => {
        got.push({ id: String(req.headers["webhook-id"]), name: JSON.parse(body).data.contact.first_name })
        res.end("ok")
      })
    })
    await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve))
    const second = await ServerProcess.start({ dataDir, env })
    try {
      // The first retry falls due 5 s (±10 %) after the failed first attempt.
      for (let i = 0; i < 300 && new Set(got.map((g) => g.id)).size < EVENTS; i++)
        await new Promise((r) => setTimeout(r, 100))
      await new Promise((r) => setTimeout(r, 2_500))
      assert.sameMembers(
        got.map((g) => g.name),
        names
      )
      assert.strictEqual(new Set(got.map((g) => g.id)).size, EVENTS)
    } finally {
      await second.kill()
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  }, 120_000)
})
