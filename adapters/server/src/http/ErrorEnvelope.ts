/**
 * The error envelope middleware: input that does not decode answers `InvalidInput` (400) with a readable
 * message and one form error per refused field; anything unexpected (a defect, or a failure that is not one
 * of the contract's answers, such as a leaked database error) is logged and answers `ServerFailure` (500)
 * without details; a database that cannot be reached answers `Unavailable` (503, `DatabaseDown`). So a client
 * never sees an empty 500 or a stack trace. `TooManyAttempts` and `Unavailable` also get their `Retry-After`
 * header here.
 *
 * @since 0.1.0
 */
import * as ApiError from "@quotekit/core/api/ApiError"
import { ErrorEnvelope } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Cause, Effect, Layer, SchemaIssue, type Types } from "effect"
import { HttpEffect, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import * as DatabaseDown from "./DatabaseDown.ts"
import * as InputGuard from "./InputGuard.ts"

const answers: ReadonlyArray<new (...args: never) => unknown> = [
  ApiError.InvalidInput,
  ApiError.SigninAgain,
  ApiError.AccessDenied,
  ApiError.ChooseAccount,
  ApiError.NotFound,
  ApiError.ChangeWarning,
  ApiError.TooManyAttempts,
  ApiError.ServerFailure,
  ApiError.Unavailable
]

/** Whether a failure is one of the contract's answers (passed on for the endpoint to encode). */
export const isAnswer = (error: unknown): boolean =>
  answers.some((C) => error instanceof C) ||
  // A feature's own answer (such as ActionRefused, 409) carries the envelope's `_serveError` flag.
  (typeof error === "object" && error !== null && "_tag" in error && "_serveError" in error)

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** Name of the input an issue path points at: the path's keys joined with dots (`items.0.price_unit`). */
const inputId = (path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined): string =>
  (path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".")

/** The `InvalidInput` answer for a request that did not decode. */
export const fromSchemaError = (error: HttpApiError.HttpApiSchemaError): ApiError.InvalidInput => {
  const issues = formatter(error.cause.issue).issues
  const formErrors = issues.map((issue) => ({
    input_id: inputId(issue.path) || error.kind.toLowerCase(),
    highlight: (issue.path?.length ?? 0) > 0,
    message: issue.message
  }))
  const only = formErrors.length === 1 ? formErrors[0] : undefined
  // One refused field speaks for itself; otherwise (several, or a body that is not the expected shape at all)
  // the banner says so in general and the list carries the details.
  const banner = only?.highlight === true ? only.message : Message.catalogue.invalidInput
  return ApiError.InvalidInput.answer(banner, formErrors)
}

/** The `ErrorEnvelope` middleware. */
export const layer = Layer.succeed(
  ErrorEnvelope,
  ErrorEnvelope.of(
    (httpEffect, { endpoint }) =>
      Effect.catchCause(httpEffect, (cause): Effect.Effect<never, unknown, HttpServerRequest.HttpServerRequest> => {
        if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause)
        if (DatabaseDown.inCause(cause)) {
          return Effect.logWarning(`database unreachable in ${endpoint.method} ${endpoint.path}`).pipe(
            Effect.andThen(
              HttpEffect.appendPreResponseHandler((_request, response) =>
                Effect.succeed(
                  HttpServerResponse.setHeader(response, "retry-after", String(DatabaseDown.RETRY_AFTER_SECONDS))
                )
              )
            ),
            Effect.andThen(Effect.fail(ApiError.Unavailable.answer(Message.catalogue.databaseUnavailable)))
          )
        }
        if (InputGuard.nulInCause(cause)) return Effect.fail(ApiError.InvalidInput.answer(Message.catalogue.textHasNul))
        const failure = Cause.findErrorOption(cause)
        if (failure._tag === "Some" && !Cause.hasDies(cause)) {
          const error: unknown = failure.value
          if (HttpApiError.HttpApiSchemaError.is(error) && error.kind !== "Body" && error.kind !== "ResponseHeaders") {
            return Effect.fail(fromSchemaError(error))
          }
          if (error instanceof ApiError.TooManyAttempts) {
            // The header belongs to the answer, not the body; it is added as the answer is sent.
            return HttpEffect.appendPreResponseHandler((_request, response) =>
              Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(error.retry_after)))
            ).pipe(Effect.andThen(Effect.failCause(cause)))
          }
          if (isAnswer(error) || HttpApiError.HttpApiPayloadTooLarge.is(error)) return Effect.failCause(cause)
        }
        return Effect.logError(`unexpected failure in ${endpoint.method} ${endpoint.path}`, cause).pipe(
          Effect.andThen(Effect.fail(ApiError.ServerFailure.answer()))
        )
      }) as Effect.Effect<
        never,
        Types.unhandled | ApiError.InvalidInput | ApiError.ServerFailure | ApiError.Unavailable
      >
  )
)
