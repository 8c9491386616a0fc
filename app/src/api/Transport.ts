/**
 * What every contract-derived client shares: the anti-forgery token (the `qk_csrf` cookie, or `GET /api/csrf`
 * when there is none yet) and `X-Requested-With` on every request, and turning a call's typed failure into a
 * `RequestFailure` of the matching kind. The clients themselves (`SessionClient.ts`, `QuotesClient.ts`) are
 * each derived from their part of the contract, so a screen loads only the schemas it calls.
 */
import * as Security from "@quotekit/core/api/Security"
import { Cause, Effect, Exit } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { toFailure } from "./Failure.ts"

export { toFailure } from "./Failure.ts"

const readCookie = (name: string): string | undefined => {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=")
    if (key === name) return decodeURIComponent(rest.join("="))
  }
  return undefined
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
