/**
 * The quote screens' calls (editor, save, list, status actions, versions, dashboard, overview, history, and
 * the editor's contact and item lookups), from a client derived from those groups of the contract. Loaded on
 * first use, so the shell and the sign-in pages never carry the quote schemas.
 */
import { ContactsApi } from "@quotekit/core/api/ContactsApi"
import { DashboardApi } from "@quotekit/core/api/DashboardApi"
import { HistoryApi } from "@quotekit/core/api/HistoryApi"
import { ItemsApi } from "@quotekit/core/api/ItemsApi"
import { QuotesApi } from "@quotekit/core/api/QuotesApi"
import { AntiForgery, ErrorEnvelope } from "@quotekit/core/api/Security"
import * as Contact from "@quotekit/core/Contact"
import * as Quote from "@quotekit/core/Quote"
import { Effect } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { HttpApi, HttpApiClient } from "effect/http-api"
import type { QuoteCalls } from "./client.ts"
import { run } from "./Transport.ts"

/** The part of the contract the quote screens call. */
class QuoteScreensApi extends HttpApi.make("quotekit")
  .add(QuotesApi)
  .add(DashboardApi)
  .add(HistoryApi)
  .add(ContactsApi)
  .add(ItemsApi)
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
): QuoteCalls => {
  const c = Effect.runSync(
    HttpApiClient.make(QuoteScreensApi, { baseUrl, transformClient: headers }).pipe(
      Effect.provide(FetchHttpClient.layer)
    )
  )
  return {
    editor: (target, query) => run(c.quotes.editor({ params: target, query })),
    saveQuote: (target, payload) => run(c.quotes.save({ params: target, payload })),
    listQuotes: (query) => run(c.quotes.list({ query })),
    quoteAction: (action, quoteId) => {
      const id = String(quoteId)
      switch (action) {
        case "markSent":
          return run(c.quotes.markSent({ payload: { quote_id: Quote.QuoteId.make(quoteId) } }))
        case "deleteDraft":
          return run(c.quotes.deleteDraft({ params: { id } }))
        case "restoreToDraft":
          return run(c.quotes.restoreDraft({ params: { id } }))
        case "acceptOnBehalf":
          return run(c.quotes.acceptOnBehalf({ params: { id } }))
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
      ),
    lookupContact: (search) => run(c.contacts.lookupPerson({ payload: { search } })),
    createContact: (payload) =>
      run(c.contacts.update({ params: { contact_id: Contact.ContactId.make(0) }, payload })).then((s) => s.contact),
    lookupItems: (itemType, search) =>
      run(c.items.lookupSearch({ params: { item_type: itemType }, payload: { search } })).then((a) => a.items)
  }
}
