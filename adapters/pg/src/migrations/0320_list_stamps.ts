/**
 * The quote list's change stamps: `list_stamps.stamp` grows whenever anything a row of an account's quote list
 * shows may have changed, so a list answer kept in memory is served only while the account's stamp is the one
 * it was made at (`adapters/server/src/quotes/ListCache.ts`). No row means stamp 0; the first bump writes 1.
 *
 * What the list's page query reads (`ListRepo.page`), and what bumps for it:
 * - `quotes` (the row itself, `last_view`, the expiry, the activity order): any insert, update or delete;
 * - `quote_contacts` (the row's first contact): any change;
 * - `contacts` (that contact's name or email, its company's name): any change;
 * - `discussion` (`_new_questions`): any change;
 * - `follow_ups` (the due follow-up): any change;
 * - `signins` (the author's name): a change of `name_first`, `name_last`, `name_display` or `email` bumps every
 *   account the sign-in is a member of and every account holding a quote of theirs (a sign-in spans accounts,
 *   and a former member still authors their quotes);
 * - a TRUNCATE of any of them bumps every account.
 * A column the list starts reading from another table needs its trigger here too.
 *
 * The bumps are deferred constraint triggers: they run at commit, after everything else the transaction does.
 * Bumping takes the account's `list_stamps` row lock until commit; taken at the end, it never waits while
 * holding rows another writer of the account needs (a bump at each statement, holding the stamp through the
 * rest of the transaction, would turn ordinary waits between two writers of one account into deadlocks).
 * Each account is bumped once per transaction: the accounts already bumped are kept in the transaction-local
 * setting `quotekit.list_stamped`, so a statement writing 100,000 rows costs one upsert per account, and the
 * rows' events only a string search each. One bump per transaction is enough: the stamp becomes visible with
 * the transaction's changes, all at once, at commit.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** The account-scoped tables whose every change bumps the stamp. */
const tables = ["quotes", "quote_contacts", "contacts", "discussion", "follow_ups"] as const

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE list_stamps (
      account_id integer PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      stamp bigint NOT NULL DEFAULT 0 CHECK (stamp >= 0)
    )`

  // Accounts deleted in this transaction (a cascade from accounts fires these triggers) are skipped: their
  // stamps went with them. Ordered, so two transactions bumping the same accounts take the locks in one order.
  yield* sql`
    CREATE FUNCTION list_stamps_bump(accounts integer[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      marks text := coalesce(current_setting('quotekit.list_stamped', true), '');
      fresh integer[];
    BEGIN
      SELECT array_agg(DISTINCT a ORDER BY a) INTO fresh
      FROM unnest(accounts) AS a
      WHERE a IS NOT NULL AND strpos(marks, ',' || a || ',') = 0;
      IF fresh IS NULL THEN
        RETURN;
      END IF;
      INSERT INTO list_stamps (account_id, stamp)
      SELECT a.account_id, 1 FROM accounts a WHERE a.account_id = ANY(fresh) ORDER BY a.account_id
      ON CONFLICT (account_id) DO UPDATE SET stamp = list_stamps.stamp + 1;
      PERFORM set_config('quotekit.list_stamped',
        CASE WHEN marks = '' THEN ',' ELSE marks END || array_to_string(fresh, ',') || ',', true);
    END
    $$`

  // The row's account (both, should an update move a row between accounts), unless already bumped.
  yield* sql`
    CREATE FUNCTION list_stamps_row() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      marks text := coalesce(current_setting('quotekit.list_stamped', true), '');
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF strpos(marks, ',' || NEW.account_id || ',') = 0 THEN
          PERFORM list_stamps_bump(ARRAY[NEW.account_id]);
        END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF strpos(marks, ',' || OLD.account_id || ',') = 0 THEN
          PERFORM list_stamps_bump(ARRAY[OLD.account_id]);
        END IF;
      ELSIF strpos(marks, ',' || NEW.account_id || ',') = 0 OR strpos(marks, ',' || OLD.account_id || ',') = 0 THEN
        PERFORM list_stamps_bump(ARRAY[NEW.account_id, OLD.account_id]);
      END IF;
      RETURN NULL;
    END
    $$`

  yield* sql`
    CREATE FUNCTION list_stamps_signin() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM list_stamps_bump(ARRAY(
        SELECT m.account_id FROM memberships m WHERE m.signin_id = NEW.signin_id
        UNION
        SELECT a.account_id FROM accounts a
        WHERE EXISTS (SELECT 1 FROM quotes q WHERE q.account_id = a.account_id AND q.from_signin_id = NEW.signin_id)));
      RETURN NULL;
    END
    $$`

  yield* sql`
    CREATE FUNCTION list_stamps_all() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM list_stamps_bump(ARRAY(SELECT account_id FROM accounts));
      RETURN NULL;
    END
    $$`

  for (const table of tables) {
    yield* sql`
      CREATE CONSTRAINT TRIGGER ${sql(`${table}_list_stamp`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql(table)}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_stamps_row()`
    yield* sql`
      CREATE TRIGGER ${sql(`${table}_list_stamp_truncate`)} AFTER TRUNCATE ON ${sql(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION list_stamps_all()`
  }
  yield* sql`
    CREATE CONSTRAINT TRIGGER signins_list_stamp AFTER UPDATE OF name_first, name_last, name_display, email ON signins
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.name_first IS DISTINCT FROM NEW.name_first OR OLD.name_last IS DISTINCT FROM NEW.name_last
          OR OLD.name_display IS DISTINCT FROM NEW.name_display OR OLD.email IS DISTINCT FROM NEW.email)
    EXECUTE FUNCTION list_stamps_signin()`
  yield* sql`
    CREATE TRIGGER signins_list_stamp_truncate AFTER TRUNCATE ON signins
    FOR EACH STATEMENT EXECUTE FUNCTION list_stamps_all()`
})
