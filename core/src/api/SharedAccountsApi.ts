/**
 * Shared accounts (Settings → Shared accounts, admins only on both sides): the account's links as parent and as
 * child, a new link code (answered once), linking with a code, and stopping a link. See `SharedAccount`.
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as SharedAccount from "../SharedAccount.ts"
import { AccessDenied, InvalidInput, NotFound } from "./ApiError.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn, sessionOnly } from "./Security.ts"

/** A link as the settings list shows it, from the viewing account's side. Times are epoch seconds. */
export const SharedLink = Schema.Struct({
  link_id: Schema.Int,
  /** `parent` when this account shares its content through the link; `child` when it uses the other's. */
  side: SharedAccount.Side,
  /** The other account's business name; empty while a code waits to be entered. */
  other_account_name: Schema.String,
  relationship_status: SharedAccount.RelationshipStatus,
  created_by_name: Schema.String,
  created_at: Schema.Int,
  /** A pending code's expiry. */
  code_expires_at: Schema.NullOr(Schema.Int),
  started_by_name: Schema.NullOr(Schema.String),
  started_at: Schema.NullOr(Schema.Int),
  stopped_by_name: Schema.NullOr(Schema.String),
  stopped_at: Schema.NullOr(Schema.Int)
})
/** A link as the settings list shows it. */
export type SharedLink = typeof SharedLink.Type

/** The account's links: live ones first, newest first. */
export const SharedLinkList = Schema.Struct({ links: Schema.Array(SharedLink) })
/** The account's links. */
export type SharedLinkList = typeof SharedLinkList.Type

/** A link code just made (`QK-ABCD-EFGH-JKMN`): answered this once, only its hash is kept. */
export const CreatedCode = Schema.Struct({ link: SharedLink, code: Schema.String })
/** A link code just made. */
export type CreatedCode = typeof CreatedCode.Type

/** The code the child's admin enters. */
export const LinkRequest = Schema.Struct({ code: SharedAccount.CodeInput })
/** The code the child's admin enters. */
export type LinkRequest = typeof LinkRequest.Type

/** The shared accounts group: admins of the chosen account, with a session. */
export class SharedAccountsApi extends HttpApiGroup.make("sharedAccounts")
  .add(
    HttpApiEndpoint.get("list", "/get/settings/shared-accounts", { success: SharedLinkList, error: AccessDenied }),
    HttpApiEndpoint.post("createCode", "/post/settings/shared-accounts/code", {
      success: CreatedCode.pipe(HttpApiSchema.status(201)),
      error: AccessDenied
    }),
    HttpApiEndpoint.post("link", "/post/settings/shared-accounts/link", {
      payload: LinkRequest,
      success: SharedLink,
      error: [AccessDenied, InvalidInput]
    }),
    HttpApiEndpoint.post("stop", "/post/settings/shared-accounts/:link_id/stop", {
      params: { link_id: IntFromString },
      success: SharedLink,
      error: [AccessDenied, NotFound]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateEndpointsMerge(sessionOnly)
  .annotateMerge(
    OpenApi.annotations({
      title: "Shared accounts",
      description:
        "Links between a parent account, whose templates and items are shared, and child accounts that use " +
        "them read-only (admins only): list, make a link code (answered once), link with a code, stop."
    })
  ) {}
