/**
 * The public site's handlers: `GET /e/offer` (the special offer for a visitor whose landing cookie records a
 * referral link, when the operator set `REFERRAL_OFFER`), `GET /e/quote-examples` (the sample-quote picker's
 * examples), and `GET /sign-in/quote-copy-example?example={key}`: a copy of an example quote for whoever follows
 * the link, straight into the editor when signed in, else through sign-in first.
 *
 * @since 0.4.0
 */
import { Api } from "@quotekit/core/api/Api"
import { SESSION_COOKIE } from "@quotekit/core/api/Security"
import * as LandingSource from "@quotekit/core/LandingSource"
import * as Message from "@quotekit/core/Message"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import * as Examples from "../quotes/Examples.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as Landing from "./Landing.ts"

/**
 * The offer for a visitor with `cookie`: none without a referral or an offer; `REFERRAL_OFFER=true` (or `on`, `1`)
 * is the spec's offer ('50% off the first 3 months'), any other text is the operator's own.
 */
export const offerText = (configured: string | undefined, cookie: string): string | null => {
  if (configured === undefined || !LandingSource.isReferral(cookie)) return null
  return ["true", "on", "1", "yes"].includes(configured.trim().toLowerCase()) ? Message.specialOffer : configured.trim()
}

/** The site group's handlers. */
export const handlers = HttpApiBuilder.group(Api, "site", (handlers) =>
  handlers
    .handle("offer", () =>
      Effect.gen(function* () {
        const config = yield* ServerConfig
        const cookie = yield* Landing.current
        return { offer: offerText(config.referralOffer, cookie) }
      })
    )
    .handle("quoteExamples", () => Effect.succeed({ examples: Examples.summaries() }))
)

/** The editor address that starts a draft from `example` (an unknown example starts a blank quote). */
export const editorFor = (example: string | null): string =>
  example !== null && Object.hasOwn(Examples.examples, example)
    ? `/quotes/new/is-editing?example=${encodeURIComponent(example)}`
    : "/quotes/new/is-editing"

const copyExample = HttpRouter.add(
  "GET",
  "/sign-in/quote-copy-example",
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const editor = editorFor(new URL(request.url, "http://x").searchParams.get("example"))
    const signedIn = (request.cookies[SESSION_COOKIE] ?? "") !== ""
    return HttpServerResponse.redirect(signedIn ? editor : `/sign-in?redirect=${encodeURIComponent(editor)}`, {
      status: 302,
      headers: { "cache-control": "no-store" }
    })
  })
)

/** The site's plain routes and the landing cookie. */
export const routes = Layer.mergeAll(copyExample, Landing.layer)
