/**
 * A TCP proxy in front of a database that a test can cut and restore: cut closes every open connection and
 * refuses new ones (as a stopped PostgreSQL or a broken network does); restore listens again on the same port.
 */
import { connect, createServer, type Server, type Socket } from "node:net"
import { Effect } from "effect"

export interface CuttableProxy {
  /** `host:port` to connect to instead of the database. */
  readonly address: string
  readonly cut: Effect.Effect<void>
  readonly restore: Effect.Effect<void>
}

/** A proxy to `target` (`host:port`), closed with the scope. */
export const make = (target: string) =>
  Effect.gen(function* () {
    const [host, port] = target.split(":") as [string, string]
    const open = new Set<Socket>()
    const listen = (server: Server, at: number) =>
      new Promise<number>((resolve) =>
        server.listen(at, "127.0.0.1", () => resolve((server.address() as { port: number }).port))
      )
    const serve = () =>
      createServer((client) => {
        const upstream = connect(Number(port), host)
        for (const s of [client, upstream]) {
          open.add(s)
          s.on("close", () => open.delete(s))
          s.on("error", () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream)
        upstream.pipe(client)
      })
    let server = serve()
    const at = yield* Effect.promise(() => listen(server, 0))
    const close = Effect.promise(
      () =>
        new Promise<void>((resolve) => {
          for (const s of open) s.destroy()
          server.close(() => resolve())
        })
    )
    yield* Effect.addFinalizer(() => close)
    return {
      address: `127.0.0.1:${at}`,
      cut: close,
      restore: Effect.promise(async () => {
        server = serve()
        await listen(server, at)
      })
    } satisfies CuttableProxy
  })
