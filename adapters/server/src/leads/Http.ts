/**
 * The leads group's handlers (team side): the list with counts, a lead's view, dismiss and reopen under
 * `Lead.transition`, assignment, notes and potential value, conversion into a draft quote, and the file
 * download.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import type { LeadView } from "@quotekit/core/api/LeadsApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Lead from "@quotekit/core/Lead"
import * as Message from "@quotekit/core/Message"
import { Effect, Option, Result } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { HistoryWriter } from "../history/HistoryWriter.ts"
import * as Paging from "../http/Paging.ts"
import { FileStorage } from "../uploads/FileStorage.ts"
import { respond } from "../uploads/Serve.ts"
import { LeadsRepo, type StoredLead } from "./Repo.ts"

const m = Message.catalogue

/** The download path of a lead's file. */
export const fileUrl = (lead: Pick<Lead.Lead, "lead_id" | "lead_file_name">): string | null =>
  lead.lead_file_name === null
    ? null
    : `/leads/download-file/${lead.lead_id}/${encodeURIComponent(lead.lead_file_name)}`

/** A stored lead as the team sees it. */
export const toView = (s: StoredLead): LeadView => ({
  ...s.lead,
  display_name: Lead.displayName(s.lead),
  status_label: Lead.statusLabel(s.lead.lead_status),
  actions: [...Lead.available(s.lead.lead_status)],
  assignee_name: s.assignee_name,
  file_url: fileUrl(s.lead),
  quote_id: s.quote_id
})

const statusOf = { open: Lead.Status.open, dismissed: Lead.Status.dismissed, converted: Lead.Status.converted } as const

/** The leads group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "leads",
  Effect.fn(function* (handlers) {
    const repo = yield* LeadsRepo
    const history = yield* HistoryWriter
    const storage = yield* FileStorage

    const find = (account: number, id: number) =>
      Effect.flatMap(repo.byId(account, id), (found) =>
        Option.match(found, { onNone: () => Effect.fail(NotFound.answer()), onSome: Effect.succeed })
      )

    const note = (account: number, signin: number, id: number, action: string, summary: string) =>
      history.write([{ account_id: account, table: "lead", category_id: id, action, summary, signin_id: signin }])

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const page = yield* Paging.read(
            query.page ?? 1,
            (offset, limit) => repo.list(account_id, statusOf[query.status ?? "open"], offset, limit),
            toView
          )
          return { ...page, counts: yield* repo.counts(account_id) }
        })
      )
      .handle("view", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          return toView(yield* find(account_id, params.lead_id))
        })
      )
      .handle("transition", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          const lead = yield* find(account_id, params.lead_id)
          const next = Lead.transition(params.transition, lead.lead.lead_status)
          if (Result.isFailure(next)) return yield* AccessDenied.answer(m.notAvailableNow)
          yield* repo.setStatus(account_id, lead.lead.lead_id, next.success)
          yield* note(
            account_id,
            signin_id,
            lead.lead.lead_id,
            params.transition,
            params.transition === "dismiss" ? "Dismissed" : "Reopened"
          )
          return toView(yield* find(account_id, lead.lead.lead_id))
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          const lead = yield* find(account_id, params.lead_id)
          if (payload.lead_author !== undefined && payload.lead_author !== null) {
            if (!(yield* repo.isMember(account_id, payload.lead_author))) {
              return yield* InvalidInput.field("lead_author", m.assigneeNotMember)
            }
          }
          yield* repo.update(account_id, lead.lead.lead_id, payload)
          const after = yield* find(account_id, lead.lead.lead_id)
          if (payload.lead_author !== undefined && payload.lead_author !== lead.lead.lead_author) {
            yield* note(
              account_id,
              signin_id,
              lead.lead.lead_id,
              "assign",
              after.assignee_name === null ? "Unassigned" : `Assigned to ${after.assignee_name}`
            )
          }
          return toView(after)
        })
      )
      .handle("convert", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          const lead = yield* find(account_id, params.lead_id)
          if (Result.isFailure(Lead.transition("convert", lead.lead.lead_status))) {
            return yield* AccessDenied.answer(m.notAvailableNow)
          }
          const made = yield* repo.convert(account_id, signin_id, lead.lead)
          yield* note(account_id, signin_id, lead.lead.lead_id, "convert", "Converted into a quote")
          return { ...made, url: `/quotes/${made.quote_id}/is-editing?from-lead=${lead.lead.lead_id}` }
        })
      )
      .handle("downloadFile", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const lead = yield* find(account_id, params.lead_id)
          const key = lead.lead.lead_file_key
          if (key === null || lead.lead.lead_file_name !== params.file_name) return yield* NotFound.answer()
          const size = yield* storage.size(key)
          if (Option.isNone(size)) return yield* NotFound.answer()
          return yield* respond({
            storage_key: key,
            original_filename: lead.lead.lead_file_name,
            mime: "application/octet-stream",
            size: size.value
          })
        })
      )
  })
)
