/**
 * The per-quote settings repository: a quote's stored choices (`quote_settings`, a row only once any was
 * made), the account's defaults they fall back to (the terms checkbox of the account's appearance), and both
 * at once for the customer page. Every query is filtered by the account.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import * as QuoteSettings from "@quotekit/core/QuoteSettings"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** The repository service. */
export class QuoteSettingsRepo extends Context.Service<
  QuoteSettingsRepo,
  {
    /** The quote's stored choices; every setting follows the account when none was made. */
    readonly read: (account: AccountId, quoteId: number) => Effect.Effect<QuoteSettings.Settings>
    /** The account's defaults the settings fall back to. */
    readonly defaults: (account: AccountId) => Effect.Effect<QuoteSettings.Values>
    /** The values in force for a quote (its choices over the account's defaults), in one query. */
    readonly inForce: (account: AccountId, quoteId: number) => Effect.Effect<QuoteSettings.Values>
    /** Store the quote's choices, by whom and when (epoch milliseconds). */
    readonly write: (
      account: AccountId,
      quoteId: number,
      settings: QuoteSettings.Settings,
      by: SigninId,
      at: number
    ) => Effect.Effect<void>
  }
>()("quotekit/server/QuoteSettingsRepo") {}

interface ChoiceRow {
  readonly terms_checkbox: boolean | null
  readonly customer_quantities: boolean | null
}

const choicesOf = (row: ChoiceRow | undefined): QuoteSettings.Settings =>
  row === undefined
    ? QuoteSettings.none
    : { terms_checkbox: row.terms_checkbox, customer_quantities: row.customer_quantities }

/** The repository over the SQL client. */
export const layer = Layer.effect(
  QuoteSettingsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const defaults = (account: AccountId) =>
      sql<{ terms_checkbox: boolean | null }>`
        SELECT (appearance->>'termsCheckbox')::boolean AS terms_checkbox FROM accounts WHERE account_id = ${account}`.pipe(
        Effect.map((rows) => QuoteSettings.accountDefaults({ termsCheckbox: rows[0]?.terms_checkbox })),
        Effect.orDie
      )
    return QuoteSettingsRepo.of({
      read: (account, quoteId) =>
        sql<ChoiceRow>`
          SELECT terms_checkbox, customer_quantities FROM quote_settings
          WHERE account_id = ${account} AND quote_id = ${quoteId}`.pipe(
          Effect.map((rows) => choicesOf(rows[0])),
          Effect.orDie
        ),
      defaults,
      inForce: (account, quoteId) =>
        sql<ChoiceRow & { readonly default_terms: boolean | null }>`
          SELECT (a.appearance->>'termsCheckbox')::boolean AS default_terms, s.terms_checkbox, s.customer_quantities
          FROM accounts a
          LEFT JOIN quote_settings s ON s.account_id = a.account_id AND s.quote_id = ${quoteId}
          WHERE a.account_id = ${account}`.pipe(
          Effect.map((rows) => {
            const row = rows[0]
            return QuoteSettings.effective(
              // Without a settings row the join gives NULLs: every setting follows the account.
              choicesOf(row),
              QuoteSettings.accountDefaults({ termsCheckbox: row?.default_terms })
            )
          }),
          Effect.orDie
        ),
      write: (account, quoteId, s, by, at) =>
        sql`
          INSERT INTO quote_settings (account_id, quote_id, terms_checkbox, customer_quantities, modified, modified_by)
          VALUES (${account}, ${quoteId}, ${s.terms_checkbox}, ${s.customer_quantities}, ${new Date(at)}, ${by})
          ON CONFLICT (account_id, quote_id) DO UPDATE SET
            terms_checkbox = EXCLUDED.terms_checkbox,
            customer_quantities = EXCLUDED.customer_quantities,
            modified = EXCLUDED.modified,
            modified_by = EXCLUDED.modified_by`.pipe(Effect.asVoid, Effect.orDie)
    })
  })
)
