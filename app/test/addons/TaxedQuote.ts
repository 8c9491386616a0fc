/**
 * A team member's new account with two taxes (GST 15%, Exempt 0%) and a sent quote whose lines use them (tiling
 * with GST, waste removal exempt), asking a 30% deposit, in US dollars: what the add-ons browser test maps to
 * Xero's tax rates and invoices there. Made over HTTP the way the app saves a quote (`Fixtures.saveBody`).
 */
import { Effect } from "effect"
import { row, saveBody } from "../../../adapters/server/test/quotes/Fixtures.ts"
import { type Client, type RealServer, signUp } from "../support/RealServer.ts"

/** What `taxedQuote` made. */
export interface TaxedQuote {
  readonly team: Client
  readonly accountId: number
  readonly quoteId: number
  readonly gst: number
  readonly exempt: number
}

/** A new account with the taxes and the sent quote (see the module header). */
export const taxedQuote = async (server: RealServer): Promise<TaxedQuote> => {
  const account = await signUp(server.url, "Harbour Tiling Ltd", "Ada Tester")
  const team = account.api
  const [gst, exempt] = await server.sql((sql) =>
    sql<{ item_tax_id: number }>`
      INSERT INTO item_taxes (account_id, tax_rate, description)
      VALUES (${account.account_id}, 15, 'GST'), (${account.account_id}, 0, 'Exempt')
      RETURNING item_tax_id`.pipe(Effect.map((r) => r.map((t) => t.item_tax_id)))
  )
  const contactId = await server.sql((sql) =>
    sql<{ contact_id: number }>`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, email)
      VALUES (${account.account_id}, 'person', 'Grace', 'Hopper', 'grace@example.com') RETURNING contact_id`.pipe(
      Effect.map((r) => r[0]!.contact_id)
    )
  )
  const saved = await team.post(
    "/post/quote-update/edit/new/is-editing",
    saveBody(account.signin_id, {
      quote: { title: "Bathroom retiling", deposit_percent: "30", currency_id: 156 },
      items: [
        row(-1, 1, 0, { item_title: "Tiling", price_unit: "100", quantity: "10", item_tax_id: gst }),
        row(-2, 1, 1, { item_title: "Waste removal", price_unit: "50", quantity: "1", item_tax_id: exempt }),
        row(-3, 4, 2),
        row(-4, 2, 3, { item_title: "Terms", item_body: "Payment within 14 days." })
      ],
      contacts: [{ quote_contact_id: -1, contact_id: contactId, contact_order: 0 }]
    })
  )
  const quoteId = saved.quote_id as number
  await team.post("/post/quote-mark-sent", { quote_id: quoteId })
  return { team, accountId: account.account_id, quoteId, gst: gst!, exempt: exempt! }
}
