/**
 * Serving the React app: the files of the built app (`app/dist`) with single-page fallback (a deep link
 * asked for as HTML gets `index.html`, so the app's router takes over). Before the app is built, every page
 * is a small placeholder that says so and links to the API reference.
 *
 * @since 0.1.0
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, HttpStaticServer } from "effect/http"
import { ServerConfig } from "../ServerConfig.ts"

/** The page served while `app/dist` does not exist. */
export const placeholderHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>quotekit</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .25rem}</style>
  </head>
  <body>
    <h1>quotekit is running</h1>
    <p>The app is not built yet, so there is no page to show here. Build it with <code>npm run build -w app</code>
    and restart the server.</p>
    <p>The HTTP API is up: see the <a href="/api/docs">API reference</a> (or the
    <a href="/api/openapi.json">OpenAPI document</a>).</p>
  </body>
</html>
`

const placeholder = HttpRouter.add(
  "GET",
  "/*",
  Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
    (request.headers.accept ?? "").includes("text/html")
      ? HttpServerResponse.html(placeholderHtml)
      : HttpServerResponse.empty({ status: 404 })
  )
)

/** The app's routes: static files with SPA fallback when the app is built, else the placeholder. */
export const layer = Layer.unwrap(
  Effect.map(ServerConfig, ({ appRoot }) =>
    existsSync(join(appRoot, "index.html"))
      ? HttpStaticServer.layer({ root: appRoot, spa: true, cacheControl: "no-cache" })
      : placeholder
  )
)
