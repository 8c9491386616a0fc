/**
 * Quote appearance (Settings → Quote appearance): one row per account that changed it, the typed choices of
 * `@quotekit/core/Appearance` with the database's own checks of each closed list (an account without a row has
 * the defaults). The PDF paper falls back to the invoicing settings' `page_size` until the account saves its
 * appearance, so an account that picked US Letter there keeps it for quotes too. `updated_by` and `updated_at`
 * name the last change; each change is also an `audit_log` row (`quote_appearance.changed`, the old and new
 * values of what changed).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE quote_appearance (
      account_id integer PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      accent text NOT NULL CHECK (accent ~ '^#[0-9a-f]{6}$'),
      font text NOT NULL CHECK (font IN ('system', 'helvetica', 'verdana', 'georgia', 'palatino')),
      heading_style text NOT NULL CHECK (heading_style IN ('accent', 'dark', 'underlined')),
      logo_position text NOT NULL CHECK (logo_position IN ('left', 'centre', 'right')),
      logo_size text NOT NULL CHECK (logo_size IN ('small', 'medium', 'large')),
      density text NOT NULL CHECK (density IN ('compact', 'roomy')),
      legacy_theme text NOT NULL CHECK (legacy_theme IN ('none', 'classic', 'slate', 'paper')),
      show_pdf boolean NOT NULL,
      pdf_page_size text NOT NULL CHECK (pdf_page_size IN ('A4', 'Letter')),
      updated_by integer REFERENCES signins ON DELETE SET NULL,
      updated_at timestamptz NOT NULL
    )`
})
