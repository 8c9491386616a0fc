// @vitest-environment node
/**
 * Offline acceptance with proof, in Chromium against the real server: 'Accept on behalf' asks how the customer
 * accepted; a purchase order needs its number (the refusal is shown on the field and nothing is recorded), and the
 * recorded proof shows in All Activity and on the acceptance check at /verify.
 */
import * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import * as Message from "@quotekit/core/Message"
import { describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const t = AcceptanceProof.text
const live = ServerAndBrowser.forFile()

describe("accepting on the customer's behalf with proof, in Chromium", { timeout: 120_000 }, () => {
  it("records a purchase order, shows it in All Activity, and the certificate check lists it", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    const errors: Array<string> = []
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text())
    })
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    await page.locator('[data-status="sent"]').waitFor()

    await page.locator('button[data-action="acceptOnBehalf"]').click()
    const dialog = page.getByRole("dialog", { name: t.heading })
    await dialog.waitFor()
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
    await dialog.getByLabel(t.how).selectOption("purchase-order")
    await dialog.getByRole("button", { name: t.confirm }).click()
    await dialog.getByRole("alert").filter({ hasText: t.referenceMissing }).waitFor()
    expect(await dialog.getByLabel(t.reference).getAttribute("aria-invalid")).toBe("true")
    expect(await page.locator('[data-status="sent"]').count()).toBe(1)
    await page.screenshot({ path: "/tmp/acceptance-proof-dialog.png" })

    await dialog.getByLabel(t.reference).fill("PO-4711")
    await dialog.getByLabel(t.note).fill("Signed copy came by post.")
    await dialog.getByRole("button", { name: t.confirm }).click()
    await page.locator('[data-status="accepted"]').waitFor()
    expect(await dialog.count()).toBe(0)

    await page.getByRole("tab", { name: m.allActivity }).click()
    await page
      .getByText(/The customer accepted by purchase order PO-4711\. Note: Signed copy came by post\./)
      .first()
      .waitFor()

    const [acceptance] = await live.server.sql(
      (sql) => sql<{ content_hash: string }>`SELECT content_hash FROM acceptances WHERE quote_id = ${q.quoteId}`
    )
    expect(acceptance?.content_hash).toMatch(/^[0-9a-f]{64}$/)
    await page.goto(`${live.server.url}/verify/${acceptance?.content_hash}`)
    await page.getByText("This certificate matches the acceptance record.").waitFor()
    expect(await page.locator("dd", { hasText: "PO-4711" }).count()).toBe(1)
    expect(errors).toEqual([])
    await team.close()
  })
})
