/**
 * The doorman: what the push service asks the server before letting anyone into a room. The push service knows
 * sockets, rooms and events; who may join what (a session for the account room, a customer link for a quote's
 * room, a room secret for a signature relay) and what joining means (becoming a live viewer) is the server's.
 *
 * @since 0.3.0
 */
import type { AccountEvent } from "@quotekit/core/EventBus"
import type { UpdateData } from "@quotekit/core/PushMessage"
import { Context, type Effect, Schema } from "effect"

/** Who is knocking: the request's session cookie (if any) and address, as read when the connection opened. */
export interface Visitor {
  readonly sessionToken: string | undefined
  readonly address: string
}

/** How a visitor is in the room: over a websocket (until it leaves) or by one fallback poll (for a short while). */
export type Presence = "socket" | "poll"

/** A join let in: the room's key (`{account}:{room}`, as events are routed), its state now, and what leaving does. */
export interface Admission {
  readonly key: string
  readonly account: number
  /** What the joiner sees first (who is viewing, the drawing so far); sent with `joined`. */
  readonly state?: unknown
  /** Runs when a websocket leaves the room (exit, close or drop): a viewer stops viewing. */
  readonly release?: Effect.Effect<void>
  /** Relays updateData sent to this room (only signature rooms take any). */
  readonly relay?: (update: UpdateData) => Effect.Effect<void, Refused>
}

/** A join or relay turned away, with the reason the client is told. */
export class Refused extends Schema.TaggedError<Refused>()("Refused", { reason: Schema.String }) {}

/** The doorman service the server provides. */
export class Doorman extends Context.Service<
  Doorman,
  {
    /** Let a visitor into a room, or refuse (the refusal is logged by the push service). */
    readonly admit: (
      visitor: Visitor,
      join: { readonly room: string; readonly token?: string | undefined },
      presence: Presence
    ) => Effect.Effect<Admission, Refused>
    /**
     * An event as browsers should get it: most pass as they are; one too large for the bus (a long signature)
     * is filled in from where it was stored. Runs once per process per event.
     */
    readonly expand: (event: AccountEvent) => Effect.Effect<AccountEvent>
  }
>()("quotekit/push/Doorman") {}
