/**
 * The quote status machine: which actions the action bar offers for a quote's status and archive state, and what
 * each action does to them.
 *
 * A quote's machine state is its `status`, its `archive` state and an `undo` point: the status and archive the
 * quote had before its last undoable action. Undo actions (Undo Acceptance, Undo Declined, Undo Withdrawn,
 * Restore to Draft, reactivating a complete or dismissed quote, Active/Waiting) go back to exactly that state,
 * so undoing a decline of an expired, waiting quote gives back an expired, waiting quote. Without an undo point
 * (a quote stored before one was kept, or after another action) they go to the standard state: sent and active
 * for the status undos, draft and active for Restore to Draft, active for reactivating.
 *
 * Decisions where the spec is silent:
 * - Accept on behalf is offered on draft (spec), sent and expired quotes: the usual case is a customer who
 *   answers by phone or email after the quote was sent, including after it expired. Not on a quote being revised
 *   (sentEditing): which version would be accepted is unclear, so send or mark the revision as sent first.
 * - Withdraw is offered on sent, sentEditing and expired quotes: the quotes the customer has (or had) in hand.
 *   A draft is deleted instead; an answered quote is undone first.
 * - Mark as Sent is also offered while revising a sent quote (sentEditing), so a revision can be published
 *   without emailing it again, just as a draft can.
 * - Undo Acceptance, Delete and Withdraw are destructive, so they use the two-click 'Really?' confirmation unless
 *   the unsaved-changes confirmation already asks.
 * - Reactivating a complete or dismissed quote returns it to the archive state it had before (active or waiting).
 *
 * `apply` decides the new status and archive state only. What else an action does is the server's work:
 * - Mark as Sent saves the quote as sent without emailing; `send` emails it.
 * - Edit keeps the sent version under All Activity before the quote goes to sentEditing.
 * - Undo Acceptance deletes all customer acceptance data, optional choices included, and settles adjustments
 *   (added items merged in, credited items removed).
 * - Withdraw hides items and pricing from the customer and takes the quote out of dashboard stats
 *   (`QuoteStatus.visibleToCustomer`, `QuoteStatus.countsInStats`).
 * - Delete records the deletion time, which starts the 30-day restore window.
 * - Send Follow-up opens the follow-up flow (`do-follow-up` and `returnTo=quote` added to the current URL); the
 *   copies open a new quote or template in the editor.
 *
 * Besides the user's actions, three system events move the status: `send` (the quote is emailed), `customerAccept`
 * (the customer signs) and `expire` (the expiry date passes). They go through `apply` too, so the machine is
 * closed, but they are never offered in the action bar.
 *
 * @example
 * import * as QuoteAction from "@quotekit/core/QuoteAction"
 * const sent = QuoteAction.initial("sent")
 * QuoteAction.apply("decline", sent, ctx)              // Success({ status: "declined", archive: "dismissed", ... })
 * QuoteAction.offers(sent, ctx).map((o) => o.label)   // ["Edit", "Accept on behalf", "Decline", ...]
 *
 * @since 0.1.0
 */
import { Option, Result, Schema } from "effect"
import * as ArchiveState from "./ArchiveState.ts"
import * as Message from "./Message.ts"
import * as QuoteStatus from "./QuoteStatus.ts"

type Status = QuoteStatus.QuoteStatus
type Archive = ArchiveState.ArchiveState

// --- actions -------------------------------------------------------------------------------------------------

/** The actions a user can take from the quote action bar, in the order the bar shows them. */
export const userActions = [
  "markSent",
  "edit",
  "acceptOnBehalf",
  "decline",
  "sendFollowUp",
  "resetExpiry",
  "withdraw",
  "undoAcceptance",
  "undoDecline",
  "undoWithdraw",
  "complete",
  "dismiss",
  "reactivate",
  "markWaiting",
  "markActive",
  "copyToNewQuote",
  "copyToTemplate",
  "deleteDraft",
  "restoreToDraft"
] as const

/** A user action. */
export type UserAction = (typeof userActions)[number]

/** Events that change a quote's status without the action bar: emailing it, the customer signing, expiry. */
export const systemEvents = ["send", "customerAccept", "expire"] as const

/** A system event. */
export type SystemEvent = (typeof systemEvents)[number]

/** Every transition of the machine. */
export const actions = [...userActions, ...systemEvents] as const

/** Schema of any transition name. */
export const Action = Schema.Literals(actions)

/** A transition: a user action or a system event. */
export type Action = UserAction | SystemEvent

/** Whether an action is one a user takes (as opposed to a system event). */
export const isUserAction = (action: Action): action is UserAction =>
  (userActions as ReadonlyArray<Action>).includes(action)

/** The actions whose effect can be undone, each mapped to the action that undoes it. */
export const undoneBy = {
  acceptOnBehalf: "undoAcceptance",
  customerAccept: "undoAcceptance",
  decline: "undoDecline",
  withdraw: "undoWithdraw",
  deleteDraft: "restoreToDraft",
  complete: "reactivate",
  dismiss: "reactivate",
  markWaiting: "markActive",
  markActive: "markWaiting"
} as const satisfies Partial<Record<Action, UserAction>>

/** An action whose effect can be undone. */
export type UndoableAction = keyof typeof undoneBy

/** Whether an action records an undo point. */
export const isUndoable = (action: Action): action is UndoableAction => Object.hasOwn(undoneBy, action)

/** The action that undoes `action`, if any. */
export const undoOf = (action: Action): Option.Option<UserAction> =>
  isUndoable(action) ? Option.some(undoneBy[action]) : Option.none()

// --- state ---------------------------------------------------------------------------------------------------

/** Where an undo returns to: the status and archive before an undoable action, and which action that was. */
export const UndoPoint = Schema.Struct({
  action: Schema.Literals(Object.keys(undoneBy) as Array<UndoableAction>),
  status: QuoteStatus.QuoteStatus,
  archive: ArchiveState.ArchiveState
})

/** An undo point. */
export type UndoPoint = typeof UndoPoint.Type

/** Schema of a quote's machine state. */
export const QuoteState = Schema.Struct({
  status: QuoteStatus.QuoteStatus,
  archive: ArchiveState.ArchiveState,
  undo: Schema.NullOr(UndoPoint)
})

/** A quote's machine state: status, archive state and undo point. */
export type QuoteState = typeof QuoteState.Type

/** A state with no undo point; what a quote loaded without one, or a new draft (`initial("draft")`), has. */
export const initial = (status: Status, archive: Archive = "active"): QuoteState => ({ status, archive, undo: null })

/**
 * The archive states each status may be in. Deleting is for drafts only; Complete only follows acceptance and
 * Dismissed only a decline.
 */
export const archivesFor = (status: Status): ReadonlyArray<Archive> => {
  switch (status) {
    case "draft":
      return ["active", "waiting", "deleted"]
    case "accepted":
      return ["active", "waiting", "complete"]
    case "declined":
      return ["active", "waiting", "dismissed"]
    case "sentEditing":
    case "sent":
    case "expired":
    case "withdrawn":
      return ["active", "waiting"]
  }
}

/** Whether a status and archive state can occur together. */
export const isValidPair = (status: Status, archive: Archive): boolean => archivesFor(status).includes(archive)

/** Whether a state is one the machine can reach: a valid pair, and a valid pair in its undo point. */
export const isValid = (state: QuoteState): boolean =>
  isValidPair(state.status, state.archive) &&
  (state.undo === null || isValidPair(state.undo.status, state.undo.archive))

/** Every valid (status, archive) pair, each as a state without an undo point. */
export const validStates: ReadonlyArray<QuoteState> = QuoteStatus.all.flatMap((s) =>
  archivesFor(s).map((a) => initial(s, a))
)

// --- context -------------------------------------------------------------------------------------------------

/** What besides its state decides which actions a quote offers. */
export interface Context {
  /** The record is a template; templates have their own actions (see `ContentArchive`). */
  readonly isTemplate: boolean
  /** The user is an account admin (Copy to Template). */
  readonly isAdmin: boolean
  /** The editor form has unsaved changes. */
  readonly hasUnsavedChanges: boolean
  /** The bar sits on the sent-quote view rather than the editor (Delete is editor-only). */
  readonly inQuoteView: boolean
  /** The quote was emailed at least once (Mark as Sent skips email, so a sent quote may not have been). */
  readonly hasBeenEmailed: boolean
  /** A follow-up email is already scheduled or being written. */
  readonly followUpInProgress: boolean
  /** The quote has ready invoices waiting to be created. */
  readonly readyInvoicesExist: boolean
  /** An accounting add-on (Xero or QuickBooks) is connected. */
  readonly addonConnected: boolean
  /** When a deleted draft was deleted (epoch seconds); `null` when not deleted or unknown. */
  readonly deletedAtSeconds: number | null
  /** The current time (epoch seconds), for the 30-day restore window. */
  readonly nowSeconds: number
}

/**
 * A context with everything off, at `nowSeconds`; override what applies.
 *
 * @example
 * QuoteAction.context(now, { isAdmin: true, inQuoteView: true })
 */
export const context = (nowSeconds: number, overrides: Partial<Omit<Context, "nowSeconds">> = {}): Context => ({
  isTemplate: false,
  isAdmin: false,
  hasUnsavedChanges: false,
  inQuoteView: false,
  hasBeenEmailed: false,
  followUpInProgress: false,
  readyInvoicesExist: false,
  addonConnected: false,
  deletedAtSeconds: null,
  ...overrides,
  nowSeconds
})

// --- availability --------------------------------------------------------------------------------------------

/** Why an action is not available. */
export const reasons = [
  "template",
  "status",
  "archive",
  "inQuoteView",
  "notAdmin",
  "unsavedChanges",
  "followUpExpired",
  "notEmailed",
  "followUpInProgress",
  "restoreWindowOver",
  "systemEvent"
] as const

/** A reason an action is not available. */
export type Reason = (typeof reasons)[number]

/**
 * Raised when an action is applied to a quote that does not offer it. `message` is the text to show: the
 * specific reason for actions the bar shows disabled, 'Not available right now.' otherwise.
 */
export class ActionNotAvailable extends Schema.TaggedError<ActionNotAvailable>()("ActionNotAvailable", {
  action: Action,
  reason: Schema.Literals(reasons),
  message: Schema.String
}) {}

/** Reasons for which the bar still shows the action, disabled, with the reason as its hint. */
const disablingReasons: ReadonlySet<Reason> = new Set([
  "followUpExpired",
  "notEmailed",
  "followUpInProgress",
  "unsavedChanges",
  "notAdmin"
])

/** Whether the bar shows an action that failed for `reason`, disabled, rather than hiding it. */
export const showsDisabled = (reason: Reason): boolean => disablingReasons.has(reason)

/** The text shown for an unavailable action. */
export const reasonMessage = (reason: Reason): string => {
  const m = Message.catalogue
  switch (reason) {
    case "followUpExpired":
      return m.followUpExpired
    case "notEmailed":
      return m.followUpNotEmailed
    case "followUpInProgress":
      return m.followUpInProgress
    case "unsavedChanges":
      return m.copyNeedsSave
    case "notAdmin":
      return m.adminOnly
    case "restoreWindowOver":
      return m.restoreWindowOver
    case "template":
    case "status":
    case "archive":
    case "inQuoteView":
    case "systemEvent":
      return m.notAvailableNow
  }
}

const deny = (action: Action, reason: Reason): Result.Result<never, ActionNotAvailable> =>
  Result.fail(new ActionNotAvailable({ action, reason, message: reasonMessage(reason) }))

const ok: Result.Result<void, never> = Result.void

const statusIn = (state: QuoteState, action: Action, statuses: ReadonlyArray<Status>) =>
  statuses.includes(state.status) ? ok : deny(action, "status")

/** Checks in order; the first failure is the reason given. */
const allOf = (
  ...checks: ReadonlyArray<() => Result.Result<void, ActionNotAvailable>>
): Result.Result<void, ActionNotAvailable> => {
  for (const check of checks) {
    const r = check()
    if (Result.isFailure(r)) return r
  }
  return ok
}

/**
 * Whether `action` is available to the quote in `state` and `ctx`; the failure says why not. `apply` runs this
 * first, and `offers` is built from it, so the bar never offers what `apply` would refuse.
 */
export const check = (action: Action, state: QuoteState, ctx: Context): Result.Result<void, ActionNotAvailable> => {
  if (ctx.isTemplate) return deny(action, "template")
  const notDeleted = () => (state.archive === "deleted" ? deny(action, "archive") : ok)
  const archiveIn = (archives: ReadonlyArray<Archive>) => () =>
    archives.includes(state.archive) ? ok : deny(action, "archive")
  const status =
    (...statuses: ReadonlyArray<Status>) =>
    () =>
      statusIn(state, action, statuses)
  const dropdown = () =>
    ArchiveState.showsActiveWaitingDropdown({ isTemplate: false, archive: state.archive, status: state.status })
      ? ok
      : deny(action, "archive")
  switch (action) {
    case "markSent":
    case "send":
      return allOf(status("draft", "sentEditing"), notDeleted)
    case "deleteDraft":
      return allOf(status("draft"), notDeleted, () => (ctx.inQuoteView ? deny(action, "inQuoteView") : ok))
    case "acceptOnBehalf":
      return allOf(status("draft", "sent", "expired"), notDeleted)
    case "edit":
    case "decline":
      return status("sent", "expired")()
    case "sendFollowUp":
      return allOf(
        status("sent", "expired"),
        () => (state.status === "expired" ? deny(action, "followUpExpired") : ok),
        () => (ctx.hasBeenEmailed ? ok : deny(action, "notEmailed")),
        () => (ctx.followUpInProgress ? deny(action, "followUpInProgress") : ok)
      )
    case "resetExpiry":
      return status("expired")()
    case "withdraw":
      return status("sent", "sentEditing", "expired")()
    case "undoAcceptance":
      return status("accepted")()
    case "undoDecline":
      return status("declined")()
    case "undoWithdraw":
      return status("withdrawn")()
    case "restoreToDraft":
      return allOf(status("draft"), archiveIn(["deleted"]), () =>
        ctx.deletedAtSeconds === null || ArchiveState.isRestorable(ctx.deletedAtSeconds, ctx.nowSeconds)
          ? ok
          : deny(action, "restoreWindowOver")
      )
    case "copyToNewQuote":
      return allOf(notDeleted, () => (ctx.hasUnsavedChanges ? deny(action, "unsavedChanges") : ok))
    case "copyToTemplate":
      return allOf(notDeleted, () => (ctx.isAdmin ? ok : deny(action, "notAdmin")))
    case "complete":
      return allOf(status("accepted"), archiveIn(["active", "waiting"]))
    case "dismiss":
      return allOf(status("declined"), archiveIn(["active", "waiting"]))
    case "reactivate":
      return archiveIn(["complete", "dismissed"])()
    case "markWaiting":
      return allOf(dropdown, archiveIn(["active"]))
    case "markActive":
      return allOf(dropdown, archiveIn(["waiting"]))
    case "customerAccept":
    case "expire":
      return status("sent")()
  }
}

// --- transitions ---------------------------------------------------------------------------------------------

const snapshot = (action: UndoableAction, state: QuoteState): UndoPoint => ({
  action,
  status: state.status,
  archive: state.archive
})

/** The state an undo returns to: the undo point when it was left by an action this undo reverses, else `fallback`. */
const undoTarget = (
  state: QuoteState,
  reverses: ReadonlyArray<UndoableAction>,
  fallback: { readonly status: Status; readonly archive: Archive }
): QuoteState => {
  const u = state.undo
  const target = u !== null && reverses.includes(u.action) && isValidPair(u.status, u.archive) ? u : fallback
  return { status: target.status, archive: target.archive, undo: null }
}

const next = (action: Action, state: QuoteState): QuoteState => {
  const to = (status: Status, archive: Archive = state.archive): QuoteState => ({
    status,
    archive,
    undo: isUndoable(action) ? snapshot(action, state) : null
  })
  switch (action) {
    case "markSent":
    case "send":
    case "resetExpiry":
      return to("sent")
    case "deleteDraft":
      return to("draft", "deleted")
    case "acceptOnBehalf":
    case "customerAccept":
      return to("accepted")
    case "edit":
      return to("sentEditing")
    case "decline":
      return to("declined", "dismissed")
    case "withdraw":
      return to("withdrawn")
    case "expire":
      return to("expired")
    case "complete":
      return to(state.status, "complete")
    case "dismiss":
      return to(state.status, "dismissed")
    case "markWaiting":
      return to(state.status, "waiting")
    case "markActive":
      return to(state.status, "active")
    case "undoAcceptance":
      return undoTarget(state, ["acceptOnBehalf", "customerAccept"], { status: "sent", archive: "active" })
    case "undoDecline":
      return undoTarget(state, ["decline"], { status: "sent", archive: "active" })
    case "undoWithdraw":
      return undoTarget(state, ["withdraw"], { status: "sent", archive: "active" })
    case "restoreToDraft":
      return undoTarget(state, ["deleteDraft"], { status: "draft", archive: "active" })
    case "reactivate":
      return undoTarget(state, ["complete", "dismiss"], { status: state.status, archive: "active" })
    case "sendFollowUp":
    case "copyToNewQuote":
    case "copyToTemplate":
      // These start a flow (a follow-up email, a new quote or template) and leave this quote as it is.
      return state
  }
}

/**
 * Apply an action: the quote's new state, or why the action is not available.
 *
 * @example
 * QuoteAction.apply("withdraw", QuoteAction.initial("expired", "waiting"), ctx)
 * // Success({ status: "withdrawn", archive: "waiting", undo: { action: "withdraw", status: "expired", ... } })
 */
export const apply = (action: Action, state: QuoteState, ctx: Context): Result.Result<QuoteState, ActionNotAvailable> =>
  Result.map(check(action, state, ctx), () => next(action, state))

/** Whether an action changes the quote's status or archive state (rather than starting a flow elsewhere). */
export const changesState = (action: Action): boolean =>
  action !== "sendFollowUp" && action !== "copyToNewQuote" && action !== "copyToTemplate"

// --- the action bar ------------------------------------------------------------------------------------------

/** The confirmation an action asks for before it runs. */
export type Confirmation =
  /** The action saves the form as its own effect (Mark as Sent). */
  | "okayToSave"
  /** The action saves the form, then does something else. */
  | "okayToSaveFirst"
  /** A destructive action: the button asks 'Really?' on the first click and acts on the second. */
  | "really"

/**
 * The confirmation `action` needs in `ctx`, if any. With unsaved changes every server action saves the form
 * first and says so ('Okay to Save?' when saving is the action itself); copying to a new quote is disabled
 * instead, and Delete discards the draft with its changes, so it keeps its own confirmation.
 */
export const confirmation = (action: UserAction, ctx: Context): Option.Option<Confirmation> => {
  if (action === "deleteDraft" || (!ctx.hasUnsavedChanges && (action === "undoAcceptance" || action === "withdraw")))
    return Option.some("really")
  if (!ctx.hasUnsavedChanges || action === "copyToNewQuote") return Option.none()
  return Option.some(action === "markSent" ? "okayToSave" : "okayToSaveFirst")
}

/** The text of a confirmation. */
export const confirmationText = (c: Confirmation): string => {
  const m = Message.catalogue
  switch (c) {
    case "okayToSave":
      return m.okayToSave
    case "okayToSaveFirst":
      return m.okayToSaveFirst
    case "really":
      return m.really
  }
}

/** The label of an action's button in `state` and `ctx`. */
export const label = (action: UserAction, state: QuoteState, ctx: Context): string => {
  const m = Message.catalogue
  switch (action) {
    case "markSent":
      return m.markAsSent
    case "deleteDraft":
      return m.delete
    case "acceptOnBehalf":
      return m.acceptOnBehalf
    case "edit":
      return m.edit
    case "decline":
      return m.decline
    case "sendFollowUp":
      return m.sendFollowUp
    case "resetExpiry":
      return m.resetExpiry
    case "undoAcceptance":
      return m.undoAcceptance
    case "undoDecline":
      return m.undoDeclined
    case "undoWithdraw":
      return m.undoWithdrawn
    case "withdraw":
      return m.withdraw
    case "restoreToDraft":
      return m.restoreToDraft
    case "copyToNewQuote":
      return m.copyToNewQuote
    case "copyToTemplate":
      return m.copyToTemplate
    case "complete":
      return ctx.readyInvoicesExist && ctx.addonConnected ? m.completeAndInvoice : m.complete
    case "dismiss":
      return m.dismiss
    case "reactivate":
      return state.archive === "dismissed" ? m.dismissed : m.complete
    case "markWaiting":
      return m.waiting
    case "markActive":
      return m.active
  }
}

/** One entry of the action bar. */
export interface Offer {
  readonly action: UserAction
  readonly label: string
  /** `null` when the action can be taken; otherwise the hint shown on the disabled button. */
  readonly disabledReason: string | null
  /** For the Complete / Dismissed toggles: whether the toggle shows checked. `null` for plain buttons. */
  readonly checked: boolean | null
  readonly confirmation: Option.Option<Confirmation>
}

/**
 * The action bar of a quote: every action it offers, enabled or shown disabled with a reason, in display order.
 * An action is offered enabled exactly when `apply` would succeed.
 */
export const offers = (state: QuoteState, ctx: Context): ReadonlyArray<Offer> =>
  userActions.flatMap((action): ReadonlyArray<Offer> => {
    const r = check(action, state, ctx)
    if (Result.isFailure(r) && !showsDisabled(r.failure.reason)) return []
    return [
      {
        action,
        label: label(action, state, ctx),
        disabledReason: Result.isFailure(r) ? r.failure.message : null,
        checked: action === "reactivate" ? true : action === "complete" || action === "dismiss" ? false : null,
        confirmation: confirmation(action, ctx)
      }
    ]
  })

// --- routes --------------------------------------------------------------------------------------------------

/** The spec's act-on route names (`/act-on/quote-action/{route}/{id}`) and the action each performs. */
export const routes = {
  "revise-dodo": "edit",
  "expired-undo": "resetExpiry",
  "accept-undo": "undoAcceptance",
  "decline-undo": "undoDecline",
  "decline-dodo": "decline",
  "withdraw-undo": "undoWithdraw",
  "withdraw-dodo": "withdraw"
} as const satisfies Record<string, UserAction>

/** An act-on route name. */
export type Route = keyof typeof routes

/** Schema of an act-on route name, for decoding the path segment. */
export const RouteSchema = Schema.Literals(Object.keys(routes) as Array<Route>)

/** The action an act-on route performs; `None` for an unknown route. */
export const fromRoute = (route: string): Option.Option<UserAction> =>
  Object.hasOwn(routes, route) ? Option.some(routes[route as Route]) : Option.none()

/** The act-on route of an action; `None` for actions posted elsewhere (archive to-state, delete-draft, mark-sent). */
export const toRoute = (action: UserAction): Option.Option<Route> =>
  Option.fromNullishOr((Object.keys(routes) as Array<Route>).find((r) => routes[r] === action))
