/**
 * Accounts and sign-in over HTTP: create an account, sign in and out, choose the account to work in
 * ('which account'), reset a forgotten password by an emailed link, invite team members and accept an
 * invitation. Paths follow the spec (`/sign-in/exit`, `/sign-in/act-on/account-select/{account id}`).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Account from "../Account.ts"
import * as TwoFactor from "../TwoFactor.ts"
import { AccessDenied, InvalidInput, NotFound, TooManyAttempts, Unavailable } from "./ApiError.ts"
import { AccountChosen, SignedIn, sessionOnly } from "./Security.ts"

/** One account a sign-in belongs to, as the 'which account' page and the account switcher list it. */
export const AccountChoice = Schema.Struct({
  account_id: Account.AccountId,
  account_name: Schema.String,
  image: Schema.NullOr(Schema.String),
  is_admin: Schema.Boolean
})
/** One entry of the 'which account' list. */
export type AccountChoice = typeof AccountChoice.Type

/**
 * The sign-in state after any sign-in step: who is signed in, the accounts they belong to, and the chosen
 * account (`account_id`, null until one is chosen; chosen automatically when there is only one).
 */
export const SigninState = Schema.Struct({
  signin_id: Account.SigninId,
  name_display: Schema.String,
  email: Schema.String,
  accounts: Schema.Array(AccountChoice),
  account_id: Schema.NullOr(Account.AccountId)
})
/** The sign-in state. */
export type SigninState = typeof SigninState.Type

/**
 * What a credential step answers: the sign-in state (a session has started), or a second step to take first
 * (`TwoFactor.Challenge`: a code, or enrolment when an account requires two-factor; no session yet).
 */
export const SigninAnswer = Schema.Union([SigninState, TwoFactor.Challenge])
/** What a credential step answers. */
export type SigninAnswer = typeof SigninAnswer.Type

/** A single-use token from an emailed link (password reset or invitation). */
export const LinkToken = Schema.String.check(Schema.isMinLength(16), Schema.isMaxLength(128))

/** The create-account form: the business, the person creating it (its first admin), their email and password. */
export const NewAccount = Schema.Struct({
  business_name: Account.Name("Business name"),
  your_name: Account.Name("Your name"),
  email: Account.Email,
  password: Account.Password
})

/**
 * The sign-in form. The email is only normalised (not pattern-checked) and the password only bounded, so an
 * old sign-in is never locked out by a newer rule; a wrong pair answers `InvalidInput` on both inputs.
 */
export const Credentials = Schema.Struct({
  email: Schema.String.check(Schema.isMaxLength(Account.EMAIL_MAX)),
  password: Schema.String.check(Schema.isMaxLength(Account.PASSWORD_MAX))
})

/** An invitation as the admin sees it after sending it. */
export const Invitation = Schema.Struct({
  email: Schema.String,
  is_admin: Schema.Boolean,
  expires: Schema.Int
})

/** What the accept-invitation page shows before the invitee answers. */
export const InvitationPreview = Schema.Struct({
  account_name: Schema.String,
  email: Schema.String,
  invited_by: Schema.String,
  has_signin: Schema.Boolean
})

/** The accounts and sign-in group. */
export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("createAccount", "/sign-in/new-account", {
      payload: NewAccount,
      success: SigninState.pipe(HttpApiSchema.status(201)),
      error: TooManyAttempts
    }),
    HttpApiEndpoint.post("signIn", "/sign-in", {
      payload: Credentials,
      success: SigninAnswer,
      error: TooManyAttempts
    }),
    HttpApiEndpoint.post("signOut", "/sign-in/exit"),
    // A key is bound to one account: the person's other accounts and the session's choice are not its business.
    HttpApiEndpoint.get("whichAccount", "/sign-in/which-account", { success: SigninState })
      .middleware(SignedIn)
      .annotateMerge(sessionOnly),
    HttpApiEndpoint.post("selectAccount", "/sign-in/act-on/account-select/:account_id", {
      params: { account_id: Account.AccountId },
      success: SigninState,
      error: AccessDenied
    })
      .middleware(SignedIn)
      .annotateMerge(sessionOnly),
    HttpApiEndpoint.post("forgotPassword", "/sign-in/forgot-password", {
      payload: Schema.Struct({ email: Account.Email }),
      success: HttpApiSchema.NoContent.pipe(HttpApiSchema.status(202)),
      error: TooManyAttempts
    }),
    HttpApiEndpoint.post("resetPassword", "/sign-in/reset-password", {
      payload: Schema.Struct({ token: LinkToken, password: Account.Password }),
      success: SigninAnswer,
      error: TooManyAttempts
    }),
    HttpApiEndpoint.post("invite", "/sign-in/invite", {
      payload: Schema.Struct({ email: Account.Email, is_admin: Schema.Boolean }),
      success: Invitation.pipe(HttpApiSchema.status(201)),
      // Unavailable (503): the invitation is saved but its email could not be sent; inviting again resends.
      error: [AccessDenied, Unavailable]
    })
      .middleware(AccountChosen)
      .middleware(SignedIn),
    HttpApiEndpoint.get("invitation", "/sign-in/invitation/:token", {
      params: { token: LinkToken },
      success: InvitationPreview,
      error: NotFound
    }),
    HttpApiEndpoint.post("acceptInvitation", "/sign-in/accept-invitation", {
      payload: Schema.Struct({
        token: LinkToken,
        your_name: Schema.optionalKey(Account.Name("Your name")),
        password: Schema.String.check(Schema.isMaxLength(Account.PASSWORD_MAX))
      }),
      success: SigninAnswer,
      error: [InvalidInput, TooManyAttempts]
    })
  )
  .annotateMerge(
    OpenApi.annotations({
      title: "Sign-in",
      description: "Accounts, sign-in sessions, account choice, password reset and team invitations."
    })
  ) {}
