/**
 * Settings: the account's settings (admins only; they pre-fill new quotes: currency, tax mode, tax word,
 * private pricing, default template, cost, margin, category and tax, the product noun and the date format)
 * and each team member's personal settings (name, email, phone, title, avatar, time zone, password).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Account from "../Account.ts"
import * as Country from "../Country.ts"
import * as Currency from "../Currency.ts"
import * as DateFormat from "../DateFormat.ts"
import * as Money from "../Money.ts"
import * as PrivatePricing from "../PrivatePricing.ts"
import * as TaxMode from "../TaxMode.ts"
import * as Wording from "../Wording.ts"
import { AccessDenied, InvalidInput, NotFound, TooManyAttempts } from "./ApiError.ts"
import { AccountChosen, SignedIn, sessionOnly } from "./Security.ts"

/** The account settings form. Ids of 0 mean "none" (no state, template, category or tax). */
export const AccountSettingsInput = Schema.Struct({
  account_name: Account.Name("Business name"),
  country_id: Country.CountryId,
  state_id: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  currency_id: Currency.CurrencyId,
  amounts_entered: TaxMode.TaxModeSchema,
  tax_word: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(30)),
  show_code: Schema.Boolean,
  show_symbol: Schema.Boolean,
  private_pricing: PrivatePricing.PrivatePricing,
  default_template_id: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  cost_always: Schema.Boolean,
  default_margin: Money.DecimalFromString.check(
    Schema.isBetweenBigDecimal({ minimum: Money.make("-100"), maximum: Money.hundred })
  ),
  default_category_id: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  default_tax_id: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  product_noun: Wording.Noun,
  date_format: DateFormat.Style,
  leads_enabled: Schema.Boolean
})
/** The account settings form. */
export type AccountSettingsInput = typeof AccountSettingsInput.Type

/** The account settings as the page shows them: the form's values plus the logo and the lead form's address. */
export const AccountSettings = Schema.Struct({
  ...AccountSettingsInput.fields,
  account_id: Account.AccountId,
  /** The logo's URL; null when none is uploaded. */
  logo_url: Schema.NullOr(Schema.String),
  /** The public lead form's key and address (POST multipart there). */
  lead_form_key: Schema.String,
  lead_form_path: Schema.String,
  /** Where the account's creator came from (the landing cookie's parts at sign-up, `LandingSource`); "" when unknown. */
  signup_source: Schema.String
})
/** The account settings. */
export type AccountSettings = typeof AccountSettings.Type

/** The personal settings form (the password has its own call). */
export const PersonalInput = Schema.Struct({
  name_first: Schema.String.check(Schema.isMaxLength(Account.NAME_MAX)),
  name_last: Schema.String.check(Schema.isMaxLength(Account.NAME_MAX)),
  email: Account.Email,
  profile_phone: Schema.String.check(Schema.isMaxLength(60)),
  profile_title: Schema.String.check(Schema.isMaxLength(120)),
  /** An IANA time zone such as "Pacific/Auckland". */
  signin_tz: Schema.String.check(Schema.isMaxLength(64)),
  /** Required when the email changes: the current password. */
  current_password: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(Account.PASSWORD_MAX))),
  /** Clears the avatar when true. */
  clear_image: Schema.optionalKey(Schema.Boolean)
})
/** The personal settings form. */
export type PersonalInput = typeof PersonalInput.Type

/** The personal settings as the page shows them. */
export const PersonalSettings = Schema.Struct({
  signin_id: Account.SigninId,
  name_first: Schema.String,
  name_last: Schema.String,
  name_display: Schema.String,
  email: Schema.String,
  profile_phone: Schema.String,
  profile_title: Schema.String,
  /** The avatar's URL; null when none ('Upload a Photo' rather than 'Change Photo'). */
  image: Schema.NullOr(Schema.String),
  photo_label: Schema.String,
  signin_tz: Schema.String
})
/** The personal settings. */
export type PersonalSettings = typeof PersonalSettings.Type

/** The password change: the current password and the new one. */
export const PasswordChange = Schema.Struct({
  current_password: Schema.String.check(Schema.isMaxLength(Account.PASSWORD_MAX)),
  new_password: Account.Password
})

/** The settings group. */
export class SettingsApi extends HttpApiGroup.make("settings")
  .add(
    HttpApiEndpoint.get("account", "/get/settings/account", { success: AccountSettings, error: NotFound }),
    HttpApiEndpoint.post("updateAccount", "/post/settings/account", {
      payload: AccountSettingsInput,
      success: AccountSettings,
      error: [NotFound, InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("newLeadFormKey", "/post/settings/lead-form-key", {
      success: AccountSettings,
      error: [NotFound, AccessDenied]
    }),
    HttpApiEndpoint.get("personal", "/get/settings/personal", { success: PersonalSettings, error: NotFound }),
    // A person's own sign-in details and password: an API key acting for them may not change them.
    HttpApiEndpoint.post("updatePersonal", "/post/settings/personal", {
      payload: PersonalInput,
      success: PersonalSettings,
      error: [NotFound, InvalidInput, TooManyAttempts]
    }).annotateMerge(sessionOnly),
    HttpApiEndpoint.post("changePassword", "/post/settings/password", {
      payload: PasswordChange,
      success: HttpApiSchema.NoContent,
      error: [InvalidInput, TooManyAttempts]
    }).annotateMerge(sessionOnly)
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Settings", description: "Account and personal settings." })) {}
