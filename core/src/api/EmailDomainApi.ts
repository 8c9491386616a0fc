/**
 * The custom email domain (add-on 10, Settings → Email domain, admins only): the account's sender name and
 * address, its own SMTP relay (the password is taken, sealed, and never answered back), the DNS records to
 * publish with what the last look-up found, "Check again", and "Send test email" to the admin.
 *
 * @since 0.6.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as EmailDomain from "../EmailDomain.ts"
import { AccessDenied, InvalidInput, Unavailable } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The relay as shown: never its password, only whether one is saved. */
export const RelayView = Schema.Struct({
  host: Schema.String,
  port: Schema.Int,
  security: EmailDomain.Security,
  username: Schema.String,
  has_password: Schema.Boolean
})
/** The relay as shown. */
export type RelayView = typeof RelayView.Type

/** One DNS record to publish, with what the last look-up found. */
export const RecordView = Schema.Struct({
  kind: EmailDomain.RecordKind,
  /** TXT, at `name`. */
  name: Schema.String,
  /** The text to publish. */
  value: Schema.String,
  state: EmailDomain.RecordState,
  /** The text found at `name` by the last look-up; null when none. */
  found: Schema.NullOr(Schema.String)
})
/** A DNS record to publish. */
export type RecordView = typeof RecordView.Type

/** The account's settings, when it has any. */
export const DomainView = Schema.Struct({
  sender_name: Schema.String,
  sender_email: Schema.String,
  domain: Schema.String,
  /** Null when the server's own relay sends the account's emails. */
  relay: Schema.NullOr(RelayView),
  dkim_selector: Schema.String,
  records: Schema.Array(RecordView),
  /** Whether the domain is verified (its DKIM record carries the key): only then is the address the From. */
  verified: Schema.Boolean,
  /** When DNS was last looked up (epoch seconds); null before the first look-up. */
  checked_at: Schema.NullOr(Schema.Int),
  /** What a sender sees now: the From and Reply-To the account's emails get. */
  from: Schema.String,
  reply_to: Schema.NullOr(Schema.String)
})
/** The account's settings as shown. */
export type DomainView = typeof DomainView.Type

/** The page's state: whether the add-on is on, the server's sender, and the settings if any. */
export const EmailDomainState = Schema.Struct({
  /** Add-on 10 is on: the settings apply to the account's emails. */
  enabled: Schema.Boolean,
  /** The server's sender (`SMTP_FROM`), used while the add-on is off or the domain unverified. */
  server_from: Schema.String,
  /** Whether the server has a relay of its own (`SMTP_URL`); without one its emails are only logged. */
  server_relay: Schema.Boolean,
  settings: Schema.NullOr(DomainView)
})
/** The page's state. */
export type EmailDomainState = typeof EmailDomainState.Type

/** The relay an admin enters; an empty or absent password keeps the saved one. */
export const RelayInput = Schema.Struct({
  host: Schema.String.check(Schema.isMaxLength(EmailDomain.HOST_MAX)),
  port: Schema.Int,
  security: EmailDomain.Security,
  username: Schema.String.check(Schema.isMaxLength(EmailDomain.USERNAME_MAX)),
  password: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(EmailDomain.PASSWORD_MAX)))
})
/** The relay entered. */
export type RelayInput = typeof RelayInput.Type

/** What an admin saves. A changed domain gets a new DKIM key (and must be verified again). */
export const EmailDomainInput = Schema.Struct({
  enabled: Schema.Boolean,
  sender_name: Schema.String.check(Schema.isMaxLength(EmailDomain.SENDER_NAME_MAX)),
  sender_email: Schema.String.check(Schema.isMaxLength(EmailDomain.EMAIL_MAX)),
  /** Null: send through the server's relay. */
  relay: Schema.NullOr(RelayInput)
})
/** The settings saved. */
export type EmailDomainInput = typeof EmailDomainInput.Type

/** What "Send test email" did: sent to the admin, or the relay's answer when it was not taken. */
export const TestResult = Schema.Struct({
  sent: Schema.Boolean,
  to: Schema.String,
  from: Schema.String,
  /** Whose relay was used. */
  relay: Schema.Literals(["account", "server", "log"]),
  /** The sentence the page shows (`messages.testSent` or `messages.testFailed` with the relay's answer). */
  message: Schema.String
})
/** A test email's outcome. */
export type TestResult = typeof TestResult.Type

/** The email domain group; every endpoint needs an admin's session with a chosen account. */
export class EmailDomainApi extends HttpApiGroup.make("emailDomain")
  .add(
    HttpApiEndpoint.get("get", "/get/email-domain", { success: EmailDomainState, error: AccessDenied }),
    HttpApiEndpoint.post("save", "/post/email-domain", {
      payload: EmailDomainInput,
      success: EmailDomainState,
      error: [AccessDenied, InvalidInput]
    }),
    HttpApiEndpoint.post("remove", "/post/email-domain-delete", { success: EmailDomainState, error: AccessDenied }),
    HttpApiEndpoint.post("check", "/post/email-domain-check", {
      success: EmailDomainState,
      error: [AccessDenied, InvalidInput, Unavailable]
    }),
    HttpApiEndpoint.post("sendTest", "/post/email-domain-test", {
      success: TestResult,
      error: [AccessDenied, InvalidInput]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Email domain",
      description:
        "The account's own sender address and SMTP relay (add-on 10): the DNS records to publish (SPF, DKIM, " +
        "DMARC) and their look-up, and a test email. Admins only; the relay password is never answered."
    })
  ) {}
