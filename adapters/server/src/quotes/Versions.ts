/**
 * Quote versions (`/get/quote-versions/{id}` and `/get/quote-versions/{id}/{version}`): the kept states of a
 * quote (a sent version before revising, changes replaced by a conflicting save, the quote before an
 * adjustment), newest first, each viewable read-only.
 *
 * @since 0.1.0
 */
import type { Version, Versions } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Quote from "@quotekit/core/Quote"
import { Effect, Option, Result } from "effect"
import { QuoteRepo } from "./Repo.ts"
import { decodeSnapshot, notFound } from "./Views.ts"

const quoteOf = Effect.fn("Versions.quoteOf")(function* (tenant: Tenant, idSegment: string) {
  const repo = yield* QuoteRepo
  const facts = yield* repo.facts(tenant)
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
  const found = yield* repo.record(tenant.account_id, route.success)
  if (Option.isNone(found)) return yield* notFound(facts)
  return { facts, record: found.value }
})

/** The versions of a quote. */
export const list = Effect.fn("Versions.list")(function* (tenant: Tenant, idSegment: string) {
  const repo = yield* QuoteRepo
  const { record } = yield* quoteOf(tenant, idSegment)
  const answer: Versions = {
    quote_id: Quote.QuoteId.make(record.quote_id),
    title: record.title,
    versions: yield* repo.versions(tenant.account_id, record.quote_id)
  }
  return answer
})

/** One version with its content. */
export const one = Effect.fn("Versions.one")(function* (tenant: Tenant, idSegment: string, versionId: number) {
  const repo = yield* QuoteRepo
  const { facts, record } = yield* quoteOf(tenant, idSegment)
  const found = yield* repo.version(tenant.account_id, record.quote_id, versionId)
  if (Option.isNone(found)) return yield* notFound(facts)
  const answer: Version = { version: found.value.row, snapshot: decodeSnapshot(found.value.snapshot) }
  return answer
})
