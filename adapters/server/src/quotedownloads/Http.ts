/**
 * The quotes download group's handler (see `Download.ts`).
 *
 * @since 0.2.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { download } from "./Download.ts"

/** The quotes download group's handlers. */
export const layer = HttpApiBuilder.group(Api, "quoteDownloads", (handlers) =>
  handlers.handle("download", ({ query }) => Effect.flatMap(CurrentAccount, (t) => download(t, query)))
)
