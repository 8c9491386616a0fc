/**
 * API keys (Account Settings → API keys, admins only): list the account's keys, create one (its secret is in
 * that answer and never again) and revoke one. Keys themselves cannot manage keys: every endpoint here is
 * `SessionOnly`. See `ApiKey` for the key's format, scopes and who it acts as.
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Account from "../Account.ts"
import * as ApiKey from "../ApiKey.ts"
import { AccessDenied, InvalidInput, NotFound } from "./ApiError.ts"
import { AccountChosen, SignedIn, sessionOnly } from "./Security.ts"

/** A key as lists show it: never the key itself, only its prefix. Times are epoch seconds. */
export const ApiKeyView = Schema.Struct({
  api_key_id: ApiKey.ApiKeyId,
  name: Schema.String,
  /** The key's first characters (`qk_live_AbC123`), to tell keys apart. */
  prefix: Schema.String,
  scope: ApiKey.Scope,
  created_by: Account.SigninId,
  /** The creator's display name. */
  created_by_name: Schema.String,
  created_at: Schema.Int,
  /** Null when never used; written at most once a minute. */
  last_used_at: Schema.NullOr(Schema.Int),
  /** Null while the key works. */
  revoked_at: Schema.NullOr(Schema.Int)
})
/** A key as lists show it. */
export type ApiKeyView = typeof ApiKeyView.Type

/** The account's keys, live ones first, newest first within each. */
export const ApiKeyList = Schema.Struct({ keys: Schema.Array(ApiKeyView) })
/** The account's keys. */
export type ApiKeyList = typeof ApiKeyList.Type

/** What a new key is to be called and allowed. */
export const NewApiKey = Schema.Struct({ name: ApiKey.Name, scope: ApiKey.Scope })
/** A new key's name and scope. */
export type NewApiKey = typeof NewApiKey.Type

/** A key just made: the stored view and the key itself (`qk_live_…`), which is never answered again. */
export const CreatedApiKey = Schema.Struct({ key: ApiKeyView, secret: Schema.String })
/** A key just made. */
export type CreatedApiKey = typeof CreatedApiKey.Type

/** The API keys group: admins of the chosen account, signed in (keys cannot manage keys). */
export class ApiKeysApi extends HttpApiGroup.make("apiKeys")
  .add(
    HttpApiEndpoint.get("list", "/get/api-keys", { success: ApiKeyList, error: AccessDenied }),
    HttpApiEndpoint.post("create", "/post/api-keys", {
      payload: NewApiKey,
      success: CreatedApiKey.pipe(HttpApiSchema.status(201)),
      error: [AccessDenied, InvalidInput]
    }),
    HttpApiEndpoint.post("revoke", "/post/api-keys/:api_key_id/revoke", {
      params: { api_key_id: ApiKey.ApiKeyId },
      success: ApiKeyView,
      error: [AccessDenied, NotFound]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateEndpointsMerge(sessionOnly)
  .annotateMerge(
    OpenApi.annotations({
      title: "API keys",
      description:
        "Keys for programs calling this API (admins only, with a session): list, create (the key is answered " +
        "once), revoke."
    })
  ) {}
