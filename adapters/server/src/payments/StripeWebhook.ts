/**
 * `POST /stripe/webhook/{account id}`: Stripe's events for one account, authenticated by their
 * `Stripe-Signature` (HMAC-SHA256 of the raw body with the account's webhook signing secret, checked by
 * `stripe.webhooks.constructEvent`), not by a session or the anti-forgery token.
 *
 * - A body whose signature does not hold (forged, altered, signed with another secret, older than 5 minutes) is
 *   refused with 400 and changes nothing; so is any event for an account without a signing secret.
 * - Each event id is recorded in the transaction that handles it: a replayed event answers 200 and changes
 *   nothing, and a handling that fails rolls the record back so Stripe's retry is handled afresh.
 * - `payment_intent.succeeded` marks the deposit invoice paid (`Deposit.settle`); `payment_intent.payment_failed`
 *   records Stripe's message; every other event is acknowledged with 200 and ignored.
 *
 * @since 0.5.0
 */
import { type Event, Payments } from "@quotekit/stripe/Payments"
import { Effect, Option, Result } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import * as Deposit from "./Deposit.ts"
import { PaymentsRepo } from "./Repo.ts"
import * as Settings from "./Settings.ts"

/** The largest event body taken (Stripe's events are a few kilobytes). */
export const MAX_BODY = 512 * 1024

const answer = (status: number, body: Record<string, unknown>) =>
  HttpServerResponse.jsonUnsafe(body, { status, headers: { "cache-control": "no-store" } })

const text = (v: unknown): string => (typeof v === "string" ? v : "")
const whole = (v: unknown): bigint => (typeof v === "number" && Number.isSafeInteger(v) ? BigInt(v) : 0n)

/** Handle one verified event in a transaction; what to answer. */
const handle = (account: number, event: Event) =>
  Effect.gen(function* () {
    const repo = yield* PaymentsRepo
    const objectId = text(event.object.id)
    if (!(yield* repo.firstSeen(account, event.id, event.type, objectId))) return { received: true, duplicate: true }
    if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed")
      return { received: true, ignored: true }
    const error = event.object.last_payment_error as { readonly message?: unknown } | null | undefined
    const paid = yield* Deposit.settle(account, {
      id: objectId,
      status: text(event.object.status),
      amount_received: whole(event.object.amount_received),
      currency: text(event.object.currency),
      last_error: text(error?.message)
    })
    return { received: true, paid }
  })

const route = HttpRouter.add(
  "POST",
  "/stripe/webhook/:account",
  Effect.gen(function* () {
    const { account: raw } = yield* HttpRouter.params
    if (!/^\d{1,9}$/.test(raw ?? "")) return answer(404, { error: "No such account." })
    const account = Number(raw)
    const request = yield* HttpServerRequest.HttpServerRequest
    const length = Number(request.headers["content-length"] ?? "0")
    if (length > MAX_BODY) return answer(413, { error: "The event is too large." })
    const body = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
    if (body.length > MAX_BODY) return answer(413, { error: "The event is too large." })
    const keys = yield* Settings.keys(account)
    const secret = Option.flatMap(keys, (k) => k.webhookSecret)
    if (Option.isNone(secret)) return answer(400, { error: "Stripe webhooks are not set up for this account." })
    const verified = yield* Effect.result(
      (yield* Payments).verifyEvent(body, request.headers["stripe-signature"] ?? "", secret.value)
    )
    if (Result.isFailure(verified)) {
      yield* Effect.logWarning(`account ${account}: a Stripe webhook was refused (${verified.failure.message})`)
      return answer(400, { error: "The signature does not match." })
    }
    const sql = yield* SqlClient.SqlClient
    const outcome = yield* sql.withTransaction(handle(account, verified.success)).pipe(Effect.orDie)
    return answer(200, outcome)
  })
)

/** The route. */
export const layer = route
