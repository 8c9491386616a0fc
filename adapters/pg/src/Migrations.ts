/**
 * The schema migrations of quotekit, applied in order at start. Each is a numbered module
 * (`migrations/0001_accounts.ts`); add new ones to `all` and never edit one that has shipped.
 */
// The submodule, not the package index: the index loads the HTTP server and costs ~300 ms at start.
import * as NodeServices from "@effect/platform-node/NodeServices"
import { PgMigrator } from "@effect/sql-pg"
import { Effect, Layer } from "effect"
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
  "320_list_stamps": ListStamps
}

/** The migrator options: every migration, recorded in the `effect_sql_migrations` table of the search path. */
export const options: PgMigrator.MigratorOptions = { loader: PgMigrator.fromRecord(all) }

/** Runs pending migrations; returns the `[id, name]` of those it applied (none when up to date). */
export const run = PgMigrator.run(options).pipe(Effect.provide(NodeServices.layer))

/** Applies pending migrations while the layer builds; provide the database under it. */
export const layer = PgMigrator.layer(options).pipe(Layer.provide(NodeServices.layer))
