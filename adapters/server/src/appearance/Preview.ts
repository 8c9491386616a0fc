/**
 * The full-size quote preview of the appearance settings (`POST /settings/quote/appearance/preview-quote`): a
 * sample quote in the account's name and logo, rendered by the customer page's own code (`Page.renderContent`
 * and `Page.styleOf`), so the preview is the page a customer would get. `quoteCss` is the style sheet,
 * `quoteHtml` the page's content (no script).
 *
 * @since 0.5.0
 */
import * as Appearance from "@quotekit/core/Appearance"
import type { QuotePreview } from "@quotekit/core/api/AppearanceApi"
import type { CustomerQuote } from "@quotekit/core/api/CustomerApi"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import { Result } from "effect"
import * as Page from "../customer/Page.ts"

const item = (id: number, over: Record<string, unknown>) => ({
  quote_item_id: id,
  item_type: 1,
  item_code: "",
  item_title: "",
  item_body: "",
  item_tax_id: 1,
  price_unit: "0",
  quantity: "1",
  editable_quantity: "0",
  discount_item: "0",
  contact_choice: 0,
  contact_selected: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  ...over
})

/** The sample quote every preview shows: a heading, priced lines, an option and a monthly subscription. */
const sampleQuote = (() => {
  const decoded = PublicQuote.decode({
    title: "Kitchen renovation",
    quote_no: 1024,
    status: "sent",
    account_id: 0,
    discount_overall: "0",
    deposit_percent: "0",
    amounts_entered: "exclusive_including",
    currency_id: 156,
    symbol: "$",
    tax_word: "tax",
    currencyCode: "USD",
    private_pricing: 7,
    isCustomerEditable: true,
    publicItems: [
      item(1, { item_type: 2, item_title: "What we will do", item_body: "Everything below, start to finish." }),
      item(2, {
        item_title: "Cabinets and benchtop",
        item_body: "Soft-close drawers, stone benchtop.",
        price_unit: "6400"
      }),
      item(3, {
        item_title: "Installation",
        item_body: "Two installers, three days.",
        price_unit: "85",
        quantity: "48"
      }),
      item(4, { item_title: "Under-cabinet lighting", price_unit: "540", contact_choice: 1 }),
      item(5, {
        item_title: "Care plan",
        item_body: "A yearly check-up.",
        price_unit: "19",
        term_every: 1,
        term_type: 2
      })
    ],
    taxIdToRate: { "1": "10" },
    previewType: 1
  })
  if (Result.isFailure(decoded))
    throw new Error(`the preview's sample quote does not decode: ${decoded.failure.message}`)
  return decoded.success
})()

/** The customer page's own style sheets, as its built template holds them inline (none until the app is built). */
export const pageStyles = (template: string): string =>
  [...template.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "").join("\n")

/**
 * The preview of `appearance` for an account named `name` with its logo at `logoUrl` (null without one);
 * `baseCss` is the customer page's own style sheet, which the appearance's rules follow.
 */
export const render = (
  appearance: Appearance.Appearance,
  name: string,
  logoUrl: string | null,
  baseCss = ""
): QuotePreview => {
  const view: CustomerQuote = {
    quote: sampleQuote,
    status: "sent",
    status_label: "Sent",
    branding: { name, logo_url: logoUrl },
    sent_when: 0,
    expiry_date: 0,
    notice: null,
    acceptance: null,
    can_accept: false,
    terms_required: false,
    signer_name: "",
    discussion: [],
    comments_closed: null,
    room: ""
  }
  return {
    quoteCss: `${baseCss}\n${Appearance.css(appearance)}`.trim(),
    quoteHtml: Page.renderContent(view, appearance.show_pdf ? "#download-pdf" : undefined)
  }
}
