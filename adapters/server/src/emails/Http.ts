/**
 * The quote emails group's handlers, each for the session's tenant (`CurrentAccount`).
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as List from "./List.ts"
import * as Send from "./Send.ts"

/** The quote emails group's handlers. */
export const layer = HttpApiBuilder.group(Api, "quoteEmails", (handlers) =>
  handlers
    .handle("composer", ({ params, query }) =>
      Effect.flatMap(CurrentAccount, (t) => Send.composer(t, params.id, query.kind, query.follow_up ?? 0))
    )
    .handle("send", ({ params, payload }) => Effect.flatMap(CurrentAccount, (t) => Send.send(t, params.id, payload)))
    .handle("followUp", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) => Send.followUp(t, params.id, payload))
    )
    .handle("emails", ({ params }) => Effect.flatMap(CurrentAccount, (t) => List.list(t, params.id)))
    .handle("stop", ({ params }) => Effect.flatMap(CurrentAccount, (t) => List.stop(t, params.id)))
)
