/**
 * The account repository: the rows behind the account cache (`GET /get/cache-account`): the account's
 * settings, its team (joined members), item taxes, item categories and the template dropdown. Every query
 * is filtered by the tenant's `account_id`.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { AccountSignin, ItemCategory, TeamMember, TemplateOption } from "@quotekit/core/api/AccountApi"
import * as Country from "@quotekit/core/Country"
import type * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import type * as TaxMode from "@quotekit/core/TaxMode"
import * as TaxRate from "@quotekit/core/TaxRate"
import type * as Wording from "@quotekit/core/Wording"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as SharedContent from "../sharedaccounts/Content.ts"

/** The account-wide part of the account sign-in (everything but who is asking). */
export type AccountSettings = Omit<AccountSignin, "signin_id" | "is_admin" | "accounts">

/** The account-wide rows of the cache. */
export interface AccountRows {
  readonly settings: AccountSettings
  readonly item_taxes: ReadonlyArray<TaxRate.TaxRate>
  readonly item_categories: ReadonlyArray<ItemCategory>
  readonly signins: ReadonlyArray<TeamMember>
  readonly templates: ReadonlyArray<TemplateOption>
}

interface ItemCategoryRow {
  readonly item_cat_id: number
  readonly name: string
  readonly description: string
  readonly archive_id: number
  readonly tax_id_default: number | null
}

/** The repository service. */
export class AccountRepo extends Context.Service<
  AccountRepo,
  {
    /** The account-wide rows of the cache; none when the account does not exist. */
    readonly rows: (account: AccountId) => Effect.Effect<Option.Option<AccountRows>>
  }
>()("quotekit/server/AccountRepo") {}

interface SettingsRow {
  readonly account_id: number
  readonly name: string
  readonly country_id: number | null
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly tax_word: string
  readonly show_code: boolean
  readonly show_symbol: boolean
  readonly private_pricing: number
  readonly default_template_id: number | null
  readonly cost_always: boolean
  readonly default_margin: string | null
  readonly default_category_id: number | null
  readonly default_tax_id: number | null
  readonly date_format: DateFormat.Style
  readonly product_noun: Wording.Noun
  readonly leads_enabled: boolean
  readonly reviews_enabled: boolean
  readonly unseen_reviews: number
  readonly plan_state: string
}

/** The settings of an account row in the wire's terms (unset defaults become 0, as the spec's ids do). */
export const toSettings = (row: SettingsRow): AccountSettings => ({
  account_id: row.account_id as AccountId,
  account_name: row.name,
  image: null,
  defCostAlways: row.cost_always,
  defMargin: Money.make(row.default_margin ?? "0"),
  defTaxId: row.default_tax_id ?? 0,
  defCategoryId: row.default_category_id ?? 0,
  defaultCurrency: row.currency_id,
  defaultAmounts: row.amounts_entered,
  defPrivatePricing: PrivatePricing.make(row.private_pricing),
  defaultTemplate: row.default_template_id ?? 0,
  showCode: row.show_code,
  showSymbol: row.show_symbol,
  taxWord: row.tax_word,
  roomAccount: `account-${row.account_id}`,
  country_id: (row.country_id ?? Country.defaultCountry.id) as Country.CountryId,
  dateFormat: row.date_format,
  productNoun: row.product_noun,
  planState: row.plan_state,
  trial: row.plan_state === "trial",
  hasLeads: row.leads_enabled,
  hasReviews: row.reviews_enabled,
  reviewCount: row.unseen_reviews
})

/** The repository over the SQL client. */
export const layer = Layer.effect(
  AccountRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return AccountRepo.of({
      rows: (account) =>
        Effect.gen(function* () {
          const [settings] = yield* sql<SettingsRow>`
            SELECT account_id, name, country_id, currency_id, amounts_entered, tax_word, show_code, show_symbol,
                   private_pricing::int AS private_pricing, default_template_id, cost_always,
                   default_margin::text AS default_margin,
                   default_category_id, default_tax_id, date_format, product_noun, leads_enabled, reviews_enabled, plan_state,
                   (SELECT count(*)::int FROM reviews r
                    WHERE r.account_id = accounts.account_id AND r.archive_id = 1 AND NOT r.seen) AS unseen_reviews
            FROM accounts WHERE account_id = ${account}`
          if (settings === undefined) return Option.none()
          const team = yield* sql<{
            signin_id: number
            name_display: string
            name_first: string
            name_last: string
            image: string | null
            is_admin: boolean
          }>`
            SELECT s.signin_id, s.name_display, s.name_first, s.name_last, s.image, m.is_admin
            FROM memberships m JOIN signins s ON s.signin_id = m.signin_id
            WHERE m.account_id = ${account} AND m.joined_at IS NOT NULL
            ORDER BY lower(s.name_display), s.signin_id`
          const taxes = yield* sql<{ item_tax_id: number; tax_rate: string; description: string; archive_id: number }>`
            SELECT item_tax_id, tax_rate::text AS tax_rate, description, archive_id::int AS archive_id
            FROM item_taxes WHERE account_id = ${account} ORDER BY item_tax_id`
          const categories = yield* sql<ItemCategoryRow>`
            SELECT item_cat_id, name, description, archive_id::int AS archive_id, tax_id_default
            FROM item_categories WHERE account_id = ${account} ORDER BY lower(name), item_cat_id`
          // The template dropdown lists live templates (not archived, not deleted), a parent's shared ones too.
          yield* SharedContent.refresh(account).pipe(Effect.provideService(SqlClient.SqlClient, sql))
          const templates = yield* sql<{ quote_id: number; title: string }>`
            SELECT quote_id, title FROM quotes
            WHERE account_id = ${account} AND is_template AND archive_id = 1 AND deleted_at IS NULL
            ORDER BY lower(title), quote_id`
          return Option.some<AccountRows>({
            settings: toSettings(settings),
            item_taxes: taxes.map(
              (t) =>
                new TaxRate.TaxRate({
                  item_tax_id: t.item_tax_id as TaxRate.ItemTaxId,
                  tax_rate: Money.make(t.tax_rate),
                  description: t.description,
                  archive_id: t.archive_id
                })
            ),
            item_categories: categories.map((c) => ({ ...c, tax_id_default: c.tax_id_default ?? 0 })),
            signins: team.map((m) => ({
              signin_id: m.signin_id as SigninId,
              account_id: account,
              name_display: m.name_display,
              name_first: m.name_first,
              name_last: m.name_last,
              image: m.image,
              is_admin: m.is_admin,
              defaultCurrency: settings.currency_id,
              defaultTemplate: settings.default_template_id ?? 0
            })),
            templates
          })
        }).pipe(Effect.orDie)
    })
  })
)
