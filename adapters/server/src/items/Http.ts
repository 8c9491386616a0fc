/**
 * The reusable items group's handlers: the list, the editor's data (new, copied `from-item`, in merge mode,
 * opened from a template), saving (which updates the templates that link the item), archive / delete /
 * restore under `ContentArchive`'s rules, merging, and the editor's lookups. Changes need an admin.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, ChangeWarning, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import {
  type FileRef,
  type Item,
  type ItemEdit,
  type ItemFields,
  type ItemId,
  type ItemKind,
  kindOfType,
  type TemplateRef,
  typeOfKind
} from "@quotekit/core/api/ItemsApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as ContentArchive from "@quotekit/core/ContentArchive"
import * as LineItem from "@quotekit/core/LineItem"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import * as TaxRate from "@quotekit/core/TaxRate"
import { Clock, Effect, Option, Result } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { CatalogueRepo } from "../categories/Repo.ts"
import { HistoryWriter } from "../history/HistoryWriter.ts"
import * as Paging from "../http/Paging.ts"
import { requireAdmin } from "../settings/AdminOnly.ts"
import { SettingsRepo } from "../settings/Repo.ts"
import * as SharedContent from "../sharedaccounts/Content.ts"
import { urlOf } from "../uploads/Receive.ts"
import { FilesRepo } from "../uploads/Repo.ts"
import { ItemsRepo, type StoredItem } from "./Repo.ts"

const m = Message.catalogue

/** Rows of history shown in the item editor. */
const HISTORY_SNIPPET = 5
/** Most results of the editor's item lookup. */
const LOOKUP_LIMIT = 20

const stateOf = (archiveId: number): ContentArchive.ContentState =>
  archiveId === 2 ? "archived" : archiveId === 3 ? "deleted" : "current"

/** The item action that moves an item from one content state to another. */
export const actionFor = (
  from: ContentArchive.ContentState,
  to: ContentArchive.ContentState
): ContentArchive.ItemAction | undefined =>
  to === "archived"
    ? "archive"
    : to === "deleted"
      ? "delete"
      : from === "archived"
        ? "unarchive"
        : from === "deleted"
          ? "restore"
          : undefined

/** A text item keeps no price, quantity, discount, choice or term: those only mean something on a price item. */
export const normalizeFields = (type: 1 | 2, f: ItemFields): ItemFields =>
  type === 1
    ? { ...f, ...SubscriptionTerm.normalize(f) }
    : {
        ...f,
        price_unit: Money.zero,
        price_cost: Money.zero,
        quantity: Money.one,
        editable_quantity: Money.zero,
        discount_item: Money.zero,
        contact_choice: 0,
        ...SubscriptionTerm.none
      }

const toItem = (s: StoredItem, files: ReadonlyArray<FileRef>): Item => ({
  item_id: s.item_id,
  item_type: s.item_type,
  item_code: s.item_code,
  item_title: s.item_title,
  item_body: s.item_body,
  item_cat_id: s.item_cat_id,
  item_tax_id: s.item_tax_id,
  price_unit: s.price_unit,
  price_cost: s.price_cost,
  quantity: s.quantity,
  editable_quantity: s.editable_quantity,
  discount_item: s.discount_item,
  contact_choice: s.contact_choice,
  term_every: s.term_every,
  term_type: s.term_type,
  term_duration: s.term_duration,
  archive_id: s.archive_id,
  modified: s.modified,
  price_margin: Option.getOrNull(LineItem.margin(s.price_cost, s.price_unit)),
  shared: s.shared,
  files: files.map((f) => ({ file_id: f.file_id, parent_id: f.parent_id }))
})

/** The reusable items group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "items",
  Effect.fn(function* (handlers) {
    const repo = yield* ItemsRepo
    const catalogue = yield* CatalogueRepo
    const settings = yield* SettingsRepo
    const files = yield* FilesRepo
    const history = yield* HistoryWriter
    const sql = yield* SqlClient.SqlClient

    const filesOf = (account: number, id: number) =>
      Effect.map(files.byParent(account, "items", id), (rows) =>
        rows.map(
          (f): FileRef => ({
            file_id: f.file_id,
            parent_id: id,
            original_filename: f.original_filename,
            hash: f.hash,
            url: urlOf(f),
            is_image: f.mime.startsWith("image/")
          })
        )
      )

    const find = (account: number, id: number, kind?: ItemKind) =>
      Effect.flatMap(repo.byId(account, id), (found) =>
        Option.isSome(found) && (kind === undefined || found.value.item_type === typeOfKind(kind))
          ? Effect.succeed(found.value)
          : Effect.fail(NotFound.answer())
      )

    const refOf = (s: StoredItem) => ({ item_id: s.item_id, item_title: s.item_title })

    const edit = (
      account: number,
      kind: ItemKind,
      stored: StoredItem,
      isNew: boolean,
      query: { readonly "from-item"?: ItemId; readonly merge_loser?: ItemId; readonly within_template?: number }
    ): Effect.Effect<ItemEdit, NotFound> =>
      Effect.gen(function* () {
        const templates = isNew ? [] : yield* repo.templatesUsing(account, stored.item_id)
        const itemFiles = isNew ? [] : yield* filesOf(account, stored.item_id)
        const fromItem = query["from-item"] === undefined ? null : refOf(yield* find(account, query["from-item"], kind))
        const loser = query.merge_loser === undefined ? null : refOf(yield* find(account, query.merge_loser, kind))
        const within =
          query.within_template === undefined
            ? null
            : Option.getOrNull(yield* repo.template(account, query.within_template))
        const defaults = yield* settings.itemDefaults(account)
        return {
          item: toItem(stored, itemFiles),
          files: itemFiles,
          history: isNew ? [] : yield* repo.history(account, stored.item_id, HISTORY_SNIPPET),
          meta: {
            is_new: isNew,
            save_label: templates.length > 0 ? m.updateTemplates(templates.length) : m.save,
            templates_notice: templates.length > 0 ? m.changesApplyToTemplates(templates.length) : null,
            see_where_used: templates.length > 0 ? m.seeWhereUsed : null,
            sticker: Option.getOrNull(ContentArchive.sticker(stateOf(stored.archive_id))),
            delete_confirm: ContentArchive.itemDeleteConfirmation(templates.map((t) => t.title)),
            from_item: fromItem,
            merge_loser: loser,
            within_template: within,
            cost_always: defaults.cost_always
          },
          templates_in_use: templates
        }
      })

    const blank = (account: number, kind: ItemKind, from: Option.Option<StoredItem>) =>
      Effect.gen(function* () {
        const defaults = yield* settings.itemDefaults(account)
        const categoryTax =
          defaults.default_category_id === 0
            ? Option.none()
            : Option.map(yield* catalogue.category(account, defaults.default_category_id), (c) => c.tax_id_default)
        const type = typeOfKind(kind)
        const base: StoredItem = Option.match(from, {
          onSome: (f) => f,
          onNone: () => ({
            item_id: 0 as ItemId,
            item_type: type,
            item_code: "",
            item_title: "",
            item_body: "",
            item_cat_id: defaults.default_category_id,
            item_tax_id: (Option.getOrElse(
              Option.filter(categoryTax, (t) => t !== 0),
              () => defaults.default_tax_id
            ) ?? 0) as TaxRate.ItemTaxId,
            price_unit: Money.zero,
            price_cost: Money.zero,
            quantity: Money.one,
            editable_quantity: Money.zero,
            discount_item: Money.zero,
            contact_choice: 0,
            ...SubscriptionTerm.none,
            archive_id: 1,
            modified: 0,
            deleted_at: null,
            shared: false,
            modified_by: null,
            modified_by_name: ""
          })
        })
        return { ...base, item_id: 0 as ItemId, archive_id: 1, modified: 0, deleted_at: null, shared: false }
      })

    const checkFields = (account: number, type: 1 | 2, f: ItemFields, templates: ReadonlyArray<TemplateRef>) =>
      Effect.gen(function* () {
        if (f.item_title.trim() === "" && f.item_body.trim() === "") {
          return yield* InvalidInput.field("item_title", m.fieldRequired(type === 1 ? "Item" : "Text"))
        }
        if (templates.length > 0 && !LineItem.isItemCodeValid(f.item_code)) {
          return yield* InvalidInput.field("item_code", m.fieldTooLong("Code", LineItem.ITEM_CODE_MAX))
        }
        if (f.item_cat_id !== 0 && Option.isNone(yield* catalogue.category(account, f.item_cat_id))) {
          return yield* InvalidInput.field("item_cat_id", m.notAvailableChoice("category"))
        }
        if (f.item_tax_id !== TaxRate.NO_TAX && Option.isNone(yield* catalogue.tax(account, f.item_tax_id))) {
          return yield* InvalidInput.field("item_tax_id", m.notAvailableChoice("tax"))
        }
      })

    const archiveContext = (item: StoredItem) =>
      Effect.map(Clock.currentTimeMillis, (ms) => ({
        debug: false,
        deletedAtSeconds: item.deleted_at,
        nowSeconds: Math.floor(ms / 1000)
      }))

    const denied = (e: ContentArchive.ContentActionNotAvailable) => AccessDenied.answer(e.message)

    return handlers
      .handle("list", ({ params, query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          yield* SharedContent.refresh(account_id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
          const page = query.page ?? 1
          const filter = {
            search: query.search ?? "",
            archive_id: query.archive === "archived" ? 2 : query.archive === "deleted" ? 3 : 1,
            category: query.category
          }
          const type = typeOfKind(params.kind)
          const found = yield* Paging.read(
            page,
            (offset, limit) => repo.list(account_id, type, { ...filter, offset, limit }),
            (r) => ({ ...toItem(r, []), templates_count: r.templates_count })
          )
          return { ...found, total: query.getCount === undefined ? null : yield* repo.count(account_id, type, filter) }
        })
      )
      .handle("editData", ({ params, query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const stored = yield* find(account_id, params.item_id, params.kind)
          return yield* edit(account_id, params.kind, stored, false, query)
        })
      )
      .handle("newData", ({ params, query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const from =
            query["from-item"] === undefined
              ? Option.none()
              : Option.some(yield* find(account_id, query["from-item"], params.kind))
          return yield* edit(account_id, params.kind, yield* blank(account_id, params.kind, from), true, query)
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id, signin_id } = yield* CurrentAccount
          const type = typeOfKind(params.kind)
          const fields = normalizeFields(type, payload.item)
          const existing = params.item_id === "new" ? null : yield* find(account_id, params.item_id, params.kind)
          if (existing !== null) {
            if (existing.shared) return yield* AccessDenied.answer(m.sharedContentLocked)
            if (existing.archive_id === 3) return yield* AccessDenied.answer(m.notAvailableNow)
            if (
              payload._modifiedIn !== undefined &&
              existing.modified > payload._modifiedIn &&
              existing.modified_by !== signin_id
            ) {
              const when = yield* RelativeTime.describeNow(existing.modified)
              const who = existing.modified_by_name || "someone"
              return yield* new ChangeWarning({
                _changeWarning: { who, when: existing.modified, mayVersion: false },
                _serveError: { code: "change_conflict", message: m.saveConflict(who, when, false) }
              })
            }
          }
          const using = existing === null ? [] : yield* repo.templatesUsing(account_id, existing.item_id)
          yield* checkFields(account_id, type, fields, using)
          const { id, templates } = yield* sql
            .withTransaction(
              Effect.gen(function* () {
                const id =
                  existing === null
                    ? yield* repo.insert(account_id, signin_id, type, fields)
                    : yield* Effect.as(repo.update(account_id, signin_id, existing.item_id, fields), existing.item_id)
                if (payload.files !== undefined) yield* files.attach(account_id, "items", id, payload.files)
                const templates = existing === null ? [] : yield* repo.updateTemplates(account_id, id)
                yield* history.write([
                  {
                    account_id,
                    table: "content item",
                    category_id: id,
                    action: existing === null ? "create" : "update",
                    summary: existing === null ? "Created" : "Edited",
                    ...(templates.length > 0
                      ? {
                          full: `Updated in ${templates.length} template(s): ${templates.map((t) => t.title).join(", ")}`
                        }
                      : {}),
                    signin_id
                  }
                ])
                return { id, templates }
              })
            )
            .pipe(Effect.orDie)
          const saved = yield* find(account_id, id)
          return {
            item_id: id as ItemId,
            item: toItem(saved, yield* filesOf(account_id, id)),
            templates_updated: templates,
            upNext: `${kindOfType(type)}:${id}`
          }
        })
      )
      .handle("archive", ({ params }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id, signin_id } = yield* CurrentAccount
          const item = yield* find(account_id, params.item_id)
          const from = stateOf(item.archive_id)
          const action = actionFor(from, params.archive_id)
          if (action === undefined || from === params.archive_id) {
            return { archive_id: item.archive_id, templates_removed_from: [] }
          }
          const ctx = yield* archiveContext(item)
          const next = ContentArchive.applyItem(action, { id: item.item_id, archive: from, shared: item.shared }, ctx)
          if (Result.isFailure(next)) return yield* denied(next.failure)
          const archiveId = params.archive_id === "current" ? 1 : params.archive_id === "archived" ? 2 : 3
          const removed = yield* sql
            .withTransaction(
              Effect.gen(function* () {
                const removed = action === "delete" ? yield* repo.removeFromTemplates(account_id, item.item_id) : []
                yield* repo.setArchive(account_id, signin_id, item.item_id, archiveId)
                yield* history.write([
                  {
                    account_id,
                    table: "content item",
                    category_id: item.item_id,
                    action,
                    summary: {
                      archive: "Archived",
                      unarchive: "Unarchived",
                      delete: "Deleted",
                      restore: "Restored",
                      merge: "Merged"
                    }[action],
                    ...(removed.length > 0 ? { full: `Removed from: ${removed.map((t) => t.title).join(", ")}` } : {}),
                    signin_id
                  }
                ])
                return removed
              })
            )
            .pipe(Effect.orDie)
          return { archive_id: archiveId, templates_removed_from: removed }
        })
      )
      .handle("merge", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id, signin_id } = yield* CurrentAccount
          if (payload.loser_id === payload.winner_id) return yield* InvalidInput.field("winner_id", m.mergeSameRecord)
          const loser = yield* find(account_id, payload.loser_id)
          const winner = yield* find(account_id, payload.winner_id)
          if (loser.item_type !== winner.item_type) return yield* InvalidInput.field("winner_id", m.mergeItemTypes)
          const ctx = yield* archiveContext(loser)
          for (const item of [loser, winner]) {
            const check = ContentArchive.checkItem(
              "merge",
              { id: item.item_id, archive: stateOf(item.archive_id), shared: item.shared },
              ctx
            )
            if (Result.isFailure(check)) return yield* denied(check.failure)
          }
          const outcome = yield* sql
            .withTransaction(
              Effect.gen(function* () {
                const moved = yield* repo.relink(account_id, loser.item_id, winner.item_id)
                const templates = yield* repo.updateTemplates(account_id, winner.item_id)
                yield* repo.setArchive(account_id, signin_id, loser.item_id, 3)
                yield* history.write([
                  {
                    account_id,
                    table: "content item",
                    category_id: winner.item_id,
                    action: "merge",
                    summary: `Merged ${loser.item_title || m.untitled} into this item`,
                    signin_id
                  },
                  {
                    account_id,
                    table: "content item",
                    category_id: loser.item_id,
                    action: "merged",
                    summary: `Merged into ${winner.item_title || m.untitled}`,
                    signin_id
                  }
                ])
                return { moved, templates }
              })
            )
            .pipe(Effect.orDie)
          return { winner_id: winner.item_id, moved_rows: outcome.moved, templates_updated: outcome.templates }
        })
      )
      .handle("lookupSearch", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          yield* SharedContent.refresh(account_id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
          const rows = yield* repo.lookup(account_id, params.item_type, payload.search, LOOKUP_LIMIT)
          return { items: rows.map((r) => toItem(r, [])), lookup_cache: [], addon_id: 0 }
        })
      )
      .handle("lookupGet", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const item = yield* find(account_id, params.item_id)
          if (item.archive_id === 3) return yield* NotFound.answer()
          const itemFiles = yield* filesOf(account_id, item.item_id)
          return { items: [toItem(item, itemFiles)], files: itemFiles }
        })
      )
  })
)
