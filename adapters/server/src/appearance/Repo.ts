/**
 * The quote appearance's storage (`quote_appearance`, migration 0540): an account's appearance as its pages and
 * PDFs use it (the defaults until it saves one, the paper then following its invoicing settings), and saving
 * one with its audit row in the same statement. Every query is scoped to the account.
 *
 * @since 0.5.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import * as Appearance from "@quotekit/core/Appearance"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"

const decode = Schema.decodeUnknownSync(Appearance.Appearance)

interface Row {
  readonly accent: string | null
  readonly font: string | null
  readonly heading_style: string | null
  readonly logo_position: string | null
  readonly logo_size: string | null
  readonly density: string | null
  readonly legacy_theme: string | null
  readonly show_pdf: boolean | null
  readonly pdf_page_size: string | null
}

const fromRow = (row: Row | undefined): Appearance.Appearance => {
  if (row === undefined) return Appearance.defaults
  const d = Appearance.defaults
  // The database checks every column; a row that still fails to decode is a defect, not something to hide.
  return decode({
    accent: row.accent ?? d.accent,
    font: row.font ?? d.font,
    heading_style: row.heading_style ?? d.heading_style,
    logo_position: row.logo_position ?? d.logo_position,
    logo_size: row.logo_size ?? d.logo_size,
    density: row.density ?? d.density,
    legacy_theme: row.legacy_theme ?? d.legacy_theme,
    show_pdf: row.show_pdf ?? d.show_pdf,
    pdf_page_size: row.pdf_page_size ?? d.pdf_page_size
  })
}

/** The account's appearance: what it saved, else the defaults with its invoicing paper. */
export const get = (account: AccountId | number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`
      SELECT q.accent, q.font, q.heading_style, q.logo_position, q.logo_size, q.density, q.legacy_theme, q.show_pdf,
             coalesce(q.pdf_page_size, i.page_size) AS pdf_page_size
      FROM accounts a
      LEFT JOIN quote_appearance q ON q.account_id = a.account_id
      LEFT JOIN invoicing_settings i ON i.account_id = a.account_id
      WHERE a.account_id = ${account}`.pipe(Effect.orDie)
    return fromRow(rows[0])
  })

/**
 * Save the account's appearance and, when anything changed, an `audit_log` row naming who changed what (old and
 * new values), in one transaction. Answers what is stored.
 */
export const save = (account: AccountId, by: SigninId, next: Appearance.Appearance, atMs: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql
      .withTransaction(
        Effect.gen(function* () {
          // The row lock orders two admins saving at once, so each audit row holds the values it replaced.
          yield* sql`SELECT account_id FROM accounts WHERE account_id = ${account} FOR UPDATE`
          const before = yield* get(account)
          const at = new Date(atMs)
          yield* sql`
          INSERT INTO quote_appearance (account_id, accent, font, heading_style, logo_position, logo_size, density,
                                        legacy_theme, show_pdf, pdf_page_size, updated_by, updated_at)
          VALUES (${account}, ${next.accent}, ${next.font}, ${next.heading_style}, ${next.logo_position},
                  ${next.logo_size}, ${next.density}, ${next.legacy_theme}, ${next.show_pdf}, ${next.pdf_page_size},
                  ${by}, ${at})
          ON CONFLICT (account_id) DO UPDATE SET
            accent = excluded.accent, font = excluded.font, heading_style = excluded.heading_style,
            logo_position = excluded.logo_position, logo_size = excluded.logo_size, density = excluded.density,
            legacy_theme = excluded.legacy_theme, show_pdf = excluded.show_pdf,
            pdf_page_size = excluded.pdf_page_size, updated_by = excluded.updated_by, updated_at = excluded.updated_at`
          const changed = Appearance.changes(before, next)
          if (Object.keys(changed).length > 0) {
            yield* sql`
            INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data)
            VALUES (${account}, ${at}, ${String(by)}, ${by}, 'quote_appearance.changed', 'quote_appearance',
                    ${account}, ${JSON.stringify(changed)}::jsonb)`
          }
          return next
        })
      )
      .pipe(Effect.orDie)
  })
