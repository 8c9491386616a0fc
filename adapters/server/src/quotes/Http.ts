/**
 * The quotes group's handlers: the editor's data and save, the list, the status actions, versions and the quote
 * page's settings, each for the session's tenant (`CurrentAccount`).
 *
 * The list answers with the JSON bytes kept by `ListCache`: the same JSON the contract's `ListPage` encodes to,
 * with the same content type, so the contract (and every client derived from it) reads it as any other answer.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import * as Editor from "./Editor.ts"
import * as FromTemplate from "./FromTemplate.ts"
import { ListCache } from "./ListCache.ts"
import * as QuoteActions from "./QuoteActions.ts"
import * as QuoteDownload from "./QuoteDownload.ts"
import * as SaveQuote from "./SaveQuote.ts"
import * as Settings from "./Settings.ts"
import * as Versions from "./Versions.ts"

/** The quotes group's handlers. */
export const layer = HttpApiBuilder.group(Api, "quotes", (handlers) =>
  handlers
    .handle("editor", ({ params, query }) =>
      Effect.flatMap(CurrentAccount, (t) => Editor.load(t, params.kind, params.id, params.action, query))
    )
    .handle("save", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) => SaveQuote.save(t, params.kind, params.id, params.action, payload))
    )
    .handle("fromTemplate", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) => FromTemplate.create(t, params.id, payload))
    )
    .handle("list", ({ query }) =>
      Effect.flatMap(CurrentAccount, (t) =>
        ListCache.use((cache) =>
          Effect.map(cache.answer(t, query), (json) =>
            HttpServerResponse.uint8Array(json, { contentType: "application/json" })
          )
        )
      )
    )
    .handle("act", ({ params }) => Effect.flatMap(CurrentAccount, (t) => QuoteActions.act(t, params.route, params.id)))
    .handle("pdf", ({ params }) => Effect.flatMap(CurrentAccount, (t) => QuoteDownload.forTeam(t, params.id)))
    .handle("markSent", ({ payload }) =>
      Effect.flatMap(CurrentAccount, (t) => QuoteActions.run(t, String(payload.quote_id), () => "markSent"))
    )
    .handle("deleteDraft", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => QuoteActions.run(t, params.id, () => "deleteDraft"))
    )
    .handle("restoreDraft", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => QuoteActions.run(t, params.id, () => "restoreToDraft"))
    )
    .handle("acceptOnBehalf", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) =>
        QuoteActions.run(t, params.id, () => "acceptOnBehalf", { proof: payload?.proof })
      )
    )
    .handle("toState", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => QuoteActions.toState(t, params.id, params.state))
    )
    .handle("versions", ({ params }) => Effect.flatMap(CurrentAccount, (t) => Versions.list(t, params.id)))
    .handle("version", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => Versions.one(t, params.id, params.version))
    )
    .handle("settings", ({ params }) => Effect.flatMap(CurrentAccount, (t) => Settings.view(t, params.id)))
    .handle("updateSettings", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) => Settings.update(t, params.id, payload))
    )
)
