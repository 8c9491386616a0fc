/**
 * What every contract-derived client shares: the anti-forgery token (the `qk_csrf` cookie, or `GET /api/csrf`
 * when there is none yet) and `X-Requested-With` on every request, and turning a call's typed failure into a
 * `RequestFailure` of the matching kind. The clients themselves (`SessionClient.ts`, `QuotesClient.ts`) are
 * each derived from their part of the contract, so a screen loads only the schemas it calls.
 */
import * as Security from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Cause, Effect, Exit } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { type FailureKind, RequestFailure } from "./client.ts"

const readCookie = (name: string): string | undefined => {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=")
    if (key === name) return decodeURIComponent(rest.join("="))
  }
  return undefined
}

interface Envelope {
  readonly _tag?: unknown
  readonly _serveError?: { readonly message?: unknown }
  readonly _changeWarning?: { readonly who?: unknown; readonly when?: unknown; readonly mayVersion?: unknown }
  readonly form_errors?: ReadonlyArray<{ input_id: string; highlight: boolean; message: string }>
  readonly reason?: { readonly _tag?: unknown; readonly response?: { readonly status?: unknown } }
  readonly existing?: { readonly contact_id?: unknown; readonly display_name?: unknown }
}

const kindOfTag: Readonly<Record<string, FailureKind>> = {
  InvalidInput: "invalidInput",
  SigninAgain: "signinAgain",
  ChooseAccount: "chooseAccount",
  AccessDenied: "accessDenied",
  NotFound: "notFound",
  ChangeWarning: "conflict",
  ActionRefused: "conflict",
  InvoicingRefused: "conflict",
  TooManyAttempts: "tooManyAttempts",
  ServerFailure: "server",
  Unavailable: "server"
}

/** Turn anything a contract call fails with into a `RequestFailure`. */
export const toFailure = (error: unknown): RequestFailure => {
  if (error instanceof RequestFailure) return error
  const e = (typeof error === "object" && error !== null ? error : {}) as Envelope
  const tag = typeof e._tag === "string" ? e._tag : ""
  const served = typeof e._serveError?.message === "string" ? e._serveError.message : undefined
  const kind = kindOfTag[tag]
  if (tag === "DuplicateContact" && typeof e.existing?.contact_id === "number") {
    const existing = { contact_id: e.existing.contact_id, display_name: String(e.existing.display_name ?? "") }
    return new RequestFailure("duplicate", served ?? Message.requestError, [], undefined, existing)
  }
  if (kind !== undefined) {
    const w = e._changeWarning
    const warning =
      w !== undefined && typeof w.who === "string" && typeof w.when === "number"
        ? { who: w.who, when: w.when, mayVersion: w.mayVersion === true }
        : undefined
    return new RequestFailure(kind, served ?? Message.requestError, e.form_errors ?? [], warning)
  }
  if (tag === "HttpClientError") {
    const reason = e.reason
    if (reason?._tag === "TransportError") return new RequestFailure("network", Message.checkConnection)
    if (reason?.response?.status === 404) return new RequestFailure("notFound", Message.pageNotFound)
    return new RequestFailure("server", Message.unexpectedResponse)
  }
  return new RequestFailure("server", Message.unexpectedResponse)
}

/** Run a contract call as a promise that rejects with a `RequestFailure`. */
export const run = async <A, E>(effect: Effect.Effect<A, E>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw toFailure(Cause.squash(exit.cause))
}

/**
 * The request transform every client installs: `X-Requested-With` always, and the anti-forgery header — on
 * reads when the cookie exists, on state-changing requests always (fetching a token first when needed).
 */
export const securityHeaders = (fetchToken: () => Promise<string>) => {
  let token: Promise<string> | undefined
  const csrfToken = (): Promise<string> => {
    const cookie = readCookie(Security.CSRF_COOKIE)
    if (cookie !== undefined && cookie !== "") return Promise.resolve(cookie)
    token ??= fetchToken().catch((error: unknown) => {
      token = undefined
      throw error
    })
    return token
  }
  return HttpClient.mapRequestEffect((request: HttpClientRequest.HttpClientRequest) => {
    const base = HttpClientRequest.setHeader(request, Security.REQUESTED_WITH_HEADER, Security.REQUESTED_WITH)
    if (!Security.STATE_CHANGING_METHODS.has(request.method)) {
      const cookie = readCookie(Security.CSRF_COOKIE)
      return Effect.succeed(
        cookie === undefined ? base : HttpClientRequest.setHeader(base, Security.CSRF_HEADER, cookie)
      )
    }
    return Effect.map(Effect.tryPromise({ try: csrfToken, catch: (e) => e }), (t) =>
      HttpClientRequest.setHeader(base, Security.CSRF_HEADER, t)
    ).pipe(Effect.orDie)
  })
}
