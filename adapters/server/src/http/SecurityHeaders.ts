/**
 * The security headers of every answer: `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, a
 * `Permissions-Policy` turning off what quotekit never uses, and on pages a strict Content-Security-Policy:
 * scripts only from the server itself, plus, for a page whose HTML carries inline scripts (the API reference),
 * exactly those scripts by their SHA-256; never `'unsafe-inline'` scripts. Styles may be inline (the customer page
 * inlines its stylesheet, and the app's components set style attributes). Frames only from the same origin (the
 * team app shows the customer page in a frame for 'Viewing as Customer'). A header an answer already sets wins.
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { pathOf } from "./RequestPath.ts"

/** The SHA-256 sources of a page's inline scripts (a `<script>` without `src` of a type browsers run). */
export const inlineScriptHashes = (html: string): ReadonlyArray<string> => {
  const hashes: Array<string> = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = m[1] ?? ""
    if (/\bsrc\s*=/i.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    // Data blocks (JSON) are not run, so they need no hash.
    if (type !== undefined && type !== "module" && type !== "text/javascript" && type !== "application/javascript")
      continue
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "", "utf8")
        .digest("base64")}'`
    )
  }
  return hashes
}

/**
 * A page that takes card payments (the customer page of an account with Stripe set up) names its profile in this
 * response header; it is taken off the answer and only widens that page's policy by Stripe's documented sources.
 */
export const CSP_PROFILE_HEADER = "x-quotekit-csp-profile"

/** Stripe.js's sources (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  img: ["https://*.stripe.com"]
} as const

/** Extra sources a page's policy may allow. */
export interface ExtraSources {
  readonly script?: ReadonlyArray<string>
  readonly connect?: ReadonlyArray<string>
  readonly frame?: ReadonlyArray<string>
  readonly img?: ReadonlyArray<string>
}

const extra = (sources: ReadonlyArray<string> | undefined): string =>
  sources === undefined || sources.length === 0 ? "" : ` ${sources.join(" ")}`

/** `policy` (one or more policies, comma-separated) with `sources` added to the policy that limits scripts. */
export const widenPolicy = (policy: string, sources: ExtraSources): string =>
  policy
    .split(/,\s*/)
    .map((one) => {
      if (!/(^|;\s*)script-src /.test(one)) return one
      const add: Record<string, ReadonlyArray<string> | undefined> = {
        "script-src": sources.script,
        "connect-src": sources.connect,
        "img-src": sources.img,
        "frame-src": sources.frame
      }
      const directives = one.split(/;\s*/)
      const widened = directives.map((d) => {
        const more = add[d.split(" ")[0] ?? ""]
        return more === undefined ? d : `${d}${extra(more.filter((x) => !d.includes(x)))}`
      })
      if (sources.frame !== undefined && !directives.some((d) => d.startsWith("frame-src ")))
        widened.splice(widened.length - 1, 0, `frame-src 'self'${extra(sources.frame)}`)
      return widened.join("; ")
    })
    .join(", ")

/** The permissions policy of a paying page: Stripe.js may offer wallets (the Payment Request API) from its frames. */
const stripePermissions = (policy: string): string =>
  policy.replace("payment=()", 'payment=(self "https://js.stripe.com")')

/**
 * Allow Stripe.js on a page's answer, whichever side of this middleware the caller runs: before it, the answer
 * is marked with the `stripe` profile for it to apply; after it, the policy it set is widened in place.
 */
export const allowStripe = (response: HttpServerResponse.HttpServerResponse): HttpServerResponse.HttpServerResponse => {
  const policy = response.headers["content-security-policy"]
  if (policy === undefined || !policy.includes("script-src "))
    return HttpServerResponse.setHeader(response, CSP_PROFILE_HEADER, "stripe")
  return HttpServerResponse.setHeaders(response, {
    "content-security-policy": widenPolicy(policy, STRIPE_SOURCES),
    "permissions-policy": stripePermissions(
      response.headers["permissions-policy"] ?? always["permissions-policy"] ?? ""
    )
  })
}

/** The Content-Security-Policy of a page. `docs`: the API reference, which loads its fonts from the web. */
export const contentSecurityPolicy = (
  scriptHashes: ReadonlyArray<string>,
  docs = false,
  sources: ExtraSources = {}
): string =>
  [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(" ")}${extra(sources.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${docs ? " https:" : ""}${extra(sources.img)}`,
    `font-src 'self' data:${docs ? " https:" : ""}`,
    `connect-src 'self'${extra(sources.connect)}`,
    ...(sources.frame === undefined ? [] : [`frame-src 'self'${extra(sources.frame)}`]),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'"
  ].join("; ")

const always: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"
}

const htmlOf = (response: HttpServerResponse.HttpServerResponse): string | undefined => {
  const body = response.body
  if (body._tag === "Uint8Array") return body.text ?? new TextDecoder().decode(body.body)
  if (body._tag === "Raw" && typeof body.body === "string") return body.body
  return undefined
}

/** The headers an answer gets, given what it already has and the address asked for (`url`, as the request has it). */
export const headersFor = (
  url: string,
  response: HttpServerResponse.HttpServerResponse
): Readonly<Record<string, string>> => {
  const added: Record<string, string> = {}
  for (const [name, value] of Object.entries(always)) if (response.headers[name] === undefined) added[name] = value
  const type = response.headers["content-type"] ?? (response.body._tag === "Empty" ? "" : response.body.contentType)
  if (String(type).startsWith("text/html")) {
    const html = htmlOf(response) ?? ""
    const stripe = response.headers[CSP_PROFILE_HEADER] === "stripe"
    const policy = contentSecurityPolicy(
      inlineScriptHashes(html),
      pathOf(url).startsWith("/api/docs"),
      stripe ? STRIPE_SOURCES : {}
    )
    if (stripe && response.headers["permissions-policy"] === undefined)
      added["permissions-policy"] = stripePermissions(always["permissions-policy"] ?? "")
    // A page's own policy (the customer page's frame rule) is kept, and the strict one is added beside it:
    // browsers enforce every policy they are given.
    const own = response.headers["content-security-policy"]
    added["content-security-policy"] = own === undefined ? policy : `${own}, ${policy}`
    if (response.headers["x-frame-options"] === undefined) added["x-frame-options"] = "SAMEORIGIN"
  }
  return added
}

/** The headers, as global router middleware. */
export const layer = HttpRouter.middleware(
  Effect.succeed((httpEffect) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const response = yield* httpEffect
      const headers = headersFor(request.url, response)
      const own =
        response.headers[CSP_PROFILE_HEADER] === undefined
          ? response
          : HttpServerResponse.removeHeader(response, CSP_PROFILE_HEADER)
      return HttpServerResponse.setHeaders(own, headers)
    })
  ),
  { global: true }
)
