/**
 * The webhooks group's handlers, admins only: the endpoints (a new one's secret, or a rotated one, is answered
 * once and only ever stored sealed), "send test", the delivery log, and replay. A URL is refused when it is not
 * http(s), carries credentials, or names an address the server may not deliver to (see `AddressGuard`; a name
 * is resolved now and again at every connection).
 *
 * @since 0.4.0
 */
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import type { EndpointInput, EndpointView } from "@quotekit/core/api/WebhooksApi"
import * as Webhook from "@quotekit/core/Webhook"
import * as AddressGuard from "@quotekit/webhooks/AddressGuard"
import * as Signature from "@quotekit/webhooks/Signature"
import { Clock, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import * as SecretBox from "../crypto/SecretBox.ts"
import * as Paging from "../http/Paging.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as Outbox from "./Outbox.ts"
import { type StoredEndpoint, WebhooksRepo } from "./Repo.ts"
import { secretContext } from "./Worker.ts"

const adminOnly = "Only an admin can see and change the webhooks."
const notFound = "Could not find that webhook endpoint?"

/** An endpoint as the settings page shows it. */
export const toView = (e: StoredEndpoint): EndpointView => ({
  endpoint_id: Webhook.EndpointId.make(e.endpoint_id),
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  disabled_reason: e.disabled_reason,
  failing_since: e.failing_since,
  created: e.created
})

/** The admin of the current request's account, or `AccessDenied`. */
const admin = Effect.gen(function* () {
  const tenant = yield* CurrentAccount
  if (!tenant.is_admin) return yield* AccessDenied.answer(adminOnly)
  return tenant
})

/** The input with its URL checked and trimmed. */
const checked = (input: EndpointInput) =>
  Effect.gen(function* () {
    const { webhooksAllowPrivate } = yield* ServerConfig
    const raw = input.url.trim()
    const url = URL.canParse(raw) ? new URL(raw) : undefined
    if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:"))
      return yield* InvalidInput.field("url", "Enter the endpoint's address, starting with https:// (or http://).")
    if (url.username !== "" || url.password !== "")
      return yield* InvalidInput.field("url", "Leave the user name and password out of the address.")
    yield* AddressGuard.checkHost(url.hostname, { allowPrivate: webhooksAllowPrivate }).pipe(
      Effect.catchTag("HostNotFound", () => Effect.void),
      Effect.catchTag("AddressRefused", (e) =>
        Effect.fail(
          InvalidInput.field(
            "url",
            `That address is on a ${e.reason} network (${e.address}); webhooks are only delivered to public addresses.`
          )
        )
      )
    )
    return { ...input, url: url.toString(), description: input.description.trim() }
  })

/** The webhooks group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "webhooks",
  Effect.fn(function* (handlers) {
    const repo = yield* WebhooksRepo
    const sql = yield* SqlClient.SqlClient

    const find = (account: number, id: number) =>
      Effect.flatMap(repo.byId(account, id), (found) =>
        Option.match(found, { onNone: () => Effect.fail(NotFound.answer(notFound)), onSome: Effect.succeed })
      )

    /** A new secret, sealed for the account. */
    const secret = (account: number) =>
      Effect.map(SecretBox.SecretBox, (box) => {
        const plain = Signature.newSecret()
        return { plain, sealed: box.seal(plain, secretContext(account)) }
      })

    return handlers
      .handle("list", () =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          return { endpoints: (yield* repo.list(account_id)).map(toView) }
        })
      )
      .handle("create", ({ payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* admin
          const input = yield* checked(payload)
          const made = yield* secret(account_id)
          const endpoint = yield* repo.insert(account_id, signin_id, input, made.sealed)
          return { endpoint: toView(endpoint), secret: made.plain }
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          const input = yield* checked(payload)
          const updated = yield* repo.update(account_id, params.endpoint_id, input)
          if (Option.isNone(updated)) return yield* NotFound.answer(notFound)
          // Turned on again: what waited for it goes out now.
          if (updated.value.enabled) yield* Outbox.wakeAfterCommit.pipe(Effect.provideService(SqlClient.SqlClient, sql))
          return toView(updated.value)
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          if (!(yield* repo.remove(account_id, params.endpoint_id))) return yield* NotFound.answer(notFound)
        })
      )
      .handle("rotate", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          const made = yield* secret(account_id)
          if (!(yield* repo.setSecret(account_id, params.endpoint_id, made.sealed)))
            return yield* NotFound.answer(notFound)
          return { endpoint: toView(yield* find(account_id, params.endpoint_id)), secret: made.plain }
        })
      )
      .handle("sendTest", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          const endpoint = yield* find(account_id, params.endpoint_id)
          if (!endpoint.enabled) return yield* AccessDenied.answer("Turn the endpoint on to send it a test.")
          const sent = yield* sql
            .withTransaction(
              Outbox.insert(
                account_id,
                Webhook.TEST_EVENT,
                {
                  endpoint_id: endpoint.endpoint_id,
                  message: "A test from quotekit: this endpoint receives its webhooks."
                },
                [endpoint.endpoint_id]
              )
            )
            .pipe(Effect.orDie)
          return { message_id: sent.message_id, delivery_id: Webhook.DeliveryId.make(sent.delivery_ids[0]!) }
        })
      )
      .handle("deliveries", ({ params, query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          yield* find(account_id, params.endpoint_id)
          return yield* Paging.read(
            query.page ?? 1,
            (offset, limit) => repo.attempts(account_id, params.endpoint_id, offset, limit),
            (row) => ({
              ...row,
              delivery_id: Webhook.DeliveryId.make(row.delivery_id),
              message_id: Webhook.MessageId.make(row.message_id)
            })
          )
        })
      )
      .handle("replay", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* admin
          const made = yield* repo.replay(account_id, params.delivery_id, yield* Clock.currentTimeMillis)
          if (Option.isNone(made)) return yield* NotFound.answer("Could not find that delivery?")
          return {
            message_id: Webhook.MessageId.make(made.value.message_id),
            delivery_id: Webhook.DeliveryId.make(made.value.delivery_id)
          }
        })
      )
  })
)
