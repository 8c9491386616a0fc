/**
 * A tiny static server for the example: this folder at `/`, the widgets' built bundles at `/widgets/`.
 * `PORT` picks the port (8080 by default); it listens on localhost only.
 */
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { dirname, extname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const widgets = join(here, "../../widgets/dist")
const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".md": "text/plain; charset=utf-8"
}

/** The file a request path names, kept inside its root folder. */
const fileFor = (path: string): string | undefined => {
  const [root, rest] = path.startsWith("/widgets/") ? [widgets, path.slice("/widgets/".length)] : [here, path.slice(1)]
  const file = normalize(join(root, rest === "" ? "index.html" : rest))
  return file.startsWith(root) ? file : undefined
}

const port = Number(process.env.PORT ?? 8080)
createServer((req, res) => {
  const file = fileFor(decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname))
  try {
    if (file === undefined) throw new Error("outside")
    const body = readFileSync(file)
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" })
    res.end(body)
  } catch {
    res.writeHead(404, { "content-type": "text/plain" })
    res.end("Not found")
  }
}).listen(port, "localhost", () => console.log(`Embedded widgets example on http://localhost:${port}/`))
