import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describeBackends } from "../src/TestDatabase.ts"

let emails = 0
const email = () => `stamp.${process.pid}.${Date.now()}.${++emails}@example.com`

/** An account's stamp (0 without a row), as a number. */
const stamp = (account: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ readonly stamp: string }>`
        SELECT coalesce((SELECT stamp FROM list_stamps WHERE account_id = ${account}), 0)::text AS stamp`,
      (rows) => Number(rows[0]!.stamp)
    )
  )

const newAccount = (name: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ readonly account_id: number }>`INSERT INTO accounts (name) VALUES (${name}) RETURNING account_id`,
      (rows) => rows[0]!.account_id
    )
  )

const newSignin = (member: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [s] = yield* sql<{ readonly signin_id: number }>`
      INSERT INTO signins (email, name_first, name_last) VALUES (${email()}, 'Ada', 'Author') RETURNING signin_id`
    for (const account of member)
      yield* sql`INSERT INTO memberships (account_id, signin_id) VALUES (${account}, ${s!.signin_id})`
    return s!.signin_id
  })

let quoteNo = 0
const newQuote = (account: number, signin: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ readonly quote_id: number }>`
        INSERT INTO quotes (account_id, quote_no, title, from_signin_id)
        VALUES (${account}, ${++quoteNo}, 'Kitchen', ${signin}) RETURNING quote_id`,
      (rows) => rows[0]!.quote_id
    )
  )

describeBackends("list stamps", (it) => {
  /** Runs `change` and returns how much each account's stamp grew. */
  const growth = (accounts: ReadonlyArray<number>, change: Effect.Effect<unknown, unknown, SqlClient.SqlClient>) =>
    Effect.gen(function* () {
      const before = yield* Effect.forEach(accounts, stamp)
      yield* change
      const after = yield* Effect.forEach(accounts, stamp)
      return after.map((n, i) => n - before[i]!)
    })

  it.effect("every change to a table a list row reads bumps its account's stamp, and only its account's", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const a = yield* newAccount("Stamped")
      const other = yield* newAccount("Untouched")
      const author = yield* newSignin([a])
      const both = [a, other]
      assert.strictEqual(yield* stamp(a), 0)

      let quote = 0
      assert.deepStrictEqual(
        yield* growth(
          both,
          Effect.map(newQuote(a, author), (id) => {
            quote = id
          })
        ),
        [1, 0],
        "quote inserted"
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`UPDATE quotes SET title = 'Deck' WHERE quote_id = ${quote}`),
        [1, 0]
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`UPDATE quotes SET last_view = now() WHERE quote_id = ${quote}`),
        [1, 0],
        "customer view"
      )

      const [company] = yield* sql<{ readonly contact_id: number }>`
        INSERT INTO contacts (account_id, contact_type, name_first) VALUES (${a}, 'company', 'Engines Ltd')
        RETURNING contact_id`
      const [person] = yield* sql<{ readonly contact_id: number }>`
        INSERT INTO contacts (account_id, contact_type, name_first, name_last, company_id)
        VALUES (${a}, 'person', 'Bob', 'Jones', ${company!.contact_id}) RETURNING contact_id`
      assert.deepStrictEqual(
        yield* growth(
          both,
          sql`INSERT INTO quote_contacts (account_id, quote_id, contact_id) VALUES (${a}, ${quote}, ${person!.contact_id})`
        ),
        [1, 0],
        "quote contact added"
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`UPDATE quote_contacts SET contact_order = 1 WHERE quote_id = ${quote}`),
        [1, 0]
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`UPDATE contacts SET name_first = 'Robert' WHERE contact_id = ${person!.contact_id}`),
        [1, 0],
        "contact renamed"
      )
      assert.deepStrictEqual(
        yield* growth(
          both,
          sql`UPDATE contacts SET name_first = 'Engines plc' WHERE contact_id = ${company!.contact_id}`
        ),
        [1, 0],
        "company renamed"
      )

      const [question] = yield* sql<{ readonly discuss_id: number }>`
        INSERT INTO discussion (account_id, quote_id, discuss_type, from_contact_id, discuss_body)
        VALUES (${a}, ${quote}, 1, ${person!.contact_id}, 'Tax included?') RETURNING discuss_id`
      assert.strictEqual(question !== undefined, true)
      assert.deepStrictEqual(
        yield* growth(both, sql`UPDATE discussion SET discuss_type = 3 WHERE discuss_id = ${question!.discuss_id}`),
        [1, 0],
        "question answered"
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`DELETE FROM discussion WHERE discuss_id = ${question!.discuss_id}`),
        [1, 0]
      )

      assert.deepStrictEqual(
        yield* growth(both, sql`INSERT INTO follow_ups (account_id, quote_id, due_at) VALUES (${a}, ${quote}, now())`),
        [1, 0],
        "follow-up scheduled"
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`UPDATE follow_ups SET status = 'done' WHERE quote_id = ${quote}`),
        [1, 0]
      )
      assert.deepStrictEqual(yield* growth(both, sql`DELETE FROM follow_ups WHERE quote_id = ${quote}`), [1, 0])

      assert.deepStrictEqual(
        yield* growth(both, sql`DELETE FROM quote_contacts WHERE quote_id = ${quote}`),
        [1, 0],
        "quote contact removed"
      )
      assert.deepStrictEqual(
        yield* growth(both, sql`DELETE FROM contacts WHERE contact_id = ${person!.contact_id}`),
        [1, 0]
      )
      assert.deepStrictEqual(yield* growth(both, sql`DELETE FROM quotes WHERE quote_id = ${quote}`), [1, 0])
    })
  )

  it.effect("a sign-in's new name bumps its accounts and those holding its quotes; other changes do not", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const first = yield* newAccount("First")
      const second = yield* newAccount("Second")
      const former = yield* newAccount("Former")
      const unrelated = yield* newAccount("Unrelated")
      const signin = yield* newSignin([first, second])
      // A quote they wrote in an account they have left.
      yield* newQuote(former, signin)
      const all = [first, second, former, unrelated]

      assert.deepStrictEqual(
        yield* growth(all, sql`UPDATE signins SET name_display = 'Ada L.' WHERE signin_id = ${signin}`),
        [1, 1, 1, 0]
      )
      assert.deepStrictEqual(
        yield* growth(
          all,
          sql`UPDATE signins SET name_first = 'Ada', name_last = 'Lovelace' WHERE signin_id = ${signin}`
        ),
        [1, 1, 1, 0]
      )
      assert.deepStrictEqual(
        yield* growth(all, sql`UPDATE signins SET email = ${email()} WHERE signin_id = ${signin}`),
        [1, 1, 1, 0]
      )
      assert.deepStrictEqual(
        yield* growth(
          all,
          sql`UPDATE signins SET password_hash = 'x', signin_tz = 'Pacific/Auckland', modified = now()
              WHERE signin_id = ${signin}`
        ),
        [0, 0, 0, 0],
        "nothing the list shows"
      )
      assert.deepStrictEqual(
        yield* growth(all, sql`UPDATE signins SET name_display = 'Ada L.' WHERE signin_id = ${signin}`),
        [0, 0, 0, 0],
        "the same name again"
      )
    })
  )

  it.effect("bumps once per transaction, at commit, and not at all when it rolls back", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const a = yield* newAccount("Bulk")
      const b = yield* newAccount("Bulk too")
      const author = yield* newSignin([a, b])
      const inside = yield* growth(
        [a, b],
        sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`
              INSERT INTO quotes (account_id, quote_no, title, from_signin_id)
              SELECT ${a}, n, 'Bulk ' || n, ${author} FROM generate_series(1, 500) AS n`
            yield* sql`UPDATE quotes SET title = title || '!' WHERE account_id = ${a}`
            yield* newQuote(b, author)
            // The bump waits for the commit.
            assert.strictEqual(yield* stamp(a), 0)
          })
        )
      )
      assert.deepStrictEqual(inside, [1, 1])

      const rolledBack = yield* growth(
        [a],
        Effect.ignore(
          sql.withTransaction(
            Effect.andThen(sql`UPDATE quotes SET title = 'Gone' WHERE account_id = ${a}`, Effect.fail("undo"))
          )
        )
      )
      assert.deepStrictEqual(rolledBack, [0])
      const titles = yield* sql<{ readonly n: number }>`
        SELECT count(*)::int AS n FROM quotes WHERE account_id = ${a} AND title = 'Gone'`
      assert.strictEqual(titles[0]!.n, 0)
    })
  )

  it.effect("an account's deletion takes its stamp with it", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const a = yield* newAccount("Leaving")
      const author = yield* newSignin([a])
      const quote = yield* newQuote(a, author)
      yield* sql`INSERT INTO follow_ups (account_id, quote_id, due_at) VALUES (${a}, ${quote}, now())`
      assert.strictEqual(yield* stamp(a), 2)
      // The cascade deletes quotes and follow-ups, whose triggers find the account gone.
      yield* sql`DELETE FROM accounts WHERE account_id = ${a}`
      const left = yield* sql<{ readonly n: number }>`
        SELECT count(*)::int AS n FROM list_stamps WHERE account_id = ${a}`
      assert.strictEqual(left[0]!.n, 0)
    })
  )

  // Last: it empties follow-ups (and what refers to them) for the whole file's database.
  it.effect("a TRUNCATE bumps every account", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const a = yield* newAccount("Truncated")
      const b = yield* newAccount("Truncated too")
      assert.deepStrictEqual(yield* growth([a, b], sql`TRUNCATE follow_ups CASCADE`), [1, 1])
    })
  )
})
