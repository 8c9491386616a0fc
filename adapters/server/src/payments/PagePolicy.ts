/**
 * The customer page's Content-Security-Policy when its account takes card payments: the page loads Stripe.js
 * (`https://js.stripe.com`), which talks to `https://api.stripe.com` and shows the card fields in frames from
 * `js.stripe.com` / `hooks.stripe.com`. Only then is the page's answer marked with the `stripe` profile, which
 * `SecurityHeaders` turns into those sources. The team app's two billing pages (`/settings/billing-overview`,
 * `/settings/billing-update-details`, where an admin saves the account's card) get the same profile: the app opens
 * them with a full page load. Every other page, and the customer page of an account without Stripe, keeps the
 * strict policy.
 *
 * @since 0.5.0
 */
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"
import * as Links from "../customer/Links.ts"
import { pathOf } from "../http/RequestPath.ts"
import * as SecurityHeaders from "../http/SecurityHeaders.ts"
import { PaymentsRepo } from "./Repo.ts"
import * as Settings from "./Settings.ts"

const PAGE = /^\/q\/([^/?#]+)$/

/** The team app's pages that load Stripe.js. */
export const BILLING_PAGES: ReadonlySet<string> = new Set([
  "/settings/billing-overview",
  "/settings/billing-update-details"
])

/** Whether the page behind `token` may pay by card (its account has Stripe keys). */
export const paysByCard = (token: string) =>
  Effect.gen(function* () {
    const opened = yield* Links.resolve(decodeURIComponent(token))
    if (Option.isNone(opened)) return false
    return Option.isSome(yield* Settings.keys(opened.value.account_id))
  }).pipe(Effect.catchCause(() => Effect.succeed(false)))

/** The middleware marking a paying customer page. */
export const layer = HttpRouter.middleware(
  Effect.gen(function* () {
    const repo = yield* PaymentsRepo
    const sql = yield* SqlClient.SqlClient
    return (httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const response = yield* httpEffect
        if (request.method !== "GET" || response.status !== 200) return response
        const path = pathOf(request.url)
        if (BILLING_PAGES.has(path)) return SecurityHeaders.allowStripe(response)
        const match = PAGE.exec(path)
        if (match?.[1] === undefined) return response
        const pays = yield* paysByCard(match[1]).pipe(
          Effect.provideService(PaymentsRepo, repo),
          Effect.provideService(SqlClient.SqlClient, sql)
        )
        return pays ? SecurityHeaders.allowStripe(response) : response
      })
  }),
  { global: true }
)
