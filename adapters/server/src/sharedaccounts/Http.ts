/**
 * The shared accounts group's handlers (Settings → Shared accounts): the account's links, a new link code,
 * linking with a code and stopping a link. Admins only; see `Links`.
 *
 * @since 0.5.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as Links from "./Links.ts"

/** The shared accounts group's handlers. */
export const layer = HttpApiBuilder.group(Api, "sharedAccounts", (handlers) =>
  handlers
    .handle("list", () => Effect.flatMap(CurrentAccount, Links.list))
    .handle("createCode", () => Effect.flatMap(CurrentAccount, Links.createCode))
    .handle("link", ({ payload }) => Effect.flatMap(CurrentAccount, (t) => Links.link(t, payload.code)))
    .handle("stop", ({ params }) => Effect.flatMap(CurrentAccount, (t) => Links.stop(t, params.link_id)))
)
