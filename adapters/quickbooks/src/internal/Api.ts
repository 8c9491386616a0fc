/**
 * The Accounting API's calls: `GET` and `POST` under `/v3/company/{realmId}/`, with `minorversion` pinned,
 * `Accept: application/json` and the bearer token, and `query` for the SQL-like statements. Answers are
 * decoded with the schemas of `Entities` (numbers already decimal strings, see `Json`); an answer of another
 * shape is `unavailable`, as QuickBooks answering nonsense is not the user's content being refused.
 */

import type { Tokens } from "@quotekit/addons/Accounting"
import { Effect, Schema } from "effect"
import { type Endpoints, MINOR_VERSION } from "../Endpoints.ts"
import { QuickBooksFault, type RetryPolicy, send } from "./Http.ts"
import * as Json from "./Json.ts"

/** What every call needs. */
export interface Api {
  readonly endpoints: Endpoints
  readonly retry: RetryPolicy
}

/** A realm id is digits; anything else never reaches a URL path. */
const realmPath = (realm: string): Effect.Effect<string, QuickBooksFault> =>
  /^\d{1,32}$/.test(realm)
    ? Effect.succeed(realm)
    : Effect.fail(
        new QuickBooksFault({ kind: "rejected", message: `Not a QuickBooks company id: ${realm}`, codes: [] })
      )

const urlOf = (api: Api, realm: string, path: string, params: Record<string, string>): URL => {
  const url = new URL(`${api.endpoints.api}/v3/company/${realm}/${path}`)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  url.searchParams.set("minorversion", MINOR_VERSION)
  return url
}

const headers = (tokens: Tokens): Record<string, string> => ({
  authorization: `Bearer ${tokens.access_token}`,
  accept: "application/json"
})

/** Decode an answer, or say QuickBooks answered in a shape this package does not know. */
export const decode =
  <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  (body: unknown): Effect.Effect<S["Type"], QuickBooksFault> =>
    Schema.decodeUnknownEffect(schema)(body).pipe(
      Effect.mapError(
        (error) =>
          new QuickBooksFault({
            kind: "unavailable",
            message: `QuickBooks answered in an unexpected shape: ${error.message}`,
            codes: []
          })
      )
    )

/** `GET /v3/company/{realm}/{path}`. */
export const get = (
  api: Api,
  tokens: Tokens,
  realm: string,
  path: string,
  params: Record<string, string> = {}
): Effect.Effect<unknown, QuickBooksFault> =>
  Effect.flatMap(realmPath(realm), (r) =>
    send(api.retry, urlOf(api, r, path, params), { method: "GET", headers: headers(tokens) })
  )

/** `POST /v3/company/{realm}/{path}` with a JSON body (decimal values written as number literals). */
export const post = (
  api: Api,
  tokens: Tokens,
  realm: string,
  path: string,
  body: unknown,
  params: Record<string, string> = {}
): Effect.Effect<unknown, QuickBooksFault> =>
  Effect.flatMap(realmPath(realm), (r) =>
    send(api.retry, urlOf(api, r, path, params), {
      method: "POST",
      headers: { ...headers(tokens), "content-type": "application/json" },
      body: Json.stringify(body)
    })
  )

const QueryAnswer = Schema.Struct({ QueryResponse: Schema.Record(Schema.String, Schema.Unknown) })

/**
 * Run a query statement and return the rows of `entity` (`QueryResponse.Customer`, ...). QuickBooks leaves
 * the entity's key out when nothing matched.
 */
export const query = <S extends Schema.Top & { readonly DecodingServices: never }>(
  api: Api,
  tokens: Tokens,
  realm: string,
  entity: string,
  row: S,
  statement: string
): Effect.Effect<ReadonlyArray<S["Type"]>, QuickBooksFault> =>
  get(api, tokens, realm, "query", { query: statement }).pipe(
    Effect.flatMap(decode(QueryAnswer)),
    Effect.flatMap((answer) => decode(Schema.Array(row))(answer.QueryResponse[entity] ?? []))
  )
