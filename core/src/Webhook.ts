/**
 * Webhooks (add-on 12): an account's endpoints receive its events as signed JSON POSTs (Standard Webhooks).
 * This module holds what every side agrees on: the event types, the endpoint and message ids, a delivery's
 * states, and the retry schedule.
 *
 * Each message body is `{ "type": "quote.accepted", "timestamp": "2026-…Z", "data": { … } }`; the samples per
 * type are in docs/webhooks.md.
 *
 * Retries: an attempt that gets no 2xx answer is tried again after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 8 h and
 * 8 h (each ±10 %, so a burst spreads out), nine attempts over about 24 hours; then the delivery has failed. An
 * endpoint that delivered nothing over a whole schedule (`shouldDisable`) is turned off, and the account's admins
 * are told by email; its deliveries wait until it is turned on again.
 *
 * @example
 * import * as Webhook from "@quotekit/core/Webhook"
 * Webhook.retryDelaySeconds(1, 0.5) // Option.some(5): the first retry, 5 s after the first attempt
 * Webhook.retryDelaySeconds(9, 0.5) // Option.none(): the schedule has run out
 *
 * @since 0.4.0
 */
import { Option, Schema } from "effect"

/** The events an endpoint can subscribe to, in the order the settings page lists them. */
export const eventTypes = [
  "quote.sent",
  "quote.viewed",
  "quote.accepted",
  "quote.declined",
  "question.asked",
  "invoice.created",
  "invoice.synced",
  "payment.received",
  "lead.created",
  "contact.created",
  "contact.updated"
] as const

/** An event an endpoint can subscribe to. */
export const EventType = Schema.Literals(eventTypes)
/** An event type. */
export type EventType = typeof EventType.Type

/** The type of the message "Send test" sends; no endpoint subscribes to it, it goes to the one tested. */
export const TEST_EVENT = "webhook.test"

/** What each event means, for the settings page's checkboxes. */
export const eventLabels: Readonly<Record<EventType, string>> = {
  "quote.sent": "Quote sent",
  "quote.viewed": "Quote viewed by the customer (first view)",
  "quote.accepted": "Quote accepted",
  "quote.declined": "Quote declined",
  "question.asked": "Question asked by a customer",
  "invoice.created": "Invoice created",
  "invoice.synced": "Invoice synced (numbered and issued)",
  "payment.received": "Payment received",
  "lead.created": "Lead created",
  "contact.created": "Contact created",
  "contact.updated": "Contact updated"
}

/** Identifier of an endpoint: a positive database `integer`. */
export const EndpointId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })).pipe(
  Schema.brand("WebhookEndpointId")
)
/** An endpoint id. */
export type EndpointId = typeof EndpointId.Type

/** Identifier of a delivery (one message to one endpoint): a positive database `bigint` within safe integers. */
export const DeliveryId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })).pipe(
  Schema.brand("WebhookDeliveryId")
)
/** A delivery id. */
export type DeliveryId = typeof DeliveryId.Type

/** A message id, `msg_` and 24 letters or digits: the `webhook-id` header, the same on every retry and replay. */
export const MessageId = Schema.String.check(Schema.isPattern(/^msg_[A-Za-z0-9]{24}$/)).pipe(
  Schema.brand("WebhookMessageId")
)
/** A message id. */
export type MessageId = typeof MessageId.Type

/** Where a delivery is: still to be (re)tried, delivered (a 2xx answer), or failed for good. */
export const DeliveryStatus = Schema.Literals(["pending", "delivered", "failed"])
/** A delivery's status. */
export type DeliveryStatus = typeof DeliveryStatus.Type

/** Seconds before each retry: after attempt 1 comes the first entry, and so on. */
export const RETRY_DELAYS_SECONDS: ReadonlyArray<number> = [5, 60, 300, 1800, 7200, 18_000, 28_800, 28_800]

/** Attempts a delivery gets before it has failed for good. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1

/** How long an endpoint's deliveries must all have failed before it is turned off (the whole schedule). */
export const DISABLE_AFTER_SECONDS = 24 * 60 * 60

/**
 * The wait before the next attempt after `attempts` attempts failed, spread ±10 % by `jitter` (0 to 1, 0.5 for
 * none); none when the schedule has run out.
 */
export const retryDelaySeconds = (attempts: number, jitter: number): Option.Option<number> => {
  const base = RETRY_DELAYS_SECONDS[attempts - 1]
  if (base === undefined) return Option.none()
  return Option.some(Math.max(1, Math.round(base * (0.9 + 0.2 * Math.min(1, Math.max(0, jitter))))))
}

/**
 * Whether a failed attempt turns its endpoint off: the endpoint has had no delivery since `failingSince` (epoch
 * seconds, null when its last attempt succeeded) and either this delivery has failed for good with nothing
 * delivered since it was made (`final`, `createdAt`), or the failures have lasted `DISABLE_AFTER_SECONDS`.
 */
export const shouldDisable = (p: {
  readonly failingSince: number | null
  readonly now: number
  readonly final: boolean
  readonly createdAt: number
}): boolean =>
  p.failingSince !== null &&
  ((p.final && p.failingSince <= p.createdAt) || p.now - p.failingSince >= DISABLE_AFTER_SECONDS)

/** The longest endpoint URL accepted. */
export const URL_MAX = 2000
/** The longest endpoint description accepted. */
export const DESCRIPTION_MAX = 200
