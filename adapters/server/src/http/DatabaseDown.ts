/**
 * Telling "the database cannot be reached" from other failures, so a request made while PostgreSQL restarts
 * (or its network is down) answers 503 with a message and a `Retry-After`, not a 500. A transaction that lost its
 * connection is rolled back by the database, so nothing of such a request is kept; the client pool reconnects
 * on the next request once the database is back, without a restart.
 *
 * @since 0.1.0
 */
import { Cause } from "effect"
import { SqlError } from "effect/sql"

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5

/** PostgreSQL's SQLSTATEs of a server going away: shutdown, crash shutdown, starting up. */
const goingAway = new Set(["57P01", "57P02", "57P03"])

/** Socket errors of a server that is not there, or went away mid-request. */
const socketGone = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"])

const codeOf = (u: unknown): string | undefined =>
  typeof u === "object" && u !== null && "code" in u && typeof u.code === "string" ? u.code : undefined

/** Whether a SQL failure says the database is unreachable (as opposed to a bad query or a constraint). */
export const isUnreachable = (error: unknown): boolean => {
  if (!SqlError.isSqlError(error)) return false
  if (error.reason._tag === "ConnectionError") return true
  // The pg driver's error, or the socket's, sometimes one level further down.
  for (let cause: unknown = error.reason.cause, depth = 0; cause !== undefined && depth < 4; depth++) {
    const code = codeOf(cause)
    if (code !== undefined && (goingAway.has(code) || socketGone.has(code))) return true
    cause = typeof cause === "object" && cause !== null && "cause" in cause ? cause.cause : undefined
  }
  return false
}

/** Whether a request's failure is the database being unreachable (a failure or a defect carrying one). */
export const inCause = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.some(
    (reason) =>
      (Cause.isFailReason(reason) && isUnreachable(reason.error)) ||
      (Cause.isDieReason(reason) && isUnreachable(reason.defect))
  )
