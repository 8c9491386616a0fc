/**
 * The quote page's Settings tab: a quote's settings with the account's defaults (`GET /get/quote-settings/{id}`)
 * and their change (`POST /post/quote-settings/{id}`), for the session's tenant; and the values in force that
 * the customer page applies (the terms box to accept, quantity edits).
 *
 * A change runs in one transaction on the locked quote: templates and other accounts' quotes are not found; the
 * core's `QuoteSettings.canChange` refuses a quote the customer has answered, or that expired or was withdrawn
 * (409, with its reason); a change that changes nothing writes nothing; otherwise the settings are stored and
 * a history row (with its audit row) names who changed which setting to what. Settings are not quote content:
 * the quote's edit sequence stays, so an editor open meanwhile saves without a conflict.
 *
 * @since 0.1.0
 */
import type { SettingsView } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Markup from "@quotekit/core/Markup"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteSettings from "@quotekit/core/QuoteSettings"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import { HistoryRepo } from "../history/Repo.ts"
import type { AccountFacts, QuoteRecord } from "./Records.ts"
import { QuoteRepo } from "./Repo.ts"
import { QuoteSettingsRepo } from "./SettingsRepo.ts"
import { effective, notFound, refused } from "./Views.ts"

/** Why the settings of a record may not change (in the account's wording), or `null` while they may. */
const lockedReason = (record: QuoteRecord, facts: Pick<AccountFacts, "noun">, now: number): string | null => {
  const r = QuoteSettings.canChange(effective(record, now).status)
  return Result.isFailure(r) ? Wording.apply(facts.noun, r.failure.message) : null
}

/** The quote (not a template) of the tenant that an id segment names, locked when asked; else not found. */
const quoteOf = (tenant: Tenant, facts: AccountFacts, idSegment: string, forUpdate: boolean) =>
  Effect.gen(function* () {
    const route = Quote.parseRouteId(idSegment)
    if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
    const repo = yield* QuoteRepo
    const found = yield* repo.record(tenant.account_id, route.success, { forUpdate })
    if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
    return found.value
  })

/** The Settings tab's data. */
export const view = Effect.fn("Settings.view")(function* (tenant: Tenant, idSegment: string) {
  const facts = yield* Effect.flatMap(QuoteRepo, (r) => r.facts(tenant))
  const settings = yield* QuoteSettingsRepo
  const record = yield* quoteOf(tenant, facts, idSegment, false)
  const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
  const answer: SettingsView = {
    quote_id: Quote.QuoteId.make(record.quote_id),
    settings: yield* settings.read(tenant.account_id, record.quote_id),
    defaults: yield* settings.defaults(tenant.account_id),
    locked: lockedReason(record, facts, now)
  }
  return answer
})

/** Change a quote's settings; see the module header. */
export const update = Effect.fn("Settings.update")(function* (
  tenant: Tenant,
  idSegment: string,
  next: QuoteSettings.Settings
) {
  const sql = yield* SqlClient.SqlClient
  const settings = yield* QuoteSettingsRepo
  const history = yield* HistoryRepo
  const facts = yield* Effect.flatMap(QuoteRepo, (r) => r.facts(tenant))
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const record = yield* quoteOf(tenant, facts, idSegment, true)
        const nowMs = yield* Clock.currentTimeMillis
        const status = effective(record, Math.floor(nowMs / 1000)).status
        const allowed = QuoteSettings.canChange(status)
        if (Result.isFailure(allowed))
          return yield* refused(facts, {
            action: "settings",
            reason: "status",
            message: allowed.failure.message
          })
        const before = yield* settings.read(tenant.account_id, record.quote_id)
        const defaults = yield* settings.defaults(tenant.account_id)
        const after: QuoteSettings.Settings = {
          terms_checkbox: next.terms_checkbox,
          customer_quantities: next.customer_quantities
        }
        if (QuoteSettings.changedKeys(before, after).length > 0) {
          yield* settings.write(tenant.account_id, record.quote_id, after, tenant.signin_id, nowMs)
          const summary = QuoteSettings.historyHtml(facts.noun, facts.who, before, after, defaults)
          const title = record.title.trim() === "" ? Wording.catalogue(facts.noun).untitled : record.title
          yield* history.write({
            account_id: tenant.account_id,
            signin_id: tenant.signin_id,
            table: "quote",
            category_id: record.quote_id,
            action: "quote.settings",
            html_summary: summary,
            html_full: `${summary} <q>${Markup.escapeHtml(title)}</q>`,
            data: { quote_id: record.quote_id, from: before, to: after },
            at: nowMs
          })
        }
        const answer: SettingsView = {
          quote_id: Quote.QuoteId.make(record.quote_id),
          settings: after,
          defaults,
          locked: null
        }
        return answer
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})

/** The settings in force for a quote (its choices over the account's defaults), for the customer page. */
export const inForce = (account: number, quoteId: number) =>
  Effect.flatMap(QuoteSettingsRepo, (s) => s.inForce(account as Tenant["account_id"], quoteId))
