/**
 * The add-ons repository: switches (Leads and Reviews are the account's own flags), connections with their
 * sealed tokens, OAuth attempts (taken once), the audit, the tax mapping and revenue account code per add-on
 * and organisation, and our contacts' records in an add-on. Every statement names the account.
 *
 * @since 0.5.0
 */
import { NEVER_EXPIRES } from "@quotekit/addons/OAuthService"
import * as AddOn from "@quotekit/core/AddOn"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { seconds } from "../quotes/Records.ts"

/** A connection as stored. Times are epoch seconds. */
export interface StoredConnection {
  readonly addon_id: number
  readonly status: AddOn.ConnectionStatus
  readonly organisation_id: string
  readonly organisation_name: string
  readonly organisations: ReadonlyArray<{ readonly id: string; readonly name: string }>
  /** The tokens, sealed; null once disconnected. */
  readonly credentials: string | null
  readonly connected_by: string
  readonly connected_at: number
  readonly disconnected_at: number | null
  readonly last_error: string
  /** A CRM's or Mailchimp's options; null until an admin saved some (the defaults apply). */
  readonly options: AddOn.Options | null
}

/** An OAuth attempt taken at the callback. */
export interface TakenAttempt {
  readonly account_id: number
  readonly addon_id: number
  readonly signin_id: number
  readonly verifier_sealed: string
  readonly redirect_uri: string
}

/** One audit row as stored. */
export interface AuditRow {
  readonly id: number
  readonly at: number
  readonly addon_id: number
  readonly action: AddOn.AuditAction
  readonly who: string
  readonly detail: string
}

/** Our contact's record in an add-on's organisation. */
export interface RemoteLink {
  readonly remote_id: string
  readonly url: string
}

interface ConnectionRow {
  readonly addon_id: number
  readonly status: AddOn.ConnectionStatus
  readonly addon_org_id: string
  readonly organisation_name: string
  readonly organisations: unknown
  readonly credentials: string | null
  readonly connected_by_name: string | null
  readonly connected_at: Date
  readonly disconnected_at: Date | null
  readonly last_error: string
  readonly options: unknown
}

const Organisations = Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String }))
const decodeOrganisations = Schema.decodeUnknownOption(Organisations)
const decodeOptions = Schema.decodeUnknownOption(AddOn.Options)

/** A token's expiry as a timestamp (tokens that never expire say so with a number past what a date holds). */
const until = (ms: number): Date => new Date(Math.min(ms, NEVER_EXPIRES))

/** A JSON column as the driver gave it (PGlite and node-postgres differ on jsonb). */
const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)

const toConnection = (r: ConnectionRow): StoredConnection => ({
  addon_id: r.addon_id,
  status: r.status,
  organisation_id: r.addon_org_id,
  organisation_name: r.organisation_name,
  organisations: Option.getOrElse(
    decodeOrganisations(typeof r.organisations === "string" ? JSON.parse(r.organisations) : r.organisations),
    () => []
  ),
  credentials: r.credentials,
  connected_by: r.connected_by_name ?? "",
  connected_at: seconds(r.connected_at),
  disconnected_at: r.disconnected_at === null ? null : seconds(r.disconnected_at),
  last_error: r.last_error,
  options: r.options === null || r.options === undefined ? null : Option.getOrNull(decodeOptions(json(r.options)))
})

/** What connecting stores. */
export interface NewConnection {
  readonly credentials: string
  readonly expires_at: number
  readonly organisation_id: string
  readonly organisation_name: string
  readonly organisations: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly by: number
}

/** The customer of a quote's invoices. */
export interface QuoteParty {
  readonly contact_id: number
  readonly first_name: string
  readonly last_name: string
  readonly email: string
  readonly company: string
}

/** The add-ons repository. */
export class AddOnsRepo extends Context.Service<
  AddOnsRepo,
  {
    /** Switched add-ons (Leads and Reviews from the account's flags). */
    readonly switches: (account: number) => Effect.Effect<ReadonlyMap<number, boolean>>
    readonly setSwitch: (account: number, id: number, enabled: boolean, by: number) => Effect.Effect<void>
    readonly connections: (account: number) => Effect.Effect<ReadonlyArray<StoredConnection>>
    readonly connection: (account: number, id: number) => Effect.Effect<Option.Option<StoredConnection>>
    /** The connection with its row locked until the transaction ends. */
    readonly lockConnection: (account: number, id: number) => Effect.Effect<Option.Option<StoredConnection>>
    readonly connect: (account: number, id: number, c: NewConnection) => Effect.Effect<void>
    /** Keep a connection's options (a CRM's notes, Mailchimp's tags and leads). */
    readonly setOptions: (account: number, id: number, options: AddOn.Options) => Effect.Effect<void>
    readonly setTokens: (account: number, id: number, sealed: string, expiresAt: number) => Effect.Effect<void>
    readonly chooseOrganisation: (account: number, id: number, orgId: string, orgName: string) => Effect.Effect<void>
    /** Record the add-on's words about a failure (`status` error), or clear them (`connected`). */
    readonly setError: (account: number, id: number, message: string) => Effect.Effect<void>
    readonly clearError: (account: number, id: number) => Effect.Effect<void>
    /** Drop the tokens and mark it disconnected; the row (and every invoice's history) stays. */
    readonly disconnect: (account: number, id: number, by: number) => Effect.Effect<void>
    readonly insertAttempt: (a: {
      readonly account: number
      readonly addonId: number
      readonly signinId: number
      readonly stateHash: string
      readonly verifierSealed: string
      readonly redirectUri: string
      readonly expiresAt: number
    }) => Effect.Effect<void>
    /** Take an attempt by its state hash: once, before it expires. */
    readonly takeAttempt: (stateHash: string, nowMs: number) => Effect.Effect<Option.Option<TakenAttempt>>
    readonly audit: (
      account: number,
      id: number,
      by: number | null,
      action: AddOn.AuditAction,
      detail: string
    ) => Effect.Effect<void>
    readonly auditPage: (account: number, offset: number, limit: number) => Effect.Effect<ReadonlyArray<AuditRow>>
    /** The account's taxes (current ones), for the mapping screen. */
    readonly taxes: (
      account: number
    ) => Effect.Effect<ReadonlyArray<{ readonly tax_id: number; readonly name: string; readonly rate: string }>>
    readonly taxMap: (account: number, id: number, org: string) => Effect.Effect<ReadonlyMap<number, string>>
    readonly saveTaxMap: (
      account: number,
      id: number,
      org: string,
      mapping: ReadonlyArray<{ readonly tax_id: number; readonly code: string | null }>,
      accountCode: string
    ) => Effect.Effect<void>
    readonly accountCode: (account: number, id: number, org: string) => Effect.Effect<string>
    readonly remoteContact: (
      account: number,
      id: number,
      org: string,
      contactId: number
    ) => Effect.Effect<Option.Option<RemoteLink>>
    /** Remember our contact's record in the add-on, and show it as the contact's lookup link. */
    readonly linkContact: (
      account: number,
      id: number,
      org: string,
      contactId: number,
      link: RemoteLink
    ) => Effect.Effect<void>
    /** The contact's lookup link: its record in the add-on its invoices went to, if any. */
    readonly contactLookup: (
      account: number,
      contactId: number
    ) => Effect.Effect<Option.Option<{ readonly lookup_url: string; readonly lookup_addon_id: number }>>
    /** The customer of a quote's invoices: its first contact (with the company's name), if it has one. */
    readonly party: (account: number, quoteId: number) => Effect.Effect<Option.Option<QuoteParty>>
    /** This installation's id, part of every document reference. */
    readonly instance: Effect.Effect<string>
    /** Leave a claimed invoice for the sync worker to try again at `untilMs` (backoff). */
    readonly deferSync: (account: number, invoiceId: number, untilMs: number) => Effect.Effect<void>
  }
>()("quotekit/server/AddOnsRepo") {}

/** The repository over the SQL client. */
export const layer = Layer.effect(
  AddOnsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const connectionColumns = sql.literal(`c.addon_id::int AS addon_id, c.status, c.addon_org_id,
      c.organisation_name, c.organisations, c.credentials,
      nullif(btrim(coalesce(s.name_display, '') || CASE WHEN s.name_display IS NULL OR s.name_display = ''
        THEN coalesce(s.name_first, '') || ' ' || coalesce(s.name_last, '') ELSE '' END), '') AS connected_by_name,
      c.connected_at, c.disconnected_at, c.last_error, c.options`)

    const one = (account: number, id: number, lock: boolean) =>
      sql<ConnectionRow>`
        SELECT ${connectionColumns} FROM addon_connections c LEFT JOIN signins s ON s.signin_id = c.connected_by
        WHERE c.account_id = ${account} AND c.addon_id = ${id}
        ${lock ? sql.literal("FOR UPDATE OF c") : sql.literal("")}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toConnection)),
        Effect.orDie
      )

    return AddOnsRepo.of({
      switches: (account) =>
        Effect.gen(function* () {
          const rows = yield* sql<{ readonly addon_id: number; readonly enabled: boolean }>`
            SELECT addon_id::int AS addon_id, enabled FROM addon_switches WHERE account_id = ${account}`
          const flags = yield* sql<{ readonly leads_enabled: boolean; readonly reviews_enabled: boolean }>`
            SELECT leads_enabled, reviews_enabled FROM accounts WHERE account_id = ${account}`
          const map = new Map(rows.map((r) => [r.addon_id, r.enabled]))
          map.set(13, flags[0]?.leads_enabled ?? false)
          map.set(14, flags[0]?.reviews_enabled ?? false)
          return map
        }).pipe(Effect.orDie),
      setSwitch: (account, id, enabled, by) =>
        (id === 13 || id === 14
          ? sql`UPDATE accounts SET ${sql(id === 13 ? "leads_enabled" : "reviews_enabled")} = ${enabled},
                  modified = now() WHERE account_id = ${account}`
          : sql`
              INSERT INTO addon_switches (account_id, addon_id, enabled, modified_by)
              VALUES (${account}, ${id}, ${enabled}, ${by})
              ON CONFLICT (account_id, addon_id) DO UPDATE SET enabled = excluded.enabled,
                modified_by = excluded.modified_by, modified_at = now()`
        ).pipe(Effect.asVoid, Effect.orDie),
      connections: (account) =>
        sql<ConnectionRow>`
          SELECT ${connectionColumns} FROM addon_connections c LEFT JOIN signins s ON s.signin_id = c.connected_by
          WHERE c.account_id = ${account} ORDER BY c.addon_id`.pipe(
          Effect.map((rows) => rows.map(toConnection)),
          Effect.orDie
        ),
      connection: (account, id) => one(account, id, false),
      lockConnection: (account, id) => one(account, id, true),
      setOptions: (account, id, options) =>
        sql`UPDATE addon_connections SET options = ${JSON.stringify(options)}::jsonb
            WHERE account_id = ${account} AND addon_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      connect: (account, id, c) =>
        sql`
          INSERT INTO addon_connections (account_id, addon_id, status, addon_org_id, organisation_name, organisations,
            credentials, token_expires_at, connected_by, connected_at, disconnected_at, disconnected_by, last_error,
            modified)
          VALUES (${account}, ${id}, 'connected', ${c.organisation_id}, ${c.organisation_name},
            ${JSON.stringify(c.organisations)}::jsonb, ${c.credentials}, ${until(c.expires_at)}, ${c.by}, now(),
            NULL, NULL, '', now())
          ON CONFLICT (account_id, addon_id) DO UPDATE SET status = 'connected', addon_org_id = excluded.addon_org_id,
            organisation_name = excluded.organisation_name, organisations = excluded.organisations,
            credentials = excluded.credentials, token_expires_at = excluded.token_expires_at,
            connected_by = excluded.connected_by, connected_at = now(), disconnected_at = NULL,
            disconnected_by = NULL, last_error = '', modified = now()`.pipe(Effect.asVoid, Effect.orDie),
      setTokens: (account, id, sealed, expiresAt) =>
        sql`
          UPDATE addon_connections SET credentials = ${sealed}, token_expires_at = ${until(expiresAt)},
            modified = now()
          WHERE account_id = ${account} AND addon_id = ${id} AND status <> 'disconnected'`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      chooseOrganisation: (account, id, orgId, orgName) =>
        sql`
          UPDATE addon_connections SET addon_org_id = ${orgId}, organisation_name = ${orgName}, modified = now()
          WHERE account_id = ${account} AND addon_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      setError: (account, id, message) =>
        sql`
          UPDATE addon_connections SET status = 'error', last_error = ${message.slice(0, 2000)}, modified = now()
          WHERE account_id = ${account} AND addon_id = ${id} AND status <> 'disconnected'`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      clearError: (account, id) =>
        sql`
          UPDATE addon_connections SET status = 'connected', last_error = '', modified = now()
          WHERE account_id = ${account} AND addon_id = ${id} AND status = 'error'`.pipe(Effect.asVoid, Effect.orDie),
      disconnect: (account, id, by) =>
        sql`
          UPDATE addon_connections SET status = 'disconnected', credentials = NULL, token_expires_at = NULL,
            disconnected_at = now(), disconnected_by = ${by}, organisations = '[]'::jsonb, modified = now()
          WHERE account_id = ${account} AND addon_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      insertAttempt: (a) =>
        Effect.gen(function* () {
          // Old attempts of the account go as new ones come: nothing keeps an expired verifier.
          yield* sql`DELETE FROM addon_oauth_attempts WHERE account_id = ${a.account} AND expires_at < now()`
          yield* sql`
            INSERT INTO addon_oauth_attempts (account_id, addon_id, signin_id, state_hash, verifier_sealed,
              redirect_uri, expires_at)
            VALUES (${a.account}, ${a.addonId}, ${a.signinId}, ${a.stateHash}, ${a.verifierSealed}, ${a.redirectUri},
              ${new Date(a.expiresAt)})`
        }).pipe(Effect.orDie),
      takeAttempt: (stateHash, nowMs) =>
        sql<TakenAttempt>`
          UPDATE addon_oauth_attempts SET used_at = ${new Date(nowMs)}
          WHERE state_hash = ${stateHash} AND used_at IS NULL AND expires_at > ${new Date(nowMs)}
          RETURNING account_id, addon_id::int AS addon_id, signin_id, verifier_sealed, redirect_uri`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      audit: (account, id, by, action, detail) =>
        sql`
          INSERT INTO addon_audit (account_id, addon_id, signin_id, action, detail)
          VALUES (${account}, ${id}, ${by}, ${action}, ${detail.slice(0, 500)})`.pipe(Effect.asVoid, Effect.orDie),
      auditPage: (account, offset, limit) =>
        sql<{
          readonly id: number
          readonly at: Date
          readonly addon_id: number
          readonly action: AddOn.AuditAction
          readonly who: string | null
          readonly detail: string
        }>`
          SELECT a.audit_id::int AS id, a.at, a.addon_id::int AS addon_id, a.action, a.detail,
            nullif(btrim(coalesce(nullif(s.name_display, ''), coalesce(s.name_first, '') || ' ' ||
              coalesce(s.name_last, ''))), '') AS who
          FROM addon_audit a LEFT JOIN signins s ON s.signin_id = a.signin_id
          WHERE a.account_id = ${account}
          ORDER BY a.audit_id DESC OFFSET ${offset} LIMIT ${limit}`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({
              id: r.id,
              at: seconds(r.at),
              addon_id: r.addon_id,
              action: r.action,
              who: r.who ?? "",
              detail: r.detail
            }))
          ),
          Effect.orDie
        ),
      taxes: (account) =>
        sql<{ readonly tax_id: number; readonly name: string; readonly rate: string }>`
          SELECT item_tax_id AS tax_id, description AS name, tax_rate::text AS rate FROM item_taxes
          WHERE account_id = ${account} AND archive_id = 1 ORDER BY tax_rate, item_tax_id`.pipe(Effect.orDie),
      taxMap: (account, id, org) =>
        sql<{ readonly item_tax_id: number; readonly tax_code: string }>`
          SELECT item_tax_id, tax_code FROM addon_tax_map
          WHERE account_id = ${account} AND addon_id = ${id} AND organisation_id = ${org}`.pipe(
          Effect.map((rows) => new Map(rows.map((r) => [r.item_tax_id, r.tax_code]))),
          Effect.orDie
        ),
      saveTaxMap: (account, id, org, mapping, accountCode) =>
        Effect.gen(function* () {
          yield* sql`
            DELETE FROM addon_tax_map WHERE account_id = ${account} AND addon_id = ${id} AND organisation_id = ${org}`
          for (const m of mapping) {
            if (m.code === null || m.code === "") continue
            yield* sql`
              INSERT INTO addon_tax_map (account_id, addon_id, organisation_id, item_tax_id, tax_code)
              VALUES (${account}, ${id}, ${org}, ${m.tax_id}, ${m.code})`
          }
          yield* sql`
            INSERT INTO addon_org_settings (account_id, addon_id, organisation_id, account_code)
            VALUES (${account}, ${id}, ${org}, ${accountCode})
            ON CONFLICT (account_id, addon_id, organisation_id) DO UPDATE SET account_code = excluded.account_code`
        }).pipe(Effect.orDie),
      accountCode: (account, id, org) =>
        sql<{ readonly account_code: string }>`
          SELECT account_code FROM addon_org_settings
          WHERE account_id = ${account} AND addon_id = ${id} AND organisation_id = ${org}`.pipe(
          Effect.map((rows) => rows[0]?.account_code ?? ""),
          Effect.orDie
        ),
      remoteContact: (account, id, org, contactId) =>
        sql<RemoteLink>`
          SELECT remote_id, url FROM addon_contacts
          WHERE account_id = ${account} AND addon_id = ${id} AND organisation_id = ${org}
            AND contact_id = ${contactId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      linkContact: (account, id, org, contactId, link) =>
        Effect.gen(function* () {
          yield* sql`
            INSERT INTO addon_contacts (account_id, addon_id, organisation_id, contact_id, remote_id, url)
            VALUES (${account}, ${id}, ${org}, ${contactId}, ${link.remote_id}, ${link.url})
            ON CONFLICT (account_id, addon_id, organisation_id, contact_id) DO UPDATE SET
              remote_id = excluded.remote_id, url = excluded.url`
          yield* sql`
            UPDATE contacts SET lookup_url = ${link.url}, lookup_addon_id = ${id}
            WHERE account_id = ${account} AND contact_id = ${contactId}`
        }).pipe(Effect.orDie),
      contactLookup: (account, contactId) =>
        sql<{ readonly lookup_url: string; readonly lookup_addon_id: number }>`
          SELECT lookup_url, lookup_addon_id::int AS lookup_addon_id FROM contacts
          WHERE account_id = ${account} AND contact_id = ${contactId}
            AND lookup_url IS NOT NULL AND lookup_url <> '' AND lookup_addon_id IS NOT NULL`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      party: (account, quoteId) =>
        sql<QuoteParty>`
          SELECT c.contact_id, coalesce(c.name_first, '') AS first_name, coalesce(c.name_last, '') AS last_name,
            coalesce(c.email, '') AS email, coalesce(co.name_first, '') AS company
          FROM quote_contacts qc
          JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
          LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
          WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId}
          ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      instance: sql<{ readonly instance_id: string }>`SELECT instance_id FROM addon_instance LIMIT 1`.pipe(
        Effect.map((rows) => rows[0]?.instance_id ?? "0000000000"),
        Effect.orDie
      ),
      deferSync: (account, invoiceId, untilMs) =>
        sql`
          UPDATE quote_invoices SET claimed_until = ${new Date(untilMs)}
          WHERE account_id = ${account} AND quote_invoice_id = ${invoiceId} AND invoice_sync_status = 10`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
    })
  })
)
