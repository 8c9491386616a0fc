/**
 * The CRM look-up group's handlers: searching the connected CRMs (`Lookup.search`) and the local contact linked
 * to a picked record (`Link.link`), both within the session's account.
 *
 * @since 0.5.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { SqlClient } from "effect/sql"
import type { AddOnsRepo } from "../addons/Repo.ts"
import type { ContactsRepo } from "../contacts/Repo.ts"
import type { HistoryWriter } from "../history/HistoryWriter.ts"
import * as Link from "./Link.ts"
import * as Lookup from "./Lookup.ts"
import type { LookupCache } from "./LookupCache.ts"

/** The CRM look-up group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "crmLookup",
  Effect.fn(function* (handlers) {
    const context = yield* Effect.context<
      AddOnsRepo | ContactsRepo | HistoryWriter | LookupCache | SqlClient.SqlClient
    >()
    const services = Effect.provideContext(context)
    return handlers
      .handle("search", ({ payload }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          return yield* services(Lookup.search(account_id, payload.search, payload.companies === true))
        })
      )
      .handle("link", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          return yield* services(Link.link(account_id, signin_id, params.cache_id))
        })
      )
  })
)
