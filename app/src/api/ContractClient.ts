/**
 * The HTTP implementation of `ApiClient`: clients derived from the core's contract (`HttpApiClient.make`), one
 * per part of the app, over `fetch`, sending the anti-forgery token and `X-Requested-With` on every request
 * as the server requires. The session part is built at once (the shell needs it to start); the quote screens'
 * part is loaded with the first quote call, so its schemas never weigh on the entry.
 *
 * `call` (any endpoint, for the other feature screens) loads a client of the whole contract the same way.
 *
 * Until the SDK (`@quotekit/sdk`) lands, this is the one place that derives the clients; it then wraps the SDK.
 */
import type { ApiClient, Contract, QuoteCalls } from "./client.ts"
import type { LookupCalls } from "./LookupsClient.ts"
import * as SessionClient from "./SessionClient.ts"
import { run } from "./Transport.ts"

export { toFailure } from "./Transport.ts"

/** Build the client for an origin (the page's own by default). */
export const make = (baseUrl: string = window.location.origin): ApiClient => {
  const session = SessionClient.make(baseUrl)
  let quotes: Promise<Omit<QuoteCalls, keyof LookupCalls>> | undefined
  let lookups: Promise<LookupCalls> | undefined
  const loadLookups = () => {
    lookups ??= import("./LookupsClient.ts").then((m) => m.make(baseUrl, session.headers))
    return lookups
  }
  const loadQuotes = () => {
    quotes ??= import("./QuotesClient.ts").then((m) => m.make(baseUrl, session.headers))
    return quotes
  }
  const quoteCalls: QuoteCalls = {
    editor: (t, q) => loadQuotes().then((c) => c.editor(t, q)),
    saveQuote: (t, p) => loadQuotes().then((c) => c.saveQuote(t, p)),
    listQuotes: (q) => loadQuotes().then((c) => c.listQuotes(q)),
    quoteAction: (a, id, proof) => loadQuotes().then((c) => c.quoteAction(a, id, proof)),
    versions: (id) => loadQuotes().then((c) => c.versions(id)),
    version: (id, v) => loadQuotes().then((c) => c.version(id, v)),
    dashboard: () => loadQuotes().then((c) => c.dashboard()),
    overview: (id) => loadQuotes().then((c) => c.overview(id)),
    history: (t, id, page) => loadQuotes().then((c) => c.history(t, id, page)),
    lookupContact: (s) => loadLookups().then((c) => c.lookupContact(s)),
    createContact: (p) => loadLookups().then((c) => c.createContact(p)),
    lookupAddOns: (s, companies) => loadLookups().then((c) => c.lookupAddOns(s, companies)),
    linkLookup: (id) => loadLookups().then((c) => c.linkLookup(id)),
    lookupItems: (t, s) => loadLookups().then((c) => c.lookupItems(t, s))
  }
  let full: Promise<Contract> | undefined
  const call: ApiClient["call"] = (use) => {
    full ??= import("./FullClient.ts").then((m) => m.make(baseUrl, session.headers))
    return full.then((c) => run(use(c)))
  }
  return { ...session.calls, ...quoteCalls, call }
}
