/**
 * Contact look-up in the connected CRM add-ons (Highrise, Capsule, Insightly), beside the account's own contacts:
 * the quote editor's contact search and the contact form's company search call `POST /get/lookup-contact/add-ons`
 * with the same text as the local look-up, and merge the answers, marking each CRM result with its add-on.
 * Results are kept in the account's lookup contact cache (name, type, email, link ids, add-on id), so a repeat
 * search within minutes is answered from it, and refreshed from the CRM after that. A CRM that fails is named in
 * `failures` and never blocks the local results.
 *
 * Picking a CRM result (`POST /post/lookup-contact/link/{cache_id}`) gives the local contact linked to that record
 * (`lookup_url`, `lookup_addon_id`): the one already linked, else a new one made from the cached record, with its
 * company.
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as AddOn from "../AddOn.ts"
import * as Contact from "../Contact.ts"
import { NotFound, Unavailable } from "./ApiError.ts"
import { ContactRow, LookupSearch } from "./ContactsApi.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** One CRM record found, from the lookup contact cache. */
export const AddOnLookupResult = Schema.Struct({
  /** The cache row's id: what picking it sends. */
  id: Schema.Int,
  addonId: AddOn.AddOnId,
  addon_name: Schema.String,
  type: Contact.ContactType,
  name_first: Schema.String,
  name_last: Schema.String,
  /** A person's organisation in the CRM; empty for a company. */
  company: Schema.String,
  email: Schema.String,
  phone: Schema.String,
  /** The record in the CRM. */
  url: Schema.String,
  /** The local contact already linked to this record, if one is. */
  contact_id: Schema.NullOr(Contact.ContactId),
  display_name: Schema.String
})
/** A CRM record found. */
export type AddOnLookupResult = typeof AddOnLookupResult.Type

/** A CRM that did not answer this time, in words for the user. */
export const AddOnLookupFailure = Schema.Struct({ addonId: AddOn.AddOnId, message: Schema.String })

/** What the connected CRMs found; empty when none is connected or the text is not searched. */
export const AddOnLookupAnswer = Schema.Struct({
  results: Schema.Array(AddOnLookupResult),
  failures: Schema.Array(AddOnLookupFailure)
})
/** The CRM look-up's answer. */
export type AddOnLookupAnswer = typeof AddOnLookupAnswer.Type

/** The CRM look-up group. */
export class CrmLookupApi extends HttpApiGroup.make("crmLookup")
  .add(
    HttpApiEndpoint.post("search", "/get/lookup-contact/add-ons", {
      payload: Schema.Struct({ ...LookupSearch.fields, companies: Schema.optionalKey(Schema.Boolean) }),
      success: AddOnLookupAnswer
    }),
    HttpApiEndpoint.post("link", "/post/lookup-contact/link/:cache_id", {
      params: { cache_id: IntFromString },
      success: ContactRow,
      error: [NotFound, Unavailable]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "CRM look-up",
      description: "Contacts found in the connected CRM add-ons, and the local contact linked to one of them."
    })
  ) {}
