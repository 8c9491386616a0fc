/**
 * Two-factor sign-in over HTTP (add-on 15; rules and texts in `TwoFactor`):
 *
 * - The second step of a sign-in: after a right password that needs more, `POST /sign-in` answers a
 *   `TwoFactor.Challenge` and sets the httpOnly `qk_2fa` cookie (10 minutes) instead of a session; the code (or a
 *   recovery code) is posted to `/sign-in/two-factor`, or, for a member whose account requires two-factor and who
 *   has none, the enrolment is made and confirmed under `/sign-in/two-factor/enrol`. Only then is there a session.
 * - The person's own two-factor (Personal Settings): status, enrol and confirm, new recovery codes, turn off
 *   (password needed).
 * - The account's rule (Account Settings, admins): require two-factor of every member.
 *
 * API keys are not affected: they are made by admins and sign nobody in.
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { AccessDenied, InvalidInput, TooManyAttempts } from "./ApiError.ts"
import { SigninState } from "./AuthApi.ts"
import { AccountChosen, SignedIn, sessionOnly } from "./Security.ts"

/** A new secret to scan: the key in base32 (for typing by hand), the `otpauth://` address and its QR (SVG data URL). */
export const Enrolment = Schema.Struct({
  secret: Schema.String,
  uri: Schema.String,
  qr: Schema.String
})
/** A new secret to scan. */
export type Enrolment = typeof Enrolment.Type

/** The person's two-factor: on or off, since when (epoch seconds), recovery codes left, and who requires it. */
export const Status = Schema.Struct({
  enabled: Schema.Boolean,
  enabled_at: Schema.NullOr(Schema.Int),
  recovery_codes_left: Schema.Int,
  /** Names of the accounts that require two-factor of their members. */
  required_by: Schema.Array(Schema.String)
})
/** The person's two-factor. */
export type Status = typeof Status.Type

/** Recovery codes, shown once. */
export const RecoveryCodes = Schema.Struct({ recovery_codes: Schema.Array(Schema.String) })
/** Recovery codes, shown once. */
export type RecoveryCodes = typeof RecoveryCodes.Type

/** A typed code (6 digits, or a recovery code), bounded. */
export const CodeInput = Schema.String.check(Schema.isMaxLength(40))

/** The second step of a sign-in: the code and whether to remember this device. */
export const CodeStep = Schema.Struct({ code: CodeInput, remember: Schema.Boolean })

/** A password to confirm a change (turning off, new recovery codes). */
export const PasswordInput = Schema.Struct({ password: Schema.String.check(Schema.isMaxLength(200)) })

/** The account's rule, and how many members have no two-factor yet. */
export const AccountRule = Schema.Struct({ required: Schema.Boolean, members_without: Schema.Int })
/** The account's rule. */
export type AccountRule = typeof AccountRule.Type

/** Enrolment finished at sign-in: the session's state and the recovery codes to show once. */
export const EnrolledSignin = Schema.Struct({ state: SigninState, recovery_codes: Schema.Array(Schema.String) })
/** Enrolment finished at sign-in. */
export type EnrolledSignin = typeof EnrolledSignin.Type

/** The two-factor group. */
export class TwoFactorApi extends HttpApiGroup.make("twoFactor")
  .add(
    HttpApiEndpoint.post("verify", "/sign-in/two-factor", {
      payload: CodeStep,
      success: SigninState,
      error: [InvalidInput, TooManyAttempts]
    }),
    HttpApiEndpoint.post("signinEnrol", "/sign-in/two-factor/enrol", { success: Enrolment, error: InvalidInput }),
    HttpApiEndpoint.post("signinConfirm", "/sign-in/two-factor/enrol/confirm", {
      payload: CodeStep,
      success: EnrolledSignin,
      error: [InvalidInput, TooManyAttempts]
    }),
    HttpApiEndpoint.get("status", "/two-factor", { success: Status }).middleware(SignedIn).annotateMerge(sessionOnly),
    HttpApiEndpoint.post("enrol", "/two-factor/enrol", { success: Enrolment, error: InvalidInput })
      .middleware(SignedIn)
      .annotateMerge(sessionOnly),
    HttpApiEndpoint.post("confirm", "/two-factor/enrol/confirm", {
      payload: Schema.Struct({ code: CodeInput }),
      success: RecoveryCodes,
      error: [InvalidInput, TooManyAttempts]
    })
      .middleware(SignedIn)
      .annotateMerge(sessionOnly),
    HttpApiEndpoint.post("regenerate", "/two-factor/recovery-codes", {
      payload: PasswordInput,
      success: RecoveryCodes,
      error: [InvalidInput, TooManyAttempts]
    })
      .middleware(SignedIn)
      .annotateMerge(sessionOnly),
    HttpApiEndpoint.post("disable", "/two-factor/disable", {
      payload: PasswordInput,
      success: Status,
      error: [InvalidInput, TooManyAttempts]
    })
      .middleware(SignedIn)
      .annotateMerge(sessionOnly),
    HttpApiEndpoint.get("accountRule", "/account/two-factor", { success: AccountRule, error: AccessDenied })
      .middleware(AccountChosen)
      .middleware(SignedIn),
    HttpApiEndpoint.post("setAccountRule", "/account/two-factor", {
      payload: Schema.Struct({ required: Schema.Boolean }),
      success: AccountRule,
      error: [AccessDenied, InvalidInput]
    })
      .middleware(AccountChosen)
      .middleware(SignedIn)
      .annotateMerge(sessionOnly)
  )
  .annotateMerge(
    OpenApi.annotations({
      title: "Two-factor sign-in",
      description:
        "The second step of a sign-in (a code from an authenticator app or a recovery code), a person's own " +
        "two-factor, and an account's rule that every member uses it."
    })
  ) {}
