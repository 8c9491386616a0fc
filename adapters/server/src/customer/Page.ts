/**
 * The customer's quote page and the signing room's QR image, as plain routes beside the API:
 *
 * - `GET /q/{token}`: the light customer page (`app/customer.html`, built into the app's `dist`), server-rendered
 *   so the first paint does not wait for JavaScript: the account's name and logo, the title, the items and the
 *   total in HTML, and the page's data inline as JSON (the same `CustomerQuote` the API answers; the view is
 *   recorded here, once per load, unless previewing). A token that opens nothing answers 404 with a short page.
 * - `GET /sign/qr/{a}/{b}/{c}`: an SVG QR code of the phone signing page for that signing room
 *   (`/sign/{a}/{b}/{c}`, see `push/SignRooms`); only a page that holds the link is given the room. A room that
 *   expired or whose quote was answered has no code (404).
 *
 * @since 0.1.0
 */
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { CustomerQuote as CustomerQuoteSchema } from "@quotekit/core/api/CustomerApi"
import * as Markup from "@quotekit/core/Markup"
import * as Message from "@quotekit/core/Message"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import { Effect, Layer, Option, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import QRCode from "qrcode"
import { escapeHtml } from "../history/HistoryWriter.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as SignRooms from "../push/SignRooms.ts"
import * as QuoteDownload from "../quotes/QuoteDownload.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as CustomerQuote from "./CustomerQuote.ts"
import * as LinkToken from "./LinkToken.ts"

/** The page used while the app is not built: the server-rendered content without the page's script. */
export const fallbackTemplate = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title><!--qk-title--></title></head><body><!--qk-ssr--><!--qk-data--></body></html>`

const encode = Schema.encodeSync(CustomerQuoteSchema)

/** JSON safe inside a `<script>` element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

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
 * The template with each `<!--qk-{slot}-->` replaced by its text, taken literally: a replacer function, so `$&`,
 * `` $` `` or `$'` in a customer's words or a quote title are text, never copies of the template.
 */
export const fill = (template: string, slots: Readonly<Record<string, string>>): string =>
  Object.entries(slots).reduce((html, [slot, text]) => html.replace(`<!--qk-${slot}-->`, () => text), template)

/** The whole page from the built template. */
export const renderPage = (template: string, view: CustomerQuoteSchema, pdfHref?: string): string =>
  fill(template, {
    title: escapeHtml(`${view.quote.title === "" ? Message.untitled : view.quote.title} · ${view.branding.name}`),
    ssr: renderContent(view, pdfHref),
    data: `<script type="application/json" id="qk-data">${scriptJson(encode(view))}</script>`
  })

const notFoundPage = (template: string) =>
  fill(template, {
    title: escapeHtml(Message.notFoundTitle),
    ssr: `<main id="qk-main"><h1 class="qk-title">${escapeHtml(Message.quoteLinkNotFound)}</h1></main>`,
    data: ""
  })

/**
 * The page's stylesheets put inline: a stylesheet link holds the first paint back by one more request, and the
 * page's styles are a few kilobytes.
 */
const inlineStyles = async (appRoot: string, html: string): Promise<string> => {
  let out = html
  for (const m of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[A-Za-z0-9_.-]+\.css)"[^>]*>/g)) {
    const css = await readFile(join(appRoot, m[1] ?? ""), "utf8").catch(() => undefined)
    if (css !== undefined) out = out.replace(m[0], () => `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`)
  }
  return out
}

let cached: { readonly root: string; readonly html: string } | undefined

/** The built page template (`<appRoot>/customer.html`), read once; the fallback while the app is not built. */
const template = Effect.gen(function* () {
  const { appRoot } = yield* ServerConfig
  if (cached?.root === appRoot) return cached.html
  const html = yield* Effect.promise(() =>
    readFile(join(appRoot, "customer.html"), "utf8").catch(() => fallbackTemplate)
  )
  const inlined = yield* Effect.promise(() => inlineStyles(appRoot, html))
  cached = { root: appRoot, html: inlined }
  return inlined
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
    const html = yield* template
    const token = params.token ?? ""
    return yield* CustomerQuote.view(token, preview === "1" || preview === "2" ? preview : undefined).pipe(
      Effect.map((view) =>
        HttpServerResponse.text(renderPage(html, view, `${LinkToken.pagePath(token)}/pdf`), {
          contentType: "text/html; charset=utf-8",
          headers
        })
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
