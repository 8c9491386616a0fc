/**
 * Service endpoints: script error reports from the app (`POST /service/js-error`, at most two per page load,
 * message cut to 500 characters), the health check, the anti-forgery token and who the caller is
 * (`GET /api/session`, for a program checking which account its key acts for).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Account from "../Account.ts"
import { Unavailable } from "./ApiError.ts"
import { SignedIn } from "./Security.ts"

/** Longest script error message kept (the spec's cut). */
export const JS_ERROR_MESSAGE_MAX = 500
/** Most script error reports kept per page load (the spec's "max 2 per page"). */
export const JS_ERRORS_PER_PAGE_LOAD = 2
/** Longest report field accepted before cutting; anything larger is refused as bad input. */
export const JS_ERROR_FIELD_LIMIT = 20_000

/**
 * A script error report. `page_load_id` is a random id the app makes once per page load; the server keeps
 * at most `JS_ERRORS_PER_PAGE_LOAD` reports per id and cuts `href` and `message` to 500 characters.
 */
export const JsErrorReport = Schema.Struct({
  page_load_id: Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(64)),
  href: Schema.String.check(Schema.isMaxLength(JS_ERROR_FIELD_LIMIT)),
  message: Schema.String.check(Schema.isMaxLength(JS_ERROR_FIELD_LIMIT))
})

/** Whether the report was kept (false once the page load has used its two reports). */
export const JsErrorReceipt = Schema.Struct({ recorded: Schema.Boolean })

/** The health answer: the server runs and its database answers. */
export const Health = Schema.Struct({ status: Schema.Literal("ok"), database: Schema.Literal("ok") })

/** The readiness answer: the database answers and every migration this version knows is applied. */
export const Ready = Schema.Struct({ status: Schema.Literal("ready"), migration: Schema.Int })

/**
 * Planned downtime (`npm run offline`): when the server goes offline (epoch seconds, `null` when nothing is
 * announced) and the server's own time, so a page with a wrong clock still counts down right.
 */
export const Notice = Schema.Struct({ offline_at: Schema.NullOr(Schema.Int), now: Schema.Int })

/** The anti-forgery token (the same value as the `qk_csrf` cookie this answer sets when missing). */
export const CsrfToken = Schema.Struct({ token: Schema.String })

/**
 * Who the caller is, as the server sees it: the sign-in, the account the session has chosen (or the key's
 * account; `null` before choosing one), whether that sign-in is the account's admin, and whether a session
 * cookie or an API key brought the request. Read from the request's own session: no database work of its own.
 */
export const Caller = Schema.Struct({
  signin_id: Account.SigninId,
  account_id: Schema.NullOr(Account.AccountId),
  is_admin: Schema.Boolean,
  via: Schema.Literals(["session", "key"])
})

/** The service group. */
export class ServiceApi extends HttpApiGroup.make("service")
  .add(
    HttpApiEndpoint.post("jsError", "/service/js-error", { payload: JsErrorReport, success: JsErrorReceipt }),
    HttpApiEndpoint.get("health", "/api/health", { success: Health, error: Unavailable }),
    HttpApiEndpoint.get("ready", "/api/ready", { success: Ready, error: Unavailable }),
    HttpApiEndpoint.get("csrf", "/api/csrf", { success: CsrfToken }),
    HttpApiEndpoint.get("notice", "/api/notice", { success: Notice }),
    HttpApiEndpoint.get("session", "/api/session", { success: Caller }).middleware(SignedIn)
  )
  .annotateMerge(
    OpenApi.annotations({ title: "Service", description: "Error reports, health, readiness and anti-forgery." })
  ) {}
