/**
 * The templates group's handlers: list, archive / delete / restore, and the default for new quotes.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as Templates from "./Templates.ts"

const targets = { "1": "current", "2": "archived", "3": "deleted" } as const

/** The templates group's handlers. */
export const layer = HttpApiBuilder.group(Api, "templates", (handlers) =>
  handlers
    .handle("list", ({ query }) => Effect.flatMap(CurrentAccount, (t) => Templates.list(t, query)))
    .handle("archive", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => {
        const target =
          params.state === "1" || params.state === "2" || params.state === "3" ? targets[params.state] : params.state
        return Templates.run(t, params.id, (state) => Templates.archiveAction(target, state))
      })
    )
    .handle("makeDefault", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => Templates.run(t, params.id, () => "makeDefault"))
    )
    .handle("unmakeDefault", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => Templates.run(t, params.id, () => "unmakeDefault"))
    )
)
