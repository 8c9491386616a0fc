/**
 * The email domain repository: an account's sender, relay (password sealed) and DKIM key (private key sealed),
 * what the last DNS look-up found, and whether add-on 10 is on. Every query is filtered by the account.
 *
 * @since 0.6.0
 */
import type * as EmailDomain from "@quotekit/core/EmailDomain"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** The add-on's id in `addon_switches`. */
export const ADDON_ID = 10

/** The account's relay as stored. */
export interface StoredRelay {
  readonly host: string
  readonly port: number
  readonly security: EmailDomain.Security
  readonly username: string
  /** The sealed password; null when the relay takes mail without one. */
  readonly password_sealed: string | null
}

/** One record's last look-up. */
export interface StoredCheck {
  readonly state: EmailDomain.RecordState
  readonly found: string | null
}

/** An account's email domain as stored. `checked_at` is epoch seconds. */
export interface Stored {
  readonly account_id: number
  readonly sender_name: string
  readonly sender_email: string
  readonly domain: string
  readonly relay: StoredRelay | null
  readonly dkim_selector: string
  readonly dkim_public_key: string
  readonly dkim_private_sealed: string
  readonly spf: StoredCheck
  readonly dkim: StoredCheck
  readonly dmarc: StoredCheck
  readonly checked_at: number | null
}

/** What saving writes; the DKIM key is kept unless the domain changed (then these hold the new one). */
export interface Saved {
  readonly sender_name: string
  readonly sender_email: string
  readonly domain: string
  readonly relay: StoredRelay | null
  readonly dkim_selector: string
  readonly dkim_public_key: string
  readonly dkim_private_sealed: string
  /** Whether the look-ups are out of date (a new key or domain, or another relay for SPF). */
  readonly resetChecks: boolean
}

/** The email domain repository service. */
export class EmailDomainRepo extends Context.Service<
  EmailDomainRepo,
  {
    readonly get: (account: number) => Effect.Effect<Option.Option<Stored>>
    /** Whether add-on 10 is on for the account. */
    readonly enabled: (account: number) => Effect.Effect<boolean>
    /** Save the settings and the add-on's switch together. */
    readonly save: (account: number, signin: number, enabled: boolean, s: Saved) => Effect.Effect<void>
    /** Drop the settings (and switch the add-on off). */
    readonly remove: (account: number, signin: number) => Effect.Effect<void>
    readonly recordChecks: (
      account: number,
      checks: { readonly spf: StoredCheck; readonly dkim: StoredCheck; readonly dmarc: StoredCheck },
      atMs: number
    ) => Effect.Effect<void>
    /**
     * Claim up to `limit` domains last looked up before `beforeMs` (or never), skipping those another process
     * holds, and mark them looked up at `nowMs` so no other process takes them meanwhile.
     */
    readonly claimStale: (beforeMs: number, nowMs: number, limit: number) => Effect.Effect<ReadonlyArray<Stored>>
    /** The email address of a sign-in (where the test email goes). */
    readonly signinEmail: (signin: number) => Effect.Effect<string>
    /** The settings an email of the account is sent with: present only while the add-on is on. */
    readonly forSending: (account: number) => Effect.Effect<Option.Option<Stored>>
  }
>()("quotekit/server/EmailDomainRepo") {}

interface Row {
  readonly account_id: number
  readonly sender_name: string
  readonly sender_email: string
  readonly domain: string
  readonly relay_host: string | null
  readonly relay_port: number | null
  readonly relay_security: string | null
  readonly relay_username: string
  readonly relay_password_sealed: string | null
  readonly dkim_selector: string
  readonly dkim_public_key: string
  readonly dkim_private_sealed: string
  readonly spf_state: string
  readonly spf_found: string | null
  readonly dkim_state: string
  readonly dkim_found: string | null
  readonly dmarc_state: string
  readonly dmarc_found: string | null
  readonly checked_at: Date | null
}

const columns = `d.account_id, d.sender_name, d.sender_email, d.domain, d.relay_host, d.relay_port,
  d.relay_security, d.relay_username, d.relay_password_sealed, d.dkim_selector, d.dkim_public_key,
  d.dkim_private_sealed, d.spf_state, d.spf_found, d.dkim_state, d.dkim_found, d.dmarc_state, d.dmarc_found,
  d.checked_at`

const toStored = (r: Row): Stored => ({
  account_id: r.account_id,
  sender_name: r.sender_name,
  sender_email: r.sender_email,
  domain: r.domain,
  relay:
    r.relay_host === null || r.relay_port === null
      ? null
      : {
          host: r.relay_host,
          port: r.relay_port,
          security: r.relay_security as EmailDomain.Security,
          username: r.relay_username,
          password_sealed: r.relay_password_sealed
        },
  dkim_selector: r.dkim_selector,
  dkim_public_key: r.dkim_public_key,
  dkim_private_sealed: r.dkim_private_sealed,
  spf: { state: r.spf_state as EmailDomain.RecordState, found: r.spf_found },
  dkim: { state: r.dkim_state as EmailDomain.RecordState, found: r.dkim_found },
  dmarc: { state: r.dmarc_state as EmailDomain.RecordState, found: r.dmarc_found },
  checked_at: r.checked_at === null ? null : Math.floor(r.checked_at.getTime() / 1000)
})

/** The repository over the `SqlClient`. */
export const layer = Layer.effect(
  EmailDomainRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const setSwitch = (account: number, enabled: boolean, by: number) =>
      sql`
        INSERT INTO addon_switches (account_id, addon_id, enabled, modified_by)
        VALUES (${account}, ${ADDON_ID}, ${enabled}, ${by})
        ON CONFLICT (account_id, addon_id) DO UPDATE SET enabled = excluded.enabled,
          modified_by = excluded.modified_by, modified_at = now()`
    return EmailDomainRepo.of({
      get: (account) =>
        sql<Row>`SELECT ${sql.literal(columns)} FROM email_domains d WHERE d.account_id = ${account}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStored)),
          Effect.orDie
        ),
      enabled: (account) =>
        sql<{ readonly enabled: boolean }>`
          SELECT enabled FROM addon_switches WHERE account_id = ${account} AND addon_id = ${ADDON_ID}`.pipe(
          Effect.map((rows) => rows[0]?.enabled ?? false),
          Effect.orDie
        ),
      save: (account, signin, enabled, s) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const reset = s.resetChecks
              yield* sql`
                INSERT INTO email_domains (account_id, sender_name, sender_email, domain, relay_host, relay_port,
                  relay_security, relay_username, relay_password_sealed, dkim_selector, dkim_public_key,
                  dkim_private_sealed, modified_by, modified_at)
                VALUES (${account}, ${s.sender_name}, ${s.sender_email}, ${s.domain}, ${s.relay?.host ?? null},
                  ${s.relay?.port ?? null}, ${s.relay?.security ?? null}, ${s.relay?.username ?? ""},
                  ${s.relay?.password_sealed ?? null}, ${s.dkim_selector}, ${s.dkim_public_key},
                  ${s.dkim_private_sealed}, ${signin}, now())
                ON CONFLICT (account_id) DO UPDATE SET sender_name = excluded.sender_name,
                  sender_email = excluded.sender_email, domain = excluded.domain,
                  relay_host = excluded.relay_host, relay_port = excluded.relay_port,
                  relay_security = excluded.relay_security, relay_username = excluded.relay_username,
                  relay_password_sealed = excluded.relay_password_sealed, dkim_selector = excluded.dkim_selector,
                  dkim_public_key = excluded.dkim_public_key, dkim_private_sealed = excluded.dkim_private_sealed,
                  modified_by = excluded.modified_by, modified_at = now(),
                  spf_state = CASE WHEN ${reset} THEN 'unchecked' ELSE email_domains.spf_state END,
                  spf_found = CASE WHEN ${reset} THEN NULL ELSE email_domains.spf_found END,
                  dkim_state = CASE WHEN ${reset} THEN 'unchecked' ELSE email_domains.dkim_state END,
                  dkim_found = CASE WHEN ${reset} THEN NULL ELSE email_domains.dkim_found END,
                  dmarc_state = CASE WHEN ${reset} THEN 'unchecked' ELSE email_domains.dmarc_state END,
                  dmarc_found = CASE WHEN ${reset} THEN NULL ELSE email_domains.dmarc_found END,
                  checked_at = CASE WHEN ${reset} THEN NULL ELSE email_domains.checked_at END`
              yield* setSwitch(account, enabled, signin)
            })
          )
          .pipe(Effect.orDie),
      remove: (account, signin) =>
        sql
          .withTransaction(
            Effect.andThen(
              sql`DELETE FROM email_domains WHERE account_id = ${account}`,
              setSwitch(account, false, signin)
            )
          )
          .pipe(Effect.asVoid, Effect.orDie),
      recordChecks: (account, c, atMs) =>
        sql`
          UPDATE email_domains SET spf_state = ${c.spf.state}, spf_found = ${c.spf.found},
            dkim_state = ${c.dkim.state}, dkim_found = ${c.dkim.found},
            dmarc_state = ${c.dmarc.state}, dmarc_found = ${c.dmarc.found}, checked_at = ${new Date(atMs)}
          WHERE account_id = ${account}`.pipe(Effect.asVoid, Effect.orDie),
      claimStale: (beforeMs, nowMs, limit) =>
        sql<Row>`
          UPDATE email_domains d SET checked_at = ${new Date(nowMs)}
          WHERE d.account_id IN (
            SELECT account_id FROM email_domains
            WHERE checked_at IS NULL OR checked_at < ${new Date(beforeMs)}
            ORDER BY checked_at NULLS FIRST, account_id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING ${sql.literal(columns)}`.pipe(
          Effect.map((rows) => rows.map(toStored)),
          Effect.orDie
        ),
      signinEmail: (signin) =>
        sql<{ readonly email: string }>`SELECT email FROM signins WHERE signin_id = ${signin}`.pipe(
          Effect.map((rows) => rows[0]?.email ?? ""),
          Effect.orDie
        ),
      forSending: (account) =>
        sql<Row>`
          SELECT ${sql.literal(columns)} FROM email_domains d
          JOIN addon_switches s ON s.account_id = d.account_id AND s.addon_id = ${ADDON_ID} AND s.enabled
          WHERE d.account_id = ${account}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStored)),
          Effect.orDie
        )
    })
  })
)
