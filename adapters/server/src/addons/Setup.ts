/**
 * What the server brings to add-ons, read from the environment once: the accounting add-ons it can connect
 * (each needs its OAuth client id and secret from the operator: `QUOTEKIT_XERO_CLIENT_ID` /
 * `QUOTEKIT_XERO_CLIENT_SECRET`; `QUOTEKIT_QUICKBOOKS_CLIENT_ID` / `QUOTEKIT_QUICKBOOKS_CLIENT_SECRET` with
 * `QUOTEKIT_QUICKBOOKS_ENVIRONMENT` `production`, the default, or `sandbox`: `Providers.ts`), and whether the secret key add-on credentials are
 * sealed with was given (`QUOTEKIT_SECRET_KEY`): without it connecting is refused, naming it, even though other
 * secrets fall back to a key file in the data folder. An add-on without its client id and secret shows 'Not set
 * up on this server' with the guide; nothing else depends on them.
 *
 * Tests supply their own (`Layer.succeed(AddOnsSetup, …)`) with fakes.
 *
 * @since 0.5.0
 */
import type { Accounting } from "@quotekit/addons/Accounting"
import type { Crm } from "@quotekit/addons/Crm"
import type { Marketing } from "@quotekit/addons/Marketing"
import type { OAuthService } from "@quotekit/addons/OAuthService"
import * as AddOn from "@quotekit/core/AddOn"
import { Context, Effect, Layer, Option } from "effect"
import * as Providers from "./Providers.ts"

/** The add-on set-up of this server. */
export interface Setup {
  /** The accounting add-ons this server can connect, by id. */
  readonly accounting: ReadonlyMap<AddOn.AccountingId, Accounting>
  /**
   * The CRM add-ons this server can connect, by id: Highrise and Insightly always (an admin pastes a token),
   * Capsule with the operator's OAuth client.
   */
  readonly crm?: ReadonlyMap<AddOn.CrmId, Crm> | undefined
  /** Mailchimp, with the operator's OAuth client. */
  readonly marketing?: Marketing | undefined
  /** Why an add-on the operator began to set up is not usable (logged at start); none for a missing one. */
  readonly notes?: ReadonlyMap<number, string> | undefined
  /** Whether `QUOTEKIT_SECRET_KEY` is set (connecting needs it). */
  readonly secretKeySet: boolean
}

/** The set-up from the environment. */
export const fromEnv = (env: NodeJS.ProcessEnv = process.env): Setup => {
  const made = Providers.fromEnv(env)
  return {
    accounting: made.accounting,
    crm: made.crm,
    marketing: made.marketing,
    notes: made.notes,
    secretKeySet: (env.QUOTEKIT_SECRET_KEY ?? "").length >= 32
  }
}

/** The server's add-on set-up (from the environment unless a test provides its own). */
export const AddOnsSetup = Context.Reference<Setup>("quotekit/server/AddOnsSetup", { defaultValue: () => fromEnv() })

/** Whether the server can connect add-on `id` (a service add-on with what it needs; a switch always). */
export const isSetUp = (setup: Setup, id: number): boolean =>
  AddOn.isAccounting(id)
    ? setup.accounting.has(id)
    : AddOn.isCrm(id)
      ? (setup.crm?.has(id) ?? false)
      : id === AddOn.MAILCHIMP
        ? setup.marketing !== undefined
        : true

/** The OAuth 2 half of add-on `id` on this server, if it connects that way and is set up. */
export const oauthOf = (setup: Setup, id: number): OAuthService | undefined => {
  if (AddOn.isAccounting(id)) return setup.accounting.get(id)
  if (id === AddOn.MAILCHIMP) return setup.marketing
  const crm = AddOn.isCrm(id) ? setup.crm?.get(id) : undefined
  return crm?.connects === "oauth2" ? crm : undefined
}

/**
 * At start: one log line per accounting add-on saying whether it can be connected, and why not when its set-up
 * is unusable (never a secret).
 */
export const announce = Layer.effectDiscard(
  Effect.gen(function* () {
    const setup = yield* AddOnsSetup
    for (const id of [...AddOn.accountingIds, 3, AddOn.MAILCHIMP]) {
      const name = Option.match(AddOn.byId(id), { onNone: () => String(id), onSome: (d) => d.name })
      const note = setup.notes?.get(id)
      if (note !== undefined) yield* Effect.logWarning(note)
      else if (isSetUp(setup, id) && !setup.secretKeySet)
        yield* Effect.logWarning(
          `${name} is set up, but connecting it needs QUOTEKIT_SECRET_KEY (at least 32 characters).`
        )
      else if (isSetUp(setup, id)) yield* Effect.logInfo(`${name} can be connected (Settings → Add-ons).`)
    }
  })
)
