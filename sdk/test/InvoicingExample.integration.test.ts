import { assert } from "@effect/vitest"
import * as Money from "@quotekit/core/Money"
import * as Seed from "@quotekit/pg/Seed"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import * as Mailer from "@quotekit/server/auth/Mailer"
import * as LinkToken from "@quotekit/server/customer/LinkToken"
import * as Main from "@quotekit/server/main"
import * as EventBusLocal from "@quotekit/server/push/EventBusLocal"
import * as ServerConfig from "@quotekit/server/ServerConfig"
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { invoiceInStages } from "../../examples/sdk-invoicing/invoicing.ts"
import * as Quotekit from "../src/index.ts"

const server = Main.layer.pipe(
  Layer.provide([
    ServerConfig.layer({ port: 0, host: "127.0.0.1", logRequests: false }),
    Mailer.layerMemory,
    EventBusLocal.layer
  ])
)

describeBackends(
  "the SDK invoicing example",
  (it) => {
    it.effect("accepts the demo's sent quote, invoices a 30% deposit, then the rest", () =>
      Effect.gen(function* () {
        const secret = yield* LinkToken.LinkSecret
        const seeded = yield* Seed.run.pipe(
          Effect.provideService(Seed.LinkTokens, (link) => LinkToken.derive(secret, link)),
          Effect.orDie
        )
        if (seeded._tag !== "Some") return assert.fail("the demo was seeded before")
        const baseUrl = yield* Main.url
        const api = yield* Quotekit.make({ baseUrl, cookies: "jar" }).pipe(Effect.provide(FetchHttpClient.layer))
        yield* api.auth.signIn({ payload: { email: Seed.demoEmail, password: Seed.demoPassword } })
        const issued = yield* invoiceInStages(api, seeded.value.quoteIds.sent)
        assert.deepStrictEqual(
          issued.map((i) => [i.kind, i.number]),
          [
            ["deposit", "INV-1002"],
            ["invoice", "INV-1003"]
          ]
        )
        const overview = yield* api.dashboard.overview({ params: { id: String(seeded.value.quoteIds.sent) } })
        // The deposit and the rest add up to the quote's total (tax included), to the cent.
        const sum = issued.reduce((s, i) => s + Math.round(Number(i.amount) * 100), 0)
        assert.strictEqual(sum, Math.round(Number(Money.toFixed(overview.quote.price_current, 2)) * 100))
        for (const i of issued) {
          const page = yield* Effect.promise(() => fetch(i.url))
          assert.strictEqual(page.status, 200)
          const pdf = yield* Effect.promise(() => fetch(i.pdf))
          assert.strictEqual(pdf.headers.get("content-type"), "application/pdf")
        }
      })
    )
  },
  { layer: server }
)
