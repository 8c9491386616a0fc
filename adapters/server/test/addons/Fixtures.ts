/**
 * The server with accounting add-ons it can connect (the fakes of `@quotekit/addons/testing/FakeAccounting`, or
 * the Xero and QuickBooks packages' own fakes) and the secret key set, and helpers to connect an account
 * through the OAuth callback as the app does.
 */

import { assert } from "@effect/vitest"
import type { Accounting } from "@quotekit/addons/Accounting"
import type { Crm } from "@quotekit/addons/Crm"
import type { Marketing } from "@quotekit/addons/Marketing"
import type * as AddOn from "@quotekit/core/AddOn"
import type * as TestDb from "@quotekit/pg/TestDatabase"
import { TestDatabase } from "@quotekit/pg/TestDatabase"
import { Cause, Clock, Effect, Layer, Logger } from "effect"
import { AddOnsSetup } from "../../src/addons/Setup.ts"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as Main from "../../src/main.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as EventBusPg from "../../src/push/EventBusPg.ts"
import { type Browser, shiftedClock, TestServer, testSettings } from "../Harness.ts"

/** The server (as `Harness.layer`) with these accounting add-ons set up and the secret key given. */
export const layer = (
  accounting: ReadonlyArray<Accounting>,
  o: {
    readonly secretKeySet?: boolean
    /** CRM add-ons set up (Highrise, Capsule, Insightly). */
    readonly crm?: ReadonlyArray<Crm>
    /** Mailchimp set up. */
    readonly marketing?: Marketing
    /** Every line the server logs (message and cause) is added here too. */
    readonly logs?: Array<string>
  } = {}
): Layer.Layer<TestServer, unknown, TestDb.Provided> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const db = yield* TestDatabase
      const time = shiftedClock()
      const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
      const setup = Layer.succeed(AddOnsSetup, {
        accounting: new Map(accounting.map((a) => [a.addonId as AddOn.AccountingId, a])),
        crm: new Map((o.crm ?? []).map((c) => [c.addonId, c])),
        marketing: o.marketing,
        secretKeySet: o.secretKeySet ?? true
      })
      const logs = o.logs
      const capture =
        logs === undefined
          ? Layer.empty
          : Logger.layer(
              [
                Logger.make(({ message, cause }) => {
                  const text = (Array.isArray(message) ? message : [message]).map((m) =>
                    typeof m === "string" ? m : JSON.stringify(m)
                  )
                  logs.push([...text, Cause.pretty(cause)].join(" "))
                })
              ],
              { mergeWithExisting: true }
            )
      const server = Main.layer.pipe(
        Layer.provide([testSettings(), bus, setup, capture]),
        Layer.provideMerge(Mailer.layerMemory)
      )
      return Layer.effect(
        TestServer,
        Effect.gen(function* () {
          const outbox = yield* Mailer.MailerMemory
          return TestServer.of({ url: yield* Main.url, advance: time.advance, outbox: outbox.sent })
        })
      ).pipe(Layer.provide(server), Layer.provide(Layer.succeed(Clock.Clock, time.clock)))
    })
  )

/** Start connecting add-on `id`: the consent page's address. */
export const startConnect = (b: Browser, id: number) =>
  Effect.gen(function* () {
    const started = yield* b.post(`/post/add-on-connect/${id}`)
    assert.strictEqual(started.status, 200, started.text)
    return new URL(started.body.redirect_url as string)
  })

/** Connect add-on `id` as the consent page would answer: the browser comes back with `code` and the state. */
export const connect = (b: Browser, id: number, code: string) =>
  Effect.gen(function* () {
    const consent = yield* startConnect(b, id)
    const state = consent.searchParams.get("state") ?? ""
    const back = yield* b.post("/post/add-on-callback", {
      query: new URLSearchParams({ code, state }).toString()
    })
    assert.strictEqual(back.status, 200, back.text)
    return back.body
  })
