/**
 * The service add-ons this server can connect, made from the operator's OAuth client credentials in the
 * environment:
 *
 * | add-on | variables |
 * |---|---|
 * | Xero (1) | `QUOTEKIT_XERO_CLIENT_ID`, `QUOTEKIT_XERO_CLIENT_SECRET` |
 * | QuickBooks Online (7) | `QUOTEKIT_QUICKBOOKS_CLIENT_ID`, `QUOTEKIT_QUICKBOOKS_CLIENT_SECRET`, `QUOTEKIT_QUICKBOOKS_ENVIRONMENT` (`production`, the default, or `sandbox`) |
 * | Capsule (3) | `QUOTEKIT_CAPSULE_CLIENT_ID`, `QUOTEKIT_CAPSULE_CLIENT_SECRET` |
 * | Mailchimp (6) | `QUOTEKIT_MAILCHIMP_CLIENT_ID`, `QUOTEKIT_MAILCHIMP_CLIENT_SECRET` |
 *
 * Highrise (2) and Insightly (5) need nothing from the operator: an account's admin pastes its own API token.
 *
 * An add-on whose id or secret is missing is left out: the add-ons page lists it as not set up on this server,
 * with the guide, and nothing else fails. A set-up the server cannot use (half of the pair, an unknown
 * environment) leaves it out too, and says why in `notes`, which the server logs when it starts (never a
 * secret). The consent page sends the browser back to `<PUBLIC_URL>/settings/add-ons/callback`, the address the
 * operator registers with Xero, Intuit, Capsule and Mailchimp.
 *
 * @example
 * const { accounting, notes } = Providers.fromEnv(process.env)
 * accounting.get(1) // Xero, when QUOTEKIT_XERO_CLIENT_ID and QUOTEKIT_XERO_CLIENT_SECRET are set
 *
 * @since 0.5.0
 */
import type { Accounting } from "@quotekit/addons/Accounting"
import type { Crm } from "@quotekit/addons/Crm"
import type { Marketing } from "@quotekit/addons/Marketing"
import { Capsule } from "@quotekit/capsule"
import type * as AddOn from "@quotekit/core/AddOn"
import { Highrise } from "@quotekit/highrise"
import { Insightly } from "@quotekit/insightly"
import { Mailchimp } from "@quotekit/mailchimp"
import { QuickBooks } from "@quotekit/quickbooks"
import { Xero } from "@quotekit/xero"
import { Redacted } from "effect"

/** The OAuth client of one add-on, as the operator registered it with the service. */
export interface Client {
  readonly clientId: string
  readonly clientSecret: string
}

/** The environment variables' prefix of each accounting add-on. */
export const prefixes: Readonly<Record<AddOn.AccountingId, string>> = {
  1: "QUOTEKIT_XERO",
  7: "QUOTEKIT_QUICKBOOKS"
}

/** What reading one add-on's client gave: the client, nothing (not set up), or why the set-up is unusable. */
export type ClientOf =
  | { readonly _tag: "Client"; readonly client: Client }
  | { readonly _tag: "Absent" }
  | { readonly _tag: "Invalid"; readonly note: string }

const value = (env: NodeJS.ProcessEnv, name: string): string => (env[name] ?? "").trim()

/** The client credentials under `prefix` (`QUOTEKIT_XERO` -> `QUOTEKIT_XERO_CLIENT_ID` and `…_CLIENT_SECRET`). */
export const clientOf = (env: NodeJS.ProcessEnv, prefix: string): ClientOf => {
  const clientId = value(env, `${prefix}_CLIENT_ID`)
  const clientSecret = value(env, `${prefix}_CLIENT_SECRET`)
  if (clientId === "" && clientSecret === "") return { _tag: "Absent" }
  if (clientId === "")
    return { _tag: "Invalid", note: `${prefix}_CLIENT_SECRET is set but ${prefix}_CLIENT_ID is not.` }
  if (clientSecret === "")
    return { _tag: "Invalid", note: `${prefix}_CLIENT_ID is set but ${prefix}_CLIENT_SECRET is not.` }
  return { _tag: "Client", client: { clientId, clientSecret } }
}

/** QuickBooks' environment from `QUOTEKIT_QUICKBOOKS_ENVIRONMENT`: `production` unless said; undefined if unknown. */
export const quickBooksEnvironment = (env: NodeJS.ProcessEnv): "sandbox" | "production" | undefined => {
  const said = value(env, `${prefixes[7]}_ENVIRONMENT`).toLowerCase()
  return said === "" || said === "production" ? "production" : said === "sandbox" ? "sandbox" : undefined
}

/** The add-ons the environment sets up, and the operator's notes about those it could not. */
export interface Made {
  readonly accounting: ReadonlyMap<AddOn.AccountingId, Accounting>
  readonly crm: ReadonlyMap<AddOn.CrmId, Crm>
  readonly marketing: Marketing | undefined
  readonly notes: ReadonlyMap<number, string>
}

/** Every accounting add-on with its credentials set. */
export const fromEnv = (env: NodeJS.ProcessEnv): Made => {
  const accounting = new Map<AddOn.AccountingId, Accounting>()
  const notes = new Map<number, string>()

  const xero = clientOf(env, prefixes[1])
  if (xero._tag === "Invalid") notes.set(1, `Xero is not set up: ${xero.note}`)
  if (xero._tag === "Client")
    accounting.set(
      1,
      Xero.make({ clientId: xero.client.clientId, clientSecret: Redacted.make(xero.client.clientSecret) })
    )

  const quickbooks = clientOf(env, prefixes[7])
  if (quickbooks._tag === "Invalid") notes.set(7, `QuickBooks is not set up: ${quickbooks.note}`)
  if (quickbooks._tag === "Client") {
    const environment = quickBooksEnvironment(env)
    if (environment === undefined)
      notes.set(
        7,
        `QuickBooks is not set up: ${prefixes[7]}_ENVIRONMENT must be production or sandbox (it is "${value(env, `${prefixes[7]}_ENVIRONMENT`)}").`
      )
    else accounting.set(7, QuickBooks.make({ ...quickbooks.client, environment }))
  }

  const crm = new Map<AddOn.CrmId, Crm>([
    [2, Highrise.make()],
    [5, Insightly.make()]
  ])
  const capsule = clientOf(env, "QUOTEKIT_CAPSULE")
  if (capsule._tag === "Invalid") notes.set(3, `Capsule is not set up: ${capsule.note}`)
  if (capsule._tag === "Client")
    crm.set(
      3,
      Capsule.make({ clientId: capsule.client.clientId, clientSecret: Redacted.make(capsule.client.clientSecret) })
    )

  const mailchimp = clientOf(env, "QUOTEKIT_MAILCHIMP")
  if (mailchimp._tag === "Invalid") notes.set(6, `Mailchimp is not set up: ${mailchimp.note}`)
  const marketing =
    mailchimp._tag === "Client"
      ? Mailchimp.make({
          clientId: mailchimp.client.clientId,
          clientSecret: Redacted.make(mailchimp.client.clientSecret)
        })
      : undefined
  return { accounting, crm, marketing, notes }
}
