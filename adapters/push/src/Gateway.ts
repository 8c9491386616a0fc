/**
 * The push gateway: browsers' websockets and fallback polls on one side, the event bus on the other.
 *
 * Every process runs one. It subscribes to every account's events on the bus (each process hears every event, in
 * the same order), keeps the ones browsers receive in a `Backlog` per room, and hands each to the connections of
 * that room held here. Joins go through the server's `Doorman`; a refusal is answered and logged. One connection
 * may be in `Push.MAX_ROOMS` rooms, send `MAX_MESSAGE_BYTES` per message and `MESSAGE_BURST` messages per
 * `MESSAGE_WINDOW_MS`; a message it cannot read, too big or too fast is answered with `error` and dropped, and the
 * connection stays. Connections silent for longer than the idle limit are closed; each address may hold
 * `maxConnectionsPerAddress` at once.
 *
 * Writes to a connection happen at once, in the synchronous step that decides them (the socket buffers them), so
 * a join's `joined` and replay and the events fanned out around it reach the browser in the order they happened,
 * and a connection holds no queue or writer fiber of its own.
 *
 * @since 0.3.0
 */
import * as EventBus from "@quotekit/core/EventBus"
import * as Push from "@quotekit/core/Push"
import * as PushMessage from "@quotekit/core/PushMessage"
import { Context, Effect, Layer, Schedule, Stream } from "effect"
import { Socket } from "effect/socket"
import * as Backlog from "./Backlog.ts"
import { type Admission, Doorman, type Presence, Refused, type Visitor } from "./Doorman.ts"

/** How many messages a connection may send per window before they are refused. */
export const MESSAGE_BURST = 60
/** The window of `MESSAGE_BURST`. */
export const MESSAGE_WINDOW_MS = 10_000

/** The gateway's limits. */
export interface Options {
  readonly maxConnectionsPerAddress: number
  /** Close a connection that has sent nothing (keep-alives included) for this long. */
  readonly idleCloseMs: number
  /** How often idle connections are looked for and the backlog pruned. */
  readonly sweepEveryMs: number
  readonly retention: Backlog.Retention
}

/** The defaults: 64 connections per address, idle after `Push.IDLE_CLOSE_MS`, swept every 30 s. */
export const defaults: Options = {
  maxConnectionsPerAddress: 64,
  idleCloseMs: Push.IDLE_CLOSE_MS,
  sweepEveryMs: 30_000,
  retention: Backlog.defaultRetention
}

/** Messages the gateway answers a client with. */
export const errors = {
  unreadable: "That message could not be read.",
  tooLarge: `Messages are limited to ${Push.MAX_MESSAGE_BYTES} bytes.`,
  tooFast: "Too many messages; slow down.",
  notJoined: "Join the room before sending to it.",
  noUpdates: "This room takes no updates.",
  tooManyConnections: "Too many connections from this address."
} as const

interface Connection {
  readonly visitor: Visitor
  /** Rooms by the name the client used, with how it was let in. */
  readonly rooms: Map<string, Admission>
  /** Write now (buffered by the socket); nothing once the socket has gone. */
  readonly write: (chunk: string | Socket.CloseEvent) => void
  lastHeard: number
  windowStart: number
  windowCount: number
}

/** What the gateway is doing (for metrics and tests). */
export interface Stats {
  readonly connections: number
  readonly rooms: number
  readonly backlogRooms: number
}

/** The gateway service. */
export class Gateway extends Context.Service<
  Gateway,
  {
    /** Serve one upgraded websocket until it closes. */
    readonly serve: (socket: Socket.Socket, visitor: Visitor) => Effect.Effect<void>
    /** Answer a fallback poll: what a websocket in those rooms would have received since each cursor. */
    readonly poll: (visitor: Visitor, request: PushMessage.FallbackRequest) => Effect.Effect<PushMessage.FallbackAnswer>
    readonly stats: Effect.Effect<Stats>
  }
>()("quotekit/push/Gateway") {}

const bytes = (text: string): number =>
  text.length * 3 <= Push.MAX_MESSAGE_BYTES ? text.length : Buffer.byteLength(text)

/**
 * The text of an event for one room name (the same event reaches a customer's `quote-view` and a member's): the
 * kept entry's JSON object (`{"id":…,"topic":…,"payload":…,"cursor":…}`) with the type and room in front.
 */
const eventText = (room: string, entry: string): string =>
  `{"type":"event","room":${JSON.stringify(room)},${entry.slice(1)}`

/** The gateway over the `Doorman` and the `EventBus`. */
export const layer = (options: Partial<Options> = {}) =>
  Layer.effect(
    Gateway,
    Effect.gen(function* () {
      const settings = { ...defaults, ...options }
      const doorman = yield* Doorman
      const bus = yield* EventBus.EventBus
      const backlog = Backlog.make(settings.retention)
      /** Room key -> connection -> the name that connection joined it by. */
      const rooms = new Map<string, Map<Connection, string>>()
      const connections = new Set<Connection>()
      const perAddress = new Map<string, number>()

      const send = (connection: Connection, message: PushMessage.ServerMessage) =>
        connection.write(PushMessage.encodeServer(message))

      const admit = (visitor: Visitor, join: { room: string; token?: string | undefined }, presence: Presence) =>
        doorman.admit(visitor, join, presence).pipe(
          Effect.tapError((refused) =>
            Effect.logWarning("push: join refused", {
              room: join.room,
              reason: refused.reason,
              address: visitor.address
            })
          )
        )

      // Entering a room and reading what the joiner missed happen in one step, before any other event is fanned
      // out, so nothing falls between the replay and the live events.
      const enter = (connection: Connection, room: string, admission: Admission, cursor: string | undefined) =>
        Effect.sync(() => {
          connection.rooms.set(room, admission)
          const members = rooms.get(admission.key) ?? new Map<Connection, string>()
          rooms.set(admission.key, members)
          members.set(connection, room)
          const since = cursor === undefined ? undefined : backlog.since(admission.key, cursor)
          const head = since?.cursor ?? backlog.head(admission.key)
          if (since?._tag === "Reset")
            return send(connection, { type: "reset", room, cursor: head, state: admission.state as never })
          send(connection, { type: "joined", room, cursor: head, state: admission.state as never })
          for (const entry of since?.entries ?? []) connection.write(eventText(room, entry.text))
        })

      const leave = (connection: Connection, room: string) =>
        Effect.suspend(() => {
          const admission = connection.rooms.get(room)
          if (admission === undefined) return Effect.void
          connection.rooms.delete(room)
          const members = rooms.get(admission.key)
          members?.delete(connection)
          if (members?.size === 0) rooms.delete(admission.key)
          return admission.release ?? Effect.void
        })

      const onMessage = (connection: Connection, text: string) =>
        Effect.gen(function* () {
          const now = Date.now()
          connection.lastHeard = now
          if (now - connection.windowStart > MESSAGE_WINDOW_MS) {
            connection.windowStart = now
            connection.windowCount = 0
          }
          if (++connection.windowCount > MESSAGE_BURST)
            return send(connection, { type: "error", message: errors.tooFast })
          if (bytes(text) > Push.MAX_MESSAGE_BYTES) return send(connection, { type: "error", message: errors.tooLarge })
          const message = PushMessage.decodeClientMessage(text)
          if (message === undefined) return send(connection, { type: "error", message: errors.unreadable })
          switch (message.type) {
            case "ping":
              return send(connection, { type: "pong" })
            case "exit":
              return yield* leave(connection, message.room)
            case "join": {
              if (connection.rooms.has(message.room)) yield* leave(connection, message.room)
              if (connection.rooms.size >= Push.MAX_ROOMS)
                return send(connection, { type: "refused", room: message.room, reason: Push.refusals.tooManyRooms })
              const admitted = yield* Effect.result(admit(connection.visitor, message, "socket"))
              if (admitted._tag === "Failure")
                return send(connection, { type: "refused", room: message.room, reason: admitted.failure.reason })
              if (!connections.has(connection)) return yield* admitted.success.release ?? Effect.void
              return yield* enter(connection, message.room, admitted.success, message.cursor)
            }
            case "updateData": {
              const admission = connection.rooms.get(message.room)
              if (admission === undefined) return send(connection, { type: "error", message: errors.notJoined })
              if (admission.relay === undefined) return send(connection, { type: "error", message: errors.noUpdates })
              const relayed = yield* Effect.result(admission.relay(message))
              if (relayed._tag === "Failure") send(connection, { type: "error", message: relayed.failure.reason })
              return
            }
          }
        })

      const serve = (socket: Socket.Socket, visitor: Visitor) =>
        Effect.gen(function* () {
          const { write } = yield* socket.writer
          // Reading starts the socket (writes wait until it has started).
          const pull = yield* Socket.readerString(socket)
          const held = perAddress.get(visitor.address) ?? 0
          if (held >= settings.maxConnectionsPerAddress) {
            yield* Effect.logWarning("push: connection refused", { address: visitor.address, held })
            yield* write(PushMessage.encodeServer({ type: "error", message: errors.tooManyConnections }))
            return yield* write(new Socket.CloseEvent(1013, "too many connections"))
          }
          const connection: Connection = {
            visitor,
            rooms: new Map(),
            // The socket's write is synchronous once it is open; a socket already gone would wait (never, here:
            // the connection is dropped first), which `runSync` refuses, so the chunk is dropped with it.
            write: (chunk) => {
              try {
                Effect.runSync(write(chunk))
              } catch {
                // closed meanwhile: its reader ends the connection
              }
            },
            lastHeard: Date.now(),
            windowStart: Date.now(),
            windowCount: 0
          }
          connections.add(connection)
          perAddress.set(visitor.address, held + 1)
          yield* Effect.addFinalizer(() =>
            Effect.gen(function* () {
              connections.delete(connection)
              const left = (perAddress.get(visitor.address) ?? 1) - 1
              if (left <= 0) perAddress.delete(visitor.address)
              else perAddress.set(visitor.address, left)
              for (const room of [...connection.rooms.keys()]) yield* leave(connection, room)
            })
          )
          while (true) {
            for (const text of yield* pull) yield* onMessage(connection, text)
          }
        }).pipe(
          Effect.scoped,
          Effect.catchTag("SocketError", () => Effect.void)
        )

      const poll = (visitor: Visitor, request: PushMessage.FallbackRequest) =>
        Effect.gen(function* () {
          const answer: Array<PushMessage.FallbackAnswer["rooms"][number]> = []
          const events: Array<PushMessage.Event> = []
          const admitted = new Map<string, Admission>()
          for (const wanted of request.rooms) {
            const result = yield* Effect.result(admit(visitor, wanted, "poll"))
            if (result._tag === "Failure") {
              answer.push({ room: wanted.room, status: "refused", cursor: "", reason: result.failure.reason })
              continue
            }
            const admission = result.success
            admitted.set(wanted.room, admission)
            if (wanted.cursor === undefined) {
              answer.push({
                room: wanted.room,
                status: "joined",
                cursor: backlog.head(admission.key),
                state: admission.state as never
              })
              continue
            }
            const since = backlog.since(admission.key, wanted.cursor)
            if (since._tag === "Reset") {
              answer.push({ room: wanted.room, status: "reset", cursor: since.cursor, state: admission.state as never })
              continue
            }
            answer.push({ room: wanted.room, status: "joined", cursor: since.cursor })
            for (const entry of since.entries) events.push(JSON.parse(eventText(wanted.room, entry.text)))
          }
          for (const update of request.updates ?? []) {
            const admission = admitted.get(update.room)
            if (admission?.relay !== undefined) yield* Effect.ignore(admission.relay(update))
          }
          return { rooms: answer, events }
        })

      // Every account's events, in the order the bus delivers them, into the backlog and out to this process's rooms.
      yield* bus.all.pipe(
        Stream.filter((event) => Push.isBrowserTopic(event.topic) && event.id !== undefined),
        Stream.mapEffect((event) => doorman.expand(event)),
        Stream.runForEach((event) =>
          Effect.sync(() => {
            const key = `${event.account_id}:${event.room ?? Push.ACCOUNT_ROOM}`
            // One JSON.stringify makes one flat string: the backlog keeps up to 200 entries a room for 15 minutes,
            // and a text built by concatenation would be kept as a tree of a dozen pieces.
            const { text: body } = backlog.append(key, event.id ?? "", (cursor) =>
              JSON.stringify({ id: event.id, topic: event.topic, payload: event.payload, cursor })
            )
            const members = rooms.get(key)
            if (members === undefined) return
            for (const [connection, room] of members) connection.write(eventText(room, body))
          })
        ),
        Effect.catchCause((cause) => Effect.logError("push: event stream stopped", cause)),
        Effect.forkScoped
      )

      // Idle connections closed, old events dropped.
      yield* Effect.sync(() => {
        const quietSince = Date.now() - settings.idleCloseMs
        for (const connection of connections)
          if (connection.lastHeard < quietSince) connection.write(new Socket.CloseEvent(4000, "idle"))
        backlog.prune()
      }).pipe(Effect.repeat(Schedule.spaced(settings.sweepEveryMs)), Effect.forkScoped)

      return Gateway.of({
        serve,
        poll,
        stats: Effect.sync(() => ({ connections: connections.size, rooms: rooms.size, backlogRooms: backlog.size() }))
      })
    })
  )

export { Refused }
