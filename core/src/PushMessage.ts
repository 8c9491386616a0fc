/**
 * The real-time channel's messages as schemas (see `Push` for the protocol): what the push service decodes every
 * client message with, and what a client may check server messages against.
 *
 * @example
 * import * as PushMessage from "@quotekit/core/PushMessage"
 * PushMessage.decodeClientMessage('{"type":"join","room":"account"}') // { type: "join", room: "account" }
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { MAX_ROOMS } from "./Push.ts"
import * as Signature from "./Signature.ts"

const RoomName = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(80))
/** A position in a room's events; opaque to clients (they hand back the last one they were given). */
const Cursor = Schema.String.check(Schema.isMaxLength(200))

/** Join a room; `token` is the customer link token for `quote-view`; `cursor` asks for what was missed since. */
export const Join = Schema.Struct({
  type: Schema.Literal("join"),
  room: RoomName,
  token: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
  cursor: Schema.optional(Cursor)
})
/** A join. */
export type Join = typeof Join.Type

/** Leave a room. */
export const Exit = Schema.Struct({ type: Schema.Literal("exit"), room: RoomName })

/** A live signature from the touch device: the whole drawing so far (the signature wire format). */
export const SigUpdate = Schema.Struct({
  quoteId: Schema.Int,
  value: Schema.String.check(Schema.isMaxLength(Signature.DATA_LIMIT))
})
/** A sig-update's data. */
export type SigUpdate = typeof SigUpdate.Type

/** Relay data to a room's other members: a signature update or the device saying it has finished. */
export const UpdateData = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("updateData"),
    room: RoomName,
    event: Schema.Literal("sig-update"),
    data: SigUpdate
  }),
  Schema.Struct({
    type: Schema.Literal("updateData"),
    room: RoomName,
    event: Schema.Literal("sig-changed"),
    data: Schema.Struct({ quoteId: Schema.Int })
  })
])
/** An updateData message. */
export type UpdateData = typeof UpdateData.Type

/** The keep-alive. */
export const Ping = Schema.Struct({ type: Schema.Literal("ping") })

/** Anything a client may send. */
export const ClientMessage = Schema.Union([Join, Exit, UpdateData, Ping])
/** A client message. */
export type ClientMessage = typeof ClientMessage.Type

/**
 * An event delivered to a room: its id (unique across processes), topic and payload (ids and small facts), and the
 * room's cursor just after it (what to send on joining again to get only what follows).
 */
export const Event = Schema.Struct({
  type: Schema.Literal("event"),
  room: Schema.String,
  id: Schema.String,
  topic: Schema.String,
  payload: Schema.Json,
  cursor: Schema.optional(Schema.String)
})
/** A delivered event. */
export type Event = typeof Event.Type

/** Anything the server sends. */
export const ServerMessage = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("joined"),
    room: Schema.String,
    cursor: Schema.String,
    state: Schema.optional(Schema.Json)
  }),
  Schema.Struct({ type: Schema.Literal("refused"), room: Schema.String, reason: Schema.String }),
  Event,
  Schema.Struct({
    type: Schema.Literal("reset"),
    room: Schema.String,
    cursor: Schema.String,
    state: Schema.optional(Schema.Json)
  }),
  Schema.Struct({ type: Schema.Literal("pong") }),
  Schema.Struct({ type: Schema.Literal("error"), message: Schema.String })
])
/** A server message. */
export type ServerMessage = typeof ServerMessage.Type

/**
 * The fallback poll: the rooms the page would have joined, each with the cursor it holds, and any `updateData`
 * it would have sent (a phone relaying its signature without a websocket).
 */
export const FallbackRequest = Schema.Struct({
  rooms: Schema.Array(
    Schema.Struct({
      room: RoomName,
      token: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
      cursor: Schema.optional(Cursor)
    })
  ).check(Schema.isMaxLength(MAX_ROOMS)),
  updates: Schema.optional(Schema.Array(UpdateData).check(Schema.isMaxLength(4)))
})
/** A fallback poll. */
export type FallbackRequest = typeof FallbackRequest.Type

/**
 * The fallback answer: per room, what a websocket would have said on joining (`joined` with state the first time
 * a poll names it without a cursor, `reset` when its cursor cannot be continued, `refused`) and the room's events
 * after its cursor, in order, with the new cursor to send next time.
 */
export const FallbackAnswer = Schema.Struct({
  rooms: Schema.Array(
    Schema.Struct({
      room: Schema.String,
      status: Schema.Literals(["joined", "reset", "refused"]),
      cursor: Schema.String,
      reason: Schema.optional(Schema.String),
      state: Schema.optional(Schema.Json)
    })
  ),
  events: Schema.Array(Event)
})
/** A fallback answer. */
export type FallbackAnswer = typeof FallbackAnswer.Type

const decodeClient = Schema.decodeUnknownExit(Schema.fromJsonString(ClientMessage))
const decodeServer = Schema.decodeUnknownExit(Schema.fromJsonString(ServerMessage))

/** A client message from its JSON text, or `undefined` when the text is not one. */
export const decodeClientMessage = (text: string): ClientMessage | undefined => {
  const exit = decodeClient(text)
  return exit._tag === "Success" ? exit.value : undefined
}

/** A server message from its JSON text, or `undefined` when the text is not one (newer servers may say more). */
export const decodeServerMessage = (text: string): ServerMessage | undefined => {
  const exit = decodeServer(text)
  return exit._tag === "Success" ? exit.value : undefined
}

/** The JSON text of a server message. */
export const encodeServer = (message: ServerMessage): string => JSON.stringify(message)
