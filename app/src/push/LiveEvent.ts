/**
 * The events of the account and quote-view rooms, read by shape (a payload that is not what its topic says is
 * dropped), and the query caches each one makes stale. The keys are the pages' own (`["quotes", "list", …]` in
 * `QuoteListPage`, `["dashboard"]`, `["quotes", "overview", id]` in `QuotePage`, `invoicingKey`,
 * `discussionKey`, `["history", "quote", id]` in `ActivityHistory`, `leadsKey`); they are written out here rather
 * than imported, so the shell's entry does not carry the pages' chunks.
 *
 * Never made stale by an event: the editor's draft (`["editor", …]`) and the email composer, so no one loses what
 * they are typing; the editor shows a banner instead (`quotes/useChangedElsewhere.ts`).
 */
import type { QueryKey } from "@tanstack/react-query"
import { type LiveQuote, liveQuoteOf } from "./LiveQuotes.ts"
import type { PushEvent } from "./PushClient.ts"

/** A quote changed (`quote-changed`): saved, its status moved, answered, viewed, emailed... and by whom. */
export interface QuoteChanged {
  readonly _tag: "QuoteChanged"
  readonly quote_id: number
  /** The quote's edit sequence as committed (the editor's `_modifiedIn`). */
  readonly edit_seq: number | undefined
  readonly status: string | undefined
  readonly by: string
  readonly signin_id: number | undefined
  readonly what: string
}

/** An entry was added to a quote's history, discussion or notes (`history`). */
export interface HistoryAdded {
  readonly _tag: "HistoryAdded"
  readonly quote_id: number
  readonly kind: string
}

/** An invoice of a quote synced (`invoice-sync`); `invoice` is the stored row as JSON, read where it is merged. */
export interface InvoiceSynced {
  readonly _tag: "InvoiceSynced"
  readonly quote_id: number
  readonly invoice: unknown
}

/** Who is on a quote now changed (`live-quote`). */
export interface LiveChanged {
  readonly _tag: "LiveChanged"
  readonly live: LiveQuote
}

/** An event of the account room the team app acts on. */
export type LiveEvent = QuoteChanged | HistoryAdded | InvoiceSynced | LiveChanged

type Json = { readonly [key: string]: unknown }
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0
const optionalInt = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isSafeInteger(v) ? v : undefined

/** Read an event by its topic; `undefined` for a topic the app does not act on or a malformed payload. */
export const read = (event: Pick<PushEvent, "topic" | "payload">): LiveEvent | undefined => {
  const p = event.payload
  if (event.topic === "live-quote") {
    const live = liveQuoteOf(p)
    return live === undefined ? undefined : { _tag: "LiveChanged", live }
  }
  if (!isObject(p) || !isId(p.quote_id)) return undefined
  switch (event.topic) {
    case "quote-changed":
      return {
        _tag: "QuoteChanged",
        quote_id: p.quote_id,
        edit_seq: optionalInt(p.edit_seq),
        status: typeof p.status === "string" ? p.status : undefined,
        by: typeof p.by === "string" ? p.by : "",
        signin_id: optionalInt(p.signin_id),
        what: typeof p.what === "string" ? p.what : ""
      }
    case "history":
      return { _tag: "HistoryAdded", quote_id: p.quote_id, kind: typeof p.kind === "string" ? p.kind : "" }
    case "invoice-sync":
      return isObject(p.invoice) ? { _tag: "InvoiceSynced", quote_id: p.quote_id, invoice: p.invoice } : undefined
    default:
      return undefined
  }
}

/**
 * The caches an event makes stale (each key a prefix). A quote's change: the quote list and its count, the
 * dashboard, leads (a lead shows its quote), and the quote's overview, invoicing picture, settings, scheduled
 * emails, versions and preview. A history entry: the quote's history, discussion and overview. An invoice sync:
 * the invoices list (the quote's picture is merged or left, `invoices/invoiceSync.ts`). Live viewers: none.
 */
export const staleKeys = (event: LiveEvent): ReadonlyArray<QueryKey> => {
  switch (event._tag) {
    case "QuoteChanged": {
      const id = event.quote_id
      return [
        ["quotes", "list"],
        ["quotes", "count"],
        ["dashboard"],
        ["leads"],
        ["quotes", "overview", id],
        ["quotes", "invoicing", id],
        ["quotes", "settings", id],
        ["quotes", "emails", id],
        ["quotes", "versions", id],
        ["quotes", "preview", id]
      ]
    }
    case "HistoryAdded":
      return [
        ["history", "quote", event.quote_id],
        ["discussion", event.quote_id],
        ["quotes", "overview", event.quote_id]
      ]
    case "InvoiceSynced":
      return [["invoices", "list"]]
    case "LiveChanged":
      return []
  }
}
