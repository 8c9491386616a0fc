/**
 * The expiry sweep: once a minute, sent quotes whose expiry date has passed are stored as expired (the status
 * machine's `expire` event) with a history row, so lists filter and count them right. Reads of one quote do
 * not wait for it: they apply the same rule on the fly (`Views.effective`).
 *
 * The same sweep deletes for good the drafts and templates deleted more than 30 days ago (they can no longer
 * be restored; their history and audit rows stay) and forgets save request answers after a day.
 *
 * @since 0.1.0
 */
import * as ArchiveState from "@quotekit/core/ArchiveState"
import * as QuoteHistory from "@quotekit/core/QuoteHistory"
import { Clock, Duration, Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { HistoryRepo } from "../history/Repo.ts"
import * as QuoteEvents from "../push/QuoteEvents.ts"
import { QuoteRepo } from "./Repo.ts"

/** How often the sweep runs. */
export const INTERVAL = Duration.minutes(1)

/**
 * One sweep: store what expired and record it, in one transaction. Every server process sweeps; the quotes are
 * claimed with `SKIP LOCKED` (`QuoteRepo.expireDue`), so sweeps running at once in several processes expire each
 * quote once, with one history row, and never wait for each other.
 */
export const sweep = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const repo = yield* QuoteRepo
  const history = yield* HistoryRepo
  const at = yield* Clock.currentTimeMillis
  const expired = yield* sql.withTransaction(expire(repo, history, at)).pipe(Effect.orDie)
  yield* repo.purge(at - ArchiveState.RETENTION_SECONDS * 1000, at - 86_400_000, 500)
  return expired
})

const expire = (repo: QuoteRepo["Service"], history: HistoryRepo["Service"], at: number) =>
  Effect.gen(function* () {
    const expired = yield* repo.expireDue(at)
    for (const q of expired) {
      const text = QuoteHistory.html(q.noun, { _tag: "expired" }, "", q.title)
      yield* history.write({
        account_id: q.account_id,
        signin_id: null,
        table: "quote",
        category_id: q.quote_id,
        action: "quote.expire",
        html_summary: text.summary,
        html_full: text.full,
        data: { quote_id: q.quote_id, from: "sent", to: "expired", expiry_date: q.expiry_date },
        at
      })
    }
    return expired.length
  })

/** Runs the sweep in the background for as long as the layer lives; a failed sweep is logged and retried. */
export const layer = Layer.effectDiscard(
  QuoteEvents.collect(sweep).pipe(
    Effect.catchCause((cause) => Effect.logWarning("expiry sweep failed", cause)),
    Effect.repeat(Schedule.spaced(INTERVAL)),
    Effect.forkScoped
  )
)
