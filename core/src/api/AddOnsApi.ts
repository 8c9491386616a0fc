/**
 * Add-ons (Settings → Add-ons): every add-on of the spec by id with its state for the account; switching one on
 * or off; connecting an OAuth 2 add-on (the server answers the add-on's consent page to go to, the add-on sends
 * the browser back to `/settings/add-ons/callback`, which posts what it was given to `callback`: the attempt's
 * `state` says which add-on); choosing the
 * organisation when a connection reaches several (a Mailchimp audience); connecting an API-token add-on (Highrise,
 * Insightly) with a pasted token; a CRM's or Mailchimp's options; disconnecting (the history stays); the organisation's tax
 * rates and how the account's taxes map to them; and the audit of who did what. Any member may look; only an
 * admin may change anything. Tokens never leave the server.
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as AddOn from "../AddOn.ts"
import { AccessDenied, InvalidInput, NotFound, Unavailable } from "./ApiError.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** An add-on id in a path. */
export const AddOnIdFromString = Schema.NumberFromString.pipe(Schema.decodeTo(AddOn.AddOnId))

/** An organisation a connection reaches. */
export const OrganisationView = Schema.Struct({ id: Schema.String, name: Schema.String })

/** The account's connection to an add-on, as the page shows it (never its tokens). Times are epoch seconds. */
export const ConnectionView = Schema.Struct({
  status: Schema.Literals(["connected", "disconnected", "error"]),
  /** The organisation invoices go to; empty while one is still to be chosen. */
  organisation_id: Schema.String,
  organisation_name: Schema.String,
  /** The organisations to choose from while none is chosen (more than one was reached). */
  organisations: Schema.Array(OrganisationView),
  connected_by: Schema.String,
  connected_at: Schema.Int,
  disconnected_at: Schema.NullOr(Schema.Int),
  /** The add-on's own words about the last failure; empty when the last call worked. */
  last_error: Schema.String
})
/** A connection as shown. */
export type ConnectionView = typeof ConnectionView.Type

/** One add-on as the page lists it. */
export const AddOnView = Schema.Struct({
  id: AddOn.AddOnId,
  name: Schema.String,
  summary: Schema.String,
  kind: AddOn.Kind,
  connects: AddOn.Connects,
  state: AddOn.State,
  enabled: Schema.Boolean,
  guide: Schema.String,
  connection: Schema.NullOr(ConnectionView),
  /** The options of a CRM or marketing add-on (`AddOn.Options`); null for the others. */
  options: Schema.NullOr(AddOn.Options)
})
/** An add-on as shown. */
export type AddOnView = typeof AddOnView.Type

/** Every add-on of the spec, in id order. */
export const AddOnList = Schema.Struct({
  addons: Schema.Array(AddOnView),
  /** Whether the signed-in member may change them. */
  can_change: Schema.Boolean
})
/** The add-ons page's data. */
export type AddOnList = typeof AddOnList.Type

/** On or off. */
export const SwitchInput = Schema.Struct({ enabled: Schema.Boolean })

/** Where to send the browser to give consent. */
export const ConnectStart = Schema.Struct({ redirect_url: Schema.String })

/** What the add-on sent back to `/settings/add-ons/callback`, as its query string. */
export const CallbackInput = Schema.Struct({ query: Schema.String.check(Schema.isMaxLength(4000)) })

/**
 * Connecting an API-token add-on (Highrise, Insightly): the token the admin pasted and where the account is
 * (Highrise: its address or subdomain; Insightly: its pod or API address). The server checks both with the
 * add-on before it keeps the token, sealed.
 */
export const TokenInput = Schema.Struct({
  token: Schema.String.check(Schema.isMaxLength(500)),
  site: Schema.String.check(Schema.isMaxLength(200))
})

/** The organisation chosen. */
export const OrganisationInput = Schema.Struct({ organisation_id: Schema.String.check(Schema.isMaxLength(200)) })

/** One of the account's taxes and the organisation's tax code it maps to (`null`: none chosen yet). */
export const TaxMappingRow = Schema.Struct({
  tax_id: Schema.Int,
  name: Schema.String,
  rate: Schema.String,
  code: Schema.NullOr(Schema.String)
})

/** An organisation's tax rate. */
export const RemoteTaxRate = Schema.Struct({ code: Schema.String, name: Schema.String, rate: Schema.String })

/** The tax mapping screen. */
export const TaxMapping = Schema.Struct({
  addon_id: AddOn.AddOnId,
  organisation_name: Schema.String,
  rows: Schema.Array(TaxMappingRow),
  rates: Schema.Array(RemoteTaxRate),
  /** The revenue account code for invoice lines; empty: the add-on's default. */
  account_code: Schema.String
})
/** The tax mapping as shown. */
export type TaxMapping = typeof TaxMapping.Type

/** What an admin saves on the mapping screen. */
export const TaxMappingInput = Schema.Struct({
  mapping: Schema.Array(Schema.Struct({ tax_id: Schema.Int, code: Schema.NullOr(Schema.String) })).check(
    Schema.isMaxLength(500)
  ),
  account_code: Schema.String.check(Schema.isMaxLength(AddOn.ACCOUNT_CODE_MAX))
})

/** One audit entry. */
export const AuditEntry = Schema.Struct({
  /** The entry's own id (stable, increasing). */
  id: Schema.Int,
  at: Schema.Int,
  addon_id: AddOn.AddOnId,
  addon_name: Schema.String,
  action: AddOn.AuditAction,
  who: Schema.String,
  detail: Schema.String
})
/** An audit entry. */
export type AuditEntry = typeof AuditEntry.Type

/** A page of the audit, newest first. */
export const AuditPage = Schema.Struct({
  rows: Schema.Array(AuditEntry),
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean
})

const addon = { addon_id: AddOnIdFromString }

/** The add-ons group; every endpoint needs a session with a chosen account, changes need an admin. */
export class AddOnsApi extends HttpApiGroup.make("addons")
  .add(
    HttpApiEndpoint.get("list", "/get/add-ons", { success: AddOnList }),
    HttpApiEndpoint.post("setEnabled", "/post/add-on-switch/:addon_id", {
      params: addon,
      payload: SwitchInput,
      success: AddOnView,
      error: [AccessDenied, NotFound, InvalidInput]
    }),
    HttpApiEndpoint.post("connect", "/post/add-on-connect/:addon_id", {
      params: addon,
      success: ConnectStart,
      error: [AccessDenied, NotFound, InvalidInput]
    }),
    HttpApiEndpoint.post("callback", "/post/add-on-callback", {
      payload: CallbackInput,
      success: AddOnView,
      error: [AccessDenied, NotFound, InvalidInput, Unavailable]
    }),
    HttpApiEndpoint.post("connectToken", "/post/add-on-token/:addon_id", {
      params: addon,
      payload: TokenInput,
      success: AddOnView,
      error: [AccessDenied, NotFound, InvalidInput, Unavailable]
    }),
    HttpApiEndpoint.post("saveOptions", "/post/add-on-options/:addon_id", {
      params: addon,
      payload: AddOn.Options,
      success: AddOnView,
      error: [AccessDenied, NotFound, InvalidInput]
    }),
    HttpApiEndpoint.post("chooseOrganisation", "/post/add-on-organisation/:addon_id", {
      params: addon,
      payload: OrganisationInput,
      success: AddOnView,
      error: [AccessDenied, NotFound, InvalidInput]
    }),
    HttpApiEndpoint.post("disconnect", "/post/add-on-disconnect/:addon_id", {
      params: addon,
      success: AddOnView,
      error: [AccessDenied, NotFound, InvalidInput]
    }),
    HttpApiEndpoint.get("taxes", "/get/add-on-taxes/:addon_id", {
      params: addon,
      success: TaxMapping,
      error: [NotFound, InvalidInput, Unavailable]
    }),
    HttpApiEndpoint.post("saveTaxes", "/post/add-on-taxes/:addon_id", {
      params: addon,
      payload: TaxMappingInput,
      success: TaxMapping,
      error: [AccessDenied, NotFound, InvalidInput, Unavailable]
    }),
    HttpApiEndpoint.get("audit", "/get/add-on-audit", {
      query: { page: Schema.optionalKey(IntFromString.check(Schema.isBetween({ minimum: 1, maximum: 100_000 }))) },
      success: AuditPage
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Add-ons",
      description:
        "The add-ons of the account by id (Xero 1 … two-factor 15): state, on/off, OAuth 2 connect and callback, " +
        "the organisation, disconnect, the tax mapping and the audit. Changes are for admins."
    })
  ) {}
