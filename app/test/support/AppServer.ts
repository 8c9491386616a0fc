/**
 * A tiny HTTP server for browser tests and benchmarks: serves a built app (`app/dist`) with single-page fallback,
 * and answers the few contract calls a test needs from fixtures. Listens on 127.0.0.1 only.
 */
import { readFile, stat } from "node:fs/promises"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { extname, join, normalize } from "node:path"

const types: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".woff2": "font/woff2"
}

/** A contract answer: status and JSON body. */
export interface Answer {
  readonly status: number
  readonly body: unknown
}

/** Answers by "METHOD /path"; anything else under the API falls through to static files. */
export type Routes = Readonly<Record<string, () => Answer>>

/** A running server. */
export interface AppServer {
  readonly url: string
  readonly close: () => Promise<void>
}

/** Serve `root` (a built app) and `routes` on a free loopback port. */
export const serve = async (root: string, routes: Routes = {}): Promise<AppServer> => {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    const route = routes[`${req.method} ${path}`]
    if (route !== undefined) {
      const answer = route()
      res.writeHead(answer.status, { "content-type": "application/json" })
      res.end(JSON.stringify(answer.body))
      return
    }
    const file = normalize(join(root, path))
    const inside = file.startsWith(normalize(root))
    const isFile =
      inside &&
      (await stat(file).then(
        (s) => s.isFile(),
        () => false
      ))
    const target = isFile ? file : extname(path) === "" ? join(root, "index.html") : undefined
    if (target === undefined) {
      res.writeHead(404)
      res.end()
      return
    }
    res.writeHead(200, { "content-type": types[extname(target)] ?? "application/octet-stream" })
    res.end(await readFile(target))
  }
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
