/**
 * Leads: enquiries from an account's public lead form. The team lists them by status (open, dismissed,
 * converted, with counts), views one (subject, message, file, notes, assignee, potential value), dismisses or
 * reopens it, assigns it, keeps notes, downloads its file and converts it into a draft quote opened in the
 * editor with `from-lead`.
 *
 * The public form (`POST /public/lead-form/{form key}`) needs no session and no anti-forgery token: it is
 * posted from the business's own website. The unguessable per-account form key finds the account; sizes
 * and fields are bounded, and each client address is rate-limited (429 with `Retry-After`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Account from "../Account.ts"
import * as Lead from "../Lead.ts"
import * as Money from "../Money.ts"
import { AccessDenied, InvalidInput, NotFound, TooManyAttempts } from "./ApiError.ts"
import { AccountChosen, ErrorEnvelope, SignedIn } from "./Security.ts"

/** The status filter of the list, by name. */
export const StatusName = Schema.Literals(["open", "dismissed", "converted"])
/** A status filter name. */
export type StatusName = typeof StatusName.Type

/** A lead as the team sees it, with its display name, status label, the actions it offers and its file link. */
export const LeadView = Schema.Struct({
  ...Lead.Lead.fields,
  display_name: Schema.String,
  status_label: Schema.String,
  actions: Schema.Array(Schema.Literals(Lead.transitions)),
  /** The assignee's display name; null while unassigned. */
  assignee_name: Schema.NullOr(Schema.String),
  /** Where the file downloads from; null when the lead has no file. */
  file_url: Schema.NullOr(Schema.String),
  /** The quote a converted lead became; null otherwise. */
  quote_id: Schema.NullOr(Schema.Int)
})
/** A lead as the team sees it. */
export type LeadView = typeof LeadView.Type

/** Leads per status, for the tabs and the menu count (the open ones). */
export const LeadCounts = Schema.Struct({ open: Schema.Int, dismissed: Schema.Int, converted: Schema.Int })

/** A page of leads of one status, newest first, with the counts of every status. */
export const LeadPage = Schema.Struct({
  rows: Schema.Array(LeadView),
  counts: LeadCounts,
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean
})

/**
 * A change to a lead's team-side facts; keys left out stay as they are. `lead_author` null unassigns;
 * `lead_potential_value` null clears it.
 */
export const LeadUpdate = Schema.Struct({
  lead_notes: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(20_000))),
  lead_author: Schema.optionalKey(Schema.NullOr(Account.SigninId)),
  lead_potential_value: Schema.optionalKey(
    Schema.NullOr(
      Money.DecimalFromString.check(
        Schema.isBetweenBigDecimal({ minimum: Money.zero, maximum: Money.make("999999999999.99") })
      )
    )
  )
})

/** The conversion answer: the draft quote made from the lead and the editor route that opens it. */
export const LeadConverted = Schema.Struct({ quote_id: Schema.Int, contact_id: Schema.Int, url: Schema.String })

/** Longest text of each short field of the public form. */
export const PUBLIC_FIELD_MAX = 200
/** Longest message of the public form. */
export const PUBLIC_MESSAGE_MAX = 10_000
/** Largest file the public form takes (the general upload limit would let strangers fill the disk faster). */
export const PUBLIC_FILE_MAX = 10_000_000

/** The public form's fields (multipart; `file` optional), as documented for the form's HTML. */
export const PublicLeadForm = Schema.Struct({
  name: Schema.String,
  email: Schema.String,
  company: Schema.optionalKey(Schema.String),
  phone: Schema.optionalKey(Schema.String),
  subject: Schema.optionalKey(Schema.String),
  message: Schema.String,
  /** The visitor agreed to marketing email (a ticked checkbox: `on`, `yes`, `true` or `1`). */
  marketing: Schema.optionalKey(Schema.String),
  file: Schema.optionalKey(Multipart.SingleFileSchema)
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: 20, maxFieldSize: 65_536 }))

/** The public form's answer. */
export const PublicLeadReceived = Schema.Struct({ received: Schema.Literal(true) })

/** The leads group (team side). */
export class LeadsApi extends HttpApiGroup.make("leads")
  .add(
    HttpApiEndpoint.get("list", "/get/leads", {
      query: {
        status: Schema.optionalKey(StatusName),
        page: Schema.optionalKey(
          Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))
        )
      },
      success: LeadPage
    }),
    HttpApiEndpoint.get("view", "/get/lead/:lead_id", {
      params: { lead_id: Lead.LeadId },
      success: LeadView,
      error: NotFound
    }),
    HttpApiEndpoint.post("transition", "/post/lead-action/:lead_id/:transition", {
      params: { lead_id: Lead.LeadId, transition: Schema.Literals(["dismiss", "reopen"]) },
      success: LeadView,
      error: [NotFound, AccessDenied]
    }),
    HttpApiEndpoint.post("update", "/post/lead-update/:lead_id", {
      params: { lead_id: Lead.LeadId },
      payload: LeadUpdate,
      success: LeadView,
      error: [NotFound, InvalidInput]
    }),
    HttpApiEndpoint.post("convert", "/post/lead-convert/:lead_id", {
      params: { lead_id: Lead.LeadId },
      success: LeadConverted,
      error: [NotFound, AccessDenied]
    }),
    HttpApiEndpoint.get("downloadFile", "/leads/download-file/:lead_id/:file_name", {
      params: { lead_id: Lead.LeadId, file_name: Schema.String },
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Leads", description: "Enquiries from the public lead form." })) {}

/**
 * The public lead form. Added to the API after the anti-forgery middleware (a form on another site cannot
 * send the token), so it declares the error envelope itself.
 */
export class PublicLeadsApi extends HttpApiGroup.make("publicLeads")
  .add(
    HttpApiEndpoint.post("submit", "/public/lead-form/:form_key", {
      params: { form_key: Schema.String.check(Schema.isMinLength(16), Schema.isMaxLength(64)) },
      payload: PublicLeadForm,
      success: PublicLeadReceived.pipe(HttpApiSchema.status(201)),
      error: [NotFound, InvalidInput, TooManyAttempts]
    })
  )
  .middleware(ErrorEnvelope)
  .annotateMerge(
    OpenApi.annotations({
      title: "Public lead form",
      description:
        "POST multipart/form-data with name, email, company, phone, subject, message and an optional file to " +
        "/public/lead-form/{form key} (the key is shown in Account Settings)."
    })
  ) {}
