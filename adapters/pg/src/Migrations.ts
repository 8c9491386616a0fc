/**
 * The schema migrations of quotekit, applied in order at start. Each is a numbered module
 * (`migrations/0001_accounts.ts`); add new ones to `all` and never edit one that has shipped.
 */
// The submodule, not the package index: the index loads the HTTP server and costs ~300 ms at start.
import * as NodeServices from "@effect/platform-node/NodeServices"
import { PgMigrator } from "@effect/sql-pg"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import Accounts from "./migrations/0001_accounts.ts"
import Catalogue from "./migrations/0002_catalogue.ts"
import Contacts from "./migrations/0003_contacts.ts"
import Quotes from "./migrations/0004_quotes.ts"
import Discussion from "./migrations/0005_discussion.ts"
import Invoicing from "./migrations/0006_invoicing.ts"
import Search from "./migrations/0007_search.ts"
import QuotesServer from "./migrations/0100_quotes_server.ts"
import ContentServer from "./migrations/0200_content_server.ts"
import ContactLookup from "./migrations/0201_contact_lookup.ts"
import QuoteSettings from "./migrations/0300_quote_settings.ts"
import QuoteSearchAccount from "./migrations/0301_quote_search_account.ts"
import EmailSending from "./migrations/0310_email_sending.ts"
import ListStamps from "./migrations/0320_list_stamps.ts"
import EmailRecipients from "./migrations/0325_email_recipients.ts"
import BuiltinInvoices from "./migrations/0400_builtin_invoices.ts"
import Realtime from "./migrations/0410_realtime.ts"
import ApiKeys from "./migrations/0420_api_keys.ts"
import AcceptanceCertificates from "./migrations/0440_acceptance_certificates.ts"
import Webhooks from "./migrations/0460_webhooks.ts"
import AddOns from "./migrations/0500_addons.ts"
import Payments from "./migrations/0520_payments.ts"
import TwoFactor from "./migrations/0530_two_factor.ts"
import QuoteAppearance from "./migrations/0540_quote_appearance.ts"
import SearchIndexes from "./migrations/0550_search_indexes.ts"
import AcceptanceProof from "./migrations/0570_acceptance_proof.ts"
import SignupSource from "./migrations/0590_signup_source.ts"
import Notifications from "./migrations/0600_notifications.ts"
import EmailDomains from "./migrations/0610_email_domains.ts"
import PlannedDowntime from "./migrations/0630_planned_downtime.ts"
import SharedAccounts from "./migrations/0650_shared_accounts.ts"
import CrmAddOns from "./migrations/0670_crm_addons.ts"
import ContactLookupPlan from "./migrations/0690_contact_lookup_plan.ts"

/** Every migration, keyed `<id>_<name>` as `PgMigrator.fromRecord` expects. */
export const all = {
  "1_accounts": Accounts,
  "2_catalogue": Catalogue,
  "3_contacts": Contacts,
  "4_quotes": Quotes,
  "5_discussion": Discussion,
  "6_invoicing": Invoicing,
  "7_search": Search,
  "100_quotes_server": QuotesServer,
  "200_content_server": ContentServer,
  "201_contact_lookup": ContactLookup,
  "300_quote_settings": QuoteSettings,
  "301_quote_search_account": QuoteSearchAccount,
  "310_email_sending": EmailSending,
  "320_list_stamps": ListStamps,
  "325_email_recipients": EmailRecipients,
  "400_builtin_invoices": BuiltinInvoices,
  "410_realtime": Realtime,
  "420_api_keys": ApiKeys,
  "440_acceptance_certificates": AcceptanceCertificates,
  "460_webhooks": Webhooks,
  "500_addons": AddOns,
  "520_payments": Payments,
  "530_two_factor": TwoFactor,
  "540_quote_appearance": QuoteAppearance,
  "550_search_indexes": SearchIndexes,
  "570_acceptance_proof": AcceptanceProof,
  "590_signup_source": SignupSource,
  "600_notifications": Notifications,
  "610_email_domains": EmailDomains,
  "630_planned_downtime": PlannedDowntime,
  "650_shared_accounts": SharedAccounts,
  "670_crm_addons": CrmAddOns,
  "690_contact_lookup_plan": ContactLookupPlan
}

/** The id of the newest migration this version knows (a database at it is up to date). */
export const latestId: number = Math.max(...Object.keys(all).map((key) => Number(key.split("_")[0])))

/** The migrator options: every migration, recorded in the `effect_sql_migrations` table of the current schema. */
export const options: PgMigrator.MigratorOptions = { loader: PgMigrator.fromRecord(all) }

/**
 * Creates the migrations table in the current schema (the first of the search path) when that schema has none.
 * The migrator looks its table up through the whole search path, so a schema searched after a migrated one
 * (a test schema with `public` behind it for the extensions) would otherwise be taken as migrated already and
 * its tables never made. `CREATE TABLE IF NOT EXISTS` looks in the schema it creates in only. The columns are
 * the migrator's own.
 */
export const ensureTable = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const create = sql`
    CREATE TABLE IF NOT EXISTS effect_sql_migrations (
      migration_id integer primary key,
      created_at timestamp with time zone not null default now(),
      name text not null
    )`
  // Two processes creating it at once: one may fail on the catalogue's unique index; the table is there then.
  yield* create.pipe(Effect.catch(() => create))
})

/** Runs pending migrations; returns the `[id, name]` of those it applied (none when up to date). */
export const run = Effect.andThen(ensureTable, PgMigrator.run(options)).pipe(Effect.provide(NodeServices.layer))

/** Applies pending migrations while the layer builds; provide the database under it. */
export const layer = Layer.effectDiscard(run)
