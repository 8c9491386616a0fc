/**
 * Connecting an API-token add-on (Highrise, Insightly): the admin pastes the token and says where the account is;
 * the add-on checks both (`Crm.verify`) before anything is kept, and answers where later calls go and the
 * account's name. The token is then sealed like OAuth tokens (never refreshed, never shown again) and the
 * connection recorded and audited; a refusal is audited too, with the add-on's words, and answered on the field
 * it concerns (the token, or the address) so the form keeps what was typed.
 *
 * @since 0.5.0
 */
import { tokenTokens } from "@quotekit/addons/Crm"
import * as AddOn from "@quotekit/core/AddOn"
import type { TokenInput } from "@quotekit/core/api/AddOnsApi"
import { InvalidInput, Unavailable } from "@quotekit/core/api/ApiError"
import { Duration, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { AddOnsRepo } from "./Repo.ts"
import { AddOnsSetup } from "./Setup.ts"
import * as Tokens from "./Tokens.ts"

const m = AddOn.messages

/** Connect the account to API-token add-on `def` with what the admin pasted. */
export const connect = (account: number, signin: number, def: AddOn.Definition, input: typeof TokenInput.Type) =>
  Effect.gen(function* () {
    const setup = yield* AddOnsSetup
    const repo = yield* AddOnsRepo
    const sql = yield* SqlClient.SqlClient
    if (def.connects !== "api-token") return yield* InvalidInput.answer(m.tokenNotNeeded(def.name))
    const crm = AddOn.isCrm(def.id) ? setup.crm?.get(def.id) : undefined
    if (crm === undefined || crm.connects !== "api-token") return yield* InvalidInput.answer(m.notSetUp(def.name))
    if (!setup.secretKeySet) return yield* InvalidInput.answer(m.secretKeyMissing)
    const token = input.token.trim()
    const site = input.site.trim()
    if (token === "") return yield* InvalidInput.field("token", m.tokenRequired)
    if (site === "") return yield* InvalidInput.field("site", m.siteRequired(def.name))
    const found = yield* crm.verify({ token, site }).pipe(
      Effect.timeoutOrElse({
        duration: Duration.seconds(30),
        orElse: () => Effect.fail(Unavailable.answer(`${def.name} did not answer. Try again in a moment.`))
      }),
      Effect.catchTag("AddOnError", (e) =>
        Effect.andThen(
          repo.audit(account, def.id, signin, "connection-failed", e.message.slice(0, 500)),
          Effect.fail(
            e.kind === "auth"
              ? InvalidInput.field("token", e.message)
              : e.kind === "rejected"
                ? InvalidInput.field("site", e.message)
                : Unavailable.answer(e.message === "" ? `${def.name} did not answer.` : e.message)
          )
        )
      )
    )
    const tokens = tokenTokens(token, found.site)
    const sealed = yield* Tokens.seal(account, def.id, tokens)
    yield* sql
      .withTransaction(
        Effect.andThen(
          repo.connect(account, def.id, {
            credentials: sealed,
            expires_at: tokens.expires_at,
            organisation_id: found.site,
            organisation_name: found.name,
            organisations: [{ id: found.site, name: found.name }],
            by: signin
          }),
          repo.audit(account, def.id, signin, "connected", found.name)
        )
      )
      .pipe(Effect.orDie)
  })
