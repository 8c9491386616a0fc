// @vitest-environment node
/**
 * Settings → Email domain in headless Chromium, against the real server (in this process, over an embedded PGlite
 * database, its DNS look-ups answered by the fake zone, relays on this machine allowed) serving a production build
 * of its own: an admin opens Email domain from Account Settings, saves a sender address and the account's own SMTP
 * server (an smtp-server the test runs on 127.0.0.1 with its own password), sees the three records not found and
 * the server's address used meanwhile, sends a test email that reaches that relay, publishes the records, checks
 * again and sees them verified and the account's address used, then sees the relay's refusal of a wrong password.
 * Each state is checked with axe-core; no console error, no answer of 500 or above.
 */
import { rm } from "node:fs/promises"
import type { AddressInfo } from "node:net"
import * as EmailDomain from "@quotekit/core/EmailDomain"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import type { Browser, Page } from "playwright-core"
import { SMTPServer } from "smtp-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as TestDatabase from "../../adapters/pg/src/TestDatabase.ts"
import * as Mailer from "../../adapters/server/src/auth/Mailer.ts"
import { DnsFake, type FakeZone, layerFake } from "../../adapters/server/src/emaildomain/Dns.ts"
import * as Main from "../../adapters/server/src/main.ts"
import * as EventBusLocal from "../../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../../adapters/server/src/ServerConfig.ts"
import { emailDomainText as t } from "../src/emaildomain/emailDomainText.ts"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { signUp } from "./support/RealServer.ts"

const USER = "harbour-relay"
const PASS = "relay-password-1"
const SERVER_FROM = "quotekit <no-reply@qk.example>"

let dist: string
let url = ""
let zone: FakeZone
let browser: Browser
let relay: SMTPServer
let relayPort = 0
const scope = Effect.runSync(Scope.make())
const received: Array<{ readonly to: string; readonly raw: string }> = []

beforeAll(async () => {
  relay = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === USER && auth.password === PASS
        ? callback(null, { user: USER })
        : callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 })),
    onData: (stream, session, callback) => {
      let raw = ""
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("latin1")))
      stream.on("end", () => {
        for (const r of session.envelope.rcptTo) received.push({ to: r.address, raw })
        callback()
      })
    }
  })
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve))
  relayPort = (relay.server.address() as AddressInfo).port
  dist = await buildOwnApp()
  const server = Main.layer.pipe(
    Layer.provide([
      ServerConfig.layer({
        port: 0,
        host: "127.0.0.1",
        appRoot: dist,
        signinPerAddress: { max: 1000, windowSeconds: 60 },
        signinPerEmail: { max: 1000, windowSeconds: 60 },
        logRequests: false,
        mailFrom: SERVER_FROM,
        webhooksAllowPrivate: true
      }),
      EventBusLocal.layer,
      Mailer.layerMemory
    ]),
    Layer.provideMerge(Layer.mergeAll(TestDatabase.layer("pglite"), layerFake))
  )
  const context = await Effect.runPromise(Layer.buildWithScope(server, scope))
  url = (await Effect.runPromise(Main.url.pipe(Effect.provide(context)))).replace("0.0.0.0", "127.0.0.1")
  zone = Context.get(context, DnsFake)
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await Effect.runPromise(Scope.close(scope, Exit.void))
  await new Promise<void>((resolve) => relay.close(() => resolve()))
  if (dist !== undefined) await rm(dist, { recursive: true, force: true })
})

/** Console errors, page errors and server failures seen on a page. */
const watch = (page: Page) => {
  const problems: Array<string> = []
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error on ${page.url()}: ${msg.text()}`)
  })
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  page.on("response", (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} for ${response.url()}`)
  })
  return problems
}

/** Wait until the relay took a message for `to` after the first `count`. */
const arrived = async (to: string, count: number) => {
  for (let i = 0; i < 200; i++) {
    const found = received.slice(count).find((r) => r.to === to)
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no email to ${to} reached the relay`)
}

describe("email domain in Chromium against the real server", { timeout: 120_000 }, () => {
  it("an admin saves a sender and relay, sends a test, publishes the records and sees them verified", async () => {
    const admin = await signUp(url, "Harbour Joinery", "Alex Owner")
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await admin.api.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    const problems = watch(page)

    await page.goto(`${url}/settings`)
    await page.getByRole("link", { name: t.title }).click()
    await page.waitForURL(`${url}/settings/email-domain`)
    await page.getByRole("heading", { name: t.title, level: 1 }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // A bad address is refused with the rule's message at the field.
    await page.getByLabel(t.senderName).fill("Harbour Joinery")
    await page.getByLabel(t.senderEmail).fill("quotes@harbour")
    await page.getByRole("button", { name: t.save }).click()
    await page.getByText(EmailDomain.messages.senderEmailInvalid).waitFor()
    expect(await page.getByLabel(t.senderEmail).getAttribute("aria-invalid")).toBe("true")

    await page.getByLabel(t.senderEmail).fill("quotes@harbour.test")
    await page.getByRole("radio", { name: t.relayOwn }).check()
    await page.getByLabel(t.host).fill("127.0.0.1")
    await page.getByLabel(t.security).selectOption("none")
    expect(await page.getByLabel(t.port).inputValue()).toBe("25")
    await page.getByLabel(t.port).fill(String(relayPort))
    await page.getByLabel(t.username).fill(USER)
    await page.getByLabel(t.password).fill(PASS)
    await page.getByRole("button", { name: t.save }).click()

    // Saved: the records, none found yet, and the server's address used meanwhile.
    const table = page.getByRole("table")
    for (const kind of ["spf", "dkim", "dmarc"] as const) {
      await table.locator(`tr[data-record="${kind}"] [data-state="not-found"]`).waitFor()
    }
    await page
      .getByText(EmailDomain.messages.unverifiedSender("Harbour Joinery <no-reply@qk.example>", "quotes@harbour.test"))
      .waitFor()
    expect(await page.getByLabel(t.password).inputValue()).toBe("")
    expect(await page.getByLabel(t.password).getAttribute("placeholder")).not.toBeNull()
    await page.getByText(t.passwordSaved).waitFor()
    expect(await page.content()).not.toContain(PASS)
    expect(await axeViolations(page)).toEqual([])

    // The test email goes through the account's relay.
    const before = received.length
    await page.getByRole("button", { name: t.sendTest }).click()
    await page
      .getByRole("status")
      .filter({ hasText: EmailDomain.messages.testSent(admin.email) })
      .waitFor()
    const test = await arrived(admin.email, before)
    expect(test.raw).toMatch(/^From: Harbour Joinery <no-reply@qk\.example>\r$/m)
    expect(test.raw).toMatch(/^Reply-To: quotes@harbour\.test\r$/m)

    // Publish what the page lists, check again: verified, and the account's own address is used.
    const cells = async (kind: string) => {
      const row = table.locator(`tr[data-record="${kind}"]`)
      return {
        name: await row.locator("code").nth(0).textContent(),
        value: await row.locator("code").nth(1).textContent()
      }
    }
    for (const kind of ["spf", "dkim", "dmarc"]) {
      const { name, value } = await cells(kind)
      zone.records.set(name ?? "", [[value ?? ""]])
    }
    await page.getByRole("button", { name: t.checkAgain }).click()
    for (const kind of ["spf", "dkim", "dmarc"] as const) {
      await table.locator(`tr[data-record="${kind}"] [data-state="verified"]`).waitFor()
    }
    await page.getByText(EmailDomain.messages.verifiedSender("Harbour Joinery <quotes@harbour.test>")).waitFor()
    await page.getByText(t.lastChecked("just now"), { exact: false }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    const signedAt = received.length
    await page.getByRole("button", { name: t.sendTest }).click()
    const signed = await arrived(admin.email, signedAt)
    expect(signed.raw).toMatch(/^From: Harbour Joinery <quotes@harbour\.test>\r$/m)
    expect(signed.raw).toMatch(/^DKIM-Signature: .*d=harbour\.test/m)

    // A wrong password: the relay's refusal is shown, not a failure page.
    await page.getByLabel(t.password).fill("not-the-password")
    await page.getByRole("button", { name: t.save }).click()
    await page.getByRole("status").filter({ hasText: t.saved }).waitFor()
    await page.getByRole("button", { name: t.sendTest }).click()
    const alert = page.getByRole("alert").filter({ hasText: "The mail server did not take the test email:" })
    await alert.waitFor()
    expect(await alert.textContent()).toContain("535")
    expect(await axeViolations(page)).toEqual([])

    // The one refused save above is the browser's only console message (its 400 answer).
    expect(problems.filter((p) => !/email-domain: Failed to load resource: .*status of 400/.test(p))).toEqual([])
    expect(problems.length).toBe(1)
    await context.close()
  })
})
