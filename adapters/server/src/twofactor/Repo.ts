/**
 * The two-factor repository (tables of `adapters/pg` migration 0530): a sign-in's sealed secret and last accepted
 * step, its hashed recovery codes, the second steps of sign-ins waiting for a code, failed codes, and the
 * account's rule. Database failures become defects. Times are epoch milliseconds from the server's `Clock`.
 *
 * The rules that must hold under concurrent requests are single statements: a step is accepted only if it is newer
 * than the last (`acceptStep`), a recovery code is used only once (`useRecoveryCode`), enrolment is confirmed once.
 *
 * @since 0.5.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** A sign-in's two-factor row. */
export interface SecretRecord {
  readonly secret_sealed: string
  /** When enrolment was confirmed (epoch ms); null while it waits for its first code. */
  readonly confirmed_at: number | null
  readonly last_step: number | null
}

/** A sign-in waiting for its second step. */
export interface ChallengeRecord {
  readonly signin_id: SigninId
  readonly step: "code" | "enrol"
  readonly account_id: AccountId | null
}

/** The repository service. */
export class TwoFactorRepo extends Context.Service<
  TwoFactorRepo,
  {
    readonly secretOf: (signin: SigninId) => Effect.Effect<Option.Option<SecretRecord>>
    /** Store a new unconfirmed secret; false when two-factor is already on. */
    readonly startEnrolment: (signin: SigninId, sealed: string, at: number) => Effect.Effect<boolean>
    /** Turn two-factor on with its first step and recovery codes; false when it was on already. */
    readonly confirm: (
      signin: SigninId,
      step: number,
      codeHashes: ReadonlyArray<string>,
      at: number
    ) => Effect.Effect<boolean>
    /** Keep `step` as the last accepted one; false when it is not newer (the code was used). */
    readonly acceptStep: (signin: SigninId, step: number) => Effect.Effect<boolean>
    /** Mark a recovery code used; false when it is not one of the sign-in's unused codes. */
    readonly useRecoveryCode: (signin: SigninId, codeHash: string, at: number) => Effect.Effect<boolean>
    readonly replaceRecoveryCodes: (signin: SigninId, codeHashes: ReadonlyArray<string>) => Effect.Effect<void>
    readonly recoveryCodesLeft: (signin: SigninId) => Effect.Effect<number>
    /** Turn two-factor off: the secret and recovery codes go. */
    readonly disable: (signin: SigninId) => Effect.Effect<void>
    readonly failureTimes: (signin: SigninId, since: number) => Effect.Effect<ReadonlyArray<number>>
    readonly recordFailure: (signin: SigninId, at: number) => Effect.Effect<void>
    readonly clearFailures: (signin: SigninId) => Effect.Effect<void>
    readonly createChallenge: (input: {
      readonly token_hash: string
      readonly signin_id: SigninId
      readonly step: "code" | "enrol"
      readonly account_id: AccountId | null
      readonly at: number
      readonly expires_at: number
    }) => Effect.Effect<void>
    /** A live challenge by its token hash. */
    readonly challenge: (tokenHash: string, now: number) => Effect.Effect<Option.Option<ChallengeRecord>>
    /** End a challenge; false when it was gone already (another request passed it). */
    readonly endChallenge: (tokenHash: string) => Effect.Effect<boolean>
    /** Names of the joined accounts of a sign-in that require two-factor. */
    readonly requiredBy: (signin: SigninId) => Effect.Effect<ReadonlyArray<string>>
    readonly isRequired: (account: AccountId) => Effect.Effect<boolean>
    readonly setRequired: (account: AccountId, required: boolean) => Effect.Effect<void>
    /** Joined members of an account without two-factor on. */
    readonly membersWithout: (account: AccountId) => Effect.Effect<ReadonlyArray<SigninId>>
  }
>()("quotekit/server/TwoFactorRepo") {}

/** Recovery code rows to insert (never empty: there are always ten). */
const rowsOf = (signin: SigninId, codeHashes: ReadonlyArray<string>) =>
  codeHashes.map((code_hash) => ({ signin_id: signin as number, code_hash })) as unknown as readonly [
    Record<string, unknown>,
    ...Array<Record<string, unknown>>
  ]

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime())

/** The repository over the SQL client. */
export const layer = Layer.effect(
  TwoFactorRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const ts = (at: number) => new Date(at)
    return TwoFactorRepo.of({
      secretOf: (signin) =>
        sql<{ secret_sealed: string; confirmed_at: Date | null; last_step: string | number | null }>`
          SELECT secret_sealed, confirmed_at, last_step FROM two_factor WHERE signin_id = ${signin}`.pipe(
          Effect.map(([row]) =>
            row === undefined
              ? Option.none()
              : Option.some({
                  secret_sealed: row.secret_sealed,
                  confirmed_at: ms(row.confirmed_at),
                  last_step: row.last_step === null ? null : Number(row.last_step)
                })
          ),
          Effect.orDie
        ),
      startEnrolment: (signin, sealed, at) =>
        sql`
          INSERT INTO two_factor (signin_id, secret_sealed, created_at) VALUES (${signin}, ${sealed}, ${ts(at)})
          ON CONFLICT (signin_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, created_at = excluded.created_at
          WHERE two_factor.confirmed_at IS NULL
          RETURNING 1`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      confirm: (signin, step, codeHashes, at) =>
        Effect.gen(function* () {
          const done = yield* sql`
            UPDATE two_factor SET confirmed_at = ${ts(at)}, last_step = ${step}
            WHERE signin_id = ${signin} AND confirmed_at IS NULL
            RETURNING 1`
          if (done.length === 0) return false
          yield* sql`DELETE FROM two_factor_recovery_codes WHERE signin_id = ${signin}`
          yield* sql`INSERT INTO two_factor_recovery_codes ${sql.insert(rowsOf(signin, codeHashes))}`
          return true
        }).pipe(sql.withTransaction, Effect.orDie),
      acceptStep: (signin, step) =>
        sql`
          UPDATE two_factor SET last_step = ${step}
          WHERE signin_id = ${signin} AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < ${step})
          RETURNING 1`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      useRecoveryCode: (signin, codeHash, at) =>
        sql`
          UPDATE two_factor_recovery_codes SET used_at = ${ts(at)}
          WHERE signin_id = ${signin} AND code_hash = ${codeHash} AND used_at IS NULL
          RETURNING 1`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      replaceRecoveryCodes: (signin, codeHashes) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM two_factor_recovery_codes WHERE signin_id = ${signin}`
          yield* sql`INSERT INTO two_factor_recovery_codes ${sql.insert(rowsOf(signin, codeHashes))}`
        }).pipe(sql.withTransaction, Effect.orDie),
      recoveryCodesLeft: (signin) =>
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE signin_id = ${signin} AND used_at IS NULL`.pipe(
          Effect.map(([row]) => row?.n ?? 0),
          Effect.orDie
        ),
      disable: (signin) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM two_factor_recovery_codes WHERE signin_id = ${signin}`
          yield* sql`DELETE FROM two_factor WHERE signin_id = ${signin}`
          yield* sql`DELETE FROM two_factor_failures WHERE signin_id = ${signin}`
        }).pipe(sql.withTransaction, Effect.orDie),
      failureTimes: (signin, since) =>
        sql<{ at: Date }>`
          SELECT at FROM two_factor_failures WHERE signin_id = ${signin} AND at > ${ts(since)} ORDER BY at`.pipe(
          Effect.map((rows) => rows.map((r) => r.at.getTime())),
          Effect.orDie
        ),
      recordFailure: (signin, at) =>
        sql`INSERT INTO two_factor_failures (signin_id, at) VALUES (${signin}, ${ts(at)})`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      clearFailures: (signin) =>
        sql`DELETE FROM two_factor_failures WHERE signin_id = ${signin}`.pipe(Effect.asVoid, Effect.orDie),
      createChallenge: (input) =>
        Effect.gen(function* () {
          // Old challenges go on the way (they are refused on sight anyway).
          yield* sql`DELETE FROM two_factor_challenges WHERE expires_at < ${ts(input.at)}`
          yield* sql`
            INSERT INTO two_factor_challenges (token_hash, signin_id, step, account_id, created_at, expires_at)
            VALUES (${input.token_hash}, ${input.signin_id}, ${input.step}, ${input.account_id}, ${ts(input.at)},
                    ${ts(input.expires_at)})`
        }).pipe(Effect.orDie),
      challenge: (tokenHash, now) =>
        sql<{ signin_id: number; step: "code" | "enrol"; account_id: number | null }>`
          SELECT signin_id, step, account_id FROM two_factor_challenges
          WHERE token_hash = ${tokenHash} AND expires_at > ${ts(now)}`.pipe(
          Effect.map(([row]) =>
            row === undefined
              ? Option.none()
              : Option.some({
                  signin_id: row.signin_id as SigninId,
                  step: row.step,
                  account_id: row.account_id as AccountId | null
                })
          ),
          Effect.orDie
        ),
      endChallenge: (tokenHash) =>
        sql`DELETE FROM two_factor_challenges WHERE token_hash = ${tokenHash} RETURNING 1`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      requiredBy: (signin) =>
        sql<{ name: string }>`
          SELECT a.name FROM memberships m JOIN accounts a ON a.account_id = m.account_id
          WHERE m.signin_id = ${signin} AND m.joined_at IS NOT NULL AND a.two_factor_required
          ORDER BY a.name`.pipe(
          Effect.map((rows) => rows.map((r) => r.name)),
          Effect.orDie
        ),
      isRequired: (account) =>
        sql<{ two_factor_required: boolean }>`
          SELECT two_factor_required FROM accounts WHERE account_id = ${account}`.pipe(
          Effect.map(([row]) => row?.two_factor_required === true),
          Effect.orDie
        ),
      setRequired: (account, required) =>
        sql`UPDATE accounts SET two_factor_required = ${required} WHERE account_id = ${account}`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      membersWithout: (account) =>
        sql<{ signin_id: number }>`
          SELECT m.signin_id FROM memberships m
          LEFT JOIN two_factor t ON t.signin_id = m.signin_id AND t.confirmed_at IS NOT NULL
          WHERE m.account_id = ${account} AND m.joined_at IS NOT NULL AND t.signin_id IS NULL
          ORDER BY m.signin_id`.pipe(
          Effect.map((rows) => rows.map((r) => r.signin_id as SigninId)),
          Effect.orDie
        )
    })
  })
)
