/**
 * The history group's handler: a page of All Activity for a record of the session's account.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { HISTORY_PAGE_SIZE, type HistoryPage, tableOf } from "@quotekit/core/api/HistoryApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { HistoryRepo } from "./Repo.ts"

/** The history group's handlers. */
export const layer = HttpApiBuilder.group(Api, "history", (handlers) =>
  handlers.handle("history", ({ params, query }) =>
    Effect.gen(function* () {
      const tenant = yield* CurrentAccount
      const repo = yield* HistoryRepo
      const page = query.page ?? 1
      const found = yield* repo.page(
        tenant.account_id,
        tableOf(params.table),
        params.categoryId,
        (page - 1) * HISTORY_PAGE_SIZE,
        HISTORY_PAGE_SIZE
      )
      const answer: HistoryPage = {
        rows: found.rows,
        total_rows: found.total,
        page,
        page_size: HISTORY_PAGE_SIZE,
        more_history: page * HISTORY_PAGE_SIZE < found.total
      }
      return answer
    })
  )
)
