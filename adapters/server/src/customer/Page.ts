/**
 * The customer's quote page and the signing room's QR image, as plain routes beside the API:
 *
 * - `GET /q/{token}`: the light customer page (`app/customer.html`, built into the app's `dist`), server-rendered
 *   so the first paint does not wait for JavaScript: the account's name and logo, the title, the items and the
 *   total in HTML, and the page's data inline as JSON (the same `CustomerQuote` the API answers; the view is
 *   recorded here, once per load, unless previewing). A token that opens nothing answers 404 with a short page.
 * - `GET /sign/qr/{a}/{b}/{c}`: an SVG QR code of the phone signing page for that signing room
 *   (`/sign/{a}/{b}/{c}`, see `push/SignRooms`); only a page that holds the link is given the room. A room that
 *   expired or whose quote was answered has no code (404). The phone page itself is `SignPage`.
 *
 * @since 0.1.0
 */

import * as Appearance from "@quotekit/core/Appearance"
import { CustomerQuote as CustomerQuoteSchema } from "@quotekit/core/api/CustomerApi"
import * as Markup from "@quotekit/core/Markup"
import * as Message from "@quotekit/core/Message"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import { Effect, Layer, Option, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as AppearanceRepo from "../appearance/Repo.ts"
import { escapeHtml } from "../history/HistoryWriter.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as SignRooms from "../push/SignRooms.ts"
import * as QuoteDownload from "../quotes/QuoteDownload.ts"
import * as CustomerQuote from "./CustomerQuote.ts"
import * as LinkToken from "./LinkToken.ts"
import * as PageTemplate from "./PageTemplate.ts"

const encode = Schema.encodeSync(CustomerQuoteSchema)

/**
 * The server-rendered part of the page: branding (with 'Download PDF' when the quote shows its items and a
 * `pdfHref` is given), title, state, items and total.
 */
export const renderContent = (view: CustomerQuoteSchema, pdfHref?: string): string => {
  const q = view.quote
  const logo =
    view.branding.logo_url === null
      ? ""
      : `<img class="qk-logo" src="${escapeHtml(view.branding.logo_url)}" alt="${escapeHtml(view.branding.name)}" width="48" height="48" />`
  const rows = q.publicItems
    .map((item) => {
      const body = item.item_body === "" ? "" : `<div class="qk-body">${Markup.toHtml(item.item_body)}</div>`
      const title = item.item_title === "" ? "" : `<h3>${escapeHtml(item.item_title)}</h3>`
      if (item.item_type !== 1) return title === "" && body === "" ? "" : `<li class="qk-text">${title}${body}</li>`
      return `<li class="qk-price">${title}${body}</li>`
    })
    .join("")
  const total =
    q.publicItems.length === 0
      ? ""
      : `<p class="qk-total">${escapeHtml(Message.total)} ${escapeHtml(
          PublicQuote.formatAmount(q, PublicQuote.totals(q).upFront.total)
        )}</p>`
  const notice = view.notice === null ? "" : `<p class="qk-notice" role="status">${escapeHtml(view.notice)}</p>`
  // The page's heading names the quote and its number; the quote view's own header is hidden here (customer.css).
  const number = q.quote_no === undefined ? "" : ` <span class="qk-number">#${q.quote_no}</span>`
  const pdf =
    pdfHref === undefined || q.publicItems.length === 0
      ? ""
      : `<a class="qk-pdf" href="${escapeHtml(pdfHref)}" download>${escapeHtml(Message.downloadPdf)}</a>`
  return `<header class="qk-brand">${logo}<span class="qk-account">${escapeHtml(view.branding.name)}</span>${pdf}</header>
<main id="qk-main"><h1 class="qk-title">${escapeHtml(q.title === "" ? Message.untitled : q.title)}${number}</h1>${notice}
<div id="qk-ssr"><ul class="qk-items">${rows}</ul>${total}</div><div id="qk-app"></div></main>`
}

/**
 * The account's appearance as the page's style element (`Appearance.css`, whose values all come from closed
 * lists or a checked colour, so it is safe inline). It goes before the content, so the first paint has it.
 */
export const styleOf = (appearance: Appearance.Appearance): string =>
  `<style id="qk-appearance">${Appearance.css(appearance)}</style>`

/** The whole page from the built template, in the account's appearance. */
export const renderPage = (
  template: string,
  view: CustomerQuoteSchema,
  pdfHref?: string,
  appearance: Appearance.Appearance = Appearance.defaults
): string =>
  PageTemplate.fill(template, {
    title: escapeHtml(`${view.quote.title === "" ? Message.untitled : view.quote.title} · ${view.branding.name}`),
    ssr: styleOf(appearance) + renderContent(view, appearance.show_pdf ? pdfHref : undefined),
    data: PageTemplate.dataScript(encode(view))
  })

const notFoundPage = (template: string) =>
  PageTemplate.fill(template, {
    title: escapeHtml(Message.notFoundTitle),
    ssr: `<main id="qk-main"><h1 class="qk-title">${escapeHtml(Message.quoteLinkNotFound)}</h1></main>`,
    data: ""
  })

const headers = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  // The team app shows the page in a frame for 'Viewing as Customer'; no other site may frame it.
  "x-frame-options": "SAMEORIGIN",
  "content-security-policy": "frame-ancestors 'self'"
}

const page = HttpRouter.add(
  "GET",
  "/q/:token",
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    const request = yield* HttpServerRequest.HttpServerRequest
    const preview = new URL(request.url, "http://x").searchParams.get("preview") ?? undefined
    const html = yield* PageTemplate.load("customer.html")
    const token = params.token ?? ""
    return yield* CustomerQuote.view(token, preview === "1" || preview === "2" ? preview : undefined).pipe(
      Effect.flatMap((view) =>
        Effect.map(AppearanceRepo.get(view.quote.account_id), (appearance) =>
          HttpServerResponse.text(renderPage(html, view, `${LinkToken.pagePath(token)}/pdf`, appearance), {
            contentType: "text/html; charset=utf-8",
            headers
          })
        )
      ),
      Effect.catchTag("NotFound", () =>
        Effect.succeed(
          HttpServerResponse.text(notFoundPage(html), { status: 404, contentType: "text/html; charset=utf-8", headers })
        )
      )
    )
  })
)

const qr = HttpRouter.add(
  "GET",
  "/sign/qr/:account/:contact/:code",
  Effect.gen(function* () {
    const { account, contact, code } = yield* HttpRouter.params
    const none = HttpServerResponse.empty({ status: 404 })
    if (!/^\d{1,10}$/.test(account ?? "") || !/^\d{1,10}$/.test(contact ?? "") || !/^[0-9a-f]{32}$/.test(code ?? ""))
      return none
    const room = yield* SignRooms.find(Number(account), Number(contact), code ?? "")
    if (Option.isNone(room) || room.value.expired || room.value.used) return none
    const parts = SignRooms.partsOf(room.value)
    const base = yield* (yield* PublicUrl).current
    // qrcode is loaded by the first code asked for, not with the server's start.
    const { default: QRCode } = yield* Effect.promise(() => import("qrcode"))
    const svg = yield* Effect.promise(() =>
      QRCode.toString(`${base}/sign/${parts}`, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
    )
    return HttpServerResponse.text(svg, {
      contentType: "image/svg+xml",
      headers: { "cache-control": "private, max-age=3600", "x-content-type-options": "nosniff" }
    })
  })
)

/**
 * The quote as a PDF through the customer's link (`/q/{token}/pdf`): the page's own data, read as a preview so
 * downloading records no view. A link that opens nothing is 404.
 */
const pdf = HttpRouter.add(
  "GET",
  "/q/:token/pdf",
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    return yield* CustomerQuote.view(params.token ?? "", "1").pipe(
      Effect.flatMap((view) => QuoteDownload.forCustomer(view, view.signer_name, params.token ?? "")),
      Effect.catchTag("NotFound", () => Effect.succeed(HttpServerResponse.empty({ status: 404 })))
    )
  })
)

/** The page, PDF and QR routes. */
export const layer = Layer.mergeAll(page, pdf, qr)
