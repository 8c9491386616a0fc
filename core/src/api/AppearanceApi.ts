/**
 * Quote appearance (Settings → Quote appearance, admins only): read and change how the account's quotes look to
 * its customers, and preview a quote with appearance values not yet saved
 * (`POST /settings/quote/appearance/preview-quote`, answering the page's `quoteCss` and `quoteHtml`, rendered by
 * the code that renders the customer page).
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Appearance from "../Appearance.ts"
import * as HexColour from "../HexColour.ts"
import { AccessDenied } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The settings page's data: the saved appearance and the swatches to offer. */
export const AppearanceView = Schema.Struct({
  appearance: Appearance.Appearance,
  /** Up to 5 colours taken from the account's logo (empty without a logo, or for a logo that is not PNG or JPEG). */
  logo_colours: Schema.Array(HexColour.HexColour),
  /** Where the logo loads from, null without one (for the settings page's own thumbnail). */
  logo_url: Schema.NullOr(Schema.String)
})
/** The settings page's data. */
export type AppearanceView = typeof AppearanceView.Type

/** The quote preview response: the style sheet and the page's content. */
export const QuotePreview = Schema.Struct({ quoteCss: Schema.String, quoteHtml: Schema.String })
/** The quote preview response. */
export type QuotePreview = typeof QuotePreview.Type

/** Whether the account's quotes offer 'Download PDF', for every team member's quote page. */
export const PdfOffer = Schema.Struct({ show_pdf: Schema.Boolean, pdf_page_size: Appearance.PageSize })
/** Whether quotes offer their PDF. */
export type PdfOffer = typeof PdfOffer.Type

/**
 * The appearance group; every endpoint needs a session with a chosen account, and all but `pdfOffer` (which
 * any team member's quote page reads) an admin's.
 */
export class AppearanceApi extends HttpApiGroup.make("appearance")
  .add(
    HttpApiEndpoint.get("get", "/get/quote-appearance", { success: AppearanceView, error: AccessDenied }),
    HttpApiEndpoint.get("pdfOffer", "/get/quote-pdf-offer", { success: PdfOffer }),
    HttpApiEndpoint.post("update", "/post/quote-appearance", {
      payload: Appearance.Appearance,
      success: AppearanceView,
      error: AccessDenied
    }),
    HttpApiEndpoint.post("preview", "/settings/quote/appearance/preview-quote", {
      payload: Appearance.Appearance,
      success: QuotePreview,
      error: AccessDenied
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Quote appearance",
      description:
        "How the account's quotes look on the customer page, in the quote widget and in PDFs: colour, font, " +
        "headings, logo, spacing, legacy theme, the PDF download and its paper; a full-size preview. Admins only."
    })
  ) {}
