/**
 * Webhooks (Settings → Webhooks, admins only): the account's endpoints (URL, description, the events wanted,
 * on or off), each with its signing secret, which is answered once, when the endpoint is made or its secret
 * rotated, and never again; "send test" (a `webhook.test` message to one endpoint); the delivery log of an
 * endpoint, newest attempt first; and replaying a delivery (the same message, `webhook-id` included, again).
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import * as Webhook from "../Webhook.ts"
import { AccessDenied, InvalidInput, NotFound } from "./ApiError.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** An endpoint as the settings page shows it (never its secret). Times are epoch seconds. */
export const EndpointView = Schema.Struct({
  endpoint_id: Webhook.EndpointId,
  url: Schema.String,
  description: Schema.String,
  events: Schema.Array(Webhook.EventType),
  enabled: Schema.Boolean,
  /** Why it was turned off by the server (repeated failure); null when it was not. */
  disabled_reason: Schema.NullOr(Schema.String),
  /** Since when every attempt has failed; null when the last attempt succeeded (or none was made). */
  failing_since: Schema.NullOr(Schema.Int),
  created: Schema.Int
})
/** An endpoint as shown. */
export type EndpointView = typeof EndpointView.Type

/** The account's endpoints, oldest first. */
export const EndpointList = Schema.Struct({ endpoints: Schema.Array(EndpointView) })

/** What an admin sets on an endpoint. The URL is checked by the server (http or https, an address it may reach). */
export const EndpointInput = Schema.Struct({
  url: Schema.String.check(Schema.isMaxLength(Webhook.URL_MAX)),
  description: Schema.String.check(Schema.isMaxLength(Webhook.DESCRIPTION_MAX)),
  events: Schema.Array(Webhook.EventType),
  enabled: Schema.Boolean
})
/** An endpoint's settings. */
export type EndpointInput = typeof EndpointInput.Type

/** A new endpoint, or a rotated one, with its secret: shown this once. */
export const EndpointWithSecret = Schema.Struct({ endpoint: EndpointView, secret: Schema.String })

/** The message "send test" queued. */
export const TestSent = Schema.Struct({ message_id: Webhook.MessageId, delivery_id: Webhook.DeliveryId })

/** One attempt of a delivery, as the delivery log lists it. */
export const AttemptView = Schema.Struct({
  delivery_id: Webhook.DeliveryId,
  message_id: Webhook.MessageId,
  event: Schema.String,
  /** 1 for the first attempt of the delivery. */
  attempt: Schema.Int,
  at: Schema.Int,
  /** The answer's status; null when there was none (see `error`). */
  status_code: Schema.NullOr(Schema.Int),
  duration_ms: Schema.Int,
  error: Schema.NullOr(Schema.String),
  /** The start of the answer's body. */
  response_excerpt: Schema.String,
  /** The delivery's state now, and when it is tried next while pending. */
  delivery_status: Webhook.DeliveryStatus,
  next_attempt_at: Schema.NullOr(Schema.Int),
  /** The JSON body that was sent. */
  request_body: Schema.String
})
/** One logged attempt. */
export type AttemptView = typeof AttemptView.Type

/** A page of an endpoint's delivery log, newest first. */
export const AttemptPage = Schema.Struct({
  rows: Schema.Array(AttemptView),
  page: Schema.Int,
  page_size: Schema.Int,
  has_more: Schema.Boolean
})
/** A page of the delivery log. */
export type AttemptPage = typeof AttemptPage.Type

/** The webhooks group; every endpoint needs an admin's session with a chosen account. */
export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("list", "/get/webhooks", { success: EndpointList, error: AccessDenied }),
    HttpApiEndpoint.post("create", "/post/webhook-endpoint", {
      payload: EndpointInput,
      success: HttpApiSchema.status(201)(EndpointWithSecret),
      error: [AccessDenied, InvalidInput]
    }),
    HttpApiEndpoint.post("update", "/post/webhook-endpoint/:endpoint_id", {
      params: { endpoint_id: Webhook.EndpointId },
      payload: EndpointInput,
      success: EndpointView,
      error: [AccessDenied, InvalidInput, NotFound]
    }),
    HttpApiEndpoint.post("remove", "/post/webhook-endpoint-delete/:endpoint_id", {
      params: { endpoint_id: Webhook.EndpointId },
      error: [AccessDenied, NotFound]
    }),
    HttpApiEndpoint.post("rotate", "/post/webhook-endpoint-rotate/:endpoint_id", {
      params: { endpoint_id: Webhook.EndpointId },
      success: EndpointWithSecret,
      error: [AccessDenied, NotFound]
    }),
    HttpApiEndpoint.post("sendTest", "/post/webhook-endpoint-test/:endpoint_id", {
      params: { endpoint_id: Webhook.EndpointId },
      success: TestSent,
      error: [AccessDenied, NotFound]
    }),
    HttpApiEndpoint.get("deliveries", "/get/webhook-deliveries/:endpoint_id", {
      params: { endpoint_id: Webhook.EndpointId },
      query: { page: Schema.optionalKey(IntFromString.check(Schema.isBetween({ minimum: 1, maximum: 100_000 }))) },
      success: AttemptPage,
      error: [AccessDenied, NotFound]
    }),
    HttpApiEndpoint.post("replay", "/post/webhook-delivery-replay/:delivery_id", {
      params: { delivery_id: Webhook.DeliveryId },
      success: TestSent,
      error: [AccessDenied, NotFound]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Webhooks",
      description:
        "Endpoints that receive the account's events as Standard Webhooks (signed JSON POSTs); send a test, read " +
        "the delivery log, replay a delivery. Admins only."
    })
  ) {}
