/**
 * The composition root of the server: the contract's handlers, the security middleware, the API reference
 * (`/api/docs`, `/api/openapi.json`), the app's static files and the Node HTTP server, over a database
 * (`SqlClient`), an event bus, a mailer and the settings supplied by the caller (`scripts/start.ts`, tests
 * and the benchmark each supply their own).
 *
 * @since 0.1.0
 */
import { createServer } from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Api } from "@quotekit/core/api/Api"
import { Code } from "@quotekit/core/api/ApiError"
import * as Message from "@quotekit/core/Message"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import * as AddOns from "./AddOns.ts"
import * as Verify from "./acceptance/Verify.ts"
import * as AccountCache from "./account/Cache.ts"
import * as AccountHttp from "./account/Http.ts"
import * as AccountRepo from "./account/Repo.ts"
import * as ApiKeyAuth from "./apikeys/Authenticate.ts"
import * as ApiKeysHttp from "./apikeys/Http.ts"
import * as AppearanceHttp from "./appearance/Http.ts"
import * as AuthHttp from "./auth/Http.ts"
import * as AuthMiddleware from "./auth/Middleware.ts"
import * as Passwords from "./auth/Passwords.ts"
import * as RateLimit from "./auth/RateLimit.ts"
import * as AuthRepo from "./auth/Repo.ts"
import * as Sessions from "./auth/Session.ts"
import * as SessionCache from "./auth/SessionCache.ts"
import * as Content from "./Content.ts"
import * as Customer from "./Customer.ts"
import * as EmailDomains from "./EmailDomains.ts"
import * as Emails from "./Emails.ts"
import * as AntiForgery from "./http/AntiForgery.ts"
import * as ApiDocs from "./http/ApiDocs.ts"
import * as ErrorEnvelope from "./http/ErrorEnvelope.ts"
import * as InputGuard from "./http/InputGuard.ts"
import * as Metrics from "./http/Metrics.ts"
import * as PublicUrl from "./http/PublicUrl.ts"
import * as SecurityHeaders from "./http/SecurityHeaders.ts"
import * as StaticApp from "./http/StaticApp.ts"
import * as Invoices from "./Invoices.ts"
import * as RequestLog from "./logging/RequestLog.ts"
import * as AddressLookups from "./lookup/AddressLookups.ts"
import * as LookupHttp from "./lookup/Http.ts"
import * as Notifications from "./Notifications.ts"
import * as Payments from "./Payments.ts"
import * as QuoteEvents from "./push/QuoteEvents.ts"
import * as Quotes from "./Quotes.ts"
import * as QuoteDownloadsHttp from "./quotedownloads/Http.ts"
import * as Realtime from "./Realtime.ts"
import { ServerConfig } from "./ServerConfig.ts"
import * as ServiceHttp from "./service/Http.ts"
import * as JsErrorLog from "./service/JsErrorLog.ts"
import * as SharedAccountsHttp from "./sharedaccounts/Http.ts"
import * as SiteHttp from "./site/Http.ts"
import * as TwoFactor from "./TwoFactor.ts"
import * as Webhooks from "./Webhooks.ts"

/** The services behind the handlers (repositories, sessions, limits). */
const Services = Layer.mergeAll(
  Sessions.layer,
  ApiKeyAuth.layer,
  AccountCache.layer,
  JsErrorLog.layer,
  Content.services,
  Quotes.services,
  Customer.services,
  Emails.services,
  EmailDomains.services,
  Invoices.services,
  Webhooks.services,
  Notifications.services,
  Payments.services,
  TwoFactor.services.pipe(Layer.provide(Sessions.layer)),
  AddressLookups.layer,
  // The same `Sessions.layer` as above: layers are shared by reference, so there is one sessions service.
  Realtime.services.pipe(Layer.provide(Sessions.layer))
).pipe(
  Layer.provideMerge(
    Layer.mergeAll(
      SessionCache.layer.pipe(Layer.provide(AuthRepo.layer)),
      AccountRepo.layer,
      RateLimit.layer,
      Passwords.layer,
      AddOns.services
    )
  )
)

/** The API: handlers per group, then the middleware they declare. */
const ApiRoutes = HttpApiBuilder.layer(Api, { openapiPath: "/api/openapi.json" }).pipe(
  Layer.provide([
    AuthHttp.layer,
    AccountHttp.layer,
    ApiKeysHttp.layer,
    AppearanceHttp.layer,
    ServiceHttp.layer,
    Content.handlers,
    Quotes.handlers,
    QuoteDownloadsHttp.layer,
    Customer.handlers,
    Emails.handlers,
    EmailDomains.handlers,
    Invoices.handlers,
    Webhooks.handlers,
    Notifications.handlers,
    AddOns.handlers,
    Payments.handlers,
    TwoFactor.handlers,
    Realtime.handlers,
    LookupHttp.layer,
    LookupHttp.geoLayer,
    SharedAccountsHttp.layer,
    SiteHttp.handlers
  ]),
  Layer.provide([
    AntiForgery.layer,
    ErrorEnvelope.layer,
    AuthMiddleware.signedInLayer,
    AuthMiddleware.accountChosenLayer
  ])
)

/** Every route: the API, its reference, the app, and the anti-forgery cookie on every answer. */
export const Routes = Layer.mergeAll(
  ApiRoutes,
  ApiDocs.layer(Api),
  Customer.routes,
  Invoices.routes,
  Payments.routes,
  Realtime.routes,
  Verify.layer,
  SiteHttp.routes,
  StaticApp.layer,
  QuoteEvents.middleware,
  AntiForgery.issueCookie,
  InputGuard.layer,
  SecurityHeaders.layer,
  Metrics.layer
)

/**
 * The Node server. It listens before the app is ready to serve (the routes are built once the port is
 * bound), and a request arriving in between would otherwise wait with no answer; until the app's own
 * handler is attached (and again while shutting down) such requests get 503 with `Retry-After: 1`.
 */
const makeNodeServer = () => {
  const server = createServer({ keepAliveTimeout: 65_000 }, (_request, response) => {
    if (server.listenerCount("request") > 1) return
    response.writeHead(503, { "retry-after": "1", "content-type": "text/plain; charset=utf-8" })
    response.end("quotekit is starting, try again in a moment")
  })
  // A request whose address and headers pass Node's 16 KB limit never reaches the app: answer it in the envelope.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code !== "HPE_HEADER_OVERFLOW" || !socket.writable) return void socket.destroy(error)
    const body = JSON.stringify({
      _tag: "InvalidInput",
      _serveError: { code: Code.invalidInput, message: Message.addressTooLong },
      form_errors: []
    })
    socket.end(
      `HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
    )
  })
  return server
}

/**
 * The HTTP server on the settings' host and port. Needs a `SqlClient`, an `EventBus`, a `Mailer` and the
 * `ServerConfig`; provides `HttpServer` (whose address tells the port when 0 was asked).
 */
export const layer = Layer.unwrap(
  Effect.map(ServerConfig, ({ logRequests }) =>
    // The request log is our own (`RequestLog`): Effect's would write the tokens some paths carry.
    HttpRouter.serve(Routes, {
      disableListenLog: true,
      disableLogger: true,
      ...(logRequests ? { middleware: RequestLog.middleware } : {})
    })
  )
).pipe(
  Layer.provide(Services),
  Layer.provide(PublicUrl.layer),
  // Every email goes through the account's custom email domain first (add-on 10); it hands the rest on.
  Layer.provide(EmailDomains.mailer),
  Layer.provideMerge(
    Layer.unwrap(
      Effect.map(ServerConfig, ({ port, host }) =>
        NodeHttpServer.layer(makeNodeServer, {
          port,
          host,
          gracefulShutdownTimeout: "10 seconds"
        })
      )
    )
  )
)

/** The URL the server answers on (for logs and tests). */
export const url = Effect.map(HttpServer.HttpServer, (server) => HttpServer.formatAddress(server.address))
