/**
 * `webhooks.deliveries-per-s`: how many webhook deliveries a second the delivery worker makes to a receiver on
 * this machine: 3,000 messages (a realistic `quote.accepted` payload of about 600 bytes) waiting in the outbox for
 * one endpoint, released at once; each delivery is claimed, signed (Standard Webhooks), posted over HTTP to a
 * `node:http` receiver on 127.0.0.1 answering 200, and recorded (the attempt logged, the delivery marked
 * delivered), as the server's worker does. Timed from the release to the last delivery recorded. Runs on the
 * embedded PGlite in a scratch folder, or on PostgreSQL (a scratch database) when `DATABASE_URL` is set.
 * Budget: at least 500 a second on the 2-core build machine.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import * as Database from "@quotekit/pg/Database"
import * as Migrations from "@quotekit/pg/Migrations"
import * as Signature from "@quotekit/webhooks/Signature"
import * as WebhookSender from "@quotekit/webhooks/WebhookSender"
import { Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import * as Mailer from "../adapters/server/src/auth/Mailer.ts"
import * as SecretBox from "../adapters/server/src/crypto/SecretBox.ts"
import * as Outbox from "../adapters/server/src/webhooks/Outbox.ts"
import * as WebhooksRepo from "../adapters/server/src/webhooks/Repo.ts"
import * as Signal from "../adapters/server/src/webhooks/Signal.ts"
import { WebhookSignal } from "../adapters/server/src/webhooks/Signal.ts"
import * as Worker from "../adapters/server/src/webhooks/Worker.ts"
import { report } from "./measure.ts"
import { withScratchDatabase } from "./ScratchDatabase.ts"

const MESSAGES = 3000

// The bench's own secret key: nothing is written to a data folder.
process.env.QUOTEKIT_SECRET_KEY = randomBytes(32).toString("base64url")

let received = 0
const receiver = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
  req.resume()
  req.on("end", () => {
    received++
    res.writeHead(200, { "content-type": "text/plain" })
    res.end("ok")
  })
})
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`

const payload = {
  quote: {
    id: 1042,
    number: 1042,
    title: "Deck and pergola, stained hardwood, with lighting",
    status: "accepted",
    total: "12450.00",
    currency: "NZD",
    customer: { contact_id: 77, name: "Grace Hopper", company: "Hopper Builds", email: "grace@hopper.example" },
    url: "https://quotes.example.com/quote/1042"
  },
  accepted_by: "Grace Hopper",
  on_behalf: false,
  contact_id: 77,
  note: "x".repeat(200)
}

/** Fill the outbox, release it, and time the worker until every delivery is recorded. */
const measure = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const box = yield* SecretBox.SecretBox
  const [account] = yield* sql<{
    account_id: number
  }>`INSERT INTO accounts (name) VALUES ('Bench') RETURNING account_id`
  const accountId = account!.account_id
  const sealed = box.seal(Signature.newSecret(), Worker.secretContext(accountId))
  const [endpoint] = yield* sql<{ endpoint_id: number }>`
    INSERT INTO webhook_endpoints (account_id, url, events, secret_sealed)
    VALUES (${accountId}, ${url}, '{quote.accepted}', ${sealed})
    RETURNING endpoint_id`
  yield* sql.withTransaction(
    Effect.forEach(
      Array.from({ length: MESSAGES }),
      () => Outbox.insert(accountId, "quote.accepted", payload, [endpoint!.endpoint_id]),
      { discard: true }
    )
  )
  // Held back while the worker starts; then released at once.
  yield* sql`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 day'`
  return yield* Effect.gen(function* () {
    const signal = yield* WebhookSignal
    const started = performance.now()
    yield* sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second'`
    yield* signal.wake
    for (;;) {
      const [done] = yield* sql<{
        n: number
      }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered'`
      if ((done?.n ?? 0) >= MESSAGES) break
      yield* Effect.sleep("100 millis")
    }
    const seconds = (performance.now() - started) / 1000
    if (received < MESSAGES) throw new Error(`the receiver got ${received} of ${MESSAGES}`)
    return MESSAGES / seconds
  }).pipe(
    Effect.provide(
      Worker.layer.pipe(
        Layer.provideMerge(Signal.layer),
        Layer.provide([WebhooksRepo.layer, WebhookSender.layer({ allowPrivate: true }), Mailer.layerLog])
      )
    )
  )
})

const run = (database: Layer.Layer<SqlClient.SqlClient, unknown>) =>
  Effect.runPromise(Effect.scoped(measure).pipe(Effect.provide(Migrations.layer.pipe(Layer.provideMerge(database)))))

const scratch = mkdtempSync(join(tmpdir(), "quotekit-bench-webhooks-"))
try {
  const url = process.env.DATABASE_URL
  const rate =
    url !== undefined && url !== ""
      ? await withScratchDatabase(url, (db) => run(Database.postgres({ url: Redacted.make(db) })))
      : await run(Database.embedded({ dataDir: join(scratch, "pgdata") }))
  report("webhooks.deliveries-per-s", rate, "/s")
} finally {
  rmSync(scratch, { recursive: true, force: true })
  receiver.closeAllConnections()
  receiver.close()
}
