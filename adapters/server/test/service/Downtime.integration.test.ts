/**
 * Downtime announced in the database (`npm run offline` on PostgreSQL, from any machine) is answered by
 * `GET /api/notice` of every server process on that database, and withdrawn the same way.
 */
import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as DowntimeRepo from "../../src/service/DowntimeRepo.ts"
import { browser, layer } from "../Harness.ts"

describeBackends(
  "downtime announced in the database",
  (it) => {
    it.effect("the notice answers the time announced in the database; one announcement at most", () =>
      Effect.gen(function* () {
        const at = Math.floor(Date.now() / 1000) + 900
        yield* DowntimeRepo.announce(at + 60)
        yield* DowntimeRepo.announce(at)
        assert.strictEqual(yield* DowntimeRepo.read, at)
        const b = yield* browser
        assert.strictEqual((yield* b.get("/api/notice")).body.offline_at, at)
        yield* DowntimeRepo.cancel
        assert.strictEqual(yield* DowntimeRepo.read, null)
      })
    )

    it.effect("a read is kept for 5 s: a withdrawn announcement is gone from the notice within them", () =>
      Effect.gen(function* () {
        const cached = yield* DowntimeRepo.makeCached
        yield* DowntimeRepo.announce(1_900_000_000)
        assert.strictEqual(yield* cached, 1_900_000_000)
        yield* DowntimeRepo.cancel
        yield* TestClock.adjust(DowntimeRepo.TTL_MS - 1)
        assert.strictEqual(yield* cached, 1_900_000_000)
        yield* TestClock.adjust(1)
        assert.strictEqual(yield* cached, null)
      }).pipe(Effect.provide(TestClock.layer()))
    )
  },
  { layer: layer() }
)
