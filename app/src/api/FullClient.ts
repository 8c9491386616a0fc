/**
 * The client derived from the whole contract, for `ApiClient.call` (screens that reach any endpoint). Loaded on
 * the first such call, so the entry never carries every group's schemas.
 */
import * as Api from "@quotekit/core/api/Api"
import { Effect } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import type { Contract } from "./client.ts"

/** The whole-contract client for an origin, sending the session client's security headers. */
export const make = (baseUrl: string, headers: (client: HttpClient.HttpClient) => HttpClient.HttpClient): Contract =>
  Effect.runSync(
    HttpApiClient.make(Api.Api, { baseUrl, transformClient: headers }).pipe(Effect.provide(FetchHttpClient.layer))
  )
