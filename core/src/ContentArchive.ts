/**
 * Archive rules of an account's content: quote templates and reusable (price and text) items. Content is
 * current (active), archived or deleted; it is stored in the same `archive_id` as quotes, with archived stored as
 * complete (2), and the content lists filter by current, archived or deleted.
 *
 * Templates: 'Default for New Quotes' toggle (active templates only), 'Archived' toggle, Copy to New Template,
 * Delete (asks 'Are you sure?') and Restore Template. A template shared from another account cannot be archived
 * or deleted here, unless the user has the debug capability.
 *
 * Reusable items: the archive toggle moves an item between current and archived, Delete moves it to deleted and
 * Restore brings it back to current within 30 days. Shared items cannot be archived, merged or deleted; an item
 * not saved yet (id 0 or below) cannot be archived, deleted or merged. Delete asks 'Are you sure?' and names the
 * templates the item will be removed from.
 *
 * Decisions where the spec is silent:
 * - Deleted templates are restorable for the same 30 days as deleted items and drafts.
 * - Archiving or deleting the default template also stops it being the default, so new quotes never start from
 *   a template the team has put away. Restoring does not make it the default again.
 *
 * @example
 * import * as ContentArchive from "@quotekit/core/ContentArchive"
 * ContentArchive.applyItem("archive", { id: 12, archive: "current", shared: false }, ctx) // Success(archived)
 *
 * @since 0.1.0
 */
import { Option, Result, Schema, SchemaGetter } from "effect"
import * as ArchiveState from "./ArchiveState.ts"
import * as Message from "./Message.ts"

// --- state ---------------------------------------------------------------------------------------------------

/** The archive states of content, which are also the content lists' archive filter values. */
export const states = ["current", "archived", "deleted"] as const

/** Schema of a content archive state (the lists' `archive` filter). */
export const ContentState = Schema.Literals(states)

/** A content archive state. */
export type ContentState = typeof ContentState.Type

/** The shared archive state a content state is stored as. */
export const toArchiveState = (state: ContentState): ArchiveState.ArchiveState => {
  switch (state) {
    case "current":
      return "active"
    case "archived":
      return "complete"
    case "deleted":
      return "deleted"
  }
}

/** The content state of a stored archive state; `None` for states content never takes (waiting, dismissed). */
export const fromArchiveState = (state: ArchiveState.ArchiveState): Option.Option<ContentState> => {
  switch (state) {
    case "active":
      return Option.some("current")
    case "complete":
      return Option.some("archived")
    case "deleted":
      return Option.some("deleted")
    case "waiting":
    case "dismissed":
      return Option.none()
  }
}

/** Wire schema of a content `archive_id` (1 current, 2 archived, 3 deleted). */
export const FromId: Schema.Codec<ContentState, 1 | 2 | 3> = Schema.Literals([1, 2, 3]).pipe(
  Schema.decodeTo(ContentState, {
    decode: SchemaGetter.transform((id: 1 | 2 | 3) => states[id - 1]!),
    encode: SchemaGetter.transform((s: ContentState) => ArchiveState.toId(toArchiveState(s)) as 1 | 2 | 3)
  })
)

/** The sticker shown on archived or deleted content; `None` for current content. */
export const sticker = (state: ContentState): Option.Option<string> => {
  switch (state) {
    case "current":
      return Option.none()
    case "archived":
      return Option.some(Message.catalogue.archived)
    case "deleted":
      return Option.some(Message.catalogue.deleted)
  }
}

/** What the archive rules need to know besides the content itself. */
export interface Context {
  /** The user has the debug capability, which lifts the shared-template guard. */
  readonly debug: boolean
  /** When the content was deleted (epoch seconds); `null` when not deleted or unknown. */
  readonly deletedAtSeconds: number | null
  /** The current time (epoch seconds), for the 30-day restore window. */
  readonly nowSeconds: number
}

/** Why a content action is not available. */
export const reasons = ["state", "shared", "unsaved", "restoreWindowOver"] as const

/** A reason a content action is not available. */
export type Reason = (typeof reasons)[number]

/** Raised when a template or item action is applied where it is not available; `message` is the text to show. */
export class ContentActionNotAvailable extends Schema.TaggedError<ContentActionNotAvailable>()(
  "ContentActionNotAvailable",
  { action: Schema.String, reason: Schema.Literals(reasons), message: Schema.String }
) {}

const reasonMessage = (reason: Reason): string => {
  const m = Message.catalogue
  switch (reason) {
    case "shared":
      return m.sharedContentLocked
    case "unsaved":
      return m.saveItemFirst
    case "restoreWindowOver":
      return m.restoreWindowOver
    case "state":
      return m.notAvailableNow
  }
}

const deny = (action: string, reason: Reason): Result.Result<never, ContentActionNotAvailable> =>
  Result.fail(new ContentActionNotAvailable({ action, reason, message: reasonMessage(reason) }))

const withinWindow = (ctx: Context): boolean =>
  ctx.deletedAtSeconds === null || ArchiveState.isRestorable(ctx.deletedAtSeconds, ctx.nowSeconds)

// --- templates -----------------------------------------------------------------------------------------------

/** A template's archive-relevant facts. */
export interface Template {
  readonly archive: ContentState
  /** It is the account's default template for new quotes. */
  readonly isDefault: boolean
  /** It is shared from another account (`_shared_quote_id > 0`). */
  readonly shared: boolean
}

/** The actions on a template, in display order. */
export const templateActions = [
  "makeDefault",
  "unmakeDefault",
  "archive",
  "unarchive",
  "copyToNewTemplate",
  "delete",
  "restore"
] as const

/** A template action. */
export type TemplateAction = (typeof templateActions)[number]

/** Whether a template action is available; the failure says why not. */
export const checkTemplate = (
  action: TemplateAction,
  t: Template,
  ctx: Context
): Result.Result<void, ContentActionNotAvailable> => {
  const guarded = t.shared && !ctx.debug
  switch (action) {
    case "makeDefault":
      return t.archive === "current" && !t.isDefault ? Result.void : deny(action, "state")
    case "unmakeDefault":
      return t.archive === "current" && t.isDefault ? Result.void : deny(action, "state")
    case "archive":
      return t.archive !== "current" ? deny(action, "state") : guarded ? deny(action, "shared") : Result.void
    case "unarchive":
      return t.archive !== "archived" ? deny(action, "state") : guarded ? deny(action, "shared") : Result.void
    case "copyToNewTemplate":
      return t.archive === "deleted" ? deny(action, "state") : Result.void
    case "delete":
      return t.archive === "deleted" ? deny(action, "state") : guarded ? deny(action, "shared") : Result.void
    case "restore":
      return t.archive !== "deleted"
        ? deny(action, "state")
        : withinWindow(ctx)
          ? Result.void
          : deny(action, "restoreWindowOver")
  }
}

/**
 * Apply a template action: the template's new facts, or why the action is not available. Copying leaves the
 * template as it is (the copy is a new template, opened in the editor).
 */
export const applyTemplate = (
  action: TemplateAction,
  t: Template,
  ctx: Context
): Result.Result<Template, ContentActionNotAvailable> =>
  Result.map(checkTemplate(action, t, ctx), (): Template => {
    switch (action) {
      case "makeDefault":
        return { ...t, isDefault: true }
      case "unmakeDefault":
        return { ...t, isDefault: false }
      case "archive":
        return { ...t, archive: "archived", isDefault: false }
      case "unarchive":
      case "restore":
        return { ...t, archive: "current" }
      case "delete":
        return { ...t, archive: "deleted", isDefault: false }
      case "copyToNewTemplate":
        return t
    }
  })

/** One control of a template's action area. */
export interface TemplateOffer {
  readonly action: TemplateAction
  readonly label: string
  /** For the 'Default for New Quotes' and 'Archived' toggles: whether they show checked; `null` for buttons. */
  readonly checked: boolean | null
  /** The confirmation asked first ('Are you sure?' for Delete); `None` when the action runs at once. */
  readonly confirm: Option.Option<string>
}

const templateLabel = (action: TemplateAction): string => {
  const m = Message.catalogue
  switch (action) {
    case "makeDefault":
    case "unmakeDefault":
      return m.defaultForNewQuotes
    case "archive":
    case "unarchive":
      return m.archived
    case "copyToNewTemplate":
      return m.copyToNewTemplate
    case "delete":
      return m.delete
    case "restore":
      return m.restoreTemplate
  }
}

/** The controls a template shows: the available actions, with toggles shown checked when already on. */
export const templateOffers = (t: Template, ctx: Context): ReadonlyArray<TemplateOffer> =>
  templateActions.flatMap(
    (action): ReadonlyArray<TemplateOffer> =>
      Result.isSuccess(checkTemplate(action, t, ctx))
        ? [
            {
              action,
              label: templateLabel(action),
              checked:
                action === "makeDefault" || action === "archive"
                  ? false
                  : action === "unmakeDefault" || action === "unarchive"
                    ? true
                    : null,
              confirm: action === "delete" ? Option.some(Message.catalogue.areYouSure) : Option.none()
            }
          ]
        : []
  )

// --- reusable items ------------------------------------------------------------------------------------------

/** A reusable item's archive-relevant facts. */
export interface Item {
  /** `item_id`; 0 or below while the item has not been saved. */
  readonly id: number
  readonly archive: ContentState
  /** It comes from a shared account and is read-only here. */
  readonly shared: boolean
}

/** The actions on a reusable item. */
export const itemActions = ["archive", "unarchive", "delete", "restore", "merge"] as const

/** A reusable item action. */
export type ItemAction = (typeof itemActions)[number]

/** Whether an item has been saved (temporary client records have ids of 0 or below). */
export const isSaved = (item: Item): boolean => item.id > 0

/** Whether a reusable item action is available; the failure says why not. */
export const checkItem = (
  action: ItemAction,
  item: Item,
  ctx: Context
): Result.Result<void, ContentActionNotAvailable> => {
  const guards = (state: boolean) =>
    !state
      ? deny(action, "state")
      : item.shared
        ? deny(action, "shared")
        : !isSaved(item)
          ? deny(action, "unsaved")
          : Result.void
  switch (action) {
    case "archive":
      return guards(item.archive === "current")
    case "unarchive":
      return guards(item.archive === "archived")
    case "delete":
    case "merge":
      return guards(item.archive !== "deleted")
    case "restore":
      return item.archive !== "deleted"
        ? deny(action, "state")
        : withinWindow(ctx)
          ? Result.void
          : deny(action, "restoreWindowOver")
  }
}

/**
 * Apply an item action: the item's new facts, or why not. Merging leaves this item as it is here: the merge call
 * moves the loser's uses to the winner and deletes the loser on the server.
 */
export const applyItem = (
  action: ItemAction,
  item: Item,
  ctx: Context
): Result.Result<Item, ContentActionNotAvailable> =>
  Result.map(checkItem(action, item, ctx), (): Item => {
    switch (action) {
      case "archive":
        return { ...item, archive: "archived" }
      case "unarchive":
      case "restore":
        return { ...item, archive: "current" }
      case "delete":
        return { ...item, archive: "deleted" }
      case "merge":
        return item
    }
  })

/**
 * The confirmation asked before deleting an item: 'Are you sure?', naming the templates (by title) it will be
 * removed from.
 *
 * @example
 * ContentArchive.itemDeleteConfirmation(["Kitchen", "Bathroom"])
 * // "Are you sure? It will be removed from 2 Templates: Kitchen, Bathroom."
 */
export const itemDeleteConfirmation = (templateTitles: ReadonlyArray<string>): string =>
  Message.catalogue.itemDeleteConfirm(templateTitles)
