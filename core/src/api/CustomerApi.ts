/**
 * The customer's side of a quote, reached through the unguessable link each contact of a sent quote gets
 * (`/q/{token}`): the quote's public data with the account's branding, accepting it with a signature, declining
 * it, and asking questions. No session is needed: the token is the credential. Anti-forgery still applies to the
 * posts (the page receives the `qk_csrf` cookie when it loads and echoes it with `X-Requested-With`).
 *
 * A token that does not open a quote (forged, replaced, or the quote deleted) answers 404 like any missing
 * record. The data never carries costs, margins, private notes, mentions or internal fields: items go through
 * `PublicQuote.fromItem`, and the discussion only has the customer-visible types (questions and the team's
 * answers and comments).
 *
 * The team's side: `GET /get/quote-links/{quoteId}` lists each contact's link to copy.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Acceptance from "../Acceptance.ts"
import * as ContactChoice from "../ContactChoice.ts"
import * as Money from "../Money.ts"
import * as PublicQuote from "../PublicQuote.ts"
import * as QuoteStatus from "../QuoteStatus.ts"
import { InvalidInput, NotFound } from "./ApiError.ts"
import { ActionRefused } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"
import { FileUpload } from "./UploadsApi.ts"

/** A customer link token as it appears in `/q/{token}` (base64url; 43 characters for 256 bits). */
export const LinkToken = Schema.String.check(Schema.isMaxLength(200))

/** The account's branding on the customer page. */
export const Branding = Schema.Struct({
  name: Schema.String,
  /** Where the logo image loads from (through the link), null without a logo. */
  logo_url: Schema.NullOr(Schema.String)
})
/** The account's branding. */
export type Branding = typeof Branding.Type

/** The recorded acceptance, as the customer page shows it: who signed and when. */
export const AcceptedView = Schema.Struct({
  sign_name: Schema.String,
  /** Epoch seconds. */
  accepted_at: Schema.Int,
  /** True when a team member accepted on the customer's behalf. */
  on_behalf: Schema.Boolean
})
/** The recorded acceptance. */
export type AcceptedView = typeof AcceptedView.Type

/** A file attached to a discussion entry, as the customer fetches it. */
export const CommentFile = Schema.Struct({ file_id: Schema.Int, name: Schema.String, url: Schema.String })

/**
 * A Questions & Answers entry as the customer sees it: a question (types 1-3) or a team answer or comment
 * (10, 11). Private notes (12) never appear. `from_name` is the asker's or the team member's display name.
 */
export const PublicComment = Schema.Struct({
  discuss_id: Schema.Int,
  discuss_type: Schema.Literals([1, 2, 3, 10, 11]),
  discuss_body: Schema.String,
  discuss_creation: Schema.Int,
  parent_question: Schema.Int,
  from_name: Schema.String,
  files: Schema.Array(CommentFile)
})
/** A customer-visible discussion entry. */
export type PublicComment = typeof PublicComment.Type

/**
 * Everything the customer page shows. `quote.publicItems` is empty for a withdrawn quote (taken back);
 * `notice` is the state line ('This quote has expired.' ...); `can_accept` says whether the acceptance area is
 * live; `comments_closed` is the reason new questions cannot be asked (null while they can); `room` is the
 * signature room's three id parts for the QR image (`/sign/qr/{room}`).
 */
export const CustomerQuote = Schema.Struct({
  quote: PublicQuote.PublicQuote,
  status: QuoteStatus.QuoteStatus,
  status_label: Schema.String,
  branding: Branding,
  sent_when: Schema.Int,
  expiry_date: Schema.Int,
  notice: Schema.NullOr(Schema.String),
  acceptance: Schema.NullOr(AcceptedView),
  can_accept: Schema.Boolean,
  terms_required: Schema.Boolean,
  signer_name: Schema.String,
  discussion: Schema.Array(PublicComment),
  comments_closed: Schema.NullOr(Schema.String),
  room: Schema.String
})
/** The customer page's data. */
export type CustomerQuote = typeof CustomerQuote.Type

/** One price item's state as the customer left it. */
export const ItemChoice = Schema.Struct({
  quote_item_id: Schema.Int,
  contact_selected: ContactChoice.SelectedSchema,
  quantity: Money.DecimalFromString
})
/** One price item's state. */
export type ItemChoice = typeof ItemChoice.Type

/**
 * The accept request: the spec's accept form fields (`accept[sign_value]`, `accept[sign_name]`,
 * `accept[state_name]`, `accept[_confirm_checkbox]`) and the customer's choices (optional items, quantities).
 * The server checks it with `Acceptance.validate` and the choices against the quote before recording anything.
 */
export const AcceptRequest = Schema.Struct({
  ...Acceptance.Form.fields,
  choices: Schema.Array(ItemChoice).check(Schema.isMaxLength(1000)),
  /** The page's preview type; above 0 nothing is recorded. */
  preview_type: Schema.optionalKey(Schema.Int)
})
/** The accept request. */
export type AcceptRequest = typeof AcceptRequest.Type

/** The answer to an accept: the page reloads its data to show the accepted state. */
export const AcceptAnswer = Schema.Struct({
  status: QuoteStatus.QuoteStatus,
  acceptance: AcceptedView,
  /** SHA-256 (hex) of the canonical JSON of the quote content accepted (public data with the choices). */
  content_hash: Schema.String
})
/** The answer to an accept. */
export type AcceptAnswer = typeof AcceptAnswer.Type

/** The decline request: an optional reason. */
export const DeclineRequest = Schema.Struct({
  reason: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000)))
})

/** The answer to a decline. */
export const DeclineAnswer = Schema.Struct({ status: QuoteStatus.QuoteStatus })

/** A customer's question: text and/or files uploaded first through the link (`file_id`s). */
export const AskRequest = Schema.Struct({
  discuss_body: Schema.String.check(Schema.isMaxLength(100_000)),
  files: Schema.Array(Schema.Int).check(Schema.isMaxLength(20))
})
/** A customer's question. */
export type AskRequest = typeof AskRequest.Type

/** A contact's link as the team copies it. `url` is null when the quote was never sent to them. */
export const QuoteLink = Schema.Struct({
  quote_contact_id: Schema.Int,
  contact_id: Schema.Int,
  name: Schema.String,
  url: Schema.NullOr(Schema.String),
  /** The contact's last view (epoch seconds), 0 when unopened. */
  last_view: Schema.Int
})
/** A contact's link. */
export type QuoteLink = typeof QuoteLink.Type

const token = { token: LinkToken }

/** The customer endpoints: no session, the link token is the credential. */
export class CustomerApi extends HttpApiGroup.make("customer")
  .add(
    HttpApiEndpoint.get("quote", "/api/q/:token", {
      params: token,
      query: { preview: Schema.optionalKey(Schema.Literals(["0", "1", "2"])) },
      success: CustomerQuote,
      error: NotFound
    }),
    HttpApiEndpoint.post("accept", "/api/q/:token/accept", {
      params: token,
      payload: AcceptRequest,
      success: AcceptAnswer,
      error: [NotFound, InvalidInput, ActionRefused]
    }),
    HttpApiEndpoint.post("decline", "/api/q/:token/decline", {
      params: token,
      payload: DeclineRequest,
      success: DeclineAnswer,
      error: [NotFound, ActionRefused]
    }),
    HttpApiEndpoint.post("ask", "/api/q/:token/discuss-update", {
      params: token,
      payload: AskRequest,
      success: PublicComment,
      error: [NotFound, InvalidInput, ActionRefused]
    }),
    HttpApiEndpoint.post("upload", "/api/q/:token/discuss-upload", {
      params: token,
      payload: FileUpload,
      success: CommentFile,
      error: [NotFound, InvalidInput, ActionRefused]
    }),
    HttpApiEndpoint.get("file", "/api/q/:token/files/:file_id", {
      params: { ...token, file_id: Schema.NumberFromString.check(Schema.isInt()) },
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    }),
    HttpApiEndpoint.get("logo", "/api/q/:token/logo", {
      params: token,
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    })
  )
  .annotateMerge(
    OpenApi.annotations({
      title: "Customer quote page",
      description:
        "The quote behind a customer link (/q/{token}): public data, accept with a signature, decline, questions."
    })
  ) {}

/** The team's view of the customer links of a quote. */
export class QuoteLinksApi extends HttpApiGroup.make("quoteLinks")
  .add(
    HttpApiEndpoint.get("links", "/get/quote-links/:id", {
      params: { id: Schema.String.check(Schema.isMaxLength(30)) },
      success: Schema.Array(QuoteLink),
      error: NotFound
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Customer links", description: "Each contact's link to a quote." })) {}
