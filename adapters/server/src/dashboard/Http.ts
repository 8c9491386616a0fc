/**
 * The dashboard group's handlers: the dashboard and the quote overview for the session's tenant.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as Dashboard from "./Dashboard.ts"

/** The dashboard group's handlers. */
export const layer = HttpApiBuilder.group(Api, "dashboard", (handlers) =>
  handlers
    .handle("dashboard", () => Effect.flatMap(CurrentAccount, Dashboard.dashboard))
    .handle("overview", ({ params }) => Effect.flatMap(CurrentAccount, (t) => Dashboard.overview(t, params.id)))
)
