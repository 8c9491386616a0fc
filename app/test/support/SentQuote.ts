/**
 * A team member's new account with a sent quote whose contact has a customer link, made over HTTP on the real
 * server (`RealServer`): what the customer page's and the quote page's browser tests and the customer page's
 * benchmark open. The quote has a plain item with a cost, a checkbox option, a two-option multiple-choice group,
 * a customer-editable quantity, and a private note, so a test can check that none of the private facts reach the
 * customer. Its rows and save request are built as the server quote tests build theirs (`Fixtures`).
 */
import { Effect } from "effect"
import type { Page } from "playwright-core"
import { row, saveBody } from "../../../adapters/server/test/quotes/Fixtures.ts"
import { type Client, type RealServer, signUp } from "./RealServer.ts"

/** What `sentQuote` made. */
export interface SentQuote {
  /** The team member's client, signed in. */
  readonly team: Client
  readonly accountId: number
  readonly quoteId: number
  /** The customer's link (absolute URL on the server). */
  readonly link: string
  readonly token: string
}

/** The private note and cost the customer must never receive. */
export const PRIVATE_NOTE = "Private: our margin on the oak is thin"
export const COST = "37.4321"

/** A new account with a sent quote (see the module header); `extraItems` more price rows for bigger quotes. */
export const sentQuote = async (server: RealServer, o: { readonly extraItems?: number } = {}): Promise<SentQuote> => {
  const account = await signUp(server.url, "Harbour Tiling Ltd", "Ada Tester")
  const team = account.api
  const contactId = await server.sql((sql) =>
    sql<{ contact_id: number }>`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, email)
      VALUES (${account.account_id}, 'person', 'Grace', 'Hopper', 'grace@example.com') RETURNING contact_id`.pipe(
      Effect.map((r) => r[0]!.contact_id)
    )
  )
  const prices = [
    {
      item_title: "Labour",
      item_body: "Two tilers for *two days*.",
      price_unit: "100",
      quantity: "2",
      price_cost: COST
    },
    { item_title: "Extended warranty", price_unit: "50", contact_choice: 1 },
    { item_title: "Oak finish", price_unit: "300", contact_choice: 2 | 4 },
    { item_title: "Walnut finish", price_unit: "450", contact_choice: 2 },
    { item_title: "Spare tiles", price_unit: "10", quantity: "5", editable_quantity: "20" },
    ...Array.from({ length: o.extraItems ?? 0 }, (_, i) => ({
      item_title: `Room ${i + 1}`,
      item_body: "Prepare the walls, lay the tiles, grout and seal.",
      price_unit: "120"
    }))
  ]
  const items = [
    ...prices.map((p, i) => row(-(i + 1), 1, i, p)),
    row(-(prices.length + 1), 4, prices.length),
    row(-(prices.length + 2), 2, prices.length + 1, { item_title: "Terms", item_body: "Payment within 14 days." })
  ]
  const saved = await team.post(
    "/post/quote-update/edit/new/is-editing",
    saveBody(account.signin_id, {
      quote: { title: "Bathroom retiling" },
      items,
      contacts: [{ quote_contact_id: -1, contact_id: contactId, contact_order: 0 }]
    })
  )
  const quoteId = saved.quote_id as number
  await team.post("/post/quote-mark-sent", { quote_id: quoteId })
  await team.post(`/post/discuss-update/${quoteId}/0/2/${quoteId.toString(36)}`, {
    comment: { discuss_type: 12, discuss_body: PRIVATE_NOTE, parent_question: 0 },
    files: [],
    _modifiedIn: 0
  })
  const links = await team.get(`/get/quote-links/${quoteId}`)
  const link = links[0].url as string
  return { team, accountId: account.account_id, quoteId, link, token: link.slice(link.lastIndexOf("/") + 1) }
}

/**
 * On the quote page shown in `page`, accept the quote on the customer's behalf through the bar's dialog: by email
 * unless `how` says otherwise (a purchase order needs its `reference`).
 */
export const acceptOnBehalfInPage = async (
  page: Page,
  o: { readonly how?: string; readonly reference?: string; readonly note?: string } = {}
): Promise<void> => {
  await page.locator('button[data-action="acceptOnBehalf"]').click()
  const dialog = page.getByRole("dialog", { name: "Accept on behalf of the customer" })
  await dialog.waitFor()
  if (o.how !== undefined) await dialog.getByLabel("How did the customer accept?").selectOption(o.how)
  if (o.reference !== undefined) await dialog.getByRole("textbox").first().fill(o.reference)
  if (o.note !== undefined) await dialog.getByLabel("Note (optional)").fill(o.note)
  await dialog.getByRole("button", { name: "Record acceptance" }).click()
}
