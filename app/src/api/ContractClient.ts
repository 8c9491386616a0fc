/**
 * The HTTP implementation of `ApiClient`: a client derived from the core's contract (`HttpApiClient.make(Api)`),
 * over `fetch`, sending the anti-forgery token and `X-Requested-With` on every request as the server requires.
 * Typed failures of the contract become `RequestFailure`s of the matching kind.
 *
 * Until the SDK (`@quotekit/sdk`) lands, this is the one place that derives the client; it then wraps the SDK.
 */
import * as Account from "@quotekit/core/Account"
import * as Api from "@quotekit/core/api/Api"
import * as Security from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Cause, Effect, Exit } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { type ApiClient, type FailureKind, RequestFailure } from "./client.ts"

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
  readonly form_errors?: ReadonlyArray<{ input_id: string; highlight: boolean; message: string }>
  readonly reason?: { readonly _tag?: unknown; readonly response?: { readonly status?: unknown } }
}

const kindOfTag: Readonly<Record<string, FailureKind>> = {
  InvalidInput: "invalidInput",
  SigninAgain: "signinAgain",
  ChooseAccount: "chooseAccount",
  AccessDenied: "accessDenied",
  NotFound: "notFound",
  ChangeWarning: "conflict",
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
  if (kind !== undefined) return new RequestFailure(kind, served ?? Message.catalogue.requestError, e.form_errors ?? [])
  if (tag === "HttpClientError") {
    const reason = e.reason
    if (reason?._tag === "TransportError") return new RequestFailure("network", Message.catalogue.checkConnection)
    if (reason?.response?.status === 404) return new RequestFailure("notFound", Message.catalogue.pageNotFound)
    return new RequestFailure("server", Message.catalogue.unexpectedResponse)
  }
  return new RequestFailure("server", Message.catalogue.unexpectedResponse)
}

const run = async <A, E>(effect: Effect.Effect<A, E>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw toFailure(Cause.squash(exit.cause))
}

/** Build the contract client for an origin (the page's own by default). */
export const make = (baseUrl: string = window.location.origin): ApiClient => {
  type Client = Effect.Success<ReturnType<typeof build>>
  let token: Promise<string> | undefined
  let client: Client | undefined
  const csrfToken = (): Promise<string> => {
    const cookie = readCookie(Security.CSRF_COOKIE)
    if (cookie !== undefined && cookie !== "") return Promise.resolve(cookie)
    token ??= run(client!.service.csrf()).then(
      (answer) => answer.token,
      (error: unknown) => {
        token = undefined
        throw error
      }
    )
    return token
  }
  const withHeaders = (request: HttpClientRequest.HttpClientRequest) => {
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
  }
  const build = () =>
    HttpApiClient.make(Api.Api, { baseUrl, transformClient: HttpClient.mapRequestEffect(withHeaders) }).pipe(
      Effect.provide(FetchHttpClient.layer)
    )
  client = Effect.runSync(build())
  const c = client
  return {
    signIn: (input) => run(c.auth.signIn({ payload: input })),
    createAccount: (input) => run(c.auth.createAccount({ payload: input })),
    signOut: () => run(c.auth.signOut()).then(() => undefined),
    whichAccount: () => run(c.auth.whichAccount()),
    selectAccount: (accountId) =>
      run(c.auth.selectAccount({ params: { account_id: Account.AccountId.make(accountId) } })),
    forgotPassword: (email) => run(c.auth.forgotPassword({ payload: { email } })).then(() => undefined),
    cacheAccount: () => run(c.account.cacheAccount()),
    call: (use) => run(use(c))
  }
}
