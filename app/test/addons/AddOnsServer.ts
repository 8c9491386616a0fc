/**
 * The real server for the add-ons browser tests: as `RealServer.start` (every handler and middleware, an embedded
 * PGlite database, an in-process event bus, an in-memory mailer, serving a build of the app), with the accounting
 * add-ons given set up (as the operator's client id and secret would) and the secret key given, and its public
 * address fixed to the loopback address the browser uses, so the add-on's redirect comes back to the signed-in
 * origin.
 *
 * The add-ons' services are fakes (`FakeXero`, `FakeQuickBooks`, `FakeInsightly`, `FakeCapsule`) answering the
 * server's own calls through msw at its network edge (token exchange, connections, tax rates, contacts, invoices,
 * CRM searches and notes); the browser's visit to the consent page is answered by the test with the fake's
 * redirect back (`consent`). CRM and marketing add-ons are given set up with `services`.
 */
import { createServer } from "node:net"
import type { Accounting } from "@quotekit/addons/Accounting"
import type { Crm } from "@quotekit/addons/Crm"
import type { Marketing } from "@quotekit/addons/Marketing"
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

/** The CRM and marketing add-ons a server is given set up. */
export interface Services {
  readonly crm?: ReadonlyArray<Crm>
  readonly marketing?: Marketing
}

/** Start the server serving `appRoot` with these accounting (and CRM and marketing) add-ons set up. */
export const start = async (
  appRoot: string,
  accounting: ReadonlyArray<Accounting>,
  services: Services = {}
): Promise<RealServer> => {
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
        crm: new Map((services.crm ?? []).map((c) => [c.addonId, c])),
        ...(services.marketing === undefined ? {} : { marketing: services.marketing }),
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
