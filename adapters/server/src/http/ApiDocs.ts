/**
 * The API reference at `/api/docs`: Scalar's page for the contract (`HttpApiScalar`), its "try it" requests sent
 * with the anti-forgery header as the app's are. Scalar's script (3.2 MB of JavaScript, inlined in the page) is
 * loaded on the first visit rather than while the server starts, where it cost every start about 0.16 s and
 * its memory for as long as the server ran.
 *
 * @since 0.1.0
 */
import { CSRF_COOKIE, CSRF_HEADER, REQUESTED_WITH, REQUESTED_WITH_HEADER } from "@quotekit/core/api/Security"
import { Effect, Scope } from "effect"
import { HttpRouter } from "effect/http"
import { type HttpApi, type HttpApiGroup, HttpApiScalar } from "effect/http-api"

/** Where the reference is served. */
export const PATH = "/api/docs"

/** Lets the API reference's "try it" requests pass the anti-forgery check like the app's do. */
const docsFetch = `(input, init) => {
  const m = document.cookie.match(/(?:^|; )${CSRF_COOKIE}=([^;]+)/)
  const headers = new Headers(init && init.headers)
  if (m) headers.set(${JSON.stringify(CSRF_HEADER)}, decodeURIComponent(m[1]))
  headers.set(${JSON.stringify(REQUESTED_WITH_HEADER)}, ${JSON.stringify(REQUESTED_WITH)})
  return fetch(input, Object.assign({}, init, { headers, credentials: "same-origin" }))
}`

/** The route serving `api`'s reference, its page built on the first request and kept for the server's life. */
export const layer = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>) =>
  HttpRouter.use(
    Effect.fnUntraced(function* (router) {
      const scope = yield* Scope.Scope
      const page = yield* Effect.cached(
        HttpRouter.toHttpEffect(HttpApiScalar.layer(api, { path: PATH, scalar: { customFetch: docsFetch } })).pipe(
          Scope.provide(scope)
        )
      )
      yield* router.add("GET", PATH, Effect.flatten(page))
    })
  )
