/**
 * A load run in its own process (so the load generator never competes with the server for one event loop):
 * `node bench/load.ts '<json>'` with `{ url, path, headers, connections, duration, bodies }` POSTs one of
 * `bodies` (chosen in turn) per request with autocannon and prints autocannon's result as JSON.
 */
import autocannon from "autocannon"

interface Options {
  readonly url: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly connections: number
  readonly duration: number
  readonly bodies: ReadonlyArray<string>
}

const options = JSON.parse(process.argv[2] ?? "{}") as Options
let turn = 0
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  requests: [
    {
      method: "POST",
      path: options.path,
      headers: options.headers,
      setupRequest: (req) => ({ ...req, body: options.bodies[turn++ % options.bodies.length] ?? "" })
    }
  ]
})
process.stdout.write(JSON.stringify(result))
