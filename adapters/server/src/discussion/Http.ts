/**
 * The discussion group's handlers (team side), for the session's tenant.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { receive } from "../uploads/Receive.ts"
import * as Comments from "./Comments.ts"

/** The discussion group's handlers. */
export const layer = HttpApiBuilder.group(Api, "discussion", (handlers) =>
  handlers
    .handle("discussion", ({ params, query }) =>
      Effect.flatMap(CurrentAccount, (t) => Comments.view(t, params.id, query.expanded === "1"))
    )
    .handle("update", ({ params, payload }) => Effect.flatMap(CurrentAccount, (t) => Comments.save(t, params, payload)))
    .handle("dismiss", ({ payload }) =>
      Effect.flatMap(CurrentAccount, (t) => Comments.dismiss(t, payload.quote_id, payload.parent_question))
    )
    .handle("upload", ({ params, payload }) =>
      Effect.gen(function* () {
        const t = yield* CurrentAccount
        yield* Comments.uploadTarget(t, params.quote_id, params.encoded_quote_id)
        const r = yield* receive(payload, { account: t.account_id, signin: t.signin_id, purpose: "file" })
        const name = r.row.original_filename
        return { file_id: r.row.file_id, name, url: `/files/${r.row.file_id}/${encodeURIComponent(name)}` }
      })
    )
)
