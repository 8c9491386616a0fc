/**
 * The add-ons of the spec, by their ids (Xero 1, Highrise 2, Capsule 3, Insightly 5, MailChimp 6, QuickBooks 7,
 * FollowUps 8, Notifications 9, CustomEmail 10, Zapier 11, Webhooks 12, Leads 13, Reviews 14, TwoFactor 15):
 * what each does in one sentence, its kind, how it connects (OAuth 2, an API token, or an on/off switch), and
 * whether this server offers it yet. The settings page (Settings → Add-ons), the server and the docs all read
 * this one table, and the page's texts sit beside it.
 *
 * Which state an add-on shows for an account (`stateOf`) is decided here too, so the page never works it out.
 *
 * @example
 * import * as AddOn from "@quotekit/core/AddOn"
 * AddOn.byId(1) // Option.some({ id: 1, name: "Xero", kind: "accounting", connects: "oauth2", … })
 * AddOn.isAccounting(7) // true
 *
 * @since 0.5.0
 */
import { Option, Schema } from "effect"

/** Every add-on id of the spec. */
export const ids = [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const

/** An add-on id of the spec. */
export const AddOnId = Schema.Literals(ids)
/** An add-on id. */
export type AddOnId = typeof AddOnId.Type

/** What an add-on is for, as the page groups them. */
export const Kind = Schema.Literals(["accounting", "crm", "marketing", "team", "developer"])
/** An add-on's kind. */
export type Kind = typeof Kind.Type

/** How an add-on is connected: OAuth 2 consent at the service, a pasted API token, or just switched on. */
export const Connects = Schema.Literals(["oauth2", "api-token", "switch"])
/** How an add-on connects. */
export type Connects = typeof Connects.Type

/** One add-on of the spec. */
export interface Definition {
  readonly id: AddOnId
  readonly name: string
  /** What it does, one plain sentence. */
  readonly summary: string
  readonly kind: Kind
  readonly connects: Connects
  /** Whether this server implements it yet; one that does not is listed as 'Coming later'. */
  readonly offered: boolean
  /** The guide that explains it (a path under docs/). */
  readonly guide: string
}

/** The add-ons, in the order of their ids. */
export const all: ReadonlyArray<Definition> = [
  {
    id: 1,
    name: "Xero",
    summary: "Creates each invoice, deposit and credit note of an accepted quote in your Xero organisation.",
    kind: "accounting",
    connects: "oauth2",
    offered: true,
    guide: "docs/add-ons.md#xero"
  },
  {
    id: 2,
    name: "Highrise",
    summary: "Finds your Highrise contacts while you write a quote and links them to it.",
    kind: "crm",
    connects: "api-token",
    offered: true,
    guide: "docs/add-ons.md#crm-add-ons"
  },
  {
    id: 3,
    name: "Capsule",
    summary: "Finds your Capsule CRM contacts while you write a quote and notes sent and accepted quotes on them.",
    kind: "crm",
    connects: "oauth2",
    offered: true,
    guide: "docs/add-ons.md#crm-add-ons"
  },
  {
    id: 5,
    name: "Insightly",
    summary: "Finds your Insightly contacts while you write a quote and notes sent and accepted quotes on them.",
    kind: "crm",
    connects: "api-token",
    offered: true,
    guide: "docs/add-ons.md#crm-add-ons"
  },
  {
    id: 6,
    name: "MailChimp",
    summary: "Adds customers who accept a quote to a Mailchimp audience, with tags, when they opted in.",
    kind: "marketing",
    connects: "oauth2",
    offered: true,
    guide: "docs/add-ons.md#crm-add-ons"
  },
  {
    id: 7,
    name: "QuickBooks",
    summary: "Creates each invoice, deposit and credit note of an accepted quote in your QuickBooks Online company.",
    kind: "accounting",
    connects: "oauth2",
    offered: true,
    guide: "docs/add-ons.md#quickbooks-online"
  },
  {
    id: 8,
    name: "Follow-ups",
    summary: "Sends follow-up emails about a quote on a schedule until the customer answers.",
    kind: "team",
    connects: "switch",
    offered: true,
    guide: "docs/add-ons.md#switches"
  },
  {
    id: 9,
    name: "Notifications",
    summary:
      "Tells a quote's author and watchers, by email and in the app, when a customer views, asks about, accepts " +
      "or declines it, and members when a teammate mentions them.",
    kind: "team",
    connects: "switch",
    offered: true,
    guide: "docs/add-ons.md#switches"
  },
  {
    id: 10,
    name: "Custom email domain",
    summary: "Sends your quotes and invoices from your own address through your own mail server.",
    kind: "team",
    connects: "switch",
    offered: true,
    guide: "docs/email-domain.md"
  },
  {
    id: 11,
    name: "Zapier",
    summary: "Connects quotes to thousands of other apps through Zapier, n8n or Make with an API key.",
    kind: "developer",
    connects: "switch",
    offered: true,
    guide: "docs/zapier.md"
  },
  {
    id: 12,
    name: "Webhooks",
    summary: "Posts signed events (quote sent, accepted, invoice synced and more) to your own endpoints.",
    kind: "developer",
    connects: "switch",
    offered: true,
    guide: "docs/webhooks.md"
  },
  {
    id: 13,
    name: "Leads",
    summary: "Takes enquiries from a form on your website and turns them into contacts and quotes.",
    kind: "team",
    connects: "switch",
    offered: true,
    guide: "docs/add-ons.md#switches"
  },
  {
    id: 14,
    name: "Reviews",
    summary: "Asks customers for a review when a quote is completed and lets you feature the best ones.",
    kind: "team",
    connects: "switch",
    offered: true,
    guide: "docs/add-ons.md#switches"
  },
  {
    id: 15,
    name: "Two-factor for all",
    summary: "Requires every member of the account to sign in with a one-time code as well as a password.",
    kind: "team",
    connects: "switch",
    offered: false,
    guide: "docs/add-ons.md#switches"
  }
]

const table = new Map<number, Definition>(all.map((d) => [d.id, d]))

/** The add-on with this id, if the spec has one. */
export const byId = (id: number): Option.Option<Definition> => Option.fromNullishOr(table.get(id))

/** The accounting add-ons (Xero, QuickBooks): the ones invoices sync to. */
export const accountingIds = [1, 7] as const
/** An accounting add-on's id. */
export type AccountingId = (typeof accountingIds)[number]

/** Whether `id` is an accounting add-on (invoices sync to it). */
export const isAccounting = (id: number): id is AccountingId => id === 1 || id === 7

/** The CRM add-ons (Highrise, Capsule, Insightly): contact look-up and notes on their records. */
export const crmIds = [2, 3, 5] as const
/** A CRM add-on's id. */
export type CrmId = (typeof crmIds)[number]

/** Whether `id` is a CRM add-on. */
export const isCrm = (id: number): id is CrmId => id === 2 || id === 3 || id === 5

/** The marketing add-on (Mailchimp). */
export const MAILCHIMP = 6

/** The add-ons that reach an outside service (and so need the operator's set-up or an admin's token). */
export const isService = (id: number): boolean => isAccounting(id) || isCrm(id) || id === MAILCHIMP

/**
 * An add-on's options (Settings → Add-ons, under the connection): a CRM's notes on sent and accepted quotes; the
 * marketing add-on's tags and whether leads go to the audience too. Options an add-on does not use are kept as
 * they are.
 */
export const Options = Schema.Struct({
  /** CRM: write a note on the linked record when a quote to it is sent and when it is accepted. */
  push_notes: Schema.Boolean,
  /** Mailchimp: tags given to everyone added (at most 10, each at most 100 characters). */
  tags: Schema.Array(Schema.String.check(Schema.isMaxLength(100))).check(Schema.isMaxLength(10)),
  /** Mailchimp: add leads who opted in as well as customers who accepted a quote. */
  include_leads: Schema.Boolean
})
/** An add-on's options. */
export type Options = typeof Options.Type

/** Options before an admin chose any. */
export const defaultOptions: Options = { push_notes: true, tags: ["quotekit"], include_leads: false }

/**
 * What the page shows for an add-on:
 * - `coming-later`: this server does not offer it yet;
 * - `not-set-up`: it connects to a service and the server has no client id and secret for it (the operator's
 *   job, see the guide);
 * - `off` / `on`: a switch, or a service add-on switched off before connecting;
 * - `connected`, `error` (connected but its last call failed: reconnect or retry), `disconnected` (was
 *   connected; its history stays).
 */
export const State = Schema.Literals(["coming-later", "not-set-up", "off", "on", "connected", "error", "disconnected"])
/** An add-on's state for an account. */
export type State = typeof State.Type

/** A connection's stored status. */
export type ConnectionStatus = "connected" | "disconnected" | "error"

/** The facts `stateOf` decides from. */
export interface StateFacts {
  readonly offered: boolean
  readonly connects: Connects
  /** The server has the credentials this add-on needs (always true for switches). */
  readonly setUp: boolean
  readonly enabled: boolean
  /** The account's connection, if it ever connected. */
  readonly connection: ConnectionStatus | null
}

/** The state an add-on shows, from what is known about it (see `State`). */
export const stateOf = (f: StateFacts): State => {
  if (!f.offered) return "coming-later"
  if (f.connects === "switch") return f.enabled ? "on" : "off"
  if (f.connection === "connected" || f.connection === "error") return f.connection
  if (!f.setUp) return "not-set-up"
  if (f.connection === "disconnected") return "disconnected"
  return f.enabled ? "on" : "off"
}

/** The label of each state on the page. */
export const stateLabels: Readonly<Record<State, string>> = {
  "coming-later": "Coming later",
  "not-set-up": "Not set up on this server",
  off: "Off",
  on: "On",
  connected: "Connected",
  error: "Needs attention",
  disconnected: "Disconnected"
}

/** The kinds' headings, in the page's order. */
export const kindLabels: Readonly<Record<Kind, string>> = {
  accounting: "Accounting",
  crm: "Contacts (CRM)",
  marketing: "Marketing",
  team: "Team",
  developer: "Developers"
}

/** The texts the add-ons page and the server answer with. */
export const messages = {
  adminOnly: "Only an admin can switch add-ons, connect or disconnect them.",
  notFound: "There is no add-on with that id.",
  comingLater: (name: string) => `${name} is not offered by this server yet.`,
  notSetUp: (name: string) =>
    `${name} is not set up on this server: its administrator needs to add the client id and secret (see the add-ons guide).`,
  secretKeyMissing:
    "Connecting add-ons needs the server's encryption key: set QUOTEKIT_SECRET_KEY (at least 32 characters) and restart the server.",
  notConnectable: (name: string) => `${name} is switched on or off; there is nothing to connect.`,
  connectInstead: (name: string) => `${name} is turned on by connecting it, and off by disconnecting it.`,
  notConnected: (name: string) => `${name} is not connected.`,
  attemptInvalid: "That connection attempt has expired or was already used. Start again from Settings → Add-ons.",
  consentRefused: (name: string) => `${name} did not give access, so nothing was connected.`,
  pickOrganisation: "Choose the organisation invoices should go to.",
  pickAudience: "Choose the audience customers are added to.",
  tokenRequired: "Paste the API token.",
  siteRequired: (name: string) =>
    name === "Highrise"
      ? "Enter your Highrise address, for example https://acme.highrisehq.com."
      : "Enter your Insightly pod, for example na1.",
  tokenNotNeeded: (name: string) => `${name} connects at its own site: use Connect.`,
  tagTooLong: "Keep each tag to 100 characters.",
  tooManyTags: "Use at most 10 tags.",
  optionsSaved: "Options saved.",
  lookupFailed: (name: string) => `${name} did not answer, so only your own contacts are shown. Try again in a moment.`,
  lookupGone: "That search result has expired. Search again.",
  organisationUnknown: "That organisation is not one this connection reaches.",
  connected: (name: string, org: string) => `Connected to ${name}: ${org}.`,
  disconnected: (name: string) =>
    `Disconnected from ${name}. Invoices already created there stay there, and their history stays here.`,
  taxUnknown: "That tax code is not one of the organisation's tax rates.",
  accountCodeTooLong: "Keep the account code to 50 characters.",
  reconnect: (name: string) => `${name} needs to be connected again: the access it gave has ended.`
} as const

/** What an audit entry records. */
export const AuditAction = Schema.Literals([
  "switched-on",
  "switched-off",
  "connected",
  "disconnected",
  "organisation-chosen",
  "tax-mapping-changed",
  "connection-failed",
  "options-changed"
])
/** An audited action. */
export type AuditAction = typeof AuditAction.Type

/** How the audit list words each action. */
export const auditLabels: Readonly<Record<AuditAction, string>> = {
  "switched-on": "Switched on",
  "switched-off": "Switched off",
  connected: "Connected",
  disconnected: "Disconnected",
  "organisation-chosen": "Chose the organisation",
  "tax-mapping-changed": "Changed the tax mapping",
  "connection-failed": "Connection failed",
  "options-changed": "Changed the options"
}

/** Longest revenue account code accepted (Xero's `AccountCode` is 10, QuickBooks ids are short; room to spare). */
export const ACCOUNT_CODE_MAX = 50
