/**
 * The event bus: how one server process tells every process (and through them every open page of the
 * account) that something changed: a quote saved, an invoice synced, a signature drawn.
 *
 * Events are small notices that name what changed (ids, never whole records), scoped to one account, so a
 * subscriber only ever sees its own tenant's events. Adapters implement it: in-process for the embedded
 * database, PostgreSQL `LISTEN/NOTIFY` when several server processes share one database.
 *
 * @example
 * const bus = yield* EventBus.EventBus
 * yield* bus.publish({ account_id, topic: "quote-saved", payload: { quote_id: 7 } })
 *
 * @since 0.1.0
 */
import { Context, type Effect, Schema, type Stream } from "effect"
import * as Account from "./Account.ts"

/** Largest encoded event accepted, in bytes (PostgreSQL `NOTIFY` payloads stop just under 8000). */
export const MAX_EVENT_BYTES = 7_000

/**
 * An event: the account it belongs to, what happened (`topic`, such as `quote-changed`) and the ids involved.
 * `room` narrows who in the account hears it in a browser (`quote-view:7`, `sign:...`; the account room when
 * absent). `id` is given by the bus when it publishes, unique across processes, so every process names an event
 * the same way (a browser's cursor survives reconnecting to another process).
 */
export const AccountEvent = Schema.Struct({
  account_id: Account.AccountId,
  topic: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)),
  payload: Schema.Json,
  room: Schema.optional(Schema.String.check(Schema.isMaxLength(80))),
  id: Schema.optional(Schema.String.check(Schema.isMaxLength(40)))
})
/** An account event. */
export type AccountEvent = typeof AccountEvent.Type

/** Raised when an event is too large to carry; events must name records, not contain them. */
export class EventTooLarge extends Schema.TaggedError<EventTooLarge>()("EventTooLarge", {
  topic: Schema.String,
  bytes: Schema.Int
}) {}

/** The bus. Subscribing returns the stream of one account's events published after the subscription began. */
export class EventBus extends Context.Service<
  EventBus,
  {
    /** Publish an event to every subscriber of its account, in every server process. */
    readonly publish: (event: AccountEvent) => Effect.Effect<void, EventTooLarge>
    /** The events of one account from now on; the stream ends when its consumer stops. */
    readonly subscribe: (accountId: Account.AccountId) => Stream.Stream<AccountEvent>
    /**
     * Every account's events from now on, for the server's own consumers (such as caches dropping stale
     * entries in every process); never hand it to a client.
     */
    readonly all: Stream.Stream<AccountEvent>
  }
>()("quotekit/EventBus") {}

/**
 * Bytes of a string in UTF-8, as PostgreSQL counts a NOTIFY payload. Computed here rather than with
 * `TextEncoder` because the core compiles against no runtime's globals (neither Node's nor the DOM's).
 */
export const utf8Length = (text: string): number => {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** The encoded form of an event (JSON text), checked against `MAX_EVENT_BYTES`. */
export const encode = (event: AccountEvent): string | EventTooLarge => {
  const text = JSON.stringify(Schema.encodeSync(AccountEvent)(event))
  const bytes = utf8Length(text)
  return bytes > MAX_EVENT_BYTES ? new EventTooLarge({ topic: event.topic, bytes }) : text
}

/** Decode an event from its JSON text; `undefined` for anything that is not one (ignored by subscribers). */
export const decode = (text: string): AccountEvent | undefined => {
  try {
    return Schema.decodeUnknownSync(AccountEvent)(JSON.parse(text))
  } catch {
    return undefined
  }
}
