/**
 * Writes the activity history of contacts, reusable items, imports and leads through the history repository
 * (`HistoryRepo`: a history row people read under All Activity, and an audit row), from plain text made safe
 * for HTML here, so callers can pass names typed by users.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { Table } from "@quotekit/core/api/HistoryApi"
import { Clock, Context, Effect, Layer } from "effect"
import * as HistoryRepo from "./Repo.ts"

/** One history entry: what happened (plain text), optionally a longer account, by whom. */
export interface HistoryEntry {
  readonly account_id: number
  readonly table: Table
  readonly category_id: number
  /** A short name of the change ("create", "merge"); recorded as `<table>.<action>` in the audit log. */
  readonly action: string
  readonly summary: string
  readonly full?: string
  /** The team member who did it; null for the customer or the system. */
  readonly signin_id: number | null
  readonly actor?: "customer" | "system"
  /** Facts the audit log keeps beside the action. */
  readonly data?: Record<string, unknown>
}

/** Text made safe to place in HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** The history writer service. */
export class HistoryWriter extends Context.Service<
  HistoryWriter,
  { readonly write: (entries: ReadonlyArray<HistoryEntry>) => Effect.Effect<void> }
>()("quotekit/server/HistoryWriter") {}

/** The writer over the history repository (inside the caller's transaction when there is one). */
export const layer = Layer.effect(
  HistoryWriter,
  Effect.gen(function* () {
    const repo = yield* HistoryRepo.HistoryRepo
    return HistoryWriter.of({
      write: (entries) =>
        Effect.flatMap(Clock.currentTimeMillis, (at) =>
          Effect.forEach(
            entries,
            (e) =>
              repo.write({
                account_id: e.account_id as AccountId,
                signin_id: e.signin_id as SigninId | null,
                table: e.table,
                category_id: e.category_id,
                action: `${e.table.replace(" ", "_")}.${e.action}`,
                html_summary: escapeHtml(e.summary),
                html_full: escapeHtml(e.full ?? ""),
                data: { ...(e.actor === undefined ? {} : { actor: e.actor }), ...e.data },
                at
              }),
            { discard: true }
          )
        )
    })
  })
).pipe(Layer.provide(HistoryRepo.layer))
