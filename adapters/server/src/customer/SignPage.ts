/**
 * The phone signing page, `GET /sign/{account}/{quoteContact}/{code}`: what the QR code on a customer's quote
 * page opens on a touch device (`app/sign.html`, a light entry of its own). Server-rendered like the customer
 * page: the account's name, the quote's title and the instruction are in the HTML, and the page's data (the
 * room's parts and its quote id, `SignPageData`) is inline for the script that puts the drawing pad in and relays
 * the drawing through the signing room (`push/SignRooms`).
 *
 * A room that does not exist answers 404 ('This signing link is not valid.'). An expired one, or one whose quote
 * was answered, is a page all the same (200, so the phone logs no failed load): the push channel's own refusal
 * text (`Push.refusals`) instead of the pad, so a reload of the phone page after accepting says the quote has
 * been answered.
 *
 * @since 0.3.0
 */
import * as Message from "@quotekit/core/Message"
import * as Push from "@quotekit/core/Push"
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { escapeHtml } from "../history/HistoryWriter.ts"
import * as SignRooms from "../push/SignRooms.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import * as PageTemplate from "./PageTemplate.ts"
import { CustomerRepo } from "./Repo.ts"

/**
 * What the phone page's script is given: the room's three id parts and the quote its drawings are for (read by
 * `app/src/sign/Relay.ts` as its `Room`).
 */
export interface SignPageData {
  readonly room: string
  readonly quoteId: number
}

const headers = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  // Nothing frames a page that signs.
  "x-frame-options": "DENY",
  "content-security-policy": "frame-ancestors 'none'"
}

/** The page's content: the account's name, the quote's title, then the instruction or why there is nothing to sign. */
const renderContent = (business: string, title: string, refusal?: string): string =>
  `<header class="qk-brand"><span class="qk-account">${escapeHtml(business)}</span></header>
<main id="qk-main"><h1 class="qk-title">${escapeHtml(title === "" ? Message.untitled : title)}</h1>${
    refusal === undefined
      ? `<p class="qk-hint-line">${escapeHtml(Message.signOnDeviceHint)}</p><div id="qk-app"></div>`
      : `<p class="qk-notice" role="status">${escapeHtml(refusal)}</p>`
  }</main>`

const page = (template: string, status: number, title: string, ssr: string, data?: SignPageData) =>
  HttpServerResponse.text(
    PageTemplate.fill(template, {
      title: escapeHtml(title),
      ssr,
      data: data === undefined ? "" : PageTemplate.dataScript(data)
    }),
    { status, contentType: "text/html; charset=utf-8", headers }
  )

/** `GET /sign/{account}/{quoteContact}/{code}`. */
export const layer = HttpRouter.add(
  "GET",
  "/sign/:account/:contact/:code",
  Effect.gen(function* () {
    const { account, contact, code } = yield* HttpRouter.params
    const template = yield* PageTemplate.load("sign.html")
    const notValid = page(
      template,
      404,
      Message.notFoundTitle,
      `<main id="qk-main"><h1 class="qk-title">${escapeHtml(Message.signLinkNotValid)}</h1></main>`
    )
    if (!Push.SIGN_PARTS.test(`${account}/${contact}/${code}`)) return notValid
    const found = yield* SignRooms.find(Number(account), Number(contact), code ?? "")
    if (Option.isNone(found)) return notValid
    const room = found.value
    const quote = yield* (yield* QuoteRepo).record(room.account_id as never, room.quote_id)
    if (Option.isNone(quote)) return notValid
    const business = (yield* (yield* CustomerRepo).brand(room.account_id)).name
    const title = quote.value.title
    const heading = `${title === "" ? Message.untitled : title} · ${business}`
    // An answered quote says so even when its room has also expired: that is what a reload after accepting shows.
    const refusal = room.used ? Push.refusals.signLinkUsed : room.expired ? Push.refusals.signLinkExpired : undefined
    if (refusal !== undefined) return page(template, 200, heading, renderContent(business, title, refusal))
    return page(template, 200, heading, renderContent(business, title), {
      room: SignRooms.partsOf(room),
      quoteId: room.quote_id
    })
  })
)
