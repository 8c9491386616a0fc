/**
 * The catalogue group's handlers: item categories and tax rates, listed for everyone and changed by admins.
 * A tax used on quotes that were sent keeps its rate (those quotes must not change under the customer);
 * its description can still change, and it can be archived and replaced.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { BigDecimal, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountCache } from "../account/Cache.ts"
import { requireAdmin } from "../settings/AdminOnly.ts"
import { CatalogueRepo, type CategoryFields } from "./Repo.ts"

/** The catalogue group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "catalogue",
  Effect.fn(function* (handlers) {
    const repo = yield* CatalogueRepo
    const cache = yield* AccountCache
    const m = Message.catalogue

    const changed = Effect.flatMap(CurrentAccount, (t) => cache.invalidateAccount(t.account_id))

    const checkCategory = (account: number, f: CategoryFields) =>
      Effect.gen(function* () {
        if (f.name.trim() === "") return yield* InvalidInput.field("name", m.fieldRequired("Name"))
        if (f.tax_id_default !== 0 && Option.isNone(yield* repo.tax(account, f.tax_id_default))) {
          return yield* InvalidInput.field("tax_id_default", m.notAvailableChoice("tax"))
        }
      })

    const found = <A>(o: Option.Option<A>) =>
      Option.match(o, { onNone: () => Effect.fail(NotFound.answer()), onSome: Effect.succeed })

    return handlers
      .handle("categories", ({ query }) =>
        Effect.flatMap(CurrentAccount, (t) => repo.categories(t.account_id, query.archive ?? "current"))
      )
      .handle("createCategory", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          yield* checkCategory(account_id, payload)
          const saved = yield* repo.saveCategory(account_id, null, payload)
          yield* changed
          return saved
        })
      )
      .handle("updateCategory", ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          yield* found(yield* repo.category(account_id, params.item_cat_id))
          yield* checkCategory(account_id, payload)
          const saved = yield* repo.saveCategory(account_id, params.item_cat_id, payload)
          yield* changed
          return saved
        })
      )
      .handle("archiveCategory", ({ params }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          yield* found(yield* repo.category(account_id, params.item_cat_id))
          const saved = yield* repo.archiveCategory(account_id, params.item_cat_id, params.archive_id)
          yield* changed
          return saved
        })
      )
      .handle("taxes", ({ query }) =>
        Effect.flatMap(CurrentAccount, (t) => repo.taxes(t.account_id, query.archive ?? "current"))
      )
      .handle("createTax", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          const saved = yield* repo.saveTax(account_id, null, payload)
          yield* changed
          return saved
        })
      )
      .handle("updateTax", ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          const existing = yield* found(yield* repo.tax(account_id, params.item_tax_id))
          if (
            !BigDecimal.equals(existing.tax_rate, payload.tax_rate) &&
            (yield* repo.taxUsedOnSentQuotes(account_id, params.item_tax_id))
          ) {
            return yield* InvalidInput.field("tax_rate", m.taxRateInUse)
          }
          const saved = yield* repo.saveTax(account_id, params.item_tax_id, payload)
          yield* changed
          return saved
        })
      )
      .handle("archiveTax", ({ params }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          yield* found(yield* repo.tax(account_id, params.item_tax_id))
          const saved = yield* repo.archiveTax(account_id, params.item_tax_id, params.archive_id)
          yield* changed
          return saved
        })
      )
  })
)
