/**
 * The public lead form's handler: a business's website posts enquiries to `/public/lead-form/{form key}`
 * without a session or anti-forgery token. It cannot be used to flood an account or the disk: each client
 * address gets `PER_ADDRESS` forms per 10 minutes and each account `PER_ACCOUNT` per hour (429 with
 * `Retry-After`), fields are bounded, the optional file is at most 10 MB (enforced while it streams), and a
 * filled-in `website` field (a honeypot the form hides from people) is accepted and dropped.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { InvalidInput, NotFound, type TooManyAttempts } from "@quotekit/core/api/ApiError"
import { PUBLIC_FIELD_MAX, PUBLIC_FILE_MAX, PUBLIC_MESSAGE_MAX } from "@quotekit/core/api/LeadsApi"
import * as Contact from "@quotekit/core/Contact"
import * as Message from "@quotekit/core/Message"
import { Effect, Option, Stream } from "effect"
import { HttpServerRequest, HttpServerResponse, type Multipart } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { RateLimiter } from "../auth/RateLimit.ts"
import { HistoryWriter } from "../history/HistoryWriter.ts"
import * as ClientAddress from "../http/ClientAddress.ts"
import { SettingsRepo } from "../settings/Repo.ts"
import { FileStorage, type Stored } from "../uploads/FileStorage.ts"
import { cleanName } from "../uploads/Receive.ts"
import { FilesRepo } from "../uploads/Repo.ts"
import { LeadsRepo } from "./Repo.ts"

/** Forms one client address may send per 10 minutes. */
export const PER_ADDRESS = { max: 10, windowSeconds: 600 }
/** Forms one account may receive per hour. */
export const PER_ACCOUNT = { max: 200, windowSeconds: 3600 }

const m = Message.catalogue
const fieldNames = new Set(["name", "email", "company", "phone", "subject", "message", "marketing", "website"])

/** A small page for a person whose browser posted the form: thanks, or what to fix (escaped). */
export const page = (title: string, message: string): string => {
  const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}</style></head><body><h1>${esc(title)}</h1><p>${esc(message)}</p></body></html>`
}

/**
 * A plain HTML form on a website navigates to this endpoint, so a browser asking for a page (and not JSON)
 * gets one: a thank-you page, or the refusal's message with "go back" wording, with the same status codes.
 */
const answerPagesToBrowsers = <A, R>(
  handler: Effect.Effect<A, InvalidInput | NotFound | TooManyAttempts, R>
): Effect.Effect<
  A | HttpServerResponse.HttpServerResponse,
  InvalidInput | NotFound | TooManyAttempts,
  R | HttpServerRequest.HttpServerRequest
> =>
  Effect.flatMap(
    HttpServerRequest.HttpServerRequest,
    (
      request
    ): Effect.Effect<A | HttpServerResponse.HttpServerResponse, InvalidInput | NotFound | TooManyAttempts, R> => {
      const accept = request.headers.accept ?? ""
      if (!accept.includes("text/html") || accept.includes("application/json")) return handler
      const html = (status: number, title: string, message: string, headers: Record<string, string> = {}) =>
        Effect.succeed(
          HttpServerResponse.text(page(title, message), { status, headers, contentType: "text/html; charset=utf-8" })
        )
      return handler.pipe(
        Effect.flatMap(() => html(201, m.leadThanksTitle, m.leadThanks)),
        Effect.catchTags({
          InvalidInput: (e) => html(400, m.leadNotSentTitle, `${e._serveError.message} ${m.leadGoBack}`),
          NotFound: () => html(404, m.leadNotSentTitle, m.leadFormUnknown),
          TooManyAttempts: (e) =>
            html(429, m.leadNotSentTitle, e._serveError.message, { "retry-after": String(e.retry_after) })
        })
      )
    }
  )

/** The public lead form group's handler. */
export const layer = HttpApiBuilder.group(
  Api,
  "publicLeads",
  Effect.fn(function* (handlers) {
    const limiter = yield* RateLimiter
    const settings = yield* SettingsRepo
    const leads = yield* LeadsRepo
    const storage = yield* FileStorage
    const files = yield* FilesRepo
    const history = yield* HistoryWriter

    return handlers.handle("submit", ({ params, payload }) =>
      answerPagesToBrowsers(
        Effect.gen(function* () {
          const address = yield* ClientAddress.current
          yield* limiter.attempt(`lead-form-ip:${address}`, PER_ADDRESS)
          const account = Option.getOrUndefined(yield* settings.accountByLeadFormKey(params.form_key))
          if (account === undefined) return yield* NotFound.answer()
          const enabled = Option.match(yield* settings.account(account), {
            onNone: () => false,
            onSome: (s) => s.leads_enabled
          })
          if (!enabled) return yield* NotFound.answer()
          yield* limiter.attempt(`lead-form-account:${account}`, PER_ACCOUNT)

          const fields = new Map<string, string>()
          let file: { readonly name: string; readonly stored: Stored } | undefined
          const onPart = (part: Multipart.Part): Effect.Effect<void, InvalidInput | Multipart.MultipartError> => {
            if (part._tag === "Field") {
              if (fieldNames.has(part.key) && !fields.has(part.key)) fields.set(part.key, part.value)
              return Effect.void
            }
            if (part.key !== "file" || file !== undefined) return Stream.runDrain(part.content)
            const name = cleanName(part.name)
            return storage.put(account, part.content, { maxBytes: PUBLIC_FILE_MAX }).pipe(
              Effect.catchTag("UploadTooLarge", () => Effect.fail(InvalidInput.field("file", m.leadFileTooLarge))),
              Effect.tap((stored) =>
                Effect.sync(() => {
                  if (stored.size > 0) file = { name, stored }
                })
              ),
              Effect.asVoid
            )
          }
          yield* Stream.runForEach(payload, onPart).pipe(
            Effect.catchTag("MultipartError", (e) =>
              Effect.fail(InvalidInput.answer(e.reason._tag === "FileTooLarge" ? m.leadFileTooLarge : m.invalidInput))
            )
          )
          // The honeypot: people never see the field, so whatever fills it in is a robot; it is told all went well.
          if ((fields.get("website") ?? "").trim() !== "") return { received: true as const }

          const text = (key: string) => (fields.get(key) ?? "").trim()
          const name = text("name")
          const email = text("email")
          const message = text("message")
          if (name === "") return yield* InvalidInput.field("name", m.fieldRequired("Name"))
          if (!Contact.isEmail(email)) return yield* InvalidInput.field("email", m.emailInvalid)
          if (message === "") return yield* InvalidInput.field("message", m.fieldRequired("Message"))
          for (const key of ["name", "company", "phone", "subject"]) {
            if (text(key).length > PUBLIC_FIELD_MAX)
              return yield* InvalidInput.field(key, m.fieldTooLong(key, PUBLIC_FIELD_MAX))
          }
          if (message.length > PUBLIC_MESSAGE_MAX) {
            return yield* InvalidInput.field("message", m.fieldTooLong("Message", PUBLIC_MESSAGE_MAX))
          }
          const { name_first, name_last } = Contact.splitName(name)
          const leadId = yield* leads.insert(account, {
            lead_subject: text("subject"),
            lead_message: message,
            lead_email: email,
            lead_name_first: name_first,
            lead_name_last: name_last,
            lead_company: text("company"),
            lead_phone: text("phone"),
            lead_file_name: file?.name ?? null,
            lead_file_key: file?.stored.key ?? null,
            lead_marketing_opt_in: /^(on|yes|true|1)$/i.test(text("marketing"))
          })
          if (file !== undefined) {
            yield* files.insert({
              account_id: account,
              hash: file.stored.hash,
              original_filename: file.name,
              mime: "application/octet-stream",
              size: file.stored.size,
              storage_key: file.stored.key,
              parent_table: "leads",
              parent_id: leadId,
              created_by: null
            })
          }
          yield* history.write([
            {
              account_id: account,
              table: "lead",
              category_id: leadId,
              action: "received",
              summary: `Received from ${name} through the lead form`,
              signin_id: null,
              actor: "customer"
            }
          ])
          return { received: true as const }
        })
      )
    )
  })
)
