/**
 * The real server for the add-ons browser tests: as `RealServer.start` (every handler and middleware, an embedded
 * PGlite database, an in-process event bus, an in-memory mailer, serving a build of the app), with the accounting
 * add-ons given set up (as the operator's client id and secret would) and the secret key given, and its public
 * address fixed to the loopback address the browser uses, so the add-on's redirect comes back to the signed-in
 * origin.
 *
 * The add-ons' services are fakes (`FakeXero`, `FakeQuickBooks`) answering the server's own calls through msw at
 * its network edge (token exchange, connections, tax rates, contacts, invoices); the browser's visit to the
 * consent page is answered by the test with the fake's redirect back (`consent`).
 */
import { createServer } from "node:net"
import type { Accounting } from "@quotekit/addons/Accounting"
import type * as AddOn from "@quotekit/core/AddOn"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { SqlClient } from "effect/sql"
import * as TestDatabase from "../../../adapters/pg/src/TestDatabase.ts"
import { AddOnsSetup } from "../../../adapters/server/src/addons/Setup.ts"
import * as Mailer from "../../../adapters/server/src/auth/Mailer.ts"
import * as Main from "../../../adapters/server/src/main.ts"
import * as EventBusLocal from "../../../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../../../adapters/server/src/ServerConfig.ts"
import type { RealServer } from "../support/RealServer.ts"

/** A free loopback port (taken, then given back for the server to listen on). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/** Start the server serving `appRoot` with these accounting add-ons set up. */
export const start = async (appRoot: string, accounting: ReadonlyArray<Accounting>): Promise<RealServer> => {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const scope = Effect.runSync(Scope.make())
  const server = Main.layer.pipe(
    Layer.provide([
      ServerConfig.layer({
        port,
        host: "127.0.0.1",
        publicUrl: base,
        appRoot,
        signinPerAddress: { max: 1000, windowSeconds: 60 },
        signinPerEmail: { max: 1000, windowSeconds: 60 },
        logRequests: false
      }),
      EventBusLocal.layer,
      Mailer.layerMemory,
      Layer.succeed(AddOnsSetup, {
        accounting: new Map(accounting.map((a) => [a.addonId as AddOn.AccountingId, a])),
        secretKeySet: true
      })
    ]),
    Layer.provideMerge(TestDatabase.layer("pglite"))
  )
  const context = await Effect.runPromise(Layer.buildWithScope(server, scope))
  const sql = Context.get(context, SqlClient.SqlClient)
  return {
    url: base,
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
    sql: (use) => Effect.runPromise(use(sql))
  }
}
