/**
 * The sign-in repository: accounts, sign-ins, memberships, sessions, password reset links, invitations,
 * sign-in attempts and the audit log (tables of `adapters/pg` migration 0001). The only place sign-in SQL
 * lives. Database failures become defects here (the error envelope answers them with a 500); the domain
 * outcome "email taken" is typed.
 *
 * Times are epoch milliseconds from the caller (the server's `Clock`), never the database's `now()`, so one
 * clock decides every expiry and tests can move it.
 *
 * An invitation is a pending membership (`joined_at` null) plus a single-use link token in
 * `password_resets`; an invitee without a sign-in gets one without a password, completed on acceptance.
 * Only joined memberships count anywhere else.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { AccountChoice } from "@quotekit/core/api/AuthApi"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type SqlError } from "effect/sql"

/** A sign-in as authentication needs it; `password_hash` is null for an invitee who has not accepted. */
export interface SigninRecord {
  readonly signin_id: SigninId
  readonly email: string
  readonly name_display: string
  readonly password_hash: string | null
}

/**
 * A session found by its token hash (`session_id` is that hash, never the token), with the chosen account's
 * membership (null when none is chosen or the membership is gone).
 */
export interface SessionRecord {
  readonly session_id: string
  readonly signin_id: SigninId
  readonly account: { readonly account_id: AccountId; readonly is_admin: boolean } | null
  readonly created_at: number
  readonly last_seen_at: number
}

/** An open invitation found by its link token hash. */
export interface InvitationRecord {
  readonly token_hash: string
  readonly signin_id: SigninId
  readonly account_id: AccountId
  readonly account_name: string
  readonly email: string
  readonly is_admin: boolean
  readonly invited_by: string
  readonly has_password: boolean
}

/** One audit log entry: who did what, in which account. */
export interface AuditEntry {
  readonly account_id: AccountId | null
  readonly signin_id: SigninId | null
  readonly action: string
  readonly data: Record<string, unknown>
  readonly at: number
}

/** The email already has a sign-in. */
export class EmailTaken extends Schema.TaggedError<EmailTaken>()("EmailTaken", { email: Schema.String }) {}

/** The repository service. */
export class AuthRepo extends Context.Service<
  AuthRepo,
  {
    readonly signinByEmail: (email: string) => Effect.Effect<Option.Option<SigninRecord>>
    readonly signinById: (id: SigninId) => Effect.Effect<Option.Option<SigninRecord>>
    /** A new account with its first sign-in as a joined admin. */
    readonly createAccount: (input: {
      readonly account_name: string
      readonly email: string
      readonly name_first: string
      readonly name_last: string
      readonly password_hash: string
      readonly at: number
    }) => Effect.Effect<{ readonly account_id: AccountId; readonly signin_id: SigninId }, EmailTaken>
    /** The accounts a sign-in has joined, by name. */
    readonly accountsOf: (signin: SigninId) => Effect.Effect<ReadonlyArray<AccountChoice>>
    readonly setPassword: (signin: SigninId, passwordHash: string, at: number) => Effect.Effect<void>
    /** Complete an invitee's sign-in: names and first password. */
    readonly completeSignin: (
      signin: SigninId,
      input: {
        readonly name_first: string
        readonly name_last: string
        readonly password_hash: string
        readonly at: number
      }
    ) => Effect.Effect<void>
    readonly insertSession: (input: {
      readonly token_hash: string
      readonly signin_id: SigninId
      readonly account_id: AccountId | null
      readonly at: number
      readonly expires_at: number
      readonly address: string
      readonly user_agent: string | null
    }) => Effect.Effect<void>
    readonly sessionByTokenHash: (tokenHash: string) => Effect.Effect<Option.Option<SessionRecord>>
    readonly touchSession: (sessionId: string, at: number) => Effect.Effect<void>
    readonly chooseAccount: (sessionId: string, account: AccountId) => Effect.Effect<void>
    readonly deleteSession: (sessionId: string) => Effect.Effect<void>
    readonly deleteSessionsOf: (signin: SigninId) => Effect.Effect<void>
    /** End every session of a sign-in but one (a password change keeps the session that made it). */
    readonly deleteOtherSessionsOf: (signin: SigninId, keepSessionId: string) => Effect.Effect<void>
    /** Remove sessions past their absolute expiry or idle longer than `idleMs`; answers how many. */
    readonly deleteExpiredSessions: (at: number, idleMs: number) => Effect.Effect<number>
    /** Times (ms) since `since`, oldest first, of failed sign-ins of the email and of all sign-ins from the address. */
    readonly attemptTimes: (input: {
      readonly email: string
      readonly address: string
      readonly since: number
    }) => Effect.Effect<{ readonly byEmail: ReadonlyArray<number>; readonly byAddress: ReadonlyArray<number> }>
    /** Count a sign-in attempt (as failed until `attemptSucceeded`); answers its id. */
    readonly recordAttempt: (input: {
      readonly email: string
      readonly address: string
      readonly at: number
    }) => Effect.Effect<string>
    readonly attemptSucceeded: (attemptId: string) => Effect.Effect<void>
    readonly insertResetToken: (input: {
      readonly token_hash: string
      readonly signin_id: SigninId
      readonly at: number
      readonly expires_at: number
    }) => Effect.Effect<void>
    /** Use a reset link once: its sign-in when the link is live, marking it used in the same statement. */
    readonly takeResetToken: (tokenHash: string, at: number) => Effect.Effect<Option.Option<SigninId>>
    /** Whether the email belongs to a joined member of the account. */
    readonly isMemberByEmail: (account: AccountId, email: string) => Effect.Effect<boolean>
    /** A pending membership for the email (making a password-less sign-in if needed) and its link token. */
    readonly insertInvitation: (input: {
      readonly token_hash: string
      readonly account_id: AccountId
      readonly email: string
      readonly is_admin: boolean
      readonly invited_by: SigninId
      readonly at: number
      readonly expires_at: number
    }) => Effect.Effect<void>
    readonly invitationByTokenHash: (tokenHash: string, at: number) => Effect.Effect<Option.Option<InvitationRecord>>
    /** Use the link and join the membership, atomically; false when the link was used meanwhile. */
    readonly acceptInvitation: (invitation: InvitationRecord, at: number) => Effect.Effect<boolean>
    readonly audit: (entry: AuditEntry) => Effect.Effect<void>
  }
>()("quotekit/server/AuthRepo") {}

const ts = (ms: number) => new Date(ms)

interface SigninRow {
  readonly signin_id: number
  readonly email: string
  readonly name_display: string
  readonly password_hash: string | null
}
const toSignin = (row: SigninRow): SigninRecord => ({
  signin_id: row.signin_id as SigninId,
  email: row.email,
  name_display: row.name_display,
  password_hash: row.password_hash
})

const displayName = (first: string, last: string, email: string): string =>
  [first, last].filter((s) => s !== "").join(" ") || (email.split("@")[0] ?? email)

/** The repository over the SQL client. */
export const layer = Layer.effect(
  AuthRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const orDie = <A, E>(effect: Effect.Effect<A, E | SqlError.SqlError>) =>
      Effect.catchTag(effect as Effect.Effect<A, SqlError.SqlError>, "SqlError", (e) => Effect.die(e)) as Effect.Effect<
        A,
        Exclude<E, SqlError.SqlError>
      >
    const isUniqueViolation = (e: SqlError.SqlError) => e.cause._tag === "UniqueViolation"

    const signinWhere = (where: ReturnType<typeof sql.literal> | ReturnType<typeof sql>) =>
      sql<SigninRow>`SELECT signin_id, email, name_display, password_hash FROM signins WHERE ${where}`

    const accountsOf = (signin: SigninId) =>
      orDie(
        sql<{ account_id: number; account_name: string; is_admin: boolean }>`
          SELECT a.account_id, a.name AS account_name, m.is_admin
          FROM memberships m JOIN accounts a ON a.account_id = m.account_id
          WHERE m.signin_id = ${signin} AND m.joined_at IS NOT NULL
          ORDER BY lower(a.name), a.account_id`
      ).pipe(
        Effect.map((rows) =>
          rows.map(
            (r): AccountChoice => ({
              account_id: r.account_id as AccountId,
              account_name: r.account_name,
              image: null,
              is_admin: r.is_admin
            })
          )
        )
      )

    return AuthRepo.of({
      signinByEmail: (email) =>
        orDie(signinWhere(sql`lower(email) = lower(${email})`)).pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toSignin))
        ),
      signinById: (id) =>
        orDie(signinWhere(sql`signin_id = ${id}`)).pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toSignin))
        ),
      createAccount: (input) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const [account] = yield* sql<{ account_id: number }>`
                INSERT INTO accounts (name, creation, modified)
                VALUES (${input.account_name}, ${ts(input.at)}, ${ts(input.at)}) RETURNING account_id`
              const [signin] = yield* sql<{ signin_id: number }>`
                INSERT INTO signins (email, password_hash, name_first, name_last, name_display, creation, modified)
                VALUES (${input.email}, ${input.password_hash}, ${input.name_first}, ${input.name_last},
                        ${displayName(input.name_first, input.name_last, input.email)}, ${ts(input.at)}, ${ts(input.at)})
                RETURNING signin_id`
              if (account === undefined || signin === undefined) return yield* Effect.die("insert returned no row")
              yield* sql`
                INSERT INTO memberships (account_id, signin_id, is_admin, invited_at, joined_at)
                VALUES (${account.account_id}, ${signin.signin_id}, true, ${ts(input.at)}, ${ts(input.at)})`
              return { account_id: account.account_id as AccountId, signin_id: signin.signin_id as SigninId }
            })
          )
          .pipe(
            Effect.catchTag("SqlError", (e) =>
              isUniqueViolation(e) ? Effect.fail(new EmailTaken({ email: input.email })) : Effect.die(e)
            )
          ),
      accountsOf,
      setPassword: (signin, passwordHash, at) =>
        orDie(
          sql`UPDATE signins SET password_hash = ${passwordHash}, modified = ${ts(at)} WHERE signin_id = ${signin}`
        ).pipe(Effect.asVoid),
      completeSignin: (signin, input) =>
        orDie(
          sql`
            UPDATE signins SET password_hash = ${input.password_hash}, name_first = ${input.name_first},
              name_last = ${input.name_last}, name_display = ${displayName(input.name_first, input.name_last, "")},
              modified = ${ts(input.at)}
            WHERE signin_id = ${signin}`
        ).pipe(Effect.asVoid),
      insertSession: (input) =>
        orDie(
          sql`
            INSERT INTO sessions (token_hash, signin_id, account_id, created_at, last_seen_at, expires_at, user_agent, ip)
            VALUES (${input.token_hash}, ${input.signin_id}, ${input.account_id}, ${ts(input.at)}, ${ts(input.at)},
                    ${ts(input.expires_at)}, ${input.user_agent}, ${input.address})`
        ).pipe(Effect.asVoid),
      sessionByTokenHash: (tokenHash) =>
        orDie(
          sql<{
            token_hash: string
            signin_id: number
            account_id: number | null
            is_admin: boolean | null
            created_ms: number
            last_seen_ms: number
          }>`
            SELECT s.token_hash, s.signin_id, m.account_id, m.is_admin,
                   (extract(epoch FROM s.created_at) * 1000)::float8 AS created_ms,
                   (extract(epoch FROM s.last_seen_at) * 1000)::float8 AS last_seen_ms
            FROM sessions s
            LEFT JOIN memberships m
              ON m.account_id = s.account_id AND m.signin_id = s.signin_id AND m.joined_at IS NOT NULL
            WHERE s.token_hash = ${tokenHash}`
        ).pipe(
          Effect.map((rows) =>
            Option.map(
              Option.fromNullishOr(rows[0]),
              (r): SessionRecord => ({
                session_id: r.token_hash,
                signin_id: r.signin_id as SigninId,
                account:
                  r.account_id === null || r.is_admin === null
                    ? null
                    : { account_id: r.account_id as AccountId, is_admin: r.is_admin },
                created_at: Number(r.created_ms),
                last_seen_at: Number(r.last_seen_ms)
              })
            )
          )
        ),
      touchSession: (sessionId, at) =>
        orDie(sql`UPDATE sessions SET last_seen_at = ${ts(at)} WHERE token_hash = ${sessionId}`).pipe(Effect.asVoid),
      chooseAccount: (sessionId, account) =>
        orDie(sql`UPDATE sessions SET account_id = ${account} WHERE token_hash = ${sessionId}`).pipe(Effect.asVoid),
      deleteSession: (sessionId) =>
        orDie(sql`DELETE FROM sessions WHERE token_hash = ${sessionId}`).pipe(Effect.asVoid),
      deleteSessionsOf: (signin) => orDie(sql`DELETE FROM sessions WHERE signin_id = ${signin}`).pipe(Effect.asVoid),
      deleteOtherSessionsOf: (signin, keep) =>
        orDie(sql`DELETE FROM sessions WHERE signin_id = ${signin} AND token_hash <> ${keep}`).pipe(Effect.asVoid),
      deleteExpiredSessions: (at, idleMs) =>
        orDie(
          sql<{ n: number }>`
            WITH gone AS (
              DELETE FROM sessions WHERE expires_at <= ${ts(at)} OR last_seen_at <= ${ts(at - idleMs)} RETURNING 1
            ) SELECT count(*)::int AS n FROM gone`
        ).pipe(Effect.map((rows) => rows[0]?.n ?? 0)),
      attemptTimes: ({ email, address, since }) =>
        orDie(
          sql<{ by_email: boolean; at_ms: number }>`
            SELECT true AS by_email, (extract(epoch FROM at) * 1000)::float8 AS at_ms
            FROM signin_attempts WHERE email_lower = ${email} AND at > ${ts(since)} AND NOT succeeded
            UNION ALL
            SELECT false, (extract(epoch FROM at) * 1000)::float8
            FROM signin_attempts WHERE ip = ${address} AND at > ${ts(since)}`
        ).pipe(
          Effect.map((rows) => {
            const byEmail = rows.filter((r) => r.by_email).map((r) => Number(r.at_ms))
            const byAddress = rows.filter((r) => !r.by_email).map((r) => Number(r.at_ms))
            const oldestFirst = (a: number, b: number) => a - b
            return { byEmail: byEmail.sort(oldestFirst), byAddress: byAddress.sort(oldestFirst) }
          })
        ),
      recordAttempt: ({ email, address, at }) =>
        orDie(
          sql<{ attempt_id: string }>`
            INSERT INTO signin_attempts (email_lower, ip, at, succeeded) VALUES (${email}, ${address}, ${ts(at)}, false)
            RETURNING attempt_id::text`
        ).pipe(Effect.map((rows) => rows[0]?.attempt_id ?? "")),
      attemptSucceeded: (attemptId) =>
        orDie(sql`UPDATE signin_attempts SET succeeded = true WHERE attempt_id = ${attemptId}::bigint`).pipe(
          Effect.asVoid
        ),
      insertResetToken: (input) =>
        orDie(
          sql`
            INSERT INTO password_resets (token_hash, signin_id, created_at, expires_at)
            VALUES (${input.token_hash}, ${input.signin_id}, ${ts(input.at)}, ${ts(input.expires_at)})`
        ).pipe(Effect.asVoid),
      takeResetToken: (tokenHash, at) =>
        orDie(
          sql<{ signin_id: number }>`
            UPDATE password_resets SET used_at = ${ts(at)}
            WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${ts(at)}
            RETURNING signin_id`
        ).pipe(Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => r.signin_id as SigninId))),
      isMemberByEmail: (account, email) =>
        orDie(
          sql<{ n: number }>`
            SELECT count(*)::int AS n FROM memberships m JOIN signins s ON s.signin_id = m.signin_id
            WHERE m.account_id = ${account} AND lower(s.email) = lower(${email}) AND m.joined_at IS NOT NULL`
        ).pipe(Effect.map((rows) => (rows[0]?.n ?? 0) > 0)),
      insertInvitation: (input) =>
        orDie(
          sql.withTransaction(
            Effect.gen(function* () {
              const found = yield* sql<{ signin_id: number }>`
                SELECT signin_id FROM signins WHERE lower(email) = lower(${input.email})`
              const signinId =
                found[0]?.signin_id ??
                (yield* sql<{ signin_id: number }>`
                  INSERT INTO signins (email, password_hash, name_display, creation, modified)
                  VALUES (${input.email}, NULL, ${displayName("", "", input.email)}, ${ts(input.at)}, ${ts(input.at)})
                  RETURNING signin_id`)[0]?.signin_id
              if (signinId === undefined) return yield* Effect.die("insert returned no row")
              yield* sql`
                INSERT INTO memberships (account_id, signin_id, is_admin, invited_by, invited_at, joined_at)
                VALUES (${input.account_id}, ${signinId}, ${input.is_admin}, ${input.invited_by}, ${ts(input.at)}, NULL)
                ON CONFLICT (account_id, signin_id) DO UPDATE
                  SET is_admin = EXCLUDED.is_admin, invited_by = EXCLUDED.invited_by, invited_at = EXCLUDED.invited_at
                  WHERE memberships.joined_at IS NULL`
              yield* sql`
                INSERT INTO password_resets (token_hash, signin_id, created_at, expires_at)
                VALUES (${input.token_hash}, ${signinId}, ${ts(input.at)}, ${ts(input.expires_at)})`
            })
          )
        ),
      invitationByTokenHash: (tokenHash, at) =>
        orDie(
          sql<{
            signin_id: number
            account_id: number
            account_name: string
            email: string
            is_admin: boolean
            invited_by: string | null
            has_password: boolean
          }>`
            SELECT s.signin_id, a.account_id, a.name AS account_name, s.email, m.is_admin,
                   inviter.name_display AS invited_by, s.password_hash IS NOT NULL AS has_password
            FROM password_resets r
            JOIN signins s ON s.signin_id = r.signin_id
            JOIN memberships m ON m.signin_id = s.signin_id AND m.joined_at IS NULL
            JOIN accounts a ON a.account_id = m.account_id
            LEFT JOIN signins inviter ON inviter.signin_id = m.invited_by
            WHERE r.token_hash = ${tokenHash} AND r.used_at IS NULL AND r.expires_at > ${ts(at)}
              AND r.created_at >= m.invited_at
            ORDER BY m.invited_at DESC
            LIMIT 1`
        ).pipe(
          Effect.map((rows) =>
            Option.map(
              Option.fromNullishOr(rows[0]),
              (r): InvitationRecord => ({
                token_hash: tokenHash,
                signin_id: r.signin_id as SigninId,
                account_id: r.account_id as AccountId,
                account_name: r.account_name,
                email: r.email,
                is_admin: r.is_admin,
                invited_by: r.invited_by ?? "",
                has_password: r.has_password
              })
            )
          )
        ),
      acceptInvitation: (invitation, at) =>
        orDie(
          sql.withTransaction(
            Effect.gen(function* () {
              const used = yield* sql`
                UPDATE password_resets SET used_at = ${ts(at)}
                WHERE token_hash = ${invitation.token_hash} AND used_at IS NULL AND expires_at > ${ts(at)}
                RETURNING 1`
              if (used.length === 0) return false
              const joined = yield* sql`
                UPDATE memberships SET joined_at = ${ts(at)}
                WHERE account_id = ${invitation.account_id} AND signin_id = ${invitation.signin_id} AND joined_at IS NULL
                RETURNING 1`
              return joined.length > 0
            })
          )
        ),
      audit: (entry) =>
        orDie(
          sql`
            INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, data)
            VALUES (${entry.account_id}, ${ts(entry.at)}, ${entry.signin_id === null ? "system" : String(entry.signin_id)},
                    ${entry.signin_id}, ${entry.action}, ${JSON.stringify(entry.data)}::jsonb)`
        ).pipe(Effect.asVoid)
    })
  })
)
