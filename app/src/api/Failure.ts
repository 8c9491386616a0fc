/**
 * Turning what a contract call fails with (the derived client's typed failure, or the JSON of a refused answer,
 * which has the same fields) into a `RequestFailure` of the matching kind. Kept apart from `Transport.ts`, which
 * runs the derived client's calls, so the light reads (`WireClient.ts`) use it without the effect runtime.
 *
 * @since 0.5.0
 */
import * as Message from "@quotekit/core/Message"
import { type FailureKind, RequestFailure } from "./client.ts"

interface Envelope {
  readonly _tag?: unknown
  readonly _serveError?: { readonly message?: unknown }
  readonly _changeWarning?: { readonly who?: unknown; readonly when?: unknown; readonly mayVersion?: unknown }
  readonly form_errors?: ReadonlyArray<{ input_id: string; highlight: boolean; message: string }>
  readonly reason?: { readonly _tag?: unknown; readonly response?: { readonly status?: unknown } }
  readonly existing?: { readonly contact_id?: unknown; readonly display_name?: unknown }
}

const kindOfTag: Readonly<Record<string, FailureKind>> = {
  InvalidInput: "invalidInput",
  SigninAgain: "signinAgain",
  ChooseAccount: "chooseAccount",
  AccessDenied: "accessDenied",
  NotFound: "notFound",
  ChangeWarning: "conflict",
  ActionRefused: "conflict",
  InvoicingRefused: "conflict",
  TooManyAttempts: "tooManyAttempts",
  ServerFailure: "server",
  Unavailable: "server"
}

/** Turn anything a contract call fails with into a `RequestFailure`. */
export const toFailure = (error: unknown): RequestFailure => {
  if (error instanceof RequestFailure) return error
  const e = (typeof error === "object" && error !== null ? error : {}) as Envelope
  const tag = typeof e._tag === "string" ? e._tag : ""
  const served = typeof e._serveError?.message === "string" ? e._serveError.message : undefined
  const kind = kindOfTag[tag]
  if (tag === "DuplicateContact" && typeof e.existing?.contact_id === "number") {
    const existing = { contact_id: e.existing.contact_id, display_name: String(e.existing.display_name ?? "") }
    return new RequestFailure("duplicate", served ?? Message.requestError, [], undefined, existing)
  }
  if (kind !== undefined) {
    const w = e._changeWarning
    const warning =
      w !== undefined && typeof w.who === "string" && typeof w.when === "number"
        ? { who: w.who, when: w.when, mayVersion: w.mayVersion === true }
        : undefined
    return new RequestFailure(kind, served ?? Message.requestError, e.form_errors ?? [], warning)
  }
  if (tag === "HttpClientError") {
    const reason = e.reason
    if (reason?._tag === "TransportError") return new RequestFailure("network", Message.checkConnection)
    if (reason?.response?.status === 404) return new RequestFailure("notFound", Message.pageNotFound)
    return new RequestFailure("server", Message.unexpectedResponse)
  }
  return new RequestFailure("server", Message.unexpectedResponse)
}
