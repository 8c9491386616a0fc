/**
 * Quote events for open pages: whatever changes a quote (a save, a status action, a customer's answer, view or
 * question, a note, an email, an invoice) notes it here, and once the change is committed every open page of the
 * account hears `quote-changed` (with the quote's edit sequence and status as committed) and `history` (its
 * activity grew), and the quote's own room hears `quote-changed` too.
 *
 * A request collects its changes and they are published after its answer is ready, so a page that refetches on
 * the event reads the committed rows, never the moment before; several changes to one quote in a request make one
 * pair of events. Background jobs wrap their work in `collect` the same way; a change noted outside any collection
 * is not published (noting one needs nothing, so repositories note changes where they write them).
 *
 * @since 0.3.0
 */
import type { AccountId } from "@quotekit/core/Account"
import * as EventBus from "@quotekit/core/EventBus"
import * as Push from "@quotekit/core/Push"
import { Context, Effect } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"

/** One noted change: which quote, what happened (the history action, `customer.view`...), and by whom. */
export interface Change {
  readonly account_id: number
  readonly quote_id: number
  readonly what: string
  readonly by: "customer" | "member" | "system"
  readonly signin_id?: number | null | undefined
}

/** What the current request or job noted: quote changes by quote, and other events in order. */
interface Collected {
  readonly changes: Map<string, Change>
  readonly events: Array<EventBus.AccountEvent>
}

/** The current collection; absent outside one. */
export const Pending = Context.Reference<Collected | undefined>("quotekit/server/PendingQuoteEvents", {
  defaultValue: () => undefined
})

const publishAll = ({ changes: noted, events }: Collected) =>
  Effect.gen(function* () {
    const bus = yield* EventBus.EventBus
    for (const event of events) yield* bus.publish(event)
    const changes = [...noted.values()]
    if (changes.length === 0) return
    const sql = yield* SqlClient.SqlClient
    const states = new Map<string, { edit_seq: number; status: string }>()
    for (const account of new Set(changes.map((c) => c.account_id))) {
      const ids = changes.filter((c) => c.account_id === account).map((c) => c.quote_id)
      const rows = yield* sql<{ quote_id: number; edit_seq: number; status: string }>`
        SELECT quote_id, edit_seq, status FROM quotes WHERE account_id = ${account} AND quote_id IN ${sql.in(ids)}`
      for (const r of rows) states.set(`${account}:${r.quote_id}`, { edit_seq: r.edit_seq, status: r.status })
    }
    for (const change of changes) {
      const state = states.get(`${change.account_id}:${change.quote_id}`)
      const payload = {
        quote_id: change.quote_id,
        what: change.what,
        by: change.by,
        ...(change.signin_id == null ? {} : { signin_id: change.signin_id }),
        ...(state === undefined ? {} : state)
      }
      const account_id = change.account_id as AccountId
      yield* bus.publish({ account_id, topic: "quote-changed", payload })
      yield* bus.publish({ account_id, topic: "history", payload: { quote_id: change.quote_id, kind: change.what } })
      yield* bus.publish({ account_id, topic: "quote-changed", payload, room: Push.quoteViewRoom(change.quote_id) })
    }
  }).pipe(Effect.catchCause((cause) => Effect.logWarning("quote events not published", cause)))

/** Note a change to a quote (see the module header). */
export const changed = (change: Change): Effect.Effect<void> =>
  Effect.gen(function* () {
    const pending = yield* Pending
    pending?.changes.set(`${change.account_id}:${change.quote_id}`, change)
  })

/** Publish an event once the current collection's work is committed (an invoice synced...). */
export const later = (event: EventBus.AccountEvent): Effect.Effect<void> =>
  Effect.gen(function* () {
    const pending = yield* Pending
    pending?.events.push(event)
  })

/** Run `effect` collecting its changes, and publish them once it succeeded (a failure changed nothing). */
export const collect = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const pending: Collected = { changes: new Map(), events: [] }
    const result = yield* Effect.provideService(effect, Pending, pending)
    // Most requests change nothing: they skip publishing altogether.
    if (pending.changes.size > 0 || pending.events.length > 0) yield* publishAll(pending)
    return result
  })

/**
 * Every request collects its changes (router middleware); but the websocket, which changes no quote and stays
 * open for hours, so it carries no collection (one less copy of the request's services per connection).
 */
export const middleware = HttpRouter.middleware(
  Effect.succeed((httpEffect) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      request.url === "/push" || request.url.startsWith("/push?") ? httpEffect : collect(httpEffect)
    )
  ),
  { global: true }
)
