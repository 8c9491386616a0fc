/**
 * Quotes over HTTP: the editor's data (`GET /get/quote-edit/...`), saving (`POST /post/quote-update/...`), the
 * quote list (`GET /get/quotes`), the status actions (`/act-on/quote-action/...`, `/post/quote-mark-sent`,
 * `/post/quote-delete-draft/...`, `/post/quote-archive/to-state/...`), versions (`/get/quote-versions/...`) and
 * the quote page's Settings tab (`/get/quote-settings/...`, `/post/quote-settings/...`).
 *
 * The app's page URLs (`/quotes/{id}/is-editing`, `/quote/versions/{id}`) are served by the SPA; the API paths
 * here are those the spec names (`/post/...`, `/act-on/...`) or, where it names none, `/get/...` paths that
 * never clash with a page. Shapes the spec leaves "not shown" are documented on each schema.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as AcceptanceProof from "../AcceptanceProof.ts"
import * as Account from "../Account.ts"
import * as Contact from "../Contact.ts"
import * as Currency from "../Currency.ts"
import * as LineItem from "../LineItem.ts"
import * as Money from "../Money.ts"
import * as PrivatePricing from "../PrivatePricing.ts"
import * as Quote from "../Quote.ts"
import * as QuoteAction from "../QuoteAction.ts"
import * as QuoteListTab from "../QuoteListTab.ts"
import * as QuoteMeta from "../QuoteMeta.ts"
import * as QuoteSettings from "../QuoteSettings.ts"
import * as QuoteStatus from "../QuoteStatus.ts"
import * as TaxMode from "../TaxMode.ts"
import { AccessDenied, ChangeWarning, Code, InvalidInput, NotFound, ServeError } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

// --- refusals ------------------------------------------------------------------------------------------------

/** The `_serveError` code of an action the quote does not offer in its state. */
export const ACTION_REFUSED = "action_refused"

/** 'Accept on behalf': how the customer accepted (kept with the acceptance, in the history and on the certificate). */
export const AcceptOnBehalf = Schema.Struct({ proof: Schema.optionalKey(AcceptanceProof.Proof) })
/** 'Accept on behalf' request. */
export type AcceptOnBehalf = typeof AcceptOnBehalf.Type

/**
 * 409: the action is not available to the quote as it stands (its status, archive state, the 30-day restore
 * window...). `_serveError.message` is the core's reason (`QuoteAction.reasonMessage`,
 * `ContentArchive`'s messages); `action` and `reason` name them for code.
 */
export class ActionRefused extends Schema.TaggedError<ActionRefused>()(
  "ActionRefused",
  { _serveError: ServeError, action: Schema.String, reason: Schema.String },
  { httpApiStatus: 409 }
) {
  /** The refusal of `action` for `reason`, with the text to show. */
  static answer(action: string, reason: string, message: string): ActionRefused {
    return new ActionRefused({ _serveError: { code: ACTION_REFUSED, message }, action, reason })
  }
}

/** The answer to any id that does not name a quote of the account (or is not a number): 'Could not find that quote?'. */
export const quoteNotFound = (message: string): NotFound =>
  new NotFound({ _serveError: { code: Code.notFound, message } })

// --- shared pieces -------------------------------------------------------------------------------------------

/** A whole number of at least 0 in a query string ("2"). */
export const IntFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))

/** A quote's contact row (spec "Quote contact"); `quote_contact_id` is negative for a row not saved yet. */
export const QuoteContact = Schema.Struct({
  quote_contact_id: Schema.Int,
  contact_id: Contact.ContactId,
  contact_order: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 9 })),
  _lookup_id: Schema.optionalKey(Schema.Int)
})
/** A quote contact row. */
export type QuoteContact = typeof QuoteContact.Type

/** One entry of the quote action bar (see `QuoteAction.offers`). */
export const ActionOffer = Schema.Struct({
  action: Schema.Literals(QuoteAction.userActions),
  label: Schema.String,
  /** `null` when it can be taken; otherwise the hint on the disabled button. */
  disabledReason: Schema.NullOr(Schema.String),
  /** Complete / Dismissed toggles: whether they show checked; `null` for plain buttons. */
  checked: Schema.NullOr(Schema.Boolean),
  confirmation: Schema.NullOr(Schema.Literals(["okayToSave", "okayToSaveFirst", "really"]))
})
/** An action bar entry. */
export type ActionOffer = typeof ActionOffer.Type

// --- editor --------------------------------------------------------------------------------------------------

/** Which editor: a quote (`edit`) or a template (`template`); also the save path's first segment. */
export const EditorKind = Schema.Literals(["edit", "template"])
/** An editor kind. */
export type EditorKind = typeof EditorKind.Type

/** The editor's second argument; any other value falls back to `is-editing` (spec). */
export const editActions = ["is-editing", "is-adjustment"] as const
/** An edit action. */
export type EditAction = (typeof editActions)[number]

/** The edit action a path segment asks for: `is-adjustment`, else `is-editing`. */
export const editActionOf = (segment: string): EditAction => (segment === "is-adjustment" ? segment : "is-editing")

/** The editor's query options (spec: from-template, from-quote, example, from-lead, title). */
export const EditorQuery = Schema.Struct({
  "from-template": Schema.optionalKey(IntFromString),
  "from-quote": Schema.optionalKey(IntFromString),
  example: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(60))),
  "from-lead": Schema.optionalKey(IntFromString),
  title: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(500)))
})
/** The editor's query options. */
export type EditorQuery = typeof EditorQuery.Type

/** The account defaults a new quote takes (spec: currency, tax mode, private pricing, default template). */
export const AccountDefaults = Schema.Struct({
  currency_id: Currency.CurrencyId,
  amounts_entered: TaxMode.TaxModeSchema,
  private_pricing: PrivatePricing.PrivatePricing,
  /** Template new quotes start from (0: none). */
  defaultTemplate: Schema.Int,
  /** `item_tax_id` and `item_cat_id` new price rows take (0: none). */
  item_tax_id: Schema.Int,
  item_cat_id: Schema.Int
})
/** Account defaults for a new quote. */
export type AccountDefaults = typeof AccountDefaults.Type

/**
 * The facts behind the editor's banners: 'This is a new Template.' (`newTemplate`), 'This is a copy of the
 * Quote.' / '... Template.' (`copyOf`), 'N Linked Items were matched.' (`matchCount` > 0) and 'Here’s a draft
 * quote based on the example.' (`example`).
 */
export const Banners = Schema.Struct({
  newTemplate: Schema.Boolean,
  copyOf: Schema.NullOr(Schema.Literals(["quote", "template"])),
  matchCount: Schema.Int,
  example: Schema.Boolean
})
/** The banner facts. */
export type Banners = typeof Banners.Type

/** The lead panel of a quote made from a lead (spec "Lead"). */
export const LeadPanel = Schema.Struct({
  lead_id: Schema.Int,
  lead_subject: Schema.String,
  lead_message: Schema.String,
  lead_file_name: Schema.NullOr(Schema.String),
  lead_notes: Schema.String,
  lead_author: Schema.NullOr(Schema.Int),
  lead_potential_value: Schema.NullOr(Money.DecimalFromString),
  lead_status: Schema.Literals([1, 2, 10]),
  lead_creation: Schema.Int
})
/** The lead panel. */
export type LeadPanel = typeof LeadPanel.Type

/**
 * Everything the editor shows (the spec's "full response shape not shown"): the quote, its meta, rows (with
 * files), contacts and their details; `_modifiedIn` to send back with the save; the account defaults; the
 * banner facts; the lead panel; whether the shared lock applies; and the action bar.
 *
 * A new quote has `quote_id` 0 and `quote_no` 0 until saved; rows not saved yet have negative ids.
 */
export const Editor = Schema.Struct({
  is_template: Schema.Boolean,
  edit_action: Schema.Literals(editActions),
  quote: Quote.Quote,
  meta: QuoteMeta.QuoteMeta,
  items: Schema.Array(LineItem.QuoteItem),
  contacts: Schema.Array(QuoteContact),
  contact_details: Schema.Array(Contact.Contact),
  /** The quote's edit sequence when loaded; the save sends it back to detect changes made meanwhile. */
  _modifiedIn: Schema.Int,
  defaults: AccountDefaults,
  banners: Banners,
  lead: Schema.NullOr(LeadPanel),
  /** `Quote.isSharedLocked`: title, deposit, discount, currency, tax mode and private pricing are read-only. */
  sharedLock: Schema.Boolean,
  offers: Schema.Array(ActionOffer)
})
/** The editor's data. */
export type Editor = typeof Editor.Type

// --- save ----------------------------------------------------------------------------------------------------

/** The primary save actions (spec `flash:primaryBtn3`). */
export const PrimaryAction = Schema.Literals(["save:next", "save:now", "save:back"])
/** A primary save action. */
export type PrimaryAction = typeof PrimaryAction.Type

/** The quote fields a save writes; the rest (status, number, totals) belong to the server. */
export const QuoteFields = Schema.Struct({
  title: Schema.String.check(Schema.isMaxLength(500)),
  /** Epoch seconds; 0 updates automatically until sent. */
  sent_when: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** Epoch seconds; 0 for no expiry. */
  expiry_date: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  deposit_percent: Quote.Percent,
  discount_overall: Quote.Percent,
  currency_id: Currency.CurrencyId,
  amounts_entered: TaxMode.TaxModeSchema,
  private_pricing: PrivatePricing.PrivatePricing,
  /** The author (the 'From' selector); a team member of the account. */
  from: Account.SigninId
})
/** The quote fields of a save. */
export type QuoteFields = typeof QuoteFields.Type

/** The meta fields a save writes: reviews, and where the quote was copied from. */
export const MetaFields = Schema.Struct({
  reviewsOn: Schema.optionalKey(Schema.Boolean),
  fromQuote: Schema.optionalKey(Schema.Int),
  fromTemplate: Schema.optionalKey(Schema.Int),
  fromLead: Schema.optionalKey(Schema.Int)
})
/** The meta fields of a save. */
export type MetaFields = typeof MetaFields.Type

/** A file attached to a row; `parent_id` is the row's `quote_item_id` (negative for a new row). */
export const ItemFile = Schema.Struct({ file_id: Schema.Int, parent_id: Schema.Int })
/** An item file row. */
export type ItemFile = typeof ItemFile.Type

/** Most rows a quote can have (a generous bound on request size). */
export const MAX_ROWS = 1000

/**
 * The save request (spec: rows for quote meta, quote, items, item files, quote contacts; `_modifiedIn`;
 * `flash:primaryBtn3`; the requested next url). `request_id` is a random id the client makes once per save
 * and repeats on retry, so the same save never creates two quotes. `continue` is sent after the user chose
 * 'Continue to Save' on a `_changeWarning`. Item totals and the quote total are computed by the server.
 */
export const SaveQuote = Schema.Struct({
  request_id: Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(100)),
  quote: QuoteFields,
  meta: MetaFields,
  items: Schema.Array(LineItem.QuoteItem).check(Schema.isMaxLength(MAX_ROWS)),
  item_files: Schema.Array(ItemFile).check(Schema.isMaxLength(MAX_ROWS)),
  contacts: Schema.Array(QuoteContact).check(Schema.isMaxLength(100)),
  _modifiedIn: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  primary: PrimaryAction,
  requestNext: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000))),
  continue: Schema.optionalKey(Schema.Boolean)
})
/** A save request. */
export type SaveQuote = typeof SaveQuote.Type

/**
 * A new draft quote from a template in one call (for integrations: Zapier, n8n, Make): the template's rows and
 * settings, with `title` (the template's when absent) and the contact `contact_id` on it when given.
 */
export const FromTemplate = Schema.Struct({
  title: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(500))),
  contact_id: Schema.optionalKey(Contact.ContactId)
})
/** A quote-from-template request. */
export type FromTemplate = typeof FromTemplate.Type

/** A temporary client id and the id the server gave the row. */
export const IdPair = Schema.Struct({ temp_id: Schema.Int, id: Schema.Int })

/**
 * The save answer: the saved ids (`items` and `contacts` map temporary ids to saved ones), the new
 * `_modifiedIn`, the computed total, and where to go next (`nextTokens.upNext` is the quote id; `upNext.href`
 * the page). `version_id` names the version that keeps changes this save replaced.
 */
export const SaveAnswer = Schema.Struct({
  quote_id: Quote.QuoteId,
  quote_no: Schema.Int,
  is_template: Schema.Boolean,
  _modifiedIn: Schema.Int,
  modified: Schema.Int,
  price_current: Money.DecimalFromString,
  items: Schema.Array(IdPair),
  contacts: Schema.Array(IdPair),
  nextTokens: Schema.Struct({ upNext: Schema.Int }),
  upNext: Schema.Struct({ href: Schema.String }),
  version_id: Schema.NullOr(Schema.Int)
})
/** The save answer. */
export type SaveAnswer = typeof SaveAnswer.Type

// --- list ----------------------------------------------------------------------------------------------------

/** Longest search text (spec: text search limit 200 characters). */
export const SEARCH_MAX = 200

/**
 * The list's query (spec: page, search, archive tab, author, status, getCount). `page` counts from 1; the
 * total is computed only when `getCount` is set.
 */
export const ListQuery = Schema.Struct({
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(SEARCH_MAX))),
  status: Schema.optionalKey(QuoteListTab.StatusFilter),
  author: Schema.optionalKey(IntFromString),
  tab: Schema.optionalKey(QuoteListTab.Tab),
  page: Schema.optionalKey(IntFromString.check(Schema.isGreaterThanOrEqualTo(1))),
  getCount: Schema.optionalKey(Schema.Literals(["1", "0", "true", "false"]))
})
/** The list's query. */
export type ListQuery = typeof ListQuery.Type

/**
 * One row of the quote list. `_quote_last_view` is the last customer view (epoch seconds, 0 never) and
 * `last_view` its label: 'Unopened' when never viewed, the relative time within 30 days, else `null`.
 * `_followSubjectId` (0: none) is a follow-up that is due; `href` is where a click goes.
 */
export const ListRow = Schema.Struct({
  quote_id: Quote.QuoteId,
  quote_no: Schema.Int,
  title: Schema.String,
  status: QuoteStatus.QuoteStatus,
  status_label: Schema.String,
  archive_id: Schema.Int,
  from: Schema.Int,
  _name_from: Schema.String,
  _companyOrPerson: Schema.String,
  price_current: Money.DecimalFromString,
  currency_id: Schema.Int,
  symbol: Schema.String,
  currencyCode: Schema.String,
  modified: Schema.Int,
  activity: Schema.Int,
  _quote_last_view: Schema.Int,
  last_view: Schema.NullOr(Schema.String),
  _new_questions: Schema.Int,
  _followSubjectId: Schema.Int,
  _followSecsDif: Schema.Int,
  href: Schema.String
})
/** A list row. */
export type ListRow = typeof ListRow.Type

/** A page of the list: rows (at most 100) by most recent activity, the tabs in force, and the total on request. */
export const ListPage = Schema.Struct({
  rows: Schema.Array(ListRow),
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean,
  total: Schema.NullOr(Schema.Int),
  tabs: Schema.Array(QuoteListTab.Tab),
  tab: QuoteListTab.Tab
})
/** A page of the list. */
export type ListPage = typeof ListPage.Type

// --- status actions ------------------------------------------------------------------------------------------

/** Target states of `/post/quote-archive/to-state/{id}/{state}`. */
export const ToState = Schema.Literals(["active", "waiting", "complete", "dismissed"])
/** An archive to-state target. */
export type ToState = typeof ToState.Type

/** The quote after an action: its state, the new `_modifiedIn` and the action bar it now shows. */
export const ActionAnswer = Schema.Struct({
  quote_id: Quote.QuoteId,
  status: QuoteStatus.QuoteStatus,
  status_label: Schema.String,
  archive_id: Schema.Int,
  _modifiedIn: Schema.Int,
  offers: Schema.Array(ActionOffer),
  /** Where the app goes next (the dashboard after archive actions, the editor after Edit). */
  upNext: Schema.Struct({ href: Schema.String })
})
/** The answer to a status action. */
export type ActionAnswer = typeof ActionAnswer.Type

// --- versions ------------------------------------------------------------------------------------------------

/** Why a version was kept: a sent quote was edited, a save replaced someone's changes, and so on. */
export const VersionReason = Schema.Literals(["edit", "sent", "accepted", "replaced", "adjustment"])

/** A version in the list (spec "Quote version": quote_version_id, version_creation). */
export const VersionRow = Schema.Struct({
  quote_version_id: Schema.Int,
  version_creation: Schema.Int,
  reason: VersionReason,
  created_by: Schema.NullOr(Schema.Int),
  _name_by: Schema.String
})
/** A version list row. */
export type VersionRow = typeof VersionRow.Type

/** The versions of a quote, newest first. */
export const Versions = Schema.Struct({
  quote_id: Quote.QuoteId,
  title: Schema.String,
  versions: Schema.Array(VersionRow)
})
/** A quote's versions. */
export type Versions = typeof Versions.Type

/** The content of a version: the quote as it was, read-only. */
export const Snapshot = Schema.Struct({
  quote: Quote.Quote,
  meta: QuoteMeta.QuoteMeta,
  items: Schema.Array(LineItem.QuoteItem),
  contacts: Schema.Array(QuoteContact),
  contact_details: Schema.Array(Contact.Contact)
})
/** A version's content. */
export type Snapshot = typeof Snapshot.Type

/** One version with its content. */
export const Version = Schema.Struct({ version: VersionRow, snapshot: Snapshot })
/** One version with its content. */
export type Version = typeof Version.Type

// --- settings ------------------------------------------------------------------------------------------------

/**
 * A quote's settings as the Settings tab shows them: the stored choices (`null` follows the account), the
 * account's defaults they fall back to, and `locked`: `null` while they may change, else the reason they may
 * not ('This quote is Accepted: its settings can no longer be changed.'), in the account's wording. The tab is
 * offered only while `locked` is `null`; the overview's 'Settings applied' reads the rest either way.
 */
export const SettingsView = Schema.Struct({
  quote_id: Quote.QuoteId,
  settings: QuoteSettings.Settings,
  defaults: QuoteSettings.Values,
  locked: Schema.NullOr(Schema.String)
})
/** A quote's settings view. */
export type SettingsView = typeof SettingsView.Type

// --- the group -----------------------------------------------------------------------------------------------

const idParam = { id: Schema.String.check(Schema.isMaxLength(30)) }

/** The quotes group; every endpoint needs a session with a chosen account. */
export class QuotesApi extends HttpApiGroup.make("quotes")
  .add(
    HttpApiEndpoint.get("editor", "/get/quote-edit/:kind/:id/:action", {
      params: { kind: EditorKind, ...idParam, action: Schema.String.check(Schema.isMaxLength(30)) },
      query: EditorQuery,
      success: Editor,
      error: [NotFound, AccessDenied, ActionRefused]
    }),
    HttpApiEndpoint.post("save", "/post/quote-update/:kind/:id/:action", {
      params: { kind: EditorKind, ...idParam, action: Schema.String.check(Schema.isMaxLength(30)) },
      payload: SaveQuote,
      success: SaveAnswer,
      error: [NotFound, InvalidInput, ChangeWarning, ActionRefused, AccessDenied]
    }),
    HttpApiEndpoint.post("fromTemplate", "/post/quote-from-template/:id", {
      params: idParam,
      payload: FromTemplate,
      success: SaveAnswer,
      error: [NotFound, InvalidInput, ChangeWarning, ActionRefused, AccessDenied]
    }).annotate(
      OpenApi.Description,
      "Create a draft quote from the template `id` in one call: its rows and settings, with `title` and the " +
        "contact `contact_id` when given. Answers as a save does (`nextTokens.upNext` is the new quote's id)."
    ),
    HttpApiEndpoint.get("list", "/get/quotes", { query: ListQuery, success: ListPage }),
    HttpApiEndpoint.post("act", "/act-on/quote-action/:route/:id", {
      params: { route: QuoteAction.RouteSchema, ...idParam },
      success: ActionAnswer,
      error: [NotFound, ActionRefused]
    }),
    HttpApiEndpoint.post("markSent", "/post/quote-mark-sent", {
      payload: Schema.Struct({ quote_id: Quote.QuoteId }),
      success: ActionAnswer,
      error: [NotFound, ActionRefused, InvalidInput]
    }),
    HttpApiEndpoint.post("deleteDraft", "/post/quote-delete-draft/:id", {
      params: idParam,
      success: ActionAnswer,
      error: [NotFound, ActionRefused]
    }),
    HttpApiEndpoint.post("restoreDraft", "/post/quote-restore-draft/:id", {
      params: idParam,
      success: ActionAnswer,
      error: [NotFound, ActionRefused]
    }),
    HttpApiEndpoint.post("acceptOnBehalf", "/post/quote-accept-on-behalf/:id", {
      params: idParam,
      // An empty body (null) records the acceptance without proof, as before proofs were kept.
      payload: [AcceptOnBehalf, Schema.Null],
      success: ActionAnswer,
      error: [NotFound, ActionRefused, InvalidInput]
    }).annotate(
      OpenApi.Description,
      "Record that the customer accepted outside the quote page, with how (`proof`: purchase order number, signed " +
        "document, email, phone or in person). Without a body it is recorded without proof."
    ),
    HttpApiEndpoint.post("toState", "/post/quote-archive/to-state/:id/:state", {
      params: { ...idParam, state: ToState },
      success: ActionAnswer,
      error: [NotFound, ActionRefused]
    }),
    /** The quote as a PDF, as its customer sees it (private pricing honoured), with the acceptance once accepted. */
    HttpApiEndpoint.get("pdf", "/get/quote-pdf/:id", {
      params: idParam,
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    }),
    HttpApiEndpoint.get("versions", "/get/quote-versions/:id", {
      params: idParam,
      success: Versions,
      error: NotFound
    }),
    HttpApiEndpoint.get("version", "/get/quote-versions/:id/:version", {
      params: { ...idParam, version: IntFromString },
      success: Version,
      error: NotFound
    }),
    HttpApiEndpoint.get("settings", "/get/quote-settings/:id", {
      params: idParam,
      success: SettingsView,
      error: NotFound
    }),
    /** Replace the quote's settings (every setting is sent; `null` follows the account); 409 once answered. */
    HttpApiEndpoint.post("updateSettings", "/post/quote-settings/:id", {
      params: idParam,
      payload: QuoteSettings.Settings,
      success: SettingsView,
      error: [NotFound, ActionRefused, InvalidInput]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Quotes",
      description: "The quote editor's data and save, the quote list, status actions, versions and per-quote settings."
    })
  ) {}
