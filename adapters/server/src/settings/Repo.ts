/**
 * The settings repository: the account's settings row (what pre-fills new quotes and new items), the lead
 * form key, the logo, and a sign-in's personal settings, avatar and password hash.
 *
 * @since 0.1.0
 */

import type * as Account from "@quotekit/core/Account"
import type { AccountSettingsInput, PersonalSettings } from "@quotekit/core/api/SettingsApi"
import * as Country from "@quotekit/core/Country"
import type * as Currency from "@quotekit/core/Currency"
import type * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import type * as TaxMode from "@quotekit/core/TaxMode"
import type * as Wording from "@quotekit/core/Wording"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** What new items start with. */
export interface ItemDefaults {
  readonly cost_always: boolean
  readonly default_category_id: number
  readonly default_tax_id: number
  readonly default_margin: Money.Decimal
}

/** The stored account settings, with the logo's file and the lead form key. */
export interface StoredAccountSettings extends AccountSettingsInput {
  readonly account_id: Account.AccountId
  readonly logo_file_id: number | null
  readonly lead_form_key: string | null
  readonly signup_source: string
}

/** A sign-in's personal settings with its password hash. */
export interface StoredPersonal extends Omit<PersonalSettings, "photo_label"> {
  readonly password_hash: string | null
}

/** The repository service. */
export class SettingsRepo extends Context.Service<
  SettingsRepo,
  {
    readonly itemDefaults: (account: number) => Effect.Effect<ItemDefaults>
    readonly account: (account: number) => Effect.Effect<Option.Option<StoredAccountSettings>>
    readonly updateAccount: (account: number, input: AccountSettingsInput) => Effect.Effect<void>
    /** Set the lead form key (a new random key replaces the old one, which stops working). */
    readonly setLeadFormKey: (account: number, key: string) => Effect.Effect<void>
    /** The account a lead form key belongs to. */
    readonly accountByLeadFormKey: (key: string) => Effect.Effect<Option.Option<number>>
    readonly setLogo: (account: number, fileId: number | null) => Effect.Effect<void>
    /** Whether a template of the account is current (a default template must be). */
    readonly isCurrentTemplate: (account: number, quoteId: number) => Effect.Effect<boolean>
    readonly personal: (signin: number) => Effect.Effect<Option.Option<StoredPersonal>>
    readonly updatePersonal: (
      signin: number,
      input: {
        readonly name_first: string
        readonly name_last: string
        readonly email: string
        readonly profile_phone: string
        readonly profile_title: string
        readonly signin_tz: string
      }
    ) => Effect.Effect<void>
    /** Whether another sign-in uses the email (case-insensitive). */
    readonly emailTaken: (signin: number, email: string) => Effect.Effect<boolean>
    readonly setImage: (signin: number, url: string | null) => Effect.Effect<void>
    readonly setPasswordHash: (signin: number, hash: string) => Effect.Effect<void>
  }
>()("quotekit/server/SettingsRepo") {}

interface RawAccount {
  readonly account_id: number
  readonly name: string
  readonly country_id: number | null
  readonly state_id: number | null
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
  readonly product_noun: Wording.Noun
  readonly date_format: DateFormat.Style
  readonly leads_enabled: boolean
  readonly logo_file_id: number | null
  readonly lead_form_key: string | null
  readonly signup_source: string
}

/** The repository over SQL. */
export const layer = Layer.effect(
  SettingsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SettingsRepo.of({
      itemDefaults: (account) =>
        sql<{
          cost_always: boolean
          default_category_id: number
          default_tax_id: number
          default_margin: string | null
        }>`SELECT cost_always, coalesce(default_category_id, 0) AS default_category_id,
                  coalesce(default_tax_id, 0) AS default_tax_id, default_margin::text AS default_margin
           FROM accounts WHERE account_id = ${account}`.pipe(
          Effect.map((rows) => {
            const r = rows[0]
            return {
              cost_always: r?.cost_always ?? false,
              default_category_id: r?.default_category_id ?? 0,
              default_tax_id: r?.default_tax_id ?? 0,
              default_margin: Money.make(r?.default_margin ?? "0")
            }
          }),
          Effect.orDie
        ),
      account: (account) =>
        sql<RawAccount>`
          SELECT account_id, name, country_id, state_id, currency_id, amounts_entered, tax_word, show_code,
                 show_symbol, private_pricing::int AS private_pricing, default_template_id, cost_always,
                 default_margin::text AS default_margin, default_category_id, default_tax_id, product_noun,
                 date_format, leads_enabled, logo_file_id, lead_form_key, signup_source
          FROM accounts WHERE account_id = ${account}`.pipe(
          Effect.map((rows) =>
            Option.map(
              Option.fromNullishOr(rows[0]),
              (r): StoredAccountSettings => ({
                account_id: r.account_id as Account.AccountId,
                account_name: r.name,
                country_id: (r.country_id ?? Country.defaultCountry.id) as Country.CountryId,
                state_id: r.state_id ?? 0,
                currency_id: r.currency_id as Currency.CurrencyId,
                amounts_entered: r.amounts_entered,
                tax_word: r.tax_word,
                show_code: r.show_code,
                show_symbol: r.show_symbol,
                private_pricing: PrivatePricing.make(r.private_pricing),
                default_template_id: r.default_template_id ?? 0,
                cost_always: r.cost_always,
                default_margin: Money.make(r.default_margin ?? "0"),
                default_category_id: r.default_category_id ?? 0,
                default_tax_id: r.default_tax_id ?? 0,
                product_noun: r.product_noun,
                date_format: r.date_format,
                leads_enabled: r.leads_enabled,
                logo_file_id: r.logo_file_id,
                lead_form_key: r.lead_form_key,
                signup_source: r.signup_source
              })
            )
          ),
          Effect.orDie
        ),
      updateAccount: (account, i) =>
        sql`UPDATE accounts SET ${sql.update({
          name: i.account_name.trim(),
          country_id: i.country_id,
          state_id: i.state_id === 0 ? null : i.state_id,
          currency_id: i.currency_id,
          amounts_entered: i.amounts_entered,
          tax_word: i.tax_word.trim(),
          show_code: i.show_code,
          show_symbol: i.show_symbol,
          private_pricing: i.private_pricing,
          default_template_id: i.default_template_id === 0 ? null : i.default_template_id,
          cost_always: i.cost_always,
          default_margin: Money.toFixed(i.default_margin, Money.UNIT_SCALE),
          default_category_id: i.default_category_id === 0 ? null : i.default_category_id,
          default_tax_id: i.default_tax_id === 0 ? null : i.default_tax_id,
          product_noun: i.product_noun,
          date_format: i.date_format,
          leads_enabled: i.leads_enabled
        })}, modified = now() WHERE account_id = ${account}`.pipe(Effect.asVoid, Effect.orDie),
      setLeadFormKey: (account, key) =>
        sql`UPDATE accounts SET lead_form_key = ${key} WHERE account_id = ${account}`.pipe(Effect.asVoid, Effect.orDie),
      accountByLeadFormKey: (key) =>
        sql<{ account_id: number }>`SELECT account_id FROM accounts WHERE lead_form_key = ${key}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => r.account_id)),
          Effect.orDie
        ),
      setLogo: (account, fileId) =>
        sql`UPDATE accounts SET logo_file_id = ${fileId}, modified = now() WHERE account_id = ${account}`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      isCurrentTemplate: (account, quoteId) =>
        sql<{ ok: boolean }>`SELECT EXISTS (SELECT 1 FROM quotes WHERE account_id = ${account}
            AND quote_id = ${quoteId} AND is_template AND archive_id = 1) AS ok`.pipe(
          Effect.map((rows) => rows[0]?.ok === true),
          Effect.orDie
        ),
      personal: (signin) =>
        sql<StoredPersonal>`
          SELECT signin_id, name_first, name_last, name_display, email, profile_phone, profile_title, image,
                 signin_tz, password_hash
          FROM signins WHERE signin_id = ${signin}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      updatePersonal: (signin, i) => {
        const display = `${i.name_first.trim()} ${i.name_last.trim()}`.trim()
        return sql`UPDATE signins SET ${sql.update({
          name_first: i.name_first.trim(),
          name_last: i.name_last.trim(),
          name_display: display === "" ? i.email.trim() : display,
          email: i.email.trim(),
          profile_phone: i.profile_phone.trim(),
          profile_title: i.profile_title.trim(),
          signin_tz: i.signin_tz
        })}, modified = now() WHERE signin_id = ${signin}`.pipe(Effect.asVoid, Effect.orDie)
      },
      emailTaken: (signin, email) =>
        sql<{ taken: boolean }>`SELECT EXISTS (SELECT 1 FROM signins
            WHERE lower(email) = ${email.trim().toLowerCase()} AND signin_id <> ${signin}) AS taken`.pipe(
          Effect.map((rows) => rows[0]?.taken === true),
          Effect.orDie
        ),
      setImage: (signin, url) =>
        sql`UPDATE signins SET image = ${url}, modified = now() WHERE signin_id = ${signin}`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      setPasswordHash: (signin, hash) =>
        sql`UPDATE signins SET password_hash = ${hash}, modified = now() WHERE signin_id = ${signin}`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
    })
  })
)
