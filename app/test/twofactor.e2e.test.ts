// @vitest-environment node
/**
 * Two-factor sign-in in headless Chromium, against the real server serving a production build of its own.
 *
 * A member turns it on in Personal Settings by scanning the QR: the test takes the QR's pixels from a screenshot,
 * decodes them with jsQR as a phone's camera app would, and reads the secret from the `otpauth://` address the QR
 * holds (and checks it is the key shown as text beside it). A wrong code is refused, the code otpauth computes
 * turns it on, and the ten recovery codes are shown once. In a fresh browser the password is followed by the code
 * step; with 'Remember this device' a sign-out and sign-in in that browser skip it. In another browser a recovery
 * code signs in once and is refused the second time. Then the admin switch: an admin requires two-factor of every
 * member from Account Settings, a member without it is signed out, and at their next sign-in is sent to enrolment
 * (QR decoded again, first code, recovery codes) before reaching the app.
 *
 * Each state is checked with axe-core; no console error, no answer of 500 or above.
 */
import { rm } from "node:fs/promises"
import * as Message from "@quotekit/core/Message"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import jsQRModule from "jsqr"
import { Secret, TOTP, URI } from "otpauth"
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { PNG } from "pngjs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as TestDatabase from "../../adapters/pg/src/TestDatabase.ts"
import * as Mailer from "../../adapters/server/src/auth/Mailer.ts"
import * as Main from "../../adapters/server/src/main.ts"
import * as EventBusLocal from "../../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../../adapters/server/src/ServerConfig.ts"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { Client, PASSWORD, signUp } from "./support/RealServer.ts"

const m = Message.catalogue
const t = TwoFactor.text
let dist: string
let browser: Browser
let url: string
let outbox: ReadonlyArray<Mailer.Mail>
let scope: Scope.Closeable

/**
 * `RealServer.start`'s server, keeping the in-memory mailer's outbox in reach: the invitation a member accepts
 * arrives by email.
 */
const startWithOutbox = async (appRoot: string) => {
  scope = Effect.runSync(Scope.make())
  const server = Main.layer.pipe(
    Layer.provide([
      ServerConfig.layer({
        port: 0,
        host: "127.0.0.1",
        appRoot,
        signinPerAddress: { max: 1000, windowSeconds: 60 },
        signinPerEmail: { max: 1000, windowSeconds: 60 },
        logRequests: false
      }),
      EventBusLocal.layer
    ]),
    Layer.provideMerge(Mailer.layerMemory),
    Layer.provideMerge(TestDatabase.layer("pglite"))
  )
  const context = await Effect.runPromise(Layer.buildWithScope(server, scope))
  url = (await Effect.runPromise(Main.url.pipe(Effect.provide(context)))).replace("0.0.0.0", "127.0.0.1")
  outbox = Context.get(context, Mailer.MailerMemory).sent
}

beforeAll(async () => {
  dist = await buildOwnApp()
  await startWithOutbox(dist)
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
  if (dist !== undefined) await rm(dist, { recursive: true, force: true })
})

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

/** The code an authenticator app shows, `steps` steps from now. */
const code = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    digits: TwoFactor.DIGITS,
    period: TwoFactor.PERIOD_SECONDS,
    timestamp: Date.now() + steps * TwoFactor.PERIOD_SECONDS * 1000
  })

/** A code that is not the one the app shows now (nor one step either side). */
const wrongCode = (secret: string) => {
  const near = new Set([code(secret, -1), code(secret), code(secret, 1)])
  return ["000000", "111111", "222222", "333333"].find((c) => !near.has(c))!
}

// jsqr is CommonJS with an `exports.default`; Node's import gives the function itself, TypeScript sees the module.
const jsQR = (typeof jsQRModule === "function" ? jsQRModule : jsQRModule.default) as typeof jsQRModule.default

/**
 * Scan the QR on the page as a phone would: its pixels (a screenshot of the image), decoded by jsQR, must hold an
 * `otpauth://totp/` address; the authenticator app's entry made from it (otpauth's own parser).
 */
const scan = async (qr: Locator, email: string) => {
  const png = PNG.sync.read(await qr.screenshot())
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  expect(found, "the QR decodes").not.toBeNull()
  const uri = found!.data
  expect(uri).toBe(TwoFactor.otpauthUri(URI.parse(uri).secret.base32, email))
  const totp = URI.parse(uri)
  if (!(totp instanceof TOTP)) throw new Error(`not a TOTP address: ${uri}`)
  expect(totp.digits).toBe(TwoFactor.DIGITS)
  expect(totp.period).toBe(TwoFactor.PERIOD_SECONDS)
  return totp.secret.base32
}

/** The key shown as text beside the QR, without the spaces that group it. */
const shownKey = async (scope: Locator) =>
  ((await scope.getByText(t.manual).locator("xpath=following-sibling::code").textContent()) ?? "").replace(/\s/g, "")

/** The sign-in page's form, filled and sent. */
const signIn = async (page: Page, email: string, password: string) => {
  await page.goto(`${url}/sign-in`)
  await page.getByLabel(m.email).fill(email)
  await page.getByLabel(m.password).fill(password)
  await page.getByRole("button", { name: m.signIn }).click()
}

/** Sign out from the account menu, as a person does. */
const signOut = async (page: Page, accountName: string) => {
  await page.getByRole("button", { name: accountName }).click()
  await page.getByRole("menuitem", { name: m.signOut }).click()
  await page.waitForURL(`${url}/sign-in`)
}

const hasSession = async (context: BrowserContext) => (await context.cookies()).some((c) => c.name === "qk_session")

const newContext = () => browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 })

describe("two-factor sign-in in Chromium against the real server", { timeout: 150_000 }, () => {
  it("a member enrols by scanning the QR, signs in with a code, is remembered, and uses a recovery code once", async () => {
    const member = await signUp(url, "Harbour Joinery", "Alex Owner")
    const context = await newContext()
    await member.api.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const problems = watch(page)

    await page.goto(`${url}/settings/personal`)
    const section = page.getByRole("region", { name: t.title })
    await section.getByText(t.off).waitFor()
    await section.getByRole("button", { name: t.turnOn }).click()
    const qr = section.getByRole("img", { name: t.qrAlt })
    await qr.waitFor()
    expect((await qr.getAttribute("src")) ?? "").toMatch(/^data:image\/svg\+xml;base64,/)
    const secret = await scan(qr, member.email)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // The key typed by hand is the same secret.
    expect(await shownKey(section)).toBe(secret)
    expect(await axeViolations(page)).toEqual([])

    // A wrong code first: said so, still off.
    await section.getByLabel(t.code, { exact: true }).fill(wrongCode(secret))
    await section.getByRole("button", { name: t.confirm }).click()
    await section.getByText(t.codeWrong).waitFor()
    await section.getByLabel(t.code, { exact: true }).fill(code(secret))
    await section.getByRole("button", { name: t.confirm }).click()

    // Ten recovery codes, once.
    const codes = page.getByRole("list", { name: t.recoveryTitle })
    await codes.waitFor()
    const recovery = await codes.getByRole("listitem").allTextContents()
    expect(recovery).toHaveLength(10)
    expect(new Set(recovery).size).toBe(10)
    for (const c of recovery) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("button", { name: t.recoveryDone }).click()
    await section.getByText(t.recoveryLeft(10)).waitFor()
    expect(await page.content()).not.toContain(recovery[0]!)

    // A fresh browser: the password, then the code. The next step's code (within the window, never used yet).
    const fresh = await newContext()
    const signin = await fresh.newPage()
    signin.setDefaultTimeout(10_000)
    const signinProblems = watch(signin)
    await signIn(signin, member.email, member.password)
    const codeInput = signin.getByLabel(t.codeOrRecovery)
    await codeInput.waitFor()
    expect(signin.url()).toBe(`${url}/sign-in`)
    expect(await hasSession(fresh)).toBe(false)
    expect(await axeViolations(signin)).toEqual([])
    await codeInput.fill(code(secret, 1))
    await signin.getByRole("checkbox", { name: t.remember }).check()
    await signin.getByRole("button", { name: t.verify }).click()
    await signin.waitForURL(`${url}/dashboard`)
    expect((await fresh.cookies()).some((c) => c.name === `qk_2fa_device_${member.signin_id}` && c.httpOnly)).toBe(true)

    // Signed out from the menu and in again in the same browser: remembered, no code asked.
    await signOut(signin, "Harbour Joinery")
    expect(await hasSession(fresh)).toBe(false)
    await signIn(signin, member.email, member.password)
    await signin.waitForURL(`${url}/dashboard`)

    // Another browser, the phone lost: a recovery code signs in (typed in capitals with a space, as read aloud).
    const other = await newContext()
    const lost = await other.newPage()
    lost.setDefaultTimeout(10_000)
    const lostProblems = watch(lost)
    await signIn(lost, member.email, member.password)
    await lost.getByLabel(t.codeOrRecovery).fill(recovery[3]!.toUpperCase().replace("-", " "))
    await lost.getByRole("button", { name: t.verify }).click()
    await lost.waitForURL(`${url}/dashboard`)
    await lost.goto(`${url}/settings/personal`)
    await lost.getByRole("region", { name: t.title }).getByText(t.recoveryLeft(9)).waitFor()
    // The same recovery code a second time: refused, no session, the form still there.
    await signOut(lost, "Harbour Joinery")
    await signIn(lost, member.email, member.password)
    await lost.getByLabel(t.codeOrRecovery).fill(recovery[3]!)
    await lost.getByRole("button", { name: t.verify }).click()
    await lost.getByText(t.codeWrong).waitFor()
    expect(await hasSession(other)).toBe(false)
    // Another one of the codes still works.
    await lost.getByLabel(t.codeOrRecovery).fill(recovery[4]!)
    await lost.getByRole("button", { name: t.verify }).click()
    await lost.waitForURL(`${url}/dashboard`)

    // The wrong code and the refused recovery code are answered 400, which the browser logs as a failed resource
    // (once each). After a sign-out the app's look at the ended session is answered 401 on the sign-in page, which
    // the browser logs the same way. Nothing else.
    const refused = (p: string) => /status of 400/.test(p)
    const signedOut = (p: string) => p.startsWith(`console error on ${url}/sign-in:`) && /status of 401/.test(p)
    expect(problems.filter(refused)).toHaveLength(1)
    expect(lostProblems.filter(refused)).toHaveLength(1)
    expect([...problems, ...lostProblems, ...signinProblems].filter((p) => !refused(p) && !signedOut(p))).toEqual([])
    await context.close()
    await fresh.close()
    await other.close()
  })

  it("the admin switch requires two-factor of every member: one without is signed out and enrols at sign-in", async () => {
    const admin = await signUp(url, "Quay Kitchens", "Ada Admin")
    // The admin's own two-factor first (the switch needs it), through the API as the settings screen does.
    const started = await admin.api.post("/two-factor/enrol")
    await admin.api.post("/two-factor/enrol/confirm", { code: code(started.secret) })

    // A member joins by the invitation's link.
    const memberEmail = `mel.${Date.now()}@quay.example`
    await admin.api.post("/sign-in/invite", { email: memberEmail, is_admin: false })
    const invitation = outbox.findLast((mail) => mail.to === memberEmail)
    expect(invitation).toBeDefined()
    const token = new URL(Mailer.linkIn(invitation!)!).searchParams.get("token")!
    const member = new Client(url)
    await member.post("/sign-in/accept-invitation", { token, your_name: "Mel Member", password: PASSWORD })
    const memberContext = await newContext()
    await member.share(memberContext)
    const memberPage = await memberContext.newPage()
    memberPage.setDefaultTimeout(10_000)
    const memberProblems = watch(memberPage)
    await memberPage.goto(`${url}/dashboard`)
    await memberPage.getByRole("button", { name: "Quay Kitchens" }).waitFor()

    // The admin turns the switch on in Account Settings.
    const adminContext = await newContext()
    await admin.api.share(adminContext)
    const adminPage = await adminContext.newPage()
    adminPage.setDefaultTimeout(10_000)
    const adminProblems = watch(adminPage)
    await adminPage.goto(`${url}/settings`)
    const rule = adminPage.getByRole("region", { name: t.title })
    await rule.getByRole("status").filter({ hasText: t.requiredOff }).waitFor()
    // The box follows the server's answer (a controlled input), so it is clicked, then its status awaited.
    await rule.getByRole("checkbox", { name: t.requiredTitle }).click()
    await rule
      .getByRole("status")
      .filter({ hasText: `${t.requiredOn} ${t.membersWithout(1)}` })
      .waitFor()
    expect(await rule.getByRole("checkbox", { name: t.requiredTitle }).isChecked()).toBe(true)
    expect(await axeViolations(adminPage)).toEqual([])

    // The member's session ended.
    expect((await member.answer("GET", "/get/cache-account")).status).toBe(401)
    await memberContext.clearCookies()

    // At sign-in the member is sent to enrolment: the QR (scanned), the first code, the recovery codes, the app.
    await signIn(memberPage, memberEmail, PASSWORD)
    const step = memberPage.getByRole("form", { name: t.title })
    await step.getByText(t.enrolNeeded).waitFor()
    expect(await hasSession(memberContext)).toBe(false)
    const qr = step.getByRole("img", { name: t.qrAlt })
    await qr.waitFor()
    const secret = await scan(qr, memberEmail)
    expect(await shownKey(step)).toBe(secret)
    expect(await axeViolations(memberPage)).toEqual([])
    await step.getByLabel(t.code, { exact: true }).fill(code(secret))
    await step.getByRole("button", { name: t.confirm }).click()
    const codes = memberPage.getByRole("list", { name: t.recoveryTitle })
    await codes.waitFor()
    expect(await codes.getByRole("listitem").count()).toBe(10)
    await memberPage.getByRole("button", { name: t.recoveryDone }).click()
    await memberPage.waitForURL(`${url}/dashboard`)
    expect(await hasSession(memberContext)).toBe(true)

    // Required: in Personal Settings it is on, and cannot be turned off.
    await memberPage.goto(`${url}/settings/personal`)
    const own = memberPage.getByRole("region", { name: t.title })
    await own.getByText(t.recoveryLeft(10)).waitFor()

    // Every member has it now.
    await adminPage.reload()
    await rule
      .getByRole("status")
      .filter({ hasText: `${t.requiredOn} ${t.membersWithout(0)}` })
      .waitFor()

    expect(memberProblems).toEqual([])
    expect(adminProblems).toEqual([])
    await memberContext.close()
    await adminContext.close()
  })
})
