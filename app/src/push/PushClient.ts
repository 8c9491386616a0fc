/**
 * The browser end of the real-time channel (`Push`), shared by the team app, the customer page and the phone
 * signing page, so it has no framework and no Schema runtime: server messages are checked by shape and anything
 * malformed is dropped, and the fallback posts with `fetch` (as the customer page's `Api.ts` does) rather than
 * the contract's derived client (`PushApi`), whose runtime would outweigh the client many times over.
 *
 * One websocket (`/push`, same origin) carries every room the page joined. When it drops, the client reconnects
 * after `Push.reconnectDelayMs(attempt)` (a connection that lasted over `Push.STABLE_AFTER_MS` starts the delays
 * again) and polls `POST /post/socket/fallback` every `Push.POLL_INTERVAL_MS` meanwhile. Every room keeps the
 * last cursor it was given and sends it when joining again, so the server replays what was missed; events reach
 * the handlers once (a bounded set of recent ids) and in order. A room whose events could not be replayed calls
 * `onReset`: the caller refetches what the room covers.
 *
 * @example
 * const push = PushClient.make()
 * const leave = push.join(Push.ACCOUNT_ROOM, {}, { onEvent: (e) => console.log(e.topic, e.payload) })
 * push.subscribe((state) => console.log(state)) // "connecting", "connected", ...
 */
import * as Push from "@quotekit/core/Push"
import type { ClientMessage, UpdateData } from "@quotekit/core/PushMessage"

/** An event of a room: its id (unique), topic and payload (JSON, read by the caller). */
export interface PushEvent {
  readonly room: string
  readonly id: string
  readonly topic: string
  readonly payload: unknown
}

/** What a room's subscriber hears; every handler is optional. */
export interface RoomHandlers {
  /** An event of the room, once and in order. */
  readonly onEvent?: (event: PushEvent) => void
  /** The room's state as the server gave it on joining (again after every rejoin). */
  readonly onJoined?: (state: unknown) => void
  /** Events were missed and cannot be replayed: fetch afresh everything the room covers. */
  readonly onReset?: () => void
  /** The server refused the room; `reason` is written for people. */
  readonly onRefused?: (reason: string) => void
}

/** How to join a room: the customer link's token for a customer's `quote-view`. */
export interface JoinOptions {
  readonly token?: string
}

/** The part of a browser `WebSocket` the client uses (tests hand it a double). */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { readonly data: unknown }) => void) | null
  onclose: ((event: unknown) => void) | null
  onerror: ((event: unknown) => void) | null
  send(text: string): void
  close(): void
}

/** The part of a `fetch` response the fallback reads. */
export interface FetchAnswer {
  readonly ok: boolean
  json(): Promise<unknown>
}

/** What the client runs on; every part defaults to the browser's (tests inject doubles and fake clocks). */
export interface Options {
  /** The websocket's address; `ws(s)://{this host}/push` by default. */
  readonly url?: string
  readonly WebSocket?: new (url: string) => SocketLike
  readonly fetch?: (url: string, init: RequestInit) => Promise<FetchAnswer>
  readonly setTimeout?: (run: () => void, ms: number) => unknown
  readonly clearTimeout?: (handle: unknown) => void
  /** Epoch milliseconds. */
  readonly now?: () => number
  /** The anti-forgery token the fallback posts with; the `qk_csrf` cookie by default. */
  readonly csrfToken?: () => string
}

/** A connection to the real-time channel; see the module header. */
export interface PushClient {
  /** Where the connection stands now. */
  readonly state: () => Push.ConnectionState
  /** Hear every change of `state`; answers the unsubscribe. */
  readonly subscribe: (listener: (state: Push.ConnectionState) => void) => () => void
  /** Join a room (connecting if idle) with these handlers; answers the leave (the last one sends `exit`). */
  readonly join: (room: string, options: JoinOptions, handlers: RoomHandlers) => () => void
  /** Relay an update to its room (over the fallback poll while there is no websocket). */
  readonly send: (update: UpdateData) => void
  /** Disconnect and forget every room and pending update; a later `join` connects again. */
  readonly close: () => void
}

/** How many recent event ids are remembered to drop a repeat. */
const RECENT = 512
/** Updates kept while waiting for a connection; a fallback poll carries at most four. */
const MAX_QUEUED = 16

interface Room {
  readonly name: string
  readonly token: string | undefined
  readonly handlers: Set<RoomHandlers>
  cursor: string | undefined
  state: { readonly value: unknown } | undefined
  /** Joined at least once: a later join without a cursor may have missed events. */
  joined: boolean
  /** The last join asked without a cursor. */
  blind: boolean
  refused: boolean
}

type Json = { readonly [key: string]: unknown }
const isText = (v: unknown): v is string => typeof v === "string"
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)

// The cookie's name is `Security.CSRF_COOKIE`; that module brings the HTTP API runtime, so it is not imported.
const cookieToken = (): string => {
  try {
    return decodeURIComponent(/(?:^|;\s*)qk_csrf=([^;]*)/.exec(globalThis.document?.cookie ?? "")?.[1] ?? "")
  } catch {
    return ""
  }
}

/** A client; nothing connects until the first `join` or `send`. */
export const make = (options: Options = {}): PushClient => {
  const place = globalThis.location
  const url = options.url ?? `${place?.protocol === "https:" ? "wss" : "ws"}://${place?.host}/push`
  const later = options.setTimeout ?? ((run, ms) => setTimeout(run, ms))
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  const now = options.now ?? (() => Date.now())
  const post = options.fetch ?? ((to, init) => globalThis.fetch(to, init))
  const csrf = options.csrfToken ?? cookieToken

  let state: Push.ConnectionState = "idle"
  const listeners = new Set<(state: Push.ConnectionState) => void>()
  const rooms = new Map<string, Room>()
  const recent = new Set<string>()
  let updates: Array<UpdateData> = []
  let socket: SocketLike | undefined
  let open = false
  let openedAt = 0
  let attempt = 0
  let retryTimer: unknown
  let pingTimer: unknown
  let pollTimer: unknown
  let polling = false
  let pollBusy = false

  const setState = (next: Push.ConnectionState) => {
    if (state === next) return
    state = next
    for (const listener of [...listeners]) listener(next)
  }

  // A handler that throws is reported, and the other handlers still hear the message.
  const each = (room: Room, call: (handlers: RoomHandlers) => void) => {
    for (const handlers of [...room.handlers])
      try {
        call(handlers)
      } catch (error) {
        console.error(error)
      }
  }

  const write = (message: ClientMessage) => {
    if (open) socket?.send(Push.encodeClient(message))
  }

  // JSON leaves out what is undefined: no token, or no cursor yet (an empty one continues nothing).
  const wanted = (r: Room) => {
    r.blind = !r.cursor
    return { room: r.name, token: r.token, cursor: r.cursor || undefined } as { room: string }
  }

  /** One server message (or one room of a fallback answer, its status as the type), checked by shape. */
  const handle = (m: unknown) => {
    if (!isObject(m) || !isText(m.room)) return
    const r = rooms.get(m.room)
    if (r === undefined) return
    if (m.type === "refused") {
      r.refused = true
      const reason = isText(m.reason) ? m.reason : ""
      return each(r, (h) => h.onRefused?.(reason))
    }
    if (m.type === "event") {
      if (!isText(m.id) || m.id === "" || !isText(m.topic)) return
      if (isText(m.cursor)) r.cursor = m.cursor
      const key = `${m.room}\n${m.id}`
      if (recent.has(key)) return
      recent.add(key)
      if (recent.size > RECENT) recent.delete(recent.values().next().value as string)
      const event: PushEvent = { room: m.room, id: m.id, topic: m.topic, payload: m.payload }
      return each(r, (h) => h.onEvent?.(event))
    }
    if ((m.type !== "joined" && m.type !== "reset") || !isText(m.cursor)) return
    const missed = m.type === "reset" || (r.blind && r.joined)
    r.cursor = m.cursor
    r.joined = true
    r.blind = false
    r.refused = false
    if (m.state !== undefined) {
      const value = m.state
      r.state = { value }
      each(r, (h) => h.onJoined?.(value))
    }
    if (missed) each(r, (h) => h.onReset?.())
  }

  const onMessage = (data: unknown) => {
    try {
      if (isText(data)) handle(JSON.parse(data))
    } catch {
      // Not JSON: dropped.
    }
  }

  const applyAnswer = (answer: unknown) => {
    if (!isObject(answer) || !Array.isArray(answer.rooms) || !Array.isArray(answer.events)) return
    for (const a of answer.rooms as ReadonlyArray<unknown>) if (isObject(a)) handle({ ...a, type: a.status })
    for (const e of answer.events as ReadonlyArray<unknown>) if (isObject(e) && e.type === "event") handle(e)
  }

  const schedulePoll = () => {
    if (polling && !pollBusy) pollTimer = later(poll, Push.POLL_INTERVAL_MS)
  }

  function poll() {
    pollTimer = undefined
    const asked = [...rooms.values()].filter((r) => !r.refused).slice(0, Push.MAX_ROOMS)
    const sent = updates.splice(0, 4)
    if (asked.length === 0 && sent.length === 0) return schedulePoll()
    pollBusy = true
    post("/post/socket/fallback", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "content-type": "application/json",
        "x-csrf-token": csrf(),
        "x-requested-with": "XMLHttpRequest"
      },
      body: JSON.stringify({ rooms: asked.map(wanted), ...(sent.length === 0 ? {} : { updates: sent }) })
    })
      .then((res) => (res.ok ? res.json() : Promise.reject(res)))
      .then(
        (answer) => {
          if (polling) applyAnswer(answer)
        },
        () => {
          updates = [...sent, ...updates].slice(-MAX_QUEUED)
        }
      )
      .finally(() => {
        pollBusy = false
        schedulePoll()
      })
  }

  const stopPolling = () => {
    polling = false
    cancel(pollTimer)
    pollTimer = undefined
  }

  const ping = () => {
    pingTimer = later(() => {
      write({ type: "ping" })
      ping()
    }, Push.KEEP_ALIVE_MS)
  }

  const forget = (ws: SocketLike | undefined) => {
    if (ws === undefined) return
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null
    ws.close()
  }

  const dropped = () => {
    forget(socket)
    socket = undefined
    cancel(pingTimer)
    if (open && now() - openedAt > Push.STABLE_AFTER_MS) attempt = 0
    open = false
    attempt++
    setState("error")
    retryTimer = later(connect, Push.reconnectDelayMs(attempt))
    if (!polling) {
      polling = true
      schedulePoll()
    }
  }

  function connect() {
    cancel(retryTimer)
    setState("connecting")
    let ws: SocketLike
    try {
      const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as new (url: string) => SocketLike)
      ws = new Socket(url)
    } catch {
      return dropped()
    }
    socket = ws
    ws.onopen = () => {
      open = true
      openedAt = now()
      stopPolling()
      setState("connected")
      for (const r of rooms.values()) write({ type: "join", ...wanted(r) })
      const queued = updates
      updates = []
      for (const u of queued) write(u)
      ping()
    }
    ws.onmessage = (event) => onMessage(event.data)
    ws.onclose = ws.onerror = dropped
  }

  const start = () => {
    if (state === "idle") connect()
  }

  return {
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    join: (name, { token }, handlers) => {
      let r = rooms.get(name)
      if (r === undefined) {
        r = {
          name,
          token,
          handlers: new Set(),
          cursor: undefined,
          state: undefined,
          joined: false,
          blind: false,
          refused: false
        }
        rooms.set(name, r)
        write({ type: "join", ...wanted(r) })
      } else if (r.state !== undefined) {
        const value = r.state.value
        handlers.onJoined?.(value)
      }
      const room = r
      room.handlers.add(handlers)
      start()
      return () => {
        if (rooms.get(name) !== room || !room.handlers.delete(handlers) || room.handlers.size > 0) return
        rooms.delete(name)
        write({ type: "exit", room: name })
      }
    },
    send: (update) => {
      if (open) return write(update)
      updates = [...updates, update].slice(-MAX_QUEUED)
      start()
    },
    close: () => {
      rooms.clear()
      updates = []
      stopPolling()
      cancel(retryTimer)
      cancel(pingTimer)
      forget(socket)
      socket = undefined
      open = false
      attempt = 0
      setState("idle")
    }
  }
}
