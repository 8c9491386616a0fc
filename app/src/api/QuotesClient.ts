/**
 * The quote screens' calls (editor, save, list, status actions, versions, dashboard, overview, history), from
 * a client derived from those groups of the contract. Loaded on first use, so the shell and the sign-in pages
 * never carry the quote schemas; the editor's lookups are in `LookupsClient.ts`.
 */
import { DashboardApi } from "@quotekit/core/api/DashboardApi"
import { HistoryApi } from "@quotekit/core/api/HistoryApi"
import { QuotesApi } from "@quotekit/core/api/QuotesApi"
import { AntiForgery, ErrorEnvelope } from "@quotekit/core/api/Security"
import * as Quote from "@quotekit/core/Quote"
import { Effect } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { HttpApi, HttpApiClient } from "effect/http-api"
import type { QuoteCalls } from "./client.ts"
import type { LookupCalls } from "./LookupsClient.ts"
import { run } from "./Transport.ts"

/** The part of the contract the quote screens call. */
class QuoteScreensApi extends HttpApi.make("quotekit")
  .add(QuotesApi)
  .add(DashboardApi)
  .add(HistoryApi)
  .middleware(ErrorEnvelope)
  .middleware(AntiForgery) {}

const toStateOf = {
  complete: "complete",
  dismiss: "dismissed",
  reactivate: "active",
  markActive: "active",
  markWaiting: "waiting"
} as const

/** The quote calls for an origin, sending the session client's security headers. */
export const make = (
  baseUrl: string,
  headers: (client: HttpClient.HttpClient) => HttpClient.HttpClient
): Omit<QuoteCalls, keyof LookupCalls> => {
  const c = Effect.runSync(
    HttpApiClient.make(QuoteScreensApi, { baseUrl, transformClient: headers }).pipe(
      Effect.provide(FetchHttpClient.layer)
    )
  )
  return {
    editor: (target, query) => run(c.quotes.editor({ params: target, query })),
    saveQuote: (target, payload) => run(c.quotes.save({ params: target, payload })),
    listQuotes: (query) => run(c.quotes.list({ query })),
    quoteAction: (action, quoteId, proof) => {
      const id = String(quoteId)
      switch (action) {
        case "markSent":
          return run(c.quotes.markSent({ payload: { quote_id: Quote.QuoteId.make(quoteId) } }))
        case "deleteDraft":
          return run(c.quotes.deleteDraft({ params: { id } }))
        case "restoreToDraft":
          return run(c.quotes.restoreDraft({ params: { id } }))
        case "acceptOnBehalf":
          return run(c.quotes.acceptOnBehalf({ params: { id }, payload: proof === undefined ? null : { proof } }))
        case "complete":
        case "dismiss":
        case "reactivate":
        case "markActive":
        case "markWaiting":
          return run(c.quotes.toState({ params: { id, state: toStateOf[action] } }))
        case "edit":
          return run(c.quotes.act({ params: { route: "revise-dodo", id } }))
        case "resetExpiry":
          return run(c.quotes.act({ params: { route: "expired-undo", id } }))
        case "undoAcceptance":
          return run(c.quotes.act({ params: { route: "accept-undo", id } }))
        case "undoDecline":
          return run(c.quotes.act({ params: { route: "decline-undo", id } }))
        case "decline":
          return run(c.quotes.act({ params: { route: "decline-dodo", id } }))
        case "undoWithdraw":
          return run(c.quotes.act({ params: { route: "withdraw-undo", id } }))
        case "withdraw":
          return run(c.quotes.act({ params: { route: "withdraw-dodo", id } }))
      }
      return Promise.reject(new Error(`quoteAction: ${String(action)} has no endpoint`))
    },
    versions: (id) => run(c.quotes.versions({ params: { id } })),
    version: (id, version) => run(c.quotes.version({ params: { id, version } })),
    dashboard: () => run(c.dashboard.dashboard()),
    overview: (id) => run(c.dashboard.overview({ params: { id } })),
    history: (table, categoryId, page) =>
      run(
        c.history.history({
          params: { table: table === "content item" ? "content-item" : table, categoryId },
          query: page === undefined ? {} : { page }
        })
      )
  }
}
