/**
 * A quote's invoicing over HTTP: load the quote, its rows and invoices, let the core decide
 * (`QuoteInvoicing`), store the outcome and answer the whole picture, in one transaction per request with the
 * quote row locked, so two requests on one quote take turns and never both stage the same remainder.
 *
 * Conflicts: each action carries the `_modifiedIn` it was made on. When the quote changed since, the action is
 * refused with `_changeWarning`, except a repeat of what is already done (a double submit), which answers the
 * picture: a new invoice staged with the same temporary id and sequence is found by its `client_ref`; creating
 * an invoice already created, or removing one already removed, changes nothing.
 *
 * After any change every invoice's stored amount is refreshed from the split (`QuoteInvoicing.refreshed`), so
 * what is stored always equals what the core works out.
 *
 * @since 0.2.0
 */
import * as Adjustment from "@quotekit/core/Adjustment"
import { ChangeWarning, Code } from "@quotekit/core/api/ApiError"
import {
  type AdjustmentStarted,
  type CoveredLine,
  type Group,
  type Invoicing,
  InvoicingRefused
} from "@quotekit/core/api/InvoicesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Invoice from "@quotekit/core/Invoice"
import type * as InvoiceSplit from "@quotekit/core/InvoiceSplit"
import * as Message from "@quotekit/core/Message"
import * as QuoteInvoicing from "@quotekit/core/QuoteInvoicing"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as AddOnSync from "../addons/Sync.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import { type AccountFacts, archiveOf, type QuoteRecord } from "../quotes/Records.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { notFound } from "../quotes/Views.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import * as DocumentLink from "./DocumentLink.ts"
import * as InvoiceSync from "./InvoiceSync.ts"
import { type DocumentRecord, InvoiceRepo, issuedOf, type Stored } from "./Repo.ts"
import { SyncSignal } from "./SyncSignal.ts"

/** Everything one request works on. */
interface Loaded {
  readonly facts: AccountFacts
  readonly record: QuoteRecord
  readonly quote: QuoteInvoicing.QuoteInput
  readonly titles: ReadonlyMap<number, string>
  readonly stored: ReadonlyArray<Stored>
  readonly destination: boolean
  /** The connected accounting add-on invoices go to (it wins over the built-in invoices). */
  readonly addon: Option.Option<{ readonly addon_id: number; readonly organisation_id: string; readonly name: string }>
}

const refusedAnswer = (e: QuoteInvoicing.InvoiceRefused) => InvoicingRefused.answer(e.reason, e.message)

/**
 * Load the quote, its rows, invoices and the account's destination. The quote row is locked (`forUpdate` for a
 * change, else for share) so the edit sequence and the invoices read belong together: the sync worker, which
 * also locks the quote first, cannot commit in between. Run it in a transaction.
 */
const load = (tenant: Tenant, quoteId: number, forUpdate: boolean) =>
  Effect.gen(function* () {
    const repo = yield* QuoteRepo
    const invoices = yield* InvoiceRepo
    const facts = yield* repo.facts(tenant)
    const found = yield* repo.record(tenant.account_id, quoteId, forUpdate ? { forUpdate } : { forShare: true })
    if (Option.isNone(found) || found.value.is_template || found.value.deleted_at !== null) {
      return yield* notFound(facts)
    }
    const record = found.value
    const rows = (yield* repo.rows(tenant.account_id, quoteId)).map((r) => r.item)
    const stored = yield* invoices.list(tenant.account_id, quoteId)
    const settings = yield* invoices.settings(tenant.account_id)
    const quote: QuoteInvoicing.QuoteInput = {
      status: record.status,
      items: rows,
      amounts_entered: record.amounts_entered,
      discount_overall: record.discount_overall,
      deposit_percent: record.deposit_percent,
      taxIdToRate: facts.taxes,
      next_adj_index: record.next_adj_index
    }
    const titles = new Map(rows.map((r) => [r.quote_item_id, r.item_title || r.item_code || "Item"]))
    const addon = yield* AddOnSync.destination(tenant.account_id)
    return {
      facts,
      record,
      quote,
      titles,
      stored,
      destination: settings.builtin_enabled || Option.isSome(addon),
      addon
    } satisfies Loaded
  })

const covered = (titles: ReadonlyMap<number, string>, lines: ReadonlyArray<InvoiceSplit.Line>): Array<CoveredLine> =>
  lines.map((l) => ({
    quote_item_id: l.itemId,
    title: titles.get(l.itemId) ?? "",
    percent: l.percent,
    quantity: l.quantity,
    amount: l.amount
  }))

const suggestion = (l: Loaded, s: Option.Option<InvoiceSplit.Suggestion>) =>
  Option.match(s, {
    onNone: () => null,
    onSome: (v) => ({
      type: v.type,
      percent: v.percent,
      adj_at: v.adjAt,
      applied: v.applied,
      charged: QuoteInvoicing.charged(l.quote, v.type, v.lines),
      lines: covered(l.titles, v.lines)
    })
  })

const groupLabel = (key: SubscriptionTerm.GroupKey): string =>
  Option.match(SubscriptionTerm.parseGroupKey(key), {
    onNone: () => key,
    onSome: (term) => (SubscriptionTerm.isSubscription(term) ? SubscriptionTerm.describe(term) : "Up front")
  })

/** Build the picture the panel shows from what was loaded. */
const picture = (l: Loaded, documents: ReadonlyArray<DocumentRecord>, editSeq: number, base: string) =>
  Effect.gen(function* () {
    const invoices = l.stored.map((s) => s.invoice)
    const split = QuoteInvoicing.compute(l.quote, invoices)
    const docs = new Map(documents.map((d) => [d.quote_invoice_id, d]))
    const secret = yield* DocumentLink.secret
    const groups: Array<Group> = split.groups.map((g) => {
      const charged = QuoteInvoicing.chargedGroup(l.quote, g, split.invoices)
      return {
        key: g.key,
        label: groupLabel(g.key),
        total: g.total,
        invoiced: g.invoiced,
        remaining: g.remaining,
        restored: g.restored,
        percent_left: g.percentLeft,
        charged_total: charged.total,
        charged_invoiced: charged.invoiced,
        charged_remaining: charged.remaining,
        invoices: split.invoices
          .filter((r) => r.group === g.key)
          .map((r) => {
            const invoice = invoices[r.position] as Invoice.Invoice
            const doc = docs.get(invoice.quote_invoice_id)
            const path = DocumentLink.path(secret, l.facts.account_id, invoice.quote_invoice_id)
            return {
              invoice,
              position: r.position,
              applied: r.applied,
              charged: doc === undefined ? QuoteInvoicing.charged(l.quote, r.type, r.lines) : doc.total,
              lines: covered(l.titles, r.lines),
              percent_left_before: r.percentLeftBefore,
              percent_left_after: r.percentLeftAfter,
              restored: r.restored,
              editable: r.editable,
              locked: r.locked,
              document: doc === undefined ? null : issuedOf(doc, `${base}${path}`, `${base}${path}.pdf`)
            }
          }),
        next_invoice: suggestion(l, g.nextInvoice),
        next_credit: suggestion(l, g.nextCredit),
        skipped: suggestion(l, g.skipped)
      }
    })
    const creation = Invoice.creation(l.record.status, l.destination)
    const adjFacts = invoices
    const disabled = Adjustment.addOrCreditItems(
      {
        archive: archiveOf(l.record),
        price_current: l.record.price_current,
        nextAdjIndex: l.record.next_adj_index
      },
      adjFacts
    )
    const answer: Invoicing = {
      quote_id: l.record.quote_id,
      _modifiedIn: editSeq,
      status: l.record.status,
      currency_id: l.record.currency_id as Invoicing["currency_id"],
      destination: Option.isSome(l.addon)
        ? { kind: "add-on", name: l.addon.value.name }
        : l.destination
          ? { kind: "built-in", name: "quotekit invoices" }
          : { kind: "none", name: "" },
      creation_blocked: Result.isSuccess(creation)
        ? null
        : {
            reason: creation.failure,
            message:
              creation.failure === "no-addon"
                ? Message.catalogue.connectAccounting
                : Message.catalogue.invoiceNotAccepted
          },
      groups,
      adjustment: {
        next_adj_index: l.record.next_adj_index,
        letter: Adjustment.letter(l.record.next_adj_index),
        editable: Adjustment.isEditable(l.record.next_adj_index, adjFacts),
        disabled: Result.isSuccess(disabled) ? null : disabledMessage(disabled.failure),
        warning: Option.getOrNull(Adjustment.warning(l.record.next_adj_index))
      },
      ready_count: invoices.filter((i) => i.invoice_status === Invoice.InvoiceStatus.Ready).length
    }
    return answer
  })

const disabledMessage = (reason: Adjustment.Disabled): string =>
  reason === "finished"
    ? Message.catalogue.adjustFinished
    : reason === "no-price"
      ? Message.catalogue.adjustNoPrice
      : Message.catalogue.adjustmentLimitReached

/** The public base URL for document links. */
const publicBase = Effect.flatMap(PublicUrl, (p) => p.current)

/** The picture of a quote's invoicing (`GET /get/quote-invoices/{id}`). */
export const invoicing = Effect.fn("Invoicing.invoicing")(function* (tenant: Tenant, quoteId: number) {
  const sql = yield* SqlClient.SqlClient
  const base = yield* publicBase
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const l = yield* load(tenant, quoteId, false)
        const documents = yield* (yield* InvoiceRepo).documents(tenant.account_id, quoteId)
        return yield* picture(l, documents, l.record.edit_seq, base)
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})

const conflict = (l: Loaded, now: number): ChangeWarning => {
  const m = Wording.catalogue(l.facts.noun)
  const who = l.record.modified_by_name || m.untitled
  return new ChangeWarning({
    _changeWarning: { who, when: l.record.modified, mayVersion: false },
    _serveError: { code: Code.changeConflict, message: m.saveConflict(who, relative(l.record.modified, now), false) }
  })
}

const relative = (when: number, now: number): string => {
  const s = Math.max(0, now - when)
  return s < 60 ? "just now" : s < 3600 ? `${Math.floor(s / 60)} minutes ago` : `${Math.floor(s / 3600)} hours ago`
}

/**
 * Run one change in a transaction: `change` gets the loaded quote and says what to write (or fails); afterwards
 * amounts are refreshed, the quote's sequence is bumped when anything changed, and the picture answered.
 */
const change = <E, R>(
  tenant: Tenant,
  quoteId: number,
  modifiedIn: number,
  decide: (l: Loaded, now: number) => Effect.Effect<"changed" | "unchanged" | "conflict", E, R>
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* InvoiceRepo
    const nowMs = yield* Clock.currentTimeMillis
    const now = Math.floor(nowMs / 1000)
    const base = yield* publicBase
    const outcome = yield* sql.withTransaction(
      Effect.gen(function* () {
        const l = yield* load(tenant, quoteId, true)
        const stale = modifiedIn !== l.record.edit_seq
        const decided = yield* decide(l, now)
        if (decided === "conflict" || (stale && decided === "changed")) return yield* Effect.fail(conflict(l, now))
        let seq = l.record.edit_seq
        let after = l
        if (decided === "changed") {
          const stored = yield* repo.list(tenant.account_id, quoteId)
          const invoices = stored.map((s) => s.invoice)
          const changed = new Map(QuoteInvoicing.refreshed(l.quote, invoices).map((i) => [i.quote_invoice_id, i]))
          for (const i of changed.values()) yield* repo.update(i)
          seq = yield* repo.touchQuote(tenant.account_id, quoteId, nowMs, tenant.signin_id)
          const fresh = stored.map((s) => ({ ...s, invoice: changed.get(s.invoice.quote_invoice_id) ?? s.invoice }))
          after = { ...l, stored: fresh }
        }
        const documents = yield* repo.documents(tenant.account_id, quoteId)
        return { answer: yield* picture(after, documents, seq, base), changed: decided === "changed" }
      })
    )
    if (outcome.changed) yield* (yield* SyncSignal).wake
    return outcome.answer
  }).pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))

/** Fail with the core's refusal as the API's 409. */
const refuse = (e: QuoteInvoicing.InvoiceRefused) => Effect.fail(refusedAnswer(e))

/** `/act-on/quote-invoice/action/{do-stage|do-create|do-not-create}/...` */
export const action = Effect.fn("Invoicing.action")(function* (
  tenant: Tenant,
  p: {
    readonly action: QuoteInvoicing.Action
    readonly type: Invoice.InvoiceType
    readonly quote_id: number
    readonly group: SubscriptionTerm.GroupKey
    readonly adj_at: number
    readonly percent: number
    readonly invoice_id: number
  },
  modifiedIn: number
) {
  const repo = yield* InvoiceRepo
  return yield* change(tenant, p.quote_id, modifiedIn, (l, now) =>
    Effect.gen(function* () {
      const clientRef = `${modifiedIn}:${p.invoice_id}:${p.type}:${p.group}`
      if (p.action === "do-not-create") {
        if (p.invoice_id <= 0) return "unchanged" as const
        const found = QuoteInvoicing.find(
          l.stored.map((s) => s.invoice),
          p.invoice_id
        )
        // Already dropped (a double submit): nothing to do. Only this quote's invoices are ever looked at.
        if (Result.isFailure(found)) return "unchanged" as const
        const dropped = QuoteInvoicing.drop(found.success.invoice)
        if (Result.isFailure(dropped)) return yield* refuse(dropped.failure)
        yield* repo.remove(tenant.account_id, p.invoice_id)
        return "changed" as const
      }
      // A double submit of a new invoice: the one it staged answers.
      const repeat = p.invoice_id <= 0 ? l.stored.find((s) => s.client_ref === clientRef) : undefined
      if (repeat !== undefined) {
        return yield* p.action === "do-create"
          ? createOne(l, repeat.invoice, now)
          : Effect.succeed("unchanged" as const)
      }
      const staged = QuoteInvoicing.stage(
        l.quote,
        l.stored.map((s) => s.invoice),
        { type: p.type, group: p.group, adjAt: p.adj_at, percent: p.percent, invoiceId: p.invoice_id },
        { account_id: tenant.account_id, quote_id: p.quote_id, now }
      )
      if (Result.isFailure(staged)) return yield* refuse(staged.failure)
      const s = staged.success
      let invoice = s.invoice
      let changed = false
      if (s._tag === "Insert") {
        const id = yield* repo.insert(s.invoice, clientRef)
        invoice = { ...s.invoice, quote_invoice_id: Invoice.QuoteInvoiceId.make(id) }
        changed = true
      } else if (s._tag === "SetPercent") {
        yield* repo.update(s.invoice)
        changed = true
      }
      if (p.action === "do-create") {
        const created = yield* createOne(l, invoice, now)
        return created === "changed" || changed ? ("changed" as const) : ("unchanged" as const)
      }
      return changed ? ("changed" as const) : ("unchanged" as const)
    })
  )
})

/** Queue one ready invoice for its destination (the sync worker issues it). */
const createOne = (l: Loaded, invoice: Invoice.Invoice, now: number) =>
  Effect.gen(function* () {
    const repo = yield* InvoiceRepo
    const created = QuoteInvoicing.create(l.record.status, l.destination, invoice, now)
    if (Result.isFailure(created)) return yield* refuse(created.failure)
    if (Option.isNone(created.success)) return "unchanged" as const
    // Its amount as the split works it out now, frozen from here on.
    const invoices = [
      ...l.stored.map((s) => s.invoice).filter((i) => i.quote_invoice_id !== invoice.quote_invoice_id),
      invoice
    ]
    const fresh = QuoteInvoicing.refreshed(l.quote, invoices).find(
      (i) => i.quote_invoice_id === invoice.quote_invoice_id
    )
    const amount = fresh?.invoice_amount ?? invoice.invoice_amount
    if (amount.value === 0n)
      return yield* refuse(
        new QuoteInvoicing.InvoiceRefused({
          reason: "nothing-to-invoice",
          message: Message.catalogue.invoiceNothingLeft
        })
      )
    const queued: Invoice.Invoice = {
      ...created.success.value,
      // Where the sync worker creates it: the connected accounting add-on, else the built-in invoices.
      addon_id: Option.match(l.addon, { onNone: () => 0, onSome: (a) => a.addon_id }),
      addon_org_id: Option.match(l.addon, { onNone: () => "", onSome: (a) => a.organisation_id }),
      invoice_amount: amount,
      invoice_adj_at: fresh?.invoice_adj_at ?? invoice.invoice_adj_at
    }
    yield* repo.update(queued)
    // ready -> syncing, for the pages that hold the quote (the worker announces synced or error).
    yield* InvoiceSync.announce(queued)
    yield* WebhookEvents.invoice(l.facts.account_id, invoice.quote_invoice_id, "invoice.created")
    return "changed" as const
  })

/**
 * 'Complete & Invoice': inside the completing action's transaction (the quote row already locked), queue every
 * ready invoice that covers something. Returns how many were queued; the caller wakes the sync worker after
 * committing.
 */
export const createReady = (tenant: Tenant, quoteId: number) =>
  Effect.gen(function* () {
    const repo = yield* InvoiceRepo
    const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
    const l = yield* load(tenant, quoteId, true)
    let queued = 0
    for (const s of l.stored) {
      if (s.invoice.invoice_status !== Invoice.InvoiceStatus.Ready) continue
      const current = { ...l, stored: yield* repo.list(tenant.account_id, quoteId) }
      const outcome = yield* Effect.result(createOne(current, s.invoice, now))
      if (outcome._tag === "Success" && outcome.success === "changed") queued++
    }
    return queued
  })

/** `/act-on/quote-invoice/create-invoice/{quote id}/{invoice id}` */
export const createInvoice = Effect.fn("Invoicing.createInvoice")(function* (
  tenant: Tenant,
  quoteId: number,
  invoiceId: number,
  modifiedIn: number
) {
  return yield* change(tenant, quoteId, modifiedIn, (l, now) =>
    Effect.gen(function* () {
      const found = QuoteInvoicing.find(
        l.stored.map((s) => s.invoice),
        invoiceId
      )
      if (Result.isFailure(found)) return yield* refuse(found.failure)
      return yield* createOne(l, found.success.invoice, now)
    })
  )
})

/** `/act-on/quote-invoice/set-removed/{quote id}/{invoice id}/{invoice group}` */
export const setRemoved = Effect.fn("Invoicing.setRemoved")(function* (
  tenant: Tenant,
  quoteId: number,
  invoiceId: number,
  group: string,
  modifiedIn: number
) {
  const repo = yield* InvoiceRepo
  return yield* change(tenant, quoteId, modifiedIn, (l, now) =>
    Effect.gen(function* () {
      const invoices = l.stored.map((s) => s.invoice)
      const found = QuoteInvoicing.find(invoices, invoiceId)
      if (Result.isFailure(found)) return yield* refuse(found.failure)
      const removed = QuoteInvoicing.remove(found.success.invoice, group, { now, position: invoices.length })
      if (Result.isFailure(removed)) return yield* refuse(removed.failure)
      if (Option.isNone(removed.success)) return "unchanged" as const
      yield* repo.update(removed.success.value)
      return "changed" as const
    })
  )
})

/**
 * `/act-on/quote-invoice/make-adjustment/{quote id}`: 'Add or Credit Items'. Says which adjustment the editor
 * opens (the current one while still editable, else the next) and where; refused when the quote is finished,
 * has no price, or has reached 20 adjustments. The adjustment is stamped when the editor saves.
 */
export const makeAdjustment = Effect.fn("Invoicing.makeAdjustment")(function* (tenant: Tenant, quoteId: number) {
  const sql = yield* SqlClient.SqlClient
  const l = yield* sql
    .withTransaction(load(tenant, quoteId, false))
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
  if (l.record.status !== "accepted") {
    return yield* InvoicingRefused.answer("not-accepted", Message.catalogue.invoiceNotAccepted)
  }
  const invoices = l.stored.map((s) => s.invoice)
  const enabled = Adjustment.addOrCreditItems(
    {
      archive: archiveOf(l.record),
      price_current: l.record.price_current,
      nextAdjIndex: l.record.next_adj_index
    },
    invoices
  )
  if (Result.isFailure(enabled)) {
    return yield* InvoicingRefused.answer(
      enabled.failure === "limit-reached" ? "locked" : "not-editable",
      disabledMessage(enabled.failure)
    )
  }
  const begun = Adjustment.begin(l.record.next_adj_index, invoices)
  if (Result.isFailure(begun)) {
    return yield* InvoicingRefused.answer("locked", Message.catalogue.adjustmentLimitReached)
  }
  const answer: AdjustmentStarted = {
    adj_index: begun.success,
    letter: Adjustment.letter(begun.success),
    editor_url: QuoteRoute.editor("edit", quoteId, "is-adjustment"),
    warning: Option.getOrNull(Adjustment.warning(begun.success))
  }
  return answer
})
