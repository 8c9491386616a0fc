/**
 * The quote editor's lookups: people (and creating one from the contact layer), the connected CRM add-ons'
 * people and organisations (and linking one to a local contact), and reusable items, from a client derived from
 * the contacts, CRM look-up and items groups of the contract. Loaded on the first lookup, so the quote
 * list and the dashboard never carry the contact, address and country schemas.
 */
import { ContactsApi } from "@quotekit/core/api/ContactsApi"
import { CrmLookupApi } from "@quotekit/core/api/CrmLookupApi"
import { ItemsApi } from "@quotekit/core/api/ItemsApi"
import { AntiForgery, ErrorEnvelope } from "@quotekit/core/api/Security"
import * as Contact from "@quotekit/core/Contact"
import { Effect } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { HttpApi, HttpApiClient } from "effect/http-api"
import type { QuoteCalls } from "./client.ts"
import { run } from "./Transport.ts"

/** The calls this client makes. */
export type LookupCalls = Pick<
  QuoteCalls,
  "lookupContact" | "createContact" | "lookupAddOns" | "linkLookup" | "lookupItems"
>

/** The part of the contract the editor's lookups call. */
class LookupsApi extends HttpApi.make("quotekit")
  .add(ContactsApi)
  .add(CrmLookupApi)
  .add(ItemsApi)
  .middleware(ErrorEnvelope)
  .middleware(AntiForgery) {}

/** The lookup calls for an origin, sending the session client's security headers. */
export const make = (
  baseUrl: string,
  headers: (client: HttpClient.HttpClient) => HttpClient.HttpClient
): LookupCalls => {
  const c = Effect.runSync(
    HttpApiClient.make(LookupsApi, { baseUrl, transformClient: headers }).pipe(Effect.provide(FetchHttpClient.layer))
  )
  return {
    lookupContact: (search) => run(c.contacts.lookupPerson({ payload: { search } })),
    createContact: (payload) =>
      run(c.contacts.update({ params: { contact_id: Contact.ContactId.make(0) }, payload })).then((s) => s.contact),
    lookupAddOns: (search, companies) =>
      run(c.crmLookup.search({ payload: companies === true ? { search, companies } : { search } })),
    linkLookup: (cacheId) => run(c.crmLookup.link({ params: { cache_id: cacheId } })),
    lookupItems: (itemType, search) =>
      run(c.items.lookupSearch({ params: { item_type: itemType }, payload: { search } })).then((a) => a.items)
  }
}
