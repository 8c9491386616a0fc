/**
 * Contacts: people and companies (a person may belong to a company), their phones or other methods and
 * their addresses. The list with People / Companies filters and search, the edit and view screens' data,
 * saving (`POST /post/contact-update/{0 or id}`, also used by the quote editor's contact creation layer),
 * archiving, merging a loser into a winner, and the person and company lookups of the completers.
 *
 * Every endpoint needs a session with a chosen account and only ever sees that account's contacts.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Address from "../Address.ts"
import * as Contact from "../Contact.ts"
import * as ContactMethod from "../ContactMethod.ts"
import * as Limits from "../Limits.ts"
import { AccessDenied, ChangeWarning, InvalidInput, NotFound } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** Longest name part, company name or address field kept. */
export const TEXT_MAX = 200
/** Longest street `address` (several lines) kept. */
export const ADDRESS_MAX = 1000
/** Most phones or addresses on one contact. */
export const ROWS_MAX = 50

const Text = Schema.String.check(Schema.isMaxLength(TEXT_MAX))

/** A contact as lists and lookups show it: the row plus its display name and its company's name. */
export const ContactRow = Schema.Struct({
  ...Contact.Contact.fields,
  _name_company: Schema.String,
  display_name: Schema.String
})
/** A contact as lists and lookups show it. */
export type ContactRow = typeof ContactRow.Type

/** A phone or other method as sent by the form; a row without an id (or id 0 or below) is new. */
export const MethodInput = Schema.Struct({
  contact_phoneOther_id: Schema.optionalKey(Schema.Int),
  phoneOther: Schema.String.check(Schema.isMaxLength(500)),
  phoneOther_type: ContactMethod.MethodType
})
/** A phone or other method as sent by the form. */
export type MethodInput = typeof MethodInput.Type

/** An address as sent by the form; a row without an id (or id 0 or below) is new. */
export const AddressInput = Schema.Struct({
  contact_address_id: Schema.optionalKey(Schema.Int),
  address: Schema.String.check(Schema.isMaxLength(ADDRESS_MAX)),
  city: Text,
  state: Text,
  zip: Text,
  country: Text,
  address_type: Schema.optionalKey(Address.AddressType)
})
/** An address as sent by the form. */
export type AddressInput = typeof AddressInput.Type

/**
 * The contact form. A person's company is either an existing company (`company_id`) or a new one created
 * by name (`company_name` with `company_id` null), as the company lookup offers. A company keeps its name in
 * `name_first`.
 */
export const ContactInput = Schema.Struct({
  type: Contact.ContactType,
  name_first: Text,
  name_last: Text,
  email: Schema.String.check(Schema.isMaxLength(254)),
  company_id: Schema.NullOr(Contact.ContactId),
  company_name: Schema.optionalKey(Text),
  /** The contact agreed to marketing email (the Mailchimp add-on adds only those); unchanged when left out. */
  marketing_opt_in: Schema.optionalKey(Schema.Boolean)
})
/** The contact form. */
export type ContactInput = typeof ContactInput.Type

/**
 * The save call's body: the contact, its phone and address rows (rows left out are deleted), whether it
 * comes from the quote editor's contact creation layer, and the `modified` the form was loaded with
 * (`_modifiedIn`, epoch seconds) to refuse overwriting someone else's later save.
 */
export const ContactUpdate = Schema.Struct({
  contact: ContactInput,
  phones: Schema.Array(MethodInput).check(Schema.isMaxLength(ROWS_MAX)),
  addresses: Schema.Array(AddressInput).check(Schema.isMaxLength(ROWS_MAX)),
  from_quote_edit: Schema.optionalKey(Schema.Boolean),
  /** Create the contact although another has its email (the person said so after `DuplicateContact`). */
  allow_duplicate: Schema.optionalKey(Schema.Boolean),
  _modifiedIn: Schema.optionalKey(Schema.Int)
})
/** The save call's body. */
export type ContactUpdate = typeof ContactUpdate.Type

/**
 * 409: a new contact would have the email of a contact the account already has. The answer names it, so the
 * form can offer to open it (and merge from there) or to create the second one anyway (`allow_duplicate`).
 */
export class DuplicateContact extends Schema.TaggedError<DuplicateContact>()(
  "DuplicateContact",
  {
    existing: Schema.Struct({ contact_id: Contact.ContactId, display_name: Schema.String }),
    _serveError: Schema.Struct({ code: Schema.String, message: Schema.String })
  },
  { httpApiStatus: 409 }
) {}

/** A phone or method row with what the view shows: label, display text and safe link (null when none). */
export const MethodView = Schema.Struct({
  ...ContactMethod.ContactMethod.fields,
  label: Schema.String,
  display: Schema.String,
  link: Schema.NullOr(Schema.String)
})

/** An address row with its display lines and maps link (null when empty). */
export const AddressView = Schema.Struct({
  ...Address.Address.fields,
  lines: Schema.Array(Schema.String),
  map_url: Schema.NullOr(Schema.String)
})

/** A link to another contact (a person's company, a company's person). */
export const ContactLink = Schema.Struct({
  contact_id: Contact.ContactId,
  display_name: Schema.String,
  email: Schema.String,
  archive_id: Schema.Int
})

/** The edit screen's data: the contact (blank for new ones), its rows and its company. */
export const ContactForm = Schema.Struct({
  contact: Contact.Contact,
  phones: Schema.Array(ContactMethod.ContactMethod),
  addresses: Schema.Array(Address.Address),
  company: Schema.NullOr(ContactLink),
  /** Whether the contact agreed to marketing email. */
  marketing_opt_in: Schema.Boolean,
  /** The method types offered, with their labels, in order. */
  method_types: Schema.Array(Schema.Struct({ type: ContactMethod.MethodType, label: Schema.String }))
})
/** The edit screen's data. */
export type ContactForm = typeof ContactForm.Type

/** The view screen's data. */
export const ContactView = Schema.Struct({
  contact: ContactRow,
  display_name: Schema.String,
  /** 'Archived' for an archived contact; null otherwise. */
  sticker: Schema.NullOr(Schema.String),
  company: Schema.NullOr(ContactLink),
  phones: Schema.Array(MethodView),
  addresses: Schema.Array(AddressView),
  /** A company's people; null for a person. */
  people: Schema.NullOr(Schema.Array(ContactLink)),
  /** 'No people here' or '{n} person/people' for a company; null for a person. */
  people_label: Schema.NullOr(Schema.String),
  /** The quote list searched for this contact's name ('View Quotes'). */
  view_quotes_url: Schema.String,
  /** The contact that won a merge this contact lost; null otherwise. */
  merged_into: Schema.NullOr(ContactLink),
  meta: Schema.NullOr(Contact.ContactMeta),
  /** Whether the contact agreed to marketing email. */
  marketing_opt_in: Schema.Boolean
})
/** The view screen's data. */
export type ContactView = typeof ContactView.Type

/** A saved contact, with where the app goes next. */
export const ContactSaved = Schema.Struct({
  contact_id: Contact.ContactId,
  contact: ContactRow,
  /** The view page of the contact; the quote editor's layer ignores it. */
  next_url: Schema.String
})

/** The list filters: People or Companies, search text, archived or current, the page (from 1). */
export const ListQuery = {
  type: Schema.optionalKey(Contact.ContactType),
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(Limits.textSearchMaxLength))),
  archive: Schema.optionalKey(Schema.Literals(["current", "archived"])),
  page: Schema.optionalKey(
    Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))
  ),
  getCount: Schema.optionalKey(Schema.Literals(["1", "true"]))
}

/** A page of the list (100 rows); `total` only when asked for with `getCount`. */
export const ContactPage = Schema.Struct({
  rows: Schema.Array(ContactRow),
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean,
  total: Schema.NullOr(Schema.Int)
})

/** A lookup search (the completer's text); over 100 characters no lookup runs. */
export const LookupSearch = Schema.Struct({ search: Schema.String.check(Schema.isMaxLength(10_000)) })

/** One lookup result: `id` is the contact id, `addonId` 0 for the account's own contacts. */
export const LookupResult = Schema.Struct({ id: Contact.ContactId, contact: ContactRow, addonId: Schema.Int })

/**
 * The lookup answer. `create_only` is true when the text is over the lookup limit (or spans lines), so no
 * search ran and only creating a new contact is offered.
 */
export const LookupAnswer = Schema.Struct({ results: Schema.Array(LookupResult), create_only: Schema.Boolean })
/** The lookup answer. */
export type LookupAnswer = typeof LookupAnswer.Type

/** The merge call: the loser's quotes and people move to the winner; the loser is archived as merged. */
export const MergeRequest = Schema.Struct({ loser_id: Contact.ContactId, winner_id: Contact.ContactId })

/** The merge answer: the winner and what moved to it. */
export const MergeAnswer = Schema.Struct({
  winner_id: Contact.ContactId,
  moved_quotes: Schema.Int,
  moved_people: Schema.Int,
  next_url: Schema.String
})

/** The contacts group. */
export class ContactsApi extends HttpApiGroup.make("contacts")
  .add(
    HttpApiEndpoint.get("list", "/get/contacts", { query: ListQuery, success: ContactPage }),
    HttpApiEndpoint.get("editData", "/get/contact-edit/:contact_id", {
      params: { contact_id: Contact.ContactId },
      success: ContactForm,
      error: NotFound
    }),
    HttpApiEndpoint.get("newData", "/get/contact-new/:type", {
      params: { type: Schema.Literals(["new-person", "new-company"]) },
      query: { company_id: Schema.optionalKey(Contact.ContactId) },
      success: ContactForm,
      error: NotFound
    }),
    HttpApiEndpoint.get("view", "/get/contact-view/:contact_id", {
      params: { contact_id: Contact.ContactId },
      success: ContactView,
      error: NotFound
    }),
    HttpApiEndpoint.post("update", "/post/contact-update/:contact_id", {
      params: { contact_id: Contact.ContactId },
      payload: ContactUpdate,
      success: ContactSaved,
      error: [NotFound, InvalidInput, ChangeWarning, DuplicateContact]
    }),
    HttpApiEndpoint.post("archive", "/post/contact-archive/:contact_id/:archive_id", {
      params: { contact_id: Contact.ContactId, archive_id: Schema.Literals([1, 2]) },
      success: Schema.Struct({ archive_id: Schema.Int }),
      error: [NotFound, AccessDenied]
    }),
    HttpApiEndpoint.post("merge", "/post/contact-merge", {
      payload: MergeRequest,
      success: MergeAnswer,
      error: [NotFound, InvalidInput]
    }),
    HttpApiEndpoint.post("lookupPerson", "/get/lookup-contact/person", {
      payload: LookupSearch,
      success: LookupAnswer
    }),
    HttpApiEndpoint.post("lookupCompany", "/get/lookup-contact/company", {
      payload: LookupSearch,
      success: LookupAnswer
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({ title: "Contacts", description: "People and companies, their phones and addresses." })
  ) {}
