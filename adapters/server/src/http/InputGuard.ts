/**
 * What every request passes before any route, and what every refusal answers with:
 *
 * - An address longer than `MAX_URL` characters answers 414, one that does not decode 400, before a route or a
 *   file look-up sees it (a long static path used to fail the file system's name limit with an empty 500).
 * - A NUL character (`\u0000`) anywhere in the address or in the text of a JSON or form body answers 400
 *   `InvalidInput` naming the field: PostgreSQL cannot store one, and no field of quotekit means one. Files in
 *   multipart uploads are binary and not looked at; a NUL in a multipart text field is refused by the database
 *   and answered 400 by `ErrorEnvelope`.
 * - A 4xx that would go out bare (no body, or the platform's plain text: the router's empty 404 for an address
 *   or id that does not match, a plain-text 415 or 405) gets the JSON error envelope with a message, unless the
 *   browser asked for a page. Answers with a body of their own (JSON, the public form's HTML pages) are kept.
 *
 * @since 0.1.0
 */
import { Code, type FormError } from "@quotekit/core/api/ApiError"
import * as Message from "@quotekit/core/Message"
import { Cause, Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlError } from "effect/sql"

/** The longest address read, in characters (browsers and proxies commonly allow 8 KB; quotekit needs far less). */
export const MAX_URL = 4096

const envelope = (status: number, code: string, message: string, formErrors: ReadonlyArray<FormError> = []) =>
  HttpServerResponse.jsonUnsafe(
    code === Code.invalidInput
      ? { _tag: "InvalidInput", _serveError: { code, message }, form_errors: formErrors }
      : { _serveError: { code, message } },
    { status }
  )

const invalid = (status: number, message: string, formErrors: ReadonlyArray<FormError> = []) =>
  envelope(status, Code.invalidInput, message, formErrors)

/** The path (dotted) of the first string holding a NUL in a parsed JSON value, if any. */
export const nulPath = (value: unknown, path: ReadonlyArray<string> = []): ReadonlyArray<string> | undefined => {
  if (typeof value === "string") return value.includes("\0") ? path : undefined
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = nulPath(v, [...path, String(i)])
      if (found !== undefined) return found
    }
    return undefined
  }
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const found = k.includes("\0") ? [...path, k] : nulPath(v, [...path, k])
      if (found !== undefined) return found
    }
  }
  return undefined
}

const nulRefusal = (path: ReadonlyArray<string>) => {
  const inputId = path.join(".") || "body"
  return invalid(400, Message.catalogue.textHasNul, [
    { input_id: inputId, highlight: path.length > 0, message: Message.catalogue.textHasNul }
  ])
}

/** The NUL check of a request's body, by its type; `undefined` when it passes. */
const bodyRefusal = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function* () {
    const type = (request.headers["content-type"] ?? "").toLowerCase()
    const json = type.includes("application/json")
    const form = type.includes("application/x-www-form-urlencoded")
    if (!json && !form) return undefined
    const text = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
    if (json) {
      if (!text.includes("\\u0000") && !text.includes("\0")) return undefined
      try {
        const path = nulPath(JSON.parse(text))
        return path === undefined ? undefined : nulRefusal(path)
      } catch {
        // Not JSON at all: the API answers that.
        return undefined
      }
    }
    for (const [key, value] of new URLSearchParams(text)) {
      if (key.includes("\0") || value.includes("\0")) return nulRefusal([key])
    }
    return undefined
  })

/** PostgreSQL's refusals of a NUL in text (`22021` a NUL byte, `22P05` a `\u0000` escape in JSON). */
const nulStates = new Set(["22021", "22P05"])

/** Whether a request failed because the database refused a NUL character the guard could not see. */
export const nulInCause = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.some((reason) => {
    const error = Cause.isFailReason(reason) ? reason.error : Cause.isDieReason(reason) ? reason.defect : undefined
    if (!SqlError.isSqlError(error)) return false
    const inner = error.reason.cause
    return typeof inner === "object" && inner !== null && "code" in inner && nulStates.has(String(inner.code))
  })

/** The envelope a bare 4xx gets, by status. */
const bareRefusal = (status: number) => {
  switch (status) {
    case 404:
      return envelope(404, Code.notFound, Message.catalogue.pageNotFound)
    case 405:
      return invalid(405, Message.catalogue.methodNotAllowed)
    case 415:
      return invalid(415, Message.catalogue.unsupportedBody)
    default:
      return invalid(status, Message.catalogue.invalidInput)
  }
}

const asksForPage = (request: HttpServerRequest.HttpServerRequest) =>
  request.method === "GET" && (request.headers.accept ?? "").includes("text/html")

/** An answer with no body, or only the platform's plain text: the kinds that lack the envelope. */
const isBare = (response: HttpServerResponse.HttpServerResponse) => {
  const type = response.headers["content-type"] ?? ""
  return response.body._tag === "Empty" || type === "" || type.startsWith("text/plain")
}

/** The guard, as global router middleware. */
export const layer = HttpRouter.middleware(
  Effect.succeed((httpEffect) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.url.length > MAX_URL) {
        yield* Effect.logWarning(`refused an address of ${request.url.length} characters (414)`)
        return invalid(414, Message.catalogue.addressTooLong)
      }
      let decoded: string
      try {
        decoded = decodeURIComponent(request.url)
      } catch {
        return invalid(400, Message.catalogue.addressNotValid)
      }
      if (decoded.includes("\0")) return nulRefusal([])
      const refused = yield* bodyRefusal(request)
      if (refused !== undefined) return refused
      const response = yield* httpEffect
      if (response.status < 400 || response.status >= 500 || !isBare(response) || asksForPage(request)) return response
      return bareRefusal(response.status)
    })
  ),
  { global: true }
)
