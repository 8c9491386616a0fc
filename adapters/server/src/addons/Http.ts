/**
 * The add-ons group's handlers. Every member sees the add-ons and their states; only an admin switches,
 * connects, disconnects or maps taxes (403 otherwise). Connecting an OAuth 2 add-on: `connect` makes an attempt
 * (random state, PKCE verifier sealed, 15 minutes) and answers the add-on's consent page; the add-on sends the
 * browser back to `/settings/add-ons/callback`, whose page posts the query to `callback`: the attempt is taken
 * once, by the member who started it, the code exchanged with the verifier, the tokens sealed, and the
 * organisation chosen when the connection reaches one (else the admin picks it). Disconnecting drops the tokens
 * (revoked at the add-on on a best-effort basis) and keeps the row, the audit and every invoice's history.
 * Tokens never appear in an answer or a log line.
 *
 * @since 0.5.0
 */
import type { Accounting, AccountingError, Tokens as AccountingTokens } from "@quotekit/addons/Accounting"
import * as Connection from "@quotekit/addons/Connection"
import * as OAuth from "@quotekit/addons/OAuth"
import * as AddOn from "@quotekit/core/AddOn"
import type { AddOnView, TaxMapping } from "@quotekit/core/api/AddOnsApi"
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, InvalidInput, NotFound, Unavailable } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Clock, Duration, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { AccountCache } from "../account/Cache.ts"
import * as SecretBox from "../crypto/SecretBox.ts"
import * as Paging from "../http/Paging.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import { AddOnsRepo, type StoredConnection } from "./Repo.ts"
import { AddOnsSetup, isSetUp, oauthOf, type Setup } from "./Setup.ts"
import * as TokenConnect from "./TokenConnect.ts"
import * as Tokens from "./Tokens.ts"

const m = AddOn.messages

/** Where add-ons send the browser back (the app's page posts the query on). */
export const CALLBACK_PATH = "/settings/add-ons/callback"

/** Switches that are on until an admin turns them off: features every account has today. */
const onByDefault = new Set([8, 9, 11, 12])

/** Whether add-on `id` is on for the account. */
const enabledOf = (id: number, switches: ReadonlyMap<number, boolean>, c: StoredConnection | undefined) =>
  c !== undefined && c.status !== "disconnected" ? true : (switches.get(id) ?? onByDefault.has(id))

/** An add-on as the page shows it. */
export const viewOf = (
  def: AddOn.Definition,
  setup: Setup,
  switches: ReadonlyMap<number, boolean>,
  c: StoredConnection | undefined
): AddOnView => {
  const usesOptions = AddOn.isCrm(def.id) || def.id === AddOn.MAILCHIMP
  const enabled = enabledOf(def.id, switches, c)
  return {
    id: def.id,
    name: def.name,
    summary: def.summary,
    kind: def.kind,
    connects: def.connects,
    enabled,
    guide: def.guide,
    state: AddOn.stateOf({
      offered: def.offered,
      connects: def.connects,
      setUp: isSetUp(setup, def.id),
      enabled: def.connects === "switch" ? enabled : false,
      connection: c?.status ?? null
    }),
    connection:
      c === undefined
        ? null
        : {
            status: c.status,
            organisation_id: c.organisation_id,
            organisation_name: c.organisation_name,
            organisations: c.organisation_id === "" ? c.organisations : [],
            connected_by: c.connected_by,
            connected_at: c.connected_at,
            disconnected_at: c.disconnected_at,
            last_error: c.last_error
          },
    options: usesOptions ? (c?.options ?? AddOn.defaultOptions) : null
  }
}

/** The admin of the current request's account, or `AccessDenied`. */
const admin = Effect.gen(function* () {
  const tenant = yield* CurrentAccount
  if (!tenant.is_admin) return yield* AccessDenied.answer(m.adminOnly)
  return tenant
})

const definition = (id: number) =>
  Option.match(AddOn.byId(id), {
    onNone: () => Effect.fail(NotFound.answer(m.notFound)),
    onSome: (def) => (def.offered ? Effect.succeed(def) : Effect.fail(InvalidInput.answer(m.comingLater(def.name))))
  })

/** The add-on's words, as the page shows them (an outside failure is never a 500). */
const outside = (e: AccountingError) => Unavailable.answer(e.message === "" ? "The add-on did not answer." : e.message)

/** The add-ons group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "addons",
  Effect.fn(function* (handlers) {
    const repo = yield* AddOnsRepo
    const sql = yield* SqlClient.SqlClient
    const publicUrl = yield* PublicUrl
    const cache = yield* AccountCache

    const view = (account: number, def: AddOn.Definition) =>
      Effect.gen(function* () {
        const setup = yield* AddOnsSetup
        const switches = yield* repo.switches(account)
        const c = yield* repo.connection(account, def.id)
        return viewOf(def, setup, switches, Option.getOrUndefined(c))
      })

    /** The accounting add-on `def` is, as this server can reach it. */
    const accountingOf = (def: AddOn.Definition) =>
      Effect.gen(function* () {
        const setup = yield* AddOnsSetup
        const accounting = AddOn.isAccounting(def.id) ? setup.accounting.get(def.id) : undefined
        if (def.connects !== "oauth2") return yield* InvalidInput.answer(m.notConnectable(def.name))
        if (accounting === undefined) return yield* InvalidInput.answer(m.notSetUp(def.name))
        return { accounting, setup }
      })

    /** The OAuth 2 half of `def` (accounting, Capsule, Mailchimp), as this server can reach it. */
    const oauthServiceOf = (def: AddOn.Definition) =>
      Effect.gen(function* () {
        const setup = yield* AddOnsSetup
        if (def.connects !== "oauth2") return yield* InvalidInput.answer(m.notConnectable(def.name))
        const service = oauthOf(setup, def.id)
        if (service === undefined) return yield* InvalidInput.answer(m.notSetUp(def.name))
        return { service, setup }
      })

    /** The live connection (an organisation chosen) and the add-on it is with. */
    const live = (account: number, def: AddOn.Definition) =>
      Effect.gen(function* () {
        const { accounting } = yield* accountingOf(def)
        const c = yield* repo.connection(account, def.id)
        if (Option.isNone(c) || c.value.status === "disconnected")
          return yield* InvalidInput.answer(m.notConnected(def.name))
        if (c.value.organisation_id === "") return yield* InvalidInput.answer(m.pickOrganisation)
        return { accounting, connection: c.value }
      })

    /** A call to the add-on with the account's tokens (refreshed as needed); its failures as answers. */
    const withTokens = <A>(
      account: number,
      accounting: Accounting,
      name: string,
      use: (tokens: AccountingTokens) => Effect.Effect<A, AccountingError>
    ) =>
      Tokens.withAccess(account, accounting, use).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.provideService(AddOnsRepo, repo),
        Effect.catchTag("NotConnected", () => Effect.fail(InvalidInput.answer(m.notConnected(name)))),
        Effect.catchTag("AddOnError", (e) =>
          Effect.fail(e.kind === "auth" ? InvalidInput.answer(m.reconnect(name)) : outside(e))
        )
      )

    const mapping = (account: number, def: AddOn.Definition) =>
      Effect.gen(function* () {
        const { accounting, connection } = yield* live(account, def)
        const rates = yield* withTokens(account, accounting, def.name, (t) =>
          accounting.taxRates(t, connection.organisation_id)
        )
        const taxes = yield* repo.taxes(account)
        const map = yield* repo.taxMap(account, def.id, connection.organisation_id)
        const answer: TaxMapping = {
          addon_id: def.id,
          organisation_name: connection.organisation_name,
          rows: taxes.map((t) => ({ ...t, code: map.get(t.tax_id) ?? null })),
          rates: rates.map((r) => ({ code: r.code, name: r.name, rate: r.rate })),
          account_code: yield* repo.accountCode(account, def.id, connection.organisation_id)
        }
        return { answer, connection }
      })

    return handlers
      .handle("list", () =>
        Effect.gen(function* () {
          const tenant = yield* CurrentAccount
          const setup = yield* AddOnsSetup
          const switches = yield* repo.switches(tenant.account_id)
          const connections = new Map((yield* repo.connections(tenant.account_id)).map((c) => [c.addon_id, c]))
          return {
            addons: AddOn.all.map((def) => viewOf(def, setup, switches, connections.get(def.id))),
            can_change: tenant.is_admin
          }
        })
      )
      .handle("setEnabled", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          if (def.connects !== "switch") return yield* InvalidInput.answer(m.connectInstead(def.name))
          const before = (yield* repo.switches(account_id)).get(def.id) ?? onByDefault.has(def.id)
          if (before !== payload.enabled)
            yield* sql
              .withTransaction(
                Effect.andThen(
                  repo.setSwitch(account_id, def.id, payload.enabled, signin_id),
                  repo.audit(account_id, def.id, signin_id, payload.enabled ? "switched-on" : "switched-off", "")
                )
              )
              .pipe(Effect.orDie)
          // Leads and Reviews are in the account's cached answer (the menu entries).
          if (def.id === 13 || def.id === 14) yield* cache.invalidateAccount(account_id)
          return yield* view(account_id, def)
        })
      )
      .handle("connect", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          const { service, setup } = yield* oauthServiceOf(def)
          if (!setup.secretKeySet) return yield* InvalidInput.answer(m.secretKeyMissing)
          const attempt = yield* OAuth.start
          const hash = OAuth.stateHash(attempt.state)
          const redirectUri = `${yield* publicUrl.current}${CALLBACK_PATH}`
          const box = yield* SecretBox.SecretBox
          yield* repo.insertAttempt({
            account: account_id,
            addonId: def.id,
            signinId: signin_id,
            stateHash: hash,
            verifierSealed: box.seal(attempt.codeVerifier, Connection.attemptContext(account_id, def.id, hash)),
            redirectUri,
            expiresAt: (yield* Clock.currentTimeMillis) + OAuth.ATTEMPT_MS
          })
          const url = service.authorizeUrl({
            state: attempt.state,
            codeChallenge: attempt.codeChallenge,
            redirectUri
          })
          return { redirect_url: url.toString() }
        })
      )
      .handle("callback", ({ payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const params = new URLSearchParams(payload.query.replace(/^\?/, ""))
          const state = OAuth.stateOf(params)
          if (state === undefined) return yield* InvalidInput.answer(m.attemptInvalid)
          const hash = OAuth.stateHash(state)
          const taken = yield* repo.takeAttempt(hash, yield* Clock.currentTimeMillis)
          if (Option.isNone(taken) || taken.value.account_id !== account_id || taken.value.signin_id !== signin_id)
            return yield* InvalidInput.answer(m.attemptInvalid)
          const def = yield* definition(taken.value.addon_id)
          const { service } = yield* oauthServiceOf(def)
          const box = yield* SecretBox.SecretBox
          const verifier = box.open(taken.value.verifier_sealed, Connection.attemptContext(account_id, def.id, hash))
          if (Option.isNone(verifier)) return yield* InvalidInput.answer(m.attemptInvalid)
          const failed = (detail: string) =>
            repo.audit(account_id, def.id, signin_id, "connection-failed", detail.slice(0, 500))
          const code = yield* OAuth.readCallback(params, state).pipe(
            Effect.catchTag("ConsentRefused", (e) =>
              Effect.andThen(
                failed(e.description || e.error),
                Effect.fail(InvalidInput.answer(m.consentRefused(def.name)))
              )
            ),
            Effect.catchTag("CallbackInvalid", () => Effect.fail(InvalidInput.answer(m.attemptInvalid)))
          )
          const connected = yield* service
            .exchange({ code, codeVerifier: verifier.value, redirectUri: taken.value.redirect_uri, params })
            .pipe(
              Effect.tapError((e) => failed(e.message)),
              Effect.mapError(outside)
            )
          const orgs = connected.organisations.map((o) => ({ id: o.id, name: o.name }))
          const only = orgs.length === 1 ? orgs[0] : undefined
          const sealed = yield* Tokens.seal(account_id, def.id, connected.tokens)
          yield* sql
            .withTransaction(
              Effect.andThen(
                repo.connect(account_id, def.id, {
                  credentials: sealed,
                  expires_at: connected.tokens.expires_at,
                  organisation_id: only?.id ?? "",
                  organisation_name: only?.name ?? "",
                  organisations: orgs,
                  by: signin_id
                }),
                repo.audit(account_id, def.id, signin_id, "connected", only?.name ?? "")
              )
            )
            .pipe(Effect.orDie)
          return yield* view(account_id, def)
        })
      )
      .handle("connectToken", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          yield* TokenConnect.connect(account_id, signin_id, def, payload)
          return yield* view(account_id, def)
        })
      )
      .handle("saveOptions", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          if (!AddOn.isCrm(def.id) && def.id !== AddOn.MAILCHIMP) return yield* InvalidInput.answer(m.notFound)
          const c = yield* repo.connection(account_id, def.id)
          if (Option.isNone(c) || c.value.status === "disconnected")
            return yield* InvalidInput.answer(m.notConnected(def.name))
          const options = { ...payload, tags: [...new Set(payload.tags.map((t) => t.trim()).filter((t) => t !== ""))] }
          yield* sql
            .withTransaction(
              Effect.andThen(
                repo.setOptions(account_id, def.id, options),
                repo.audit(account_id, def.id, signin_id, "options-changed", "")
              )
            )
            .pipe(Effect.orDie)
          return yield* view(account_id, def)
        })
      )
      .handle("chooseOrganisation", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          const c = yield* repo.connection(account_id, def.id)
          if (Option.isNone(c) || c.value.status === "disconnected")
            return yield* InvalidInput.answer(m.notConnected(def.name))
          const org = c.value.organisations.find((o) => o.id === payload.organisation_id)
          if (org === undefined) return yield* InvalidInput.field("organisation_id", m.organisationUnknown)
          yield* sql
            .withTransaction(
              Effect.andThen(
                repo.chooseOrganisation(account_id, def.id, org.id, org.name),
                repo.audit(account_id, def.id, signin_id, "organisation-chosen", org.name)
              )
            )
            .pipe(Effect.orDie)
          return yield* view(account_id, def)
        })
      )
      .handle("disconnect", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          const c = yield* repo.connection(account_id, def.id)
          if (Option.isNone(c) || c.value.status === "disconnected")
            return yield* InvalidInput.answer(m.notConnected(def.name))
          const service = oauthOf(yield* AddOnsSetup, def.id)
          const held = yield* Tokens.open(account_id, def.id, c.value.credentials)
          // Best effort: the connection ends here whatever the add-on answers.
          if (service !== undefined && Option.isSome(held))
            yield* service.revoke(held.value).pipe(
              Effect.timeout(Duration.seconds(10)),
              Effect.catchCause(() => Effect.logInfo(`${def.name}: the access could not be revoked there`))
            )
          yield* sql
            .withTransaction(
              Effect.andThen(
                repo.disconnect(account_id, def.id, signin_id),
                repo.audit(account_id, def.id, signin_id, "disconnected", c.value.organisation_name)
              )
            )
            .pipe(Effect.orDie)
          return yield* view(account_id, def)
        })
      )
      .handle("taxes", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const def = yield* definition(params.addon_id)
          return (yield* mapping(account_id, def)).answer
        })
      )
      .handle("saveTaxes", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const def = yield* definition(params.addon_id)
          const { answer, connection } = yield* mapping(account_id, def)
          const codes = new Set(answer.rates.map((r) => r.code))
          const ours = new Set(answer.rows.map((r) => r.tax_id))
          for (const row of payload.mapping) {
            if (!ours.has(row.tax_id)) return yield* InvalidInput.field(`tax_${row.tax_id}`, m.notFound)
            if (row.code !== null && row.code !== "" && !codes.has(row.code))
              return yield* InvalidInput.field(`tax_${row.tax_id}`, m.taxUnknown)
          }
          const accountCode = payload.account_code.trim()
          yield* sql
            .withTransaction(
              Effect.andThen(
                repo.saveTaxMap(account_id, def.id, connection.organisation_id, payload.mapping, accountCode),
                repo.audit(account_id, def.id, signin_id, "tax-mapping-changed", connection.organisation_name)
              )
            )
            .pipe(Effect.orDie)
          return (yield* mapping(account_id, def)).answer
        })
      )
      .handle("audit", ({ query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          return yield* Paging.read(
            query.page ?? 1,
            (offset, limit) => repo.auditPage(account_id, offset, limit),
            (row) => ({
              ...row,
              addon_id: row.addon_id as AddOn.AddOnId,
              addon_name: Option.match(AddOn.byId(row.addon_id), { onNone: () => "", onSome: (d) => d.name })
            })
          )
        })
      )
  })
)
