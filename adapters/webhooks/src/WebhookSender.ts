/**
 * The delivery of one webhook attempt: a signed JSON POST to the endpoint's URL and what came of it. The server
 * depends on this service only; `layer` is the real one (undici over the guarded resolver of `AddressGuard`, a
 * timeout for the whole exchange, redirects not followed, the first kilobyte of the answer kept for the log) and
 * `layerTest` a fake that answers as the test says and keeps what it was asked to send. undici is loaded with the
 * first delivery, not with the server's start (about 0.1 s of loading that a server without webhooks never needs).
 *
 * `send` never fails: a refused address, a timeout or a closed port is an `Outcome` with `error` set, as a 500 is
 * one with `status` 500, so the caller records every attempt the same way.
 *
 * @since 0.1.0
 */
import { performance } from "node:perf_hooks"
import { Context, Effect, Layer, Redacted, Scope } from "effect"
import type { Agent, fetch, Response } from "undici"
import * as AddressGuard from "./AddressGuard.ts"
import * as Signature from "./Signature.ts"

/** One attempt to deliver a message to an endpoint. */
export interface Delivery {
  readonly url: string
  /** The message id (`webhook-id`), the same on every attempt. */
  readonly id: string
  /** Epoch seconds of this attempt (`webhook-timestamp`). */
  readonly timestampSeconds: number
  /** The JSON body, exactly the bytes signed. */
  readonly body: string
  /** The endpoint's `whsec_` secret. */
  readonly secret: Redacted.Redacted<string>
}

/** What an attempt came to. */
export interface Outcome {
  /** A 2xx answer: delivered. */
  readonly ok: boolean
  /** The answer's status; null when there was no answer. */
  readonly status: number | null
  readonly durationMs: number
  /** Why there was no answer (refused address, timeout, connection refused); null when there was one. */
  readonly error: string | null
  /** The start of the answer's body (at most `EXCERPT_BYTES`), for the delivery log. */
  readonly excerpt: string
}

/** How much of an answer is kept. */
export const EXCERPT_BYTES = 1024
/** The default time an attempt may take, connection included. */
export const DEFAULT_TIMEOUT_MS = 10_000

/** The sender service. */
export class WebhookSender extends Context.Service<
  WebhookSender,
  { readonly send: (delivery: Delivery) => Effect.Effect<Outcome> }
>()("quotekit/webhooks/WebhookSender") {}

/** What the real sender is set up with. */
export interface Options {
  /** Deliver to loopback, private and link-local addresses too (`WEBHOOKS_ALLOW_PRIVATE=true`). */
  readonly allowPrivate: boolean
  readonly timeoutMs?: number
  /** The `user-agent` header. */
  readonly userAgent?: string
}

/** The first `EXCERPT_BYTES` of a body as text; the rest is not read. */
const excerptOf = async (body: Response["body"]): Promise<string> => {
  if (body === null) return ""
  const reader = body.getReader()
  const chunks: Array<Uint8Array> = []
  let size = 0
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      const chunk = value as Uint8Array
      chunks.push(chunk)
      size += chunk.byteLength
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES))
}

/** The reason a request got no answer, in a line: the guard's refusal, a timeout, or the network's error. */
export const reasonOf = (error: unknown, timeoutMs: number): string => {
  let cause: unknown = error
  for (let depth = 0; depth < 5 && cause instanceof Error; depth++) {
    if (cause instanceof AddressGuard.RefusedLookup) return cause.message
    if (cause.name === "TimeoutError" || cause.name === "AbortError") return `no answer within ${timeoutMs / 1000} s`
    const code = (cause as NodeJS.ErrnoException).code
    if (cause.cause === undefined || !(cause.cause instanceof Error))
      return code === undefined ? cause.message : `${cause.message} (${code})`
    cause = cause.cause
  }
  return String(cause)
}

/** undici's keep-alive agent and its `fetch`, which sends through it. */
interface Client {
  readonly agent: Agent
  readonly fetch: typeof fetch
}

/** Deliver with a given client: the guard (for addresses written in the URL), then the signed POST. */
const deliverWith = (options: Options) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const userAgent = options.userAgent ?? "quotekit-webhooks/0.1"
  return ({ agent, fetch }: Client, delivery: Delivery): Effect.Effect<Outcome> =>
    Effect.promise(async (): Promise<Outcome> => {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      const failed = (error: string): Outcome => ({
        ok: false,
        status: null,
        durationMs: elapsed(),
        error,
        excerpt: ""
      })
      const url = URL.canParse(delivery.url) ? new URL(delivery.url) : undefined
      if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:"))
        return failed("the endpoint's URL is not an http or https URL")
      // An address in the URL never reaches the resolver, so it is checked here.
      if (!options.allowPrivate && AddressGuard.isAddress(url.hostname)) {
        const address = url.hostname.replace(/^\[|\]$/g, "")
        const reason = AddressGuard.refusalOf(address)
        if (reason !== undefined)
          return failed(new AddressGuard.AddressRefused({ host: url.hostname, address, reason }).message)
      }
      try {
        const response = await fetch(url, {
          method: "POST",
          dispatcher: agent,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            "content-type": "application/json",
            "user-agent": userAgent,
            ...Signature.headers(Redacted.value(delivery.secret), delivery.id, delivery.timestampSeconds, delivery.body)
          },
          body: delivery.body
        })
        const excerpt = await excerptOf(response.body)
        const ok = response.status >= 200 && response.status < 300
        return { ok, status: response.status, durationMs: elapsed(), error: null, excerpt }
      } catch (error) {
        return failed(reasonOf(error, timeoutMs))
      }
    })
}

/**
 * The real sender: one keep-alive agent for the layer's life whose connections resolve through the guard, so a
 * connection only opens to a checked address. Made with the first delivery (undici loaded then), closed with the
 * layer.
 */
export const layer = (options: Options): Layer.Layer<WebhookSender> =>
  Layer.effect(
    WebhookSender,
    Effect.gen(function* () {
      const scope = yield* Scope.Scope
      const client = yield* Effect.cached(
        Effect.acquireRelease(
          Effect.promise(() => import("undici")).pipe(
            Effect.map(
              (undici): Client => ({
                fetch: undici.fetch,
                agent: new undici.Agent({
                  connect: { lookup: AddressGuard.lookup({ allowPrivate: options.allowPrivate }), timeout: 5_000 },
                  keepAliveTimeout: 4_000,
                  connections: 16
                })
              })
            )
          ),
          ({ agent }) => Effect.promise(() => agent.close().catch(() => undefined))
        ).pipe(Scope.provide(scope))
      )
      const deliver = deliverWith(options)
      return WebhookSender.of({ send: (delivery) => Effect.flatMap(client, (c) => deliver(c, delivery)) })
    })
  )

/** What the fake sender was asked to send, oldest first. */
export class WebhookSenderMemory extends Context.Service<
  WebhookSenderMemory,
  { readonly sent: ReadonlyArray<Delivery> }
>()("quotekit/webhooks/WebhookSenderMemory") {}

/**
 * A fake sender for tests: keeps each delivery and answers with what `answer` returns for it (every attempt
 * must be answered: there is no default).
 */
export const layerTest = (answer: (delivery: Delivery) => Outcome) =>
  Layer.effectContext(
    Effect.sync(() => {
      const sent: Array<Delivery> = []
      return Context.make(
        WebhookSender,
        WebhookSender.of({
          send: (delivery) =>
            Effect.sync(() => {
              sent.push(delivery)
              return answer(delivery)
            })
        })
      ).pipe(Context.add(WebhookSenderMemory, WebhookSenderMemory.of({ sent })))
    })
  )
