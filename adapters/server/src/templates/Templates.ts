/**
 * Template use cases: the templates list (current, archived, or deleted within 30 days), archive / delete /
 * restore, and the default for new quotes. The rules are the core's (`ContentArchive`): a shared template
 * cannot be archived or deleted, only active templates can be the default, and archiving or deleting the default
 * stops it being the default. Each change writes a history row (table `content`) and an audit row.
 *
 * @since 0.1.0
 */

import * as ArchiveState from "@quotekit/core/ArchiveState"
import { AccessDenied } from "@quotekit/core/api/ApiError"
import type { Tenant } from "@quotekit/core/api/Security"
import type { TemplateAnswer, TemplatePage, TemplateQuery, TemplateRow } from "@quotekit/core/api/TemplatesApi"
import * as ContentArchive from "@quotekit/core/ContentArchive"
import * as Message from "@quotekit/core/Message"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteHistory from "@quotekit/core/QuoteHistory"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import { AccountCache } from "../account/Cache.ts"
import { HistoryRepo } from "../history/Repo.ts"
import * as Paging from "../http/Paging.ts"
import type { AccountFacts } from "../quotes/Records.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { notFound, refused } from "../quotes/Views.ts"
import * as SharedContent from "../sharedaccounts/Content.ts"
import { type TemplateRecord, TemplateRepo } from "./Repo.ts"

const stateOf = (r: TemplateRecord): ContentArchive.ContentState =>
  ArchiveState.fromId(r.archive_id).pipe(
    Option.flatMap(ContentArchive.fromArchiveState),
    Option.getOrElse(() => "current" as const)
  )

const factsOf = (r: TemplateRecord): ContentArchive.Template => ({
  archive: stateOf(r),
  isDefault: r.is_default,
  shared: r.shared
})

const contextOf = (r: TemplateRecord, now: number): ContentArchive.Context => ({
  debug: false,
  deletedAtSeconds: r.deleted_at,
  nowSeconds: now
})

const offersOf = (facts: AccountFacts, t: ContentArchive.Template, ctx: ContentArchive.Context) =>
  ContentArchive.templateOffers(t, ctx).map((o) => ({
    action: o.action,
    label: Wording.apply(facts.noun, o.label),
    checked: o.checked,
    confirm: Option.getOrNull(o.confirm)
  }))

/** A page of templates. */
export const list = Effect.fn("Templates.list")(function* (tenant: Tenant, query: TemplateQuery) {
  const repo = yield* TemplateRepo
  const quotes = yield* QuoteRepo
  const facts = yield* quotes.facts(tenant)
  // A child account's copies of its parent's templates follow the parent's changes.
  if (yield* SharedContent.refresh(tenant.account_id)) yield* (yield* AccountCache).invalidateAccount(tenant.account_id)
  const now = yield* RelativeTime.nowSeconds
  const state = query.archive ?? "current"
  const f = {
    archiveId: ArchiveState.toId(ContentArchive.toArchiveState(state)),
    search: (query.search ?? "").trim().toLowerCase(),
    deletedAfter: state === "deleted" ? now - ArchiveState.RETENTION_SECONDS : null
  }
  const wantCount = query.getCount === "1" || query.getCount === "true"
  const found = yield* Paging.read(
    query.page ?? 1,
    (offset, limit) => repo.page(tenant.account_id, f, offset, limit),
    (r): TemplateRow => {
      const t = factsOf(r)
      return {
        quote_id: Quote.QuoteId.make(r.quote_id),
        title: r.title,
        archive_id: r.archive_id,
        archive: t.archive,
        sticker: Option.getOrNull(ContentArchive.sticker(t.archive)),
        isDefault: r.is_default,
        shared: r.shared,
        item_count: r.item_count,
        modified: r.modified,
        // A team member who is not an admin sees the templates to start quotes from, with nothing to do to them.
        offers: tenant.is_admin ? offersOf(facts, t, contextOf(r, now)) : []
      }
    }
  )
  const answer: TemplatePage = { ...found, total: wantCount ? yield* repo.count(tenant.account_id, f) : null }
  return answer
})

const historyEvent = (action: ContentArchive.TemplateAction): QuoteHistory.Event => {
  switch (action) {
    case "archive":
      return { _tag: "templateArchived" }
    case "delete":
      return { _tag: "templateDeleted" }
    case "unarchive":
    case "restore":
    case "copyToNewTemplate":
      return { _tag: "templateRestored" }
    case "makeDefault":
      return { _tag: "templateDefault" }
    case "unmakeDefault":
      return { _tag: "templateNotDefault" }
  }
}

/** Apply a template action chosen from the template's state. */
export const run = Effect.fn("Templates.run")(function* (
  tenant: Tenant,
  idSegment: string,
  choose: (state: ContentArchive.ContentState) => ContentArchive.TemplateAction
) {
  const repo = yield* TemplateRepo
  const quotes = yield* QuoteRepo
  const history = yield* HistoryRepo
  const cache = yield* AccountCache
  const sql = yield* SqlClient.SqlClient
  const facts = yield* quotes.facts(tenant)
  // Templates are managed by admins only ('Templates & Items' is admin only).
  if (!tenant.is_admin) return yield* AccessDenied.answer(Wording.apply(facts.noun, Message.adminOnly))
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
  const id = route.success
  const nowMs = yield* Clock.currentTimeMillis
  const now = Math.floor(nowMs / 1000)
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const found = yield* repo.find(tenant.account_id, id)
        if (Option.isNone(found)) return yield* notFound(facts)
        const record = found.value
        const before = factsOf(record)
        const action = choose(before.archive)
        const ctx = contextOf(record, now)
        const applied = ContentArchive.applyTemplate(action, before, ctx)
        if (Result.isFailure(applied)) return yield* refused(facts, applied.failure)
        const after = applied.success
        const archiveId = ArchiveState.toId(ContentArchive.toArchiveState(after.archive))
        if (after.archive !== before.archive) {
          const deletedAt = after.archive === "deleted" ? now : null
          yield* repo.setArchive(tenant.account_id, id, archiveId, deletedAt, tenant.signin_id, nowMs)
        }
        if (after.isDefault !== before.isDefault) yield* repo.setDefault(tenant.account_id, after.isDefault ? id : null)
        const text = QuoteHistory.html(facts.noun, historyEvent(action), facts.who, record.title)
        yield* history.write({
          account_id: tenant.account_id,
          signin_id: tenant.signin_id,
          table: "content",
          category_id: id,
          action: `template.${action}`,
          html_summary: text.summary,
          html_full: text.full,
          data: { quote_id: id, from: before, to: after },
          at: nowMs
        })
        const answer: TemplateAnswer = {
          quote_id: Quote.QuoteId.make(id),
          archive_id: archiveId,
          isDefault: after.isDefault,
          offers: offersOf(facts, after, { ...ctx, deletedAtSeconds: after.archive === "deleted" ? now : null })
        }
        return answer
      })
    )
    .pipe(
      Effect.catchTag("SqlError", (e) => Effect.die(e)),
      // The account cache's template dropdown and default template change with the template's state.
      Effect.tap(() => cache.invalidateAccount(tenant.account_id))
    )
})

/** The template action an archive target asks for, from the template's state. */
export const archiveAction = (
  target: "current" | "archived" | "deleted",
  state: ContentArchive.ContentState
): ContentArchive.TemplateAction =>
  target === "archived" ? "archive" : target === "deleted" ? "delete" : state === "deleted" ? "restore" : "unarchive"
