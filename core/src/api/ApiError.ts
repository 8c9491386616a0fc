/**
 * The error envelope of the HTTP API: every failure answer carries the spec's "server answer flags"
 * (`_serveError` with a code and a message, `_signinAgain` when the session is gone, `_changeWarning` on an
 * edit conflict) and, for rejected input, a list of form errors the app shows as a banner with highlighted fields.
 *
 * Each class is a `Schema.TaggedError` with its HTTP status, so the server fails with it, the OpenAPI document
 * lists it and the derived client decodes it back to the same class.
 *
 * @example
 * import { ApiError } from "@quotekit/core/api/ApiError"
 * Effect.fail(ApiError.NotFound.answer("Could not find that quote?"))
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import * as Message from "../Message.ts"

/** The machine-readable codes of `_serveError`, one per failure class. */
export const Code = {
  invalidInput: "invalid_input",
  signinAgain: "signin_again",
  accessDenied: "access_denied",
  chooseAccount: "choose_account",
  notFound: "not_found",
  changeConflict: "change_conflict",
  tooManyAttempts: "too_many_attempts",
  internal: "internal",
  unavailable: "unavailable"
} as const

/** The `_serveError` flag: what went wrong, for code (`code`) and for people (`message`). */
export const ServeError = Schema.Struct({ code: Schema.String, message: Schema.String })
/** The `_serveError` flag value. */
export type ServeError = typeof ServeError.Type

/**
 * One entry of a form error list: the input it concerns (`input_id`, the wire field name such as `email`),
 * whether that input is highlighted, and the message shown in the banner.
 */
export const FormError = Schema.Struct({
  input_id: Schema.String,
  highlight: Schema.Boolean,
  message: Schema.String
})
/** One form error entry. */
export type FormError = typeof FormError.Type

/** 400: the request did not decode or a field was refused; `form_errors` names the inputs to highlight. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()(
  "InvalidInput",
  { _serveError: ServeError, form_errors: Schema.Array(FormError) },
  { httpApiStatus: 400 }
) {
  /** An invalid-input answer with a banner message and the inputs at fault. */
  static answer(message: string, formErrors: ReadonlyArray<FormError> = []): InvalidInput {
    return new InvalidInput({ _serveError: { code: Code.invalidInput, message }, form_errors: formErrors })
  }
  /** An invalid-input answer about one field, highlighted. */
  static field(inputId: string, message: string): InvalidInput {
    return InvalidInput.answer(message, [{ input_id: inputId, highlight: true, message }])
  }
}

/** 401: no live session (never signed in, signed out, idle or absolute expiry); the app starts a re-sign-in. */
export class SigninAgain extends Schema.TaggedError<SigninAgain>()(
  "SigninAgain",
  { _signinAgain: Schema.Literal(true), _serveError: ServeError },
  { httpApiStatus: 401 }
) {
  /** The one answer for every kind of missing or expired session. */
  static answer(message: string = Message.catalogue.signinAgain): SigninAgain {
    return new SigninAgain({ _signinAgain: true, _serveError: { code: Code.signinAgain, message } })
  }
}

/** 403: the request is refused as it stands (failed anti-forgery check, not an admin, not a member). */
export class AccessDenied extends Schema.TaggedError<AccessDenied>()(
  "AccessDenied",
  { _serveError: ServeError },
  { httpApiStatus: 403 }
) {
  /** An access-denied answer with its reason. */
  static answer(message: string): AccessDenied {
    return new AccessDenied({ _serveError: { code: Code.accessDenied, message } })
  }
}

/** 403: signed in but no account chosen yet; the app shows the 'which account' page. */
export class ChooseAccount extends Schema.TaggedError<ChooseAccount>()(
  "ChooseAccount",
  { _chooseAccount: Schema.Literal(true), _serveError: ServeError },
  { httpApiStatus: 403 }
) {
  /** The answer for account-scoped requests made before an account is chosen. */
  static answer(): ChooseAccount {
    return new ChooseAccount({
      _chooseAccount: true,
      _serveError: { code: Code.chooseAccount, message: Message.catalogue.chooseAccount }
    })
  }
}

/** 404: the record does not exist, or belongs to another account (the two are never told apart). */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { _serveError: ServeError },
  { httpApiStatus: 404 }
) {
  /** A not-found answer with the message for the kind of record. */
  static answer(message: string = Message.catalogue.recordNotFound): NotFound {
    return new NotFound({ _serveError: { code: Code.notFound, message } })
  }
}

/**
 * 409: the record changed since the client read it. `_changeWarning` names who changed it and when (epoch
 * seconds), and whether the overwritten edits are kept as a version.
 */
export class ChangeWarning extends Schema.TaggedError<ChangeWarning>()(
  "ChangeWarning",
  {
    _changeWarning: Schema.Struct({ who: Schema.String, when: Schema.Int, mayVersion: Schema.Boolean }),
    _serveError: ServeError
  },
  { httpApiStatus: 409 }
) {}

/** 429: too many attempts in the window; `retry_after` seconds (also sent as the `Retry-After` header). */
export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()(
  "TooManyAttempts",
  { retry_after: Schema.Int, _serveError: ServeError },
  { httpApiStatus: 429 }
) {
  /** A too-many-attempts answer telling when to try again. */
  static answer(retryAfterSeconds: number): TooManyAttempts {
    return new TooManyAttempts({
      retry_after: retryAfterSeconds,
      _serveError: { code: Code.tooManyAttempts, message: Message.catalogue.tooManyAttempts(retryAfterSeconds) }
    })
  }
}

/** 500: an unexpected server failure; details stay in the server log, never in the answer. */
export class ServerFailure extends Schema.TaggedError<ServerFailure>()(
  "ServerFailure",
  { _serveError: ServeError },
  { httpApiStatus: 500 }
) {
  /** The one answer for every unexpected failure. */
  static answer(): ServerFailure {
    return new ServerFailure({ _serveError: { code: Code.internal, message: Message.catalogue.unexpectedResponse } })
  }
}

/** 503: a dependency (the database) does not answer; try again shortly. */
export class Unavailable extends Schema.TaggedError<Unavailable>()(
  "Unavailable",
  { _serveError: ServeError },
  { httpApiStatus: 503 }
) {
  /** The answer while a service the request needs is unreachable (the mail relay, by default). */
  static answer(message: string = Message.catalogue.unexpectedResponse): Unavailable {
    return new Unavailable({ _serveError: { code: Code.unavailable, message } })
  }
}
