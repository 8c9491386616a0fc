/**
 * Webhooks, composed for `main.ts`: `handlers` (the webhooks API group) and `services` (the repository, the
 * wake-up signal, the delivery worker and the sender, which delivers to public addresses only unless the
 * settings allow private ones: `WEBHOOKS_ALLOW_PRIVATE=true`).
 *
 * @since 0.4.0
 */
import * as WebhookSender from "@quotekit/webhooks/WebhookSender"
import { Effect, Layer } from "effect"
import { ServerConfig } from "./ServerConfig.ts"
import * as WebhooksHttp from "./webhooks/Http.ts"
import * as WebhooksRepo from "./webhooks/Repo.ts"
import * as Signal from "./webhooks/Signal.ts"
import * as Worker from "./webhooks/Worker.ts"

/** The API group handlers. */
export const handlers = WebhooksHttp.layer

/** The real sender, set up from the server's settings. */
export const sender = Layer.unwrap(
  Effect.map(ServerConfig, (s) => WebhookSender.layer({ allowPrivate: s.webhooksAllowPrivate }))
)

/** The repository, the signal and the worker; need a `SqlClient`, a `Mailer`, the settings and the `PublicUrl`. */
export const services = Layer.mergeAll(
  WebhooksRepo.layer,
  Worker.layer.pipe(Layer.provide([WebhooksRepo.layer, sender]))
).pipe(Layer.provideMerge(Signal.layer))
