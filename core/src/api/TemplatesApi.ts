/**
 * Templates over HTTP: the templates list (`GET /get/content/templates`), archive, delete and restore
 * (`POST /post/content/archive/{quote id}/{state}`), and the default for new quotes
 * (`POST /post/content/make-default/{quote id}` and `.../undo`). Templates are edited in the quote editor
 * (`QuotesApi`, kind `template`); Copy to New Template opens that editor with `from-template`.
 *
 * Archive rules are the core's (`ContentArchive`): shared templates cannot be archived or deleted, deleted ones
 * are restorable for 30 days, and archiving or deleting the default template stops it being the default.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as ContentArchive from "../ContentArchive.ts"
import * as Quote from "../Quote.ts"
import { AccessDenied, NotFound } from "./ApiError.ts"
import { ActionRefused, IntFromString, SEARCH_MAX } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The templates list's query: archive filter (current by default), search, page from 1, total on request. */
export const TemplateQuery = Schema.Struct({
  archive: Schema.optionalKey(ContentArchive.ContentState),
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(SEARCH_MAX))),
  page: Schema.optionalKey(IntFromString.check(Schema.isGreaterThanOrEqualTo(1))),
  getCount: Schema.optionalKey(Schema.Literals(["1", "0", "true", "false"]))
})
/** The templates list's query. */
export type TemplateQuery = typeof TemplateQuery.Type

/** One control of a template (see `ContentArchive.templateOffers`). */
export const TemplateOffer = Schema.Struct({
  action: Schema.Literals(ContentArchive.templateActions),
  label: Schema.String,
  checked: Schema.NullOr(Schema.Boolean),
  confirm: Schema.NullOr(Schema.String)
})

/** A template in the list, with its sticker ('Archived', 'Deleted') and its controls. */
export const TemplateRow = Schema.Struct({
  quote_id: Quote.QuoteId,
  title: Schema.String,
  archive_id: Schema.Int,
  archive: ContentArchive.ContentState,
  sticker: Schema.NullOr(Schema.String),
  isDefault: Schema.Boolean,
  shared: Schema.Boolean,
  item_count: Schema.Int,
  modified: Schema.Int,
  offers: Schema.Array(TemplateOffer)
})
/** A template list row. */
export type TemplateRow = typeof TemplateRow.Type

/** A page of templates (at most 100). */
export const TemplatePage = Schema.Struct({
  rows: Schema.Array(TemplateRow),
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean,
  total: Schema.NullOr(Schema.Int)
})
/** A page of templates. */
export type TemplatePage = typeof TemplatePage.Type

/** The template after an action (spec: the answer carries archive_id). */
export const TemplateAnswer = Schema.Struct({
  quote_id: Quote.QuoteId,
  archive_id: Schema.Int,
  isDefault: Schema.Boolean,
  offers: Schema.Array(TemplateOffer)
})
/** The answer to a template action. */
export type TemplateAnswer = typeof TemplateAnswer.Type

/** A template archive target: the content state's name or its `archive_id` (1 current, 2 archived, 3 deleted). */
export const ArchiveTarget = Schema.Literals(["current", "archived", "deleted", "1", "2", "3"])

const idParam = { id: Schema.String.check(Schema.isMaxLength(30)) }

/** The templates group; every endpoint needs a session with a chosen account. */
export class TemplatesApi extends HttpApiGroup.make("templates")
  .add(
    HttpApiEndpoint.get("list", "/get/content/templates", { query: TemplateQuery, success: TemplatePage }),
    HttpApiEndpoint.post("archive", "/post/content/archive/:id/:state", {
      params: { ...idParam, state: ArchiveTarget },
      success: TemplateAnswer,
      error: [NotFound, ActionRefused, AccessDenied]
    }),
    HttpApiEndpoint.post("makeDefault", "/post/content/make-default/:id", {
      params: idParam,
      success: TemplateAnswer,
      error: [NotFound, ActionRefused, AccessDenied]
    }),
    HttpApiEndpoint.post("unmakeDefault", "/post/content/make-default/:id/undo", {
      params: idParam,
      success: TemplateAnswer,
      error: [NotFound, ActionRefused, AccessDenied]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({ title: "Templates", description: "Quote templates: list, archive, delete, default." })
  ) {}
