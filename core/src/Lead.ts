/**
 * Leads: enquiries that arrive through a contact form, before there is a quote. A lead is open until the team
 * dismisses it or converts it into a quote (the editor's `from-lead` option); a dismissed lead can be reopened.
 * A converted lead has become a quote and stays converted.
 *
 * `lead_status` on the wire: 1 open, 2 dismissed, 10 converted.
 *
 * @example
 * import * as Lead from "@quotekit/core/Lead"
 * Lead.transition("dismiss", Lead.Status.open) // Success(2)
 * Lead.transition("reopen", Lead.Status.converted) // Failure(LeadTransitionNotAllowed)
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import * as Account from "./Account.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"

/** The lead statuses by name. */
export const Status = { open: 1, dismissed: 2, converted: 10 } as const

/** A `lead_status`: 1 open, 2 dismissed, 10 converted. */
export type Status = (typeof Status)[keyof typeof Status]

/** Wire schema of `lead_status`. */
export const StatusSchema = Schema.Literals([Status.open, Status.dismissed, Status.converted])

/** The label of a lead status. */
export const statusLabel = (status: Status): string => {
  const m = Message.catalogue
  switch (status) {
    case Status.open:
      return m.open
    case Status.dismissed:
      return m.dismissed
    case Status.converted:
      return m.converted
  }
}

/** Identifier of a lead. */
export const LeadId = Schema.Int.pipe(Schema.brand("LeadId"))
/** A `lead_id`. */
export type LeadId = typeof LeadId.Type

/**
 * A lead as stored and sent over the API. Optional facts a contact form may not supply are `null`; the
 * potential value is a decimal string on the wire. Times are epoch seconds.
 */
export class Lead extends Schema.Class<Lead>("Lead")({
  lead_id: LeadId,
  account_id: Account.AccountId,
  lead_subject: Schema.String,
  lead_message: Schema.String,
  lead_email: Schema.String,
  lead_name_first: Schema.String,
  lead_name_last: Schema.String,
  lead_company: Schema.String,
  lead_phone: Schema.String,
  /** Team-only notes about the lead. */
  lead_notes: Schema.String,
  /** The team member the lead is assigned to; `null` while unassigned. */
  lead_author: Schema.NullOr(Account.SigninId),
  lead_potential_value: Schema.NullOr(Money.DecimalFromString),
  lead_status: StatusSchema,
  /** Name of the attached file (downloaded at /leads/download-file/{lead_id}/{file name}); `null` when none. */
  lead_file_name: Schema.NullOr(Schema.String),
  /** Storage key of the attached file; `null` when none. */
  lead_file_key: Schema.NullOr(Schema.String),
  lead_creation: Schema.Int,
  lead_modified: Schema.Int
}) {}

/** The name to show for a lead: first and last name, else the company, else the email. */
export const displayName = (lead: Pick<Lead, "lead_name_first" | "lead_name_last" | "lead_company" | "lead_email">) => {
  const name = `${lead.lead_name_first.trim()} ${lead.lead_name_last.trim()}`.trim()
  return name !== "" ? name : lead.lead_company.trim() !== "" ? lead.lead_company.trim() : lead.lead_email.trim()
}

/** The changes a lead's status can go through. */
export const transitions = ["dismiss", "convert", "reopen"] as const

/** A lead status change. */
export type Transition = (typeof transitions)[number]

/** Raised when a status change does not apply to the lead's current status (for example reopening a converted lead). */
export class LeadTransitionNotAllowed extends Schema.TaggedError<LeadTransitionNotAllowed>()(
  "LeadTransitionNotAllowed",
  { transition: Schema.Literals(transitions), from: StatusSchema }
) {}

/**
 * The status a lead moves to: open to dismissed or converted, dismissed back to open.
 *
 * @example
 * Lead.transition("convert", Lead.Status.open) // Success(10)
 */
export const transition = (t: Transition, from: Status): Result.Result<Status, LeadTransitionNotAllowed> => {
  switch (t) {
    case "dismiss":
      if (from === Status.open) return Result.succeed(Status.dismissed)
      break
    case "convert":
      if (from === Status.open) return Result.succeed(Status.converted)
      break
    case "reopen":
      if (from === Status.dismissed) return Result.succeed(Status.open)
      break
  }
  return Result.fail(new LeadTransitionNotAllowed({ transition: t, from }))
}

/** The status changes a lead in `status` offers (its action buttons). */
export const available = (status: Status): ReadonlyArray<Transition> =>
  transitions.filter((t) => Result.isSuccess(transition(t, status)))

/** Whether a lead counts toward the Leads menu count: the open ones still need the team's attention. */
export const needsAttention = (status: Status): boolean => status === Status.open
