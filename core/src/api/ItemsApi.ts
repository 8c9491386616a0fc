/**
 * Reusable price and text items (Templates & Items), their categories and the account's item taxes.
 *
 * Saving an item that templates link to updates every linked row of those templates and names them
 * ('Update {n} Templates', 'Changes will be applied to {n} Template(s)', 'See where used…'). Items are archived
 * (current / archived), deleted (restorable for 30 days; the confirmation names the templates it is removed
 * from) and merged (the loser's uses move to the winner). Items shared from another account are read-only.
 * Changes need an admin (Templates & Items is admin only); reads and the editor's lookups do not.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as ContactChoice from "../ContactChoice.ts"
import * as ContentArchive from "../ContentArchive.ts"
import * as Limits from "../Limits.ts"
import * as LineItem from "../LineItem.ts"
import * as Money from "../Money.ts"
import * as SubscriptionTerm from "../SubscriptionTerm.ts"
import * as TaxRate from "../TaxRate.ts"
import { ItemCategory } from "./AccountApi.ts"
import { AccessDenied, ChangeWarning, InvalidInput, NotFound } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** Identifier of a reusable item (`item_id`). */
export const ItemId = Schema.Int.pipe(Schema.brand("ItemId"))
/** An `item_id`. */
export type ItemId = typeof ItemId.Type

/** The two kinds of reusable item as the routes name them. */
export const ItemKind = Schema.Literals(["price-items", "text-items"])
/** A reusable item kind. */
export type ItemKind = typeof ItemKind.Type

/** The `item_type` of a kind: 1 price, 2 text. */
export const typeOfKind = (kind: ItemKind): 1 | 2 => (kind === "price-items" ? 1 : 2)
/** The kind of an `item_type`. */
export const kindOfType = (type: 1 | 2): ItemKind => (type === 1 ? "price-items" : "text-items")

/** Longest title of a reusable item. */
export const TITLE_MAX = 500
/** Longest body (description or text) of a reusable item. */
export const BODY_MAX = 100_000

/** The editable fields of a reusable item. A standalone item's code has no length limit beyond 1000. */
export const ItemFields = Schema.Struct({
  item_code: Schema.String.check(Schema.isMaxLength(1000)),
  item_title: Schema.String.check(Schema.isMaxLength(TITLE_MAX)),
  item_body: Schema.String.check(Schema.isMaxLength(BODY_MAX)),
  item_cat_id: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  item_tax_id: TaxRate.ItemTaxId,
  price_unit: Money.DecimalFromString,
  price_cost: Money.DecimalFromString,
  quantity: LineItem.Quantity,
  editable_quantity: LineItem.Quantity,
  discount_item: LineItem.Percent,
  contact_choice: ContactChoice.ContactChoice,
  ...SubscriptionTerm.fields
})
/** The editable fields of a reusable item. */
export type ItemFields = typeof ItemFields.Type

/** A reusable item as stored: its fields plus identity, archive state, time and whether it is shared. */
export const Item = Schema.Struct({
  item_id: ItemId,
  item_type: Schema.Literals([1, 2]),
  ...ItemFields.fields,
  archive_id: Schema.Int,
  modified: Schema.Int,
  /** Margin percent of the price over the cost (2 decimals); null when the price is 0. */
  price_margin: Schema.NullOr(Money.DecimalFromString),
  shared: Schema.Boolean,
  files: Schema.Array(LineItem.ItemFile)
})
/** A reusable item. */
export type Item = typeof Item.Type

/** A template, as the 'See where used…' list links to it. */
export const TemplateRef = Schema.Struct({ quote_id: Schema.Int, title: Schema.String })
/** A template reference. */
export type TemplateRef = typeof TemplateRef.Type

/** A file attached to an item, with where to fetch it. */
export const FileRef = Schema.Struct({
  file_id: Schema.Int,
  parent_id: Schema.Int,
  original_filename: Schema.String,
  hash: Schema.String,
  url: Schema.String,
  is_image: Schema.Boolean
})
/** A file attached to an item. */
export type FileRef = typeof FileRef.Type

/** One history snippet row. */
export const HistoryRow = Schema.Struct({
  action_time: Schema.Int,
  html_summary: Schema.String,
  html_full: Schema.String
})

/** What the item editor shows around the item: labels, notices and the context it was opened in. */
export const ItemMeta = Schema.Struct({
  is_new: Schema.Boolean,
  /** 'Save' or 'Update {n} Templates'. */
  save_label: Schema.String,
  /** 'Changes will be applied to {n} Template(s)' when templates use the item; null otherwise. */
  templates_notice: Schema.NullOr(Schema.String),
  /** 'See where used…' when templates use the item; null otherwise. */
  see_where_used: Schema.NullOr(Schema.String),
  /** 'Archived' or 'Deleted'; null for a current item. */
  sticker: Schema.NullOr(Schema.String),
  /** The confirmation Delete asks, naming the templates the item is removed from. */
  delete_confirm: Schema.String,
  /** The item this one was copied from (`from-item`). */
  from_item: Schema.NullOr(Schema.Struct({ item_id: ItemId, item_title: Schema.String })),
  /** The item to merge into this one (`merge_loser`). */
  merge_loser: Schema.NullOr(Schema.Struct({ item_id: ItemId, item_title: Schema.String })),
  /** The template the editor was opened from (`within_template`), shown as a Template crumb. */
  within_template: Schema.NullOr(TemplateRef),
  /** The account always shows the cost column. */
  cost_always: Schema.Boolean
})

/** The item editor's data (`GET` of the editor route). */
export const ItemEdit = Schema.Struct({
  item: Item,
  files: Schema.Array(FileRef),
  history: Schema.Array(HistoryRow),
  meta: ItemMeta,
  templates_in_use: Schema.Array(TemplateRef)
})
/** The item editor's data. */
export type ItemEdit = typeof ItemEdit.Type

/** The item editor's query options. */
export const EditQuery = {
  "from-item": Schema.optionalKey(ItemId),
  merge_loser: Schema.optionalKey(ItemId),
  within_template: Schema.optionalKey(Schema.NumberFromString.check(Schema.isInt()))
}

/**
 * The save call: the item's fields, the ids of its files (others are detached), and the `modified` the editor
 * loaded (`_modifiedIn`) so a later save by someone else is not silently replaced.
 */
export const ItemUpdate = Schema.Struct({
  item: ItemFields,
  files: Schema.optionalKey(Schema.Array(Schema.Int).check(Schema.isMaxLength(100))),
  _modifiedIn: Schema.optionalKey(Schema.Int)
})
/** The save call's body. */
export type ItemUpdate = typeof ItemUpdate.Type

/** The save answer: the saved item and the templates whose linked rows were updated. */
export const ItemSaved = Schema.Struct({
  item_id: ItemId,
  item: Item,
  templates_updated: Schema.Array(TemplateRef),
  /** The next token: the saved item's id, for `requestNext` navigation. */
  upNext: Schema.String
})

/** The archive answer; `templates_removed_from` lists the templates a delete removed the item from. */
export const ItemArchived = Schema.Struct({
  archive_id: Schema.Int,
  templates_removed_from: Schema.Array(TemplateRef)
})

/** The merge call: the loser's uses move to the winner, then the loser is deleted. */
export const ItemMerge = Schema.Struct({ loser_id: ItemId, winner_id: ItemId })

/** The merge answer. */
export const ItemMerged = Schema.Struct({
  winner_id: ItemId,
  moved_rows: Schema.Int,
  templates_updated: Schema.Array(TemplateRef)
})

/** The item list filters (the Templates & Items list). */
export const ListQuery = {
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(Limits.textSearchMaxLength))),
  archive: Schema.optionalKey(ContentArchive.ContentState),
  category: Schema.optionalKey(Schema.NumberFromString.check(Schema.isInt())),
  page: Schema.optionalKey(
    Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))
  ),
  getCount: Schema.optionalKey(Schema.Literals(["1", "true"]))
}

/** A list row of an item: the item plus how many templates use it. */
export const ItemRow = Schema.Struct({
  ...Item.fields,
  templates_count: Schema.Int
})

/** A page of items. */
export const ItemPage = Schema.Struct({
  rows: Schema.Array(ItemRow),
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean,
  total: Schema.NullOr(Schema.Int)
})

/** The editor's item lookup: the search text (the first 200 characters are searched). */
export const LookupSearch = Schema.Struct({ search: Schema.String.check(Schema.isMaxLength(10_000)) })

/** The item lookup answer: matching current items; `addon_id` 0 (the account's own items). */
export const LookupItems = Schema.Struct({
  items: Schema.Array(Item),
  lookup_cache: Schema.Array(Item),
  addon_id: Schema.Int
})

/** The item fetch answer: the item (as a one-row list) and its files. */
export const LookupItem = Schema.Struct({ items: Schema.Array(Item), files: Schema.Array(FileRef) })

/** The reusable items group. */
export class ItemsApi extends HttpApiGroup.make("items")
  .add(
    HttpApiEndpoint.get("list", "/get/content-items/:kind", {
      params: { kind: ItemKind },
      query: ListQuery,
      success: ItemPage
    }),
    HttpApiEndpoint.get("editData", "/get/content-item/:kind/:item_id", {
      params: { kind: ItemKind, item_id: ItemId },
      query: EditQuery,
      success: ItemEdit,
      error: NotFound
    }),
    HttpApiEndpoint.get("newData", "/get/content-item/:kind/new", {
      params: { kind: ItemKind },
      query: EditQuery,
      success: ItemEdit,
      error: NotFound
    }),
    HttpApiEndpoint.post("update", "/post/content-item/update/:kind/:item_id", {
      params: { kind: ItemKind, item_id: Schema.Union([Schema.Literal("new"), ItemId]) },
      payload: ItemUpdate,
      success: ItemSaved,
      error: [NotFound, InvalidInput, AccessDenied, ChangeWarning]
    }),
    HttpApiEndpoint.post("archive", "/post/content-item/archive/:item_id/:archive_id", {
      params: { item_id: ItemId, archive_id: ContentArchive.FromId },
      success: ItemArchived,
      error: [NotFound, AccessDenied]
    }),
    HttpApiEndpoint.post("merge", "/post/content-item/merge", {
      payload: ItemMerge,
      success: ItemMerged,
      error: [NotFound, InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("lookupSearch", "/get/lookup-item/search/:item_type", {
      params: { item_type: Schema.Literals([1, 2]) },
      payload: LookupSearch,
      success: LookupItems
    }),
    HttpApiEndpoint.post("lookupGet", "/get/lookup-item/get/:item_id", {
      params: { item_id: ItemId },
      success: LookupItem,
      error: NotFound
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Reusable items", description: "Price items and text items." })) {}

/** A category as the form sends it. */
export const CategoryInput = Schema.Struct({
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(120)),
  description: Schema.String.check(Schema.isMaxLength(1000)),
  /** The tax its new items start with (0: none). */
  tax_id_default: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
})

/** A tax rate as the form sends it: a percent 0 to 100 (4 decimals) and a description such as "GST". */
export const TaxInput = Schema.Struct({
  tax_rate: Money.DecimalFromString.check(Schema.isBetweenBigDecimal({ minimum: Money.zero, maximum: Money.hundred })),
  description: Schema.String.check(Schema.isMaxLength(200))
})

/** The archive filter of categories and taxes. */
export const CatalogueQuery = { archive: Schema.optionalKey(Schema.Literals(["current", "archived", "all"])) }

/** The item categories and taxes group; changes need an admin. */
export class CatalogueApi extends HttpApiGroup.make("catalogue")
  .add(
    HttpApiEndpoint.get("categories", "/get/item-categories", {
      query: CatalogueQuery,
      success: Schema.Array(ItemCategory)
    }),
    HttpApiEndpoint.post("createCategory", "/post/item-category/new", {
      payload: CategoryInput,
      success: ItemCategory,
      error: [InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("updateCategory", "/post/item-category/:item_cat_id", {
      params: { item_cat_id: Schema.Int },
      payload: CategoryInput,
      success: ItemCategory,
      error: [NotFound, InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("archiveCategory", "/post/item-category-archive/:item_cat_id/:archive_id", {
      params: { item_cat_id: Schema.Int, archive_id: Schema.Literals([1, 2]) },
      success: ItemCategory,
      error: [NotFound, AccessDenied]
    }),
    HttpApiEndpoint.get("taxes", "/get/item-taxes", { query: CatalogueQuery, success: Schema.Array(TaxRate.TaxRate) }),
    HttpApiEndpoint.post("createTax", "/post/item-tax/new", {
      payload: TaxInput,
      success: TaxRate.TaxRate,
      error: [InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("updateTax", "/post/item-tax/:item_tax_id", {
      params: { item_tax_id: TaxRate.ItemTaxId },
      payload: TaxInput,
      success: TaxRate.TaxRate,
      error: [NotFound, InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("archiveTax", "/post/item-tax-archive/:item_tax_id/:archive_id", {
      params: { item_tax_id: TaxRate.ItemTaxId, archive_id: Schema.Literals([1, 2]) },
      success: TaxRate.TaxRate,
      error: [NotFound, AccessDenied]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({ title: "Categories and taxes", description: "Item categories and tax rates." })
  ) {}
