/**
 * Request security of the HTTP API, declared once for the server, the OpenAPI document and the clients:
 *
 * - `AntiForgery`: every state-changing request (POST, PUT, PATCH, DELETE) carries the `X-CSRF-Token` header
 *   equal to the `qk_csrf` cookie (double-submit; the cookie lives one day and is set by any GET) and
 *   `X-Requested-With: XMLHttpRequest`; otherwise 403 and nothing changes. A request to a `SignedIn` endpoint
 *   that carries an API key needs neither: it brings no ambient credential a browser would add by itself.
 * - `SignedIn`: the `qk_session` cookie names a live session, or `Authorization: Bearer <key>` carries a live API
 *   key (`ApiKey`); provides `CurrentSignin`. A key acts as the admin who created it, for its account only; a
 *   request carrying a key is judged by the key alone (a cookie beside it is ignored); a `read` key is refused
 *   (403) on anything but GET; endpoints annotated `SessionOnly` refuse keys (403).
 * - `AccountChosen`: that session has chosen an account; provides `CurrentAccount` (the tenant every
 *   repository query filters by).
 * - `ErrorEnvelope`: undecodable input becomes `InvalidInput` (400, with a readable message and form errors),
 *   an unreachable database `Unavailable` (503), other unexpected failures `ServerFailure` (500).
 *
 * Middleware applied later wraps the earlier ones, so an endpoint lists `AccountChosen` before `SignedIn`.
 *
 * @since 0.1.0
 */
import { Context } from "effect"
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "effect/http-api"
import type * as Account from "../Account.ts"
import type * as ApiKey from "../ApiKey.ts"
import { AccessDenied, ChooseAccount, InvalidInput, ServerFailure, SigninAgain, Unavailable } from "./ApiError.ts"

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = "qk_session"
/** Name of the anti-forgery cookie (readable by scripts, so the page can echo it in the header). */
export const CSRF_COOKIE = "qk_csrf"
/** Header that must echo the anti-forgery cookie on state-changing requests. */
export const CSRF_HEADER = "x-csrf-token"
/** Header every same-origin request of the app sends; required on state-changing requests. */
export const REQUESTED_WITH_HEADER = "x-requested-with"
/** The only accepted value of `X-Requested-With`. */
export const REQUESTED_WITH = "XMLHttpRequest"
/** How long the anti-forgery cookie lives, in seconds (one day, per the spec). */
export const CSRF_COOKIE_MAX_AGE = 24 * 60 * 60
/** Methods that change state and therefore pass the anti-forgery check. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"])

/** The session cookie as an OpenAPI security scheme. */
export const sessionCookie = HttpApiSecurity.apiKey({ key: SESSION_COOKIE, in: "cookie" })

/** An API key sent as `Authorization: Bearer qk_live_…`, as an OpenAPI security scheme. */
export const apiKeyBearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "An API key made by an account admin (Account Settings, API keys): `Authorization: Bearer qk_live_…`. It acts " +
      "for its account as the admin who created it; read keys may call GET endpoints only. Requests with a key " +
      "need no anti-forgery header, and any cookie sent beside a key is ignored."
  )
)

/**
 * Marks an endpoint (or every endpoint of a group) that an API key may not call: the person's own credentials
 * and account choice, and the management of keys themselves. A key gets 403 there.
 */
export const SessionOnly = Context.Reference<boolean>("quotekit/api/SessionOnly", { defaultValue: () => false })

/**
 * The annotations of a session-only endpoint: `SessionOnly`, and an OpenAPI security that names the session
 * cookie alone. Use `endpoint.annotateMerge(sessionOnly)`, or `group.annotateEndpointsMerge(sessionOnly)`.
 */
export const sessionOnly = Context.make(SessionOnly, true).pipe(
  Context.add(OpenApi.Override, { security: [{ session: [] }] })
)

/** The signed-in person of the current request, and the account the session has chosen (with the admin flag). */
export interface Signin {
  readonly signin_id: Account.SigninId
  /** Id of the session row (never the token), for sign-out and rotation. */
  readonly session_id: string
  readonly account: { readonly account_id: Account.AccountId; readonly is_admin: boolean } | null
  /** Set when the request carries an API key instead of a session: the key, acting as `signin_id` (its creator). */
  readonly api_key?: ApiKey.Actor
}

/** The sign-in of the current request; provided by `SignedIn`. */
export class CurrentSignin extends Context.Service<CurrentSignin, Signin>()("quotekit/api/CurrentSignin") {}

/** The tenant of the current request: the chosen account and whether the sign-in is its admin. */
export interface Tenant {
  readonly account_id: Account.AccountId
  readonly signin_id: Account.SigninId
  readonly is_admin: boolean
  /** Set when the request acts through an API key (history names the key). */
  readonly api_key?: ApiKey.Actor
}

/** The account of the current request; provided by `AccountChosen`. Repositories filter by its `account_id`. */
export class CurrentAccount extends Context.Service<CurrentAccount, Tenant>()("quotekit/api/CurrentAccount") {}

/** Double-submit anti-forgery check on state-changing requests (403 `AccessDenied` when it fails). */
export class AntiForgery extends HttpApiMiddleware.Service<AntiForgery>()("quotekit/api/AntiForgery", {
  error: AccessDenied
}) {}

/**
 * Requires a live session cookie or API key (401 `SigninAgain` otherwise); provides `CurrentSignin`. A key that
 * may not make the call (a `read` key on anything but GET, any key on a `SessionOnly` endpoint) is 403
 * `AccessDenied`. The session is tried first and steps aside when the request carries a key, so the key decides.
 */
export class SignedIn extends HttpApiMiddleware.Service<SignedIn, { provides: CurrentSignin }>()(
  "quotekit/api/SignedIn",
  { error: [SigninAgain, AccessDenied], security: { session: sessionCookie, bearer: apiKeyBearer } }
) {}

/** Requires the session to have chosen an account (403 `ChooseAccount` otherwise); provides `CurrentAccount`. */
export class AccountChosen extends HttpApiMiddleware.Service<
  AccountChosen,
  { provides: CurrentAccount; requires: CurrentSignin }
>()("quotekit/api/AccountChosen", { error: ChooseAccount }) {}

/**
 * Turns undecodable input into `InvalidInput` (400), an unreachable database into `Unavailable` (503) and other
 * unexpected failures into `ServerFailure` (500).
 */
export class ErrorEnvelope extends HttpApiMiddleware.Service<ErrorEnvelope>()("quotekit/api/ErrorEnvelope", {
  error: [InvalidInput, ServerFailure, Unavailable]
}) {}
