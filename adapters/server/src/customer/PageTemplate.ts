/**
 * The light pages' HTML templates (`customer.html`, `sign.html`, built into the app's `dist`): each is read once,
 * its stylesheets put inline, and filled per request: `<!--qk-title-->`, `<!--qk-ssr-->` (the server-rendered
 * content) and `<!--qk-data-->` (the page's data as inline JSON). Until the app is built, a bare template serves
 * the server-rendered content without a script.
 *
 * @example
 * const html = yield* PageTemplate.load("sign.html")
 * PageTemplate.fill(html, { title: "Sign", ssr: "<main>...</main>", data: "" })
 *
 * @since 0.3.0
 */
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import { ServerConfig } from "../ServerConfig.ts"

/** The page used while the app is not built: the server-rendered content without the page's script. */
export const fallback = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title><!--qk-title--></title></head><body><!--qk-ssr--><!--qk-data--></body></html>`

/** JSON safe inside a `<script>` element. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

/** The page's data as the inline script its entry reads (`#qk-data`). */
export const dataScript = (value: unknown): string =>
  `<script type="application/json" id="qk-data">${scriptJson(value)}</script>`

/**
 * The template with each `<!--qk-{slot}-->` replaced by its text, taken literally: a replacer function, so `$&`,
 * `` $` `` or `$'` in a customer's words or a quote title are text, never copies of the template.
 */
export const fill = (template: string, slots: Readonly<Record<string, string>>): string =>
  Object.entries(slots).reduce((html, [slot, text]) => html.replace(`<!--qk-${slot}-->`, () => text), template)

/**
 * The page's stylesheets put inline: a stylesheet link holds the first paint back by one more request, and the
 * pages' styles are a few kilobytes.
 */
const inlineStyles = async (appRoot: string, html: string): Promise<string> => {
  let out = html
  for (const m of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[A-Za-z0-9_.-]+\.css)"[^>]*>/g)) {
    const css = await readFile(join(appRoot, m[1] ?? ""), "utf8").catch(() => undefined)
    if (css !== undefined) out = out.replace(m[0], () => `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`)
  }
  return out
}

const cache = new Map<string, string>()

/** The built template `file` of the app (`<appRoot>/{file}`), read once; `fallback` while the app is not built. */
export const load = (file: string) =>
  Effect.gen(function* () {
    const { appRoot } = yield* ServerConfig
    const key = join(appRoot, file)
    const held = cache.get(key)
    if (held !== undefined) return held
    const html = yield* Effect.promise(() => readFile(key, "utf8").catch(() => fallback))
    const inlined = yield* Effect.promise(() => inlineStyles(appRoot, html))
    cache.set(key, inlined)
    return inlined
  })
