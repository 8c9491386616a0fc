/**
 * The quote status actions: Mark as Sent, Delete and Restore a draft, Accept on behalf, Edit (revise), Decline,
 * Withdraw, Reset expiry, Undo Acceptance / Declined / Withdrawn, and the archive moves (Complete, Dismiss,
 * reactivate, Active / Waiting).
 *
 * Each runs in one transaction on the locked quote: the core's status machine (`QuoteAction.apply`) decides
 * whether the action is available (else the core's reason is the answer, 409) and the new status, archive
 * state and undo point; this module does the rest the machine documents as the server's work:
 * - Mark as Sent stamps the sent date (when it follows the send) without emailing; the expiry must be ahead.
 * - Edit keeps the sent version under All Activity, then takes the quote offline (sentEditing).
 * - Accept on behalf records the acceptance with the team member who made it, how the customer accepted
 *   (`AcceptanceProof`, when given) and the SHA-256 of the quote as the customer sees it, kept in the audit entry,
 *   so it has an acceptance certificate like the customer's own acceptance.
 * - Undo Acceptance deletes the customer's acceptance data (the acceptance, optional choices, quantity edits)
 *   and folds adjustments in (`Adjustment.mergeOnUndoAcceptance`), recomputing the total.
 * - Reset expiry gives an expired quote a new expiry as long as its original one, from now.
 * - Delete records the deletion time, which starts the 30-day restore window; Restore clears it.
 * A sent quote whose expiry passed is stored as expired first, so the action applies to its real state.
 * Every action writes a history row and an audit row.
 *
 * @since 0.1.0
 */
import * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import * as Adjustment from "@quotekit/core/Adjustment"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import { InvalidInput } from "@quotekit/core/api/ApiError"
import type { ActionAnswer, ToState } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Expiry from "@quotekit/core/Expiry"
import { escapeHtml } from "@quotekit/core/Markup"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import * as QuoteHistory from "@quotekit/core/QuoteHistory"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as AddOnPushes from "../crm/Pushes.ts"
import * as CustomerLinks from "../customer/Links.ts"
import * as PublicData from "../customer/PublicData.ts"
import { HistoryRepo } from "../history/Repo.ts"
import * as Invoicing from "../invoices/Invoicing.ts"
import { InvoiceRepo } from "../invoices/Repo.ts"
import { SyncSignal } from "../invoices/SyncSignal.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import { renewedExpiry } from "./Editor.ts"
import { type AccountFacts, type QuoteRecord, stateOf } from "./Records.ts"
import { QuoteRepo } from "./Repo.ts"
import { contextOf, effective, encodeSnapshot, hasLapsed, notFound, offersOf, refused, snapshotOf } from "./Views.ts"

/** Which action an archive to-state request is, for the quote's archive state. */
export const toStateAction = (target: ToState, archive: ArchiveState.ArchiveState): QuoteAction.UserAction => {
  const finished = ArchiveState.isFinished(archive)
  switch (target) {
    case "complete":
      return "complete"
    case "dismissed":
      return "dismiss"
    case "active":
      return finished ? "reactivate" : "markActive"
    case "waiting":
      return finished ? "reactivate" : "markWaiting"
  }
}

/** Where the app goes after an action. */
const upNextOf = (action: QuoteAction.UserAction, quoteId: number): string => {
  switch (action) {
    case "complete":
    case "dismiss":
    case "reactivate":
    case "markWaiting":
    case "markActive":
    case "deleteDraft":
      return QuoteRoute.dashboard
    case "edit":
    case "restoreToDraft":
      return QuoteRoute.editor("edit", quoteId)
    default:
      return QuoteRoute.quotePage(quoteId)
  }
}

const audit = (action: QuoteAction.Action) => `quote.${action}`

/** Store the expiry of a sent quote whose expiry date passed (the machine's `expire` event). */
const storeExpiry = (facts: AccountFacts, record: QuoteRecord, now: number, nowMs: number) =>
  Effect.gen(function* () {
    const repo = yield* QuoteRepo
    const history = yield* HistoryRepo
    const next = effective(record, now)
    yield* repo.setState(facts.account_id, record.quote_id, {
      status: next.status,
      archive_id: next.archive_id,
      undo: next.undo,
      deleted_at: next.deleted_at,
      sent_when: next.sent_when,
      expiry_date: next.expiry_date,
      revision_no: next.revision_no,
      statusChanged: true,
      by: facts.signin_id,
      at: nowMs
    })
    const text = QuoteHistory.html(facts.noun, { _tag: "expired" }, "", record.title)
    yield* history.write({
      account_id: facts.account_id,
      signin_id: null,
      table: "quote",
      category_id: record.quote_id,
      action: audit("expire"),
      html_summary: text.summary,
      html_full: text.full,
      data: { quote_id: record.quote_id, from: record.status, to: next.status, expiry_date: record.expiry_date },
      at: nowMs
    })
    return { ...next, edit_seq: next.edit_seq + 1 }
  })

/**
 * The proof with its document's stored file (an upload of this account, found by its SHA-256), or a refusal when
 * the account has no such upload.
 */
const withDocument = (sql: SqlClient.SqlClient, account: number, proof: AcceptanceProof.Proof) =>
  Effect.gen(function* () {
    if (proof.document === undefined) return proof
    const rows = yield* sql<{ readonly file_id: number }>`
      SELECT file_id FROM files WHERE account_id = ${account} AND hash = ${proof.document.hash}
      ORDER BY file_id DESC LIMIT 1`.pipe(Effect.orDie)
    const found = rows[0]
    if (found === undefined) return yield* InvalidInput.field("proof.document", AcceptanceProof.text.documentUnknown)
    return { ...proof, document: { hash: proof.document.hash, name: proof.document.name, file_id: found.file_id } }
  })

/**
 * Run a status action on a quote: `choose` picks the action from the (effective) record, for requests whose
 * action depends on the quote (archive to-state).
 */
export const run = Effect.fn("QuoteActions.run")(function* (
  tenant: Tenant,
  idSegment: string,
  choose: (record: QuoteRecord) => QuoteAction.UserAction,
  options: { readonly proof?: AcceptanceProof.Proof | undefined } = {}
) {
  const proof = options.proof === undefined ? null : AcceptanceProof.validate(options.proof)
  if (proof !== null && Result.isFailure(proof))
    return yield* InvalidInput.field(`proof.${proof.failure.field}`, proof.failure.message)
  const repo = yield* QuoteRepo
  const history = yield* HistoryRepo
  const sql = yield* SqlClient.SqlClient
  const recordedProof = proof === null ? null : yield* withDocument(sql, tenant.account_id, proof.success)
  const facts = yield* repo.facts(tenant)
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
  const id = route.success
  const account = tenant.account_id
  const nowMs = yield* Clock.currentTimeMillis
  const now = Math.floor(nowMs / 1000)

  let invoicesQueued = false
  // The quote as the customer sees it, when the team records their acceptance (its hash goes on the certificate).
  let accepted: { readonly json: string; readonly hash: string } | undefined
  const answer = yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const found = yield* repo.record(account, id, { forUpdate: true })
        if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
        const record = hasLapsed(found.value, now) ? yield* storeExpiry(facts, found.value, now, nowMs) : found.value
        const action = choose(record)
        const followUpInProgress = action === "sendFollowUp" ? yield* repo.followUpInProgress(account, id) : false
        const invoicing = yield* (yield* InvoiceRepo).completeFacts(account, id)
        const applied = QuoteAction.apply(
          action,
          stateOf(record),
          contextOf(record, facts, now, { inQuoteView: false, followUpInProgress, ...invoicing })
        )
        if (Result.isFailure(applied)) return yield* refused(facts, applied.failure)
        const next = applied.success

        let sentWhen = record.sent_when
        let expiry = record.expiry_date
        let revision = record.revision_no
        switch (action) {
          case "markSent": {
            const check = Expiry.check({ status: "draft", expiry_date: expiry }, now)
            if (check._tag === "InPast")
              return yield* InvalidInput.field("quote.expiry_date", Wording.apply(facts.noun, check.message))
            if (sentWhen === 0) sentWhen = now
            // Each contact gets their customer link (kept if they already have one).
            yield* CustomerLinks.ensure(account, id, nowMs)
            break
          }
          case "edit": {
            const stored = yield* repo.load(account, record)
            yield* repo.keepVersion(
              account,
              id,
              "sent",
              encodeSnapshot(snapshotOf(stored, facts, now)),
              tenant.signin_id,
              nowMs
            )
            revision = revision + 1
            break
          }
          case "acceptOnBehalf": {
            const items = (yield* repo.rows(account, id)).map((r) => r.item)
            accepted = PublicData.contentOf(PublicData.build(record, items, facts, "sent", 0))
            yield* repo.acceptOnBehalf(account, id, tenant.signin_id, facts.who, nowMs, {
              content_hash: accepted.hash,
              proof: recordedProof
            })
            break
          }
          case "undoAcceptance": {
            yield* repo.deleteAcceptance(account, id)
            const rows = (yield* repo.rows(account, id)).map((r) => r.item)
            const merged = Adjustment.mergeOnUndoAcceptance(rows)
            const priced = QuoteSave.priced(merged.items, record, facts.taxes)
            yield* repo.settleAdjustments(account, id, merged.items, priced.price_current)
            break
          }
          case "resetExpiry":
            expiry = renewedExpiry(record, now)
            break
          case "complete":
            // 'Complete & Invoice': the ready invoices are created with the completion.
            if (invoicing.readyInvoicesExist && invoicing.addonConnected) {
              invoicesQueued = (yield* Invoicing.createReady(tenant, id)) > 0
            }
            break
          default:
            break
        }
        const archiveId = ArchiveState.toId(next.archive)
        const editSeq = yield* repo.setState(account, id, {
          status: next.status,
          archive_id: archiveId,
          undo: next.undo,
          deleted_at: next.archive === "deleted" ? (record.deleted_at ?? now) : null,
          sent_when: sentWhen,
          expiry_date: expiry,
          revision_no: revision,
          statusChanged: next.status !== record.status,
          by: tenant.signin_id,
          at: nowMs
        })
        // The team's own sends, acceptances and declines reach webhooks as the customer's do.
        if (next.status !== record.status) {
          if (action === "markSent") {
            yield* WebhookEvents.quote(account, id, "quote.sent", { sent_by: "marked" })
            yield* AddOnPushes.enqueue(account, id, "sent")
          }
          if (action === "acceptOnBehalf") {
            yield* WebhookEvents.quote(account, id, "quote.accepted", { accepted_by: facts.who, on_behalf: true })
            yield* AddOnPushes.enqueue(account, id, "accepted")
          }
          if (action === "decline") yield* WebhookEvents.quote(account, id, "quote.declined", { reason: "" })
        }
        const plain = QuoteHistory.html(
          facts.noun,
          QuoteHistory.ofAction(action, next.archive),
          facts.who,
          record.title
        )
        const proofText =
          action === "acceptOnBehalf" && recordedProof !== null
            ? ` ${escapeHtml(AcceptanceProof.sentence(recordedProof))}`
            : ""
        const text = { summary: `${plain.summary}${proofText}`, full: `${plain.full}${proofText}` }
        yield* history.write({
          account_id: account,
          signin_id: tenant.signin_id,
          table: "quote",
          category_id: id,
          action: audit(action),
          html_summary: text.summary,
          html_full: text.full,
          data: {
            quote_id: id,
            from: { status: record.status, archive: ArchiveState.fromId(record.archive_id).pipe(Option.getOrNull) },
            to: { status: next.status, archive: next.archive },
            ...(accepted === undefined ? {} : { content: JSON.parse(accepted.json) as unknown, proof: recordedProof })
          },
          at: nowMs,
          content_hash: accepted?.hash
        })
        const after: QuoteRecord = {
          ...record,
          status: next.status,
          archive_id: archiveId,
          undo: next.undo,
          deleted_at: next.archive === "deleted" ? (record.deleted_at ?? now) : null,
          edit_seq: editSeq
        }
        const answer: ActionAnswer = {
          quote_id: Quote.QuoteId.make(id),
          status: next.status,
          status_label: Wording.apply(facts.noun, QuoteStatus.label(next.status)),
          archive_id: archiveId,
          _modifiedIn: editSeq,
          offers: offersOf(after, facts, now, { inQuoteView: true, followUpInProgress }),
          upNext: { href: upNextOf(action, id) }
        }
        return answer
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
  if (invoicesQueued) yield* (yield* SyncSignal).wake
  return answer
})

/** An act-on route (`/act-on/quote-action/{route}/{id}`). */
export const act = (tenant: Tenant, route: QuoteAction.Route, id: string) =>
  run(tenant, id, () => QuoteAction.routes[route])

/** Archive to-state (`/post/quote-archive/to-state/{id}/{state}`). */
export const toState = (tenant: Tenant, id: string, target: ToState) =>
  run(tenant, id, (r) =>
    toStateAction(target, ArchiveState.fromId(r.archive_id).pipe(Option.getOrElse(() => "active" as const)))
  )
