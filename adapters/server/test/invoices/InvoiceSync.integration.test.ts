import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import * as AddOnsRepo from "../../src/addons/Repo.ts"
import * as EmailRepo from "../../src/emails/Repo.ts"
import * as HistoryRepo from "../../src/history/Repo.ts"
import * as InvoiceSync from "../../src/invoices/InvoiceSync.ts"
import * as InvoiceRepo from "../../src/invoices/Repo.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as QuoteRepo from "../../src/quotes/Repo.ts"
import { layer, newAccount, TestServer } from "../Harness.ts"
import { contact, rows, saveNew } from "../quotes/Fixtures.ts"

/** Extra sync workers, as other server processes on the same database would run them. */
const otherWorker = InvoiceSync.syncDue.pipe(
  Effect.provide(
    Layer.mergeAll(
      AddOnsRepo.layer,
      InvoiceRepo.layer,
      QuoteRepo.layer,
      EmailRepo.layer,
      HistoryRepo.layer,
      EventBusLocal.layer
    )
  )
)

describeBackends(
  "the invoice sync worker",
  (it) => {
    it.effect("issues concurrent creates once each, numbered without gaps, and emails each invoice's link", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Numbers")
        const b = owner.browser
        const sql = yield* SqlClient.SqlClient
        yield* b.post("/post/invoicing-settings", {
          builtin_enabled: true,
          prefix: "N-",
          next_number: 41,
          payment_terms_days: 7,
          payment_instructions: "",
          email_invoices: true
        })
        const quotes: Array<number> = []
        for (let i = 0; i < 6; i++) {
          const person = yield* contact(owner.accountId, `Cust${i}`, `Omer${owner.accountId}`)
          const saved = yield* saveNew(b, owner.signinId, {
            quote: { title: `Job ${i}` },
            items: rows([{ title: "Work", unit: "100" }]),
            contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
          })
          yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
          yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
          quotes.push(saved.quote_id)
        }
        // Six creates at once, while two more workers race the server's own.
        const creates = Effect.forEach(
          quotes,
          (id) =>
            Effect.gen(function* () {
              const view = (yield* b.get(`/get/quote-invoices/${id}`)).body
              const a = yield* b.post(`/act-on/quote-invoice/action/do-create/0/${id}/up-front/0/100/0`, {
                _modifiedIn: view._modifiedIn
              })
              assert.strictEqual(a.status, 200, a.text)
            }),
          { concurrency: "unbounded" }
        )
        const workers = Effect.all([otherWorker, otherWorker, otherWorker], { concurrency: "unbounded" }).pipe(
          Effect.repeat({ times: 5 })
        )
        yield* Effect.all([creates, workers], { concurrency: "unbounded" })
        const issued = yield* sql<{ number: string }>`
          SELECT number FROM invoice_documents WHERE account_id = ${owner.accountId} ORDER BY number_seq`.pipe(
          Effect.flatMap((r) => (r.length === 6 ? Effect.succeed(r) : Effect.fail("not yet" as const))),
          Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 200 }),
          Effect.orDie
        )
        assert.deepStrictEqual(
          issued.map((r) => r.number),
          ["N-0041", "N-0042", "N-0043", "N-0044", "N-0045", "N-0046"]
        )
        const [settings] = yield* sql<{ next_number: number }>`
          SELECT next_number FROM invoicing_settings WHERE account_id = ${owner.accountId}`
        assert.strictEqual(settings?.next_number, 47)
        // Each invoice emailed once, after the stop window, with its own page link.
        const server = yield* TestServer
        yield* server.advance(120_000)
        const mails = yield* Effect.sync(() => server.outbox.filter((m) => m.subject.startsWith("N-00"))).pipe(
          Effect.flatMap((m) => (m.length === 6 ? Effect.succeed(m) : Effect.fail("not yet" as const))),
          Effect.retry({ schedule: Schedule.spaced("100 millis"), times: 150 }),
          Effect.orDie
        )
        assert.strictEqual(new Set(mails.map((m) => m.subject)).size, 6)
        for (const m of mails) assert.match(m.text, /\/i\/\d+\/\d+\/[A-Za-z0-9_-]{43}/)
        assert.include(mails[0]!.text, "$100.00")
      })
    )
  },
  { layer: layer() }
)
