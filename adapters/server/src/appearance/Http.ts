/**
 * The appearance group's handlers (admins only): read the account's quote appearance with its logo's colours,
 * save a new one (checked by the contract's schema at the boundary: a colour that is not `#rrggbb`, or a choice
 * outside its list, is a 400 naming the field; audited), and the full-size preview.
 *
 * @since 0.5.0
 */
import type { AccountId } from "@quotekit/core/Account"
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Clock, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import * as PageTemplate from "../customer/PageTemplate.ts"
import { requireAdmin } from "../settings/AdminOnly.ts"
import { urlOf } from "../uploads/Receive.ts"
import { FilesRepo } from "../uploads/Repo.ts"
import * as LogoPalette from "./LogoPalette.ts"
import * as Preview from "./Preview.ts"
import * as AppearanceRepo from "./Repo.ts"

/** The account's name and its logo's address (null without a logo). */
const brandOf = (account: AccountId) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ readonly name: string; readonly logo_file_id: number | null }>`
      SELECT name, logo_file_id FROM accounts WHERE account_id = ${account}`.pipe(Effect.orDie)
    if (row === undefined || row.logo_file_id === null) return { name: row?.name ?? "", logo: null }
    const file = yield* (yield* FilesRepo).byId(account, row.logo_file_id)
    return { name: row.name, logo: Option.getOrNull(Option.map(file, urlOf)) }
  })

/** The appearance group's handlers. */
export const layer = HttpApiBuilder.group(Api, "appearance", (handlers) => {
  const view = (account: AccountId) =>
    Effect.gen(function* () {
      const appearance = yield* AppearanceRepo.get(account)
      const colours = yield* LogoPalette.forAccount(account)
      const brand = yield* brandOf(account)
      return { appearance, logo_colours: colours, logo_url: brand.logo }
    })
  return handlers
    .handle("get", () =>
      Effect.gen(function* () {
        yield* requireAdmin
        return yield* view((yield* CurrentAccount).account_id)
      })
    )
    .handle("pdfOffer", () =>
      Effect.gen(function* () {
        const { show_pdf, pdf_page_size } = yield* AppearanceRepo.get((yield* CurrentAccount).account_id)
        return { show_pdf, pdf_page_size }
      })
    )
    .handle("update", ({ payload }) =>
      Effect.gen(function* () {
        yield* requireAdmin
        const { account_id, signin_id } = yield* CurrentAccount
        yield* AppearanceRepo.save(account_id, signin_id, payload, yield* Clock.currentTimeMillis)
        return yield* view(account_id)
      })
    )
    .handle("preview", ({ payload }) =>
      Effect.gen(function* () {
        yield* requireAdmin
        const brand = yield* brandOf((yield* CurrentAccount).account_id)
        const template = yield* PageTemplate.load("customer.html")
        return Preview.render(payload, brand.name, brand.logo, Preview.pageStyles(template))
      })
    )
})
