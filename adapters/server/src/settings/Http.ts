/**
 * The settings group's handlers. Account settings are read and changed by admins (they pre-fill every new
 * quote); personal settings by each team member for themself. Changing the email or the password needs the
 * current password, whose attempts are rate-limited like sign-in; a new password ends the sign-in's other
 * sessions.
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import { Api } from "@quotekit/core/api/Api"
import { InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import { CurrentAccount, CurrentSignin } from "@quotekit/core/api/Security"
import type { AccountSettings } from "@quotekit/core/api/SettingsApi"
import * as Country from "@quotekit/core/Country"
import * as Message from "@quotekit/core/Message"
import { Clock, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountCache } from "../account/Cache.ts"
import { Passwords } from "../auth/Passwords.ts"
import { RateLimiter } from "../auth/RateLimit.ts"
import { AuthRepo } from "../auth/Repo.ts"
import { CatalogueRepo } from "../categories/Repo.ts"
import * as Avatar from "../profile/Avatar.ts"
import { ServerConfig } from "../ServerConfig.ts"
import { urlOf } from "../uploads/Receive.ts"
import { FilesRepo } from "../uploads/Repo.ts"
import { requireAdmin } from "./AdminOnly.ts"
import { SettingsRepo, type StoredAccountSettings } from "./Repo.ts"

const m = Message.catalogue

/** A new lead form key: 24 random bytes, URL-safe (192 bits, never guessed). */
export const newLeadFormKey = (): string => randomBytes(24).toString("base64url")

/** Whether a time zone name is one the runtime knows. */
export const isTimeZone = (tz: string): boolean => {
  if (tz === "UTC") return true
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz })
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz)
  } catch {
    return false
  }
}

/** The settings group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "settings",
  Effect.fn(function* (handlers) {
    const repo = yield* SettingsRepo
    const files = yield* FilesRepo
    const catalogue = yield* CatalogueRepo
    const cache = yield* AccountCache
    const passwords = yield* Passwords
    const limiter = yield* RateLimiter
    const auth = yield* AuthRepo
    const config = yield* ServerConfig

    const view = (s: StoredAccountSettings) =>
      Effect.gen(function* () {
        let key = s.lead_form_key
        if (key === null) {
          key = newLeadFormKey()
          yield* repo.setLeadFormKey(s.account_id, key)
        }
        const logo = s.logo_file_id === null ? Option.none() : yield* files.byId(s.account_id, s.logo_file_id)
        const { logo_file_id: _l, lead_form_key: _k, ...rest } = s
        const out: AccountSettings = {
          ...rest,
          logo_url: Option.getOrNull(Option.map(logo, urlOf)),
          lead_form_key: key,
          lead_form_path: `/public/lead-form/${key}`
        }
        return out
      })

    const load = (account: number) =>
      Effect.flatMap(repo.account(account), (found) =>
        Option.match(found, { onNone: () => Effect.fail(NotFound.answer()), onSome: view })
      )

    const personal = (signin: number) =>
      Effect.flatMap(repo.personal(signin), (found) =>
        Option.match(found, {
          onNone: () => Effect.fail(NotFound.answer()),
          onSome: ({ password_hash: _h, ...p }) =>
            Effect.succeed({ ...p, photo_label: p.image === null ? m.uploadPhoto : m.changePhoto })
        })
      )

    /** Check the current password, counting the attempt against the sign-in's limit. */
    const checkPassword = (signin: number, given: string | undefined, stored: string | null) =>
      Effect.gen(function* () {
        if (given === undefined || given === "")
          return yield* InvalidInput.field("current_password", m.currentPasswordNeeded)
        yield* limiter.attempt(`settings-password:${signin}`, config.signinPerEmail)
        const ok = yield* passwords.verify(given, stored ?? undefined)
        if (!ok) return yield* InvalidInput.field("current_password", m.currentPasswordWrong)
      })

    return handlers
      .handle("account", () =>
        Effect.gen(function* () {
          yield* requireAdmin
          return yield* load((yield* CurrentAccount).account_id)
        })
      )
      .handle("updateAccount", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          const country = Country.byId(payload.country_id)
          if (Option.isNone(country)) return yield* InvalidInput.field("country_id", m.notAvailableChoice("country"))
          if (payload.state_id !== 0) {
            const state = Country.stateById(payload.state_id)
            if (Option.isNone(state) || state.value.country_code !== country.value.code) {
              return yield* InvalidInput.field("state_id", m.stateNotInCountry)
            }
          }
          if (
            payload.default_template_id !== 0 &&
            !(yield* repo.isCurrentTemplate(account_id, payload.default_template_id))
          ) {
            return yield* InvalidInput.field("default_template_id", m.notAvailableChoice("template"))
          }
          if (
            payload.default_category_id !== 0 &&
            Option.isNone(yield* catalogue.category(account_id, payload.default_category_id))
          ) {
            return yield* InvalidInput.field("default_category_id", m.notAvailableChoice("category"))
          }
          if (payload.default_tax_id !== 0 && Option.isNone(yield* catalogue.tax(account_id, payload.default_tax_id))) {
            return yield* InvalidInput.field("default_tax_id", m.notAvailableChoice("tax"))
          }
          yield* repo.updateAccount(account_id, payload)
          yield* cache.invalidateAccount(account_id)
          return yield* load(account_id)
        })
      )
      .handle("newLeadFormKey", () =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          yield* repo.setLeadFormKey(account_id, newLeadFormKey())
          return yield* load(account_id)
        })
      )
      .handle("personal", () => Effect.flatMap(CurrentAccount, (t) => personal(t.signin_id)))
      .handle("updatePersonal", ({ payload }) =>
        Effect.gen(function* () {
          const { signin_id, account_id } = yield* CurrentAccount
          const current = Option.getOrUndefined(yield* repo.personal(signin_id))
          if (current === undefined) return yield* NotFound.answer()
          if (!isTimeZone(payload.signin_tz)) return yield* InvalidInput.field("signin_tz", m.timeZoneUnknown)
          const email = payload.email.trim()
          if (email.toLowerCase() !== current.email.toLowerCase()) {
            yield* checkPassword(signin_id, payload.current_password, current.password_hash)
            if (yield* repo.emailTaken(signin_id, email)) return yield* InvalidInput.field("email", m.emailTaken)
          }
          yield* repo.updatePersonal(signin_id, { ...payload, email })
          if (payload.clear_image === true) {
            yield* repo.setImage(signin_id, null)
            yield* Avatar.photoChanged(signin_id)
          }
          yield* cache.invalidateAccount(account_id)
          yield* cache.invalidateSignin(signin_id)
          return yield* personal(signin_id)
        })
      )
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          const { signin_id, account_id } = yield* CurrentAccount
          const session = yield* CurrentSignin
          const current = Option.getOrUndefined(yield* repo.personal(signin_id))
          if (current === undefined) return yield* InvalidInput.field("current_password", m.currentPasswordWrong)
          yield* checkPassword(signin_id, payload.current_password, current.password_hash)
          yield* repo.setPasswordHash(signin_id, yield* passwords.hash(payload.new_password))
          yield* auth.deleteOtherSessionsOf(signin_id, session.session_id)
          yield* auth.audit({
            account_id,
            signin_id,
            action: "password.changed",
            data: {},
            at: yield* Clock.currentTimeMillis
          })
        })
      )
  })
)
