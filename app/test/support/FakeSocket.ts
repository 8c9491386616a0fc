/**
 * A websocket double for the real-time client (`PushClient.SocketLike`): the test plays the server, opening,
 * answering and dropping it; every socket a client opens is kept in order. Sending on a closed socket fails loudly.
 */
import * as PushClient from "../../src/push/PushClient.ts"

/** One scripted websocket. */
export class FakeSocket implements PushClient.SocketLike {
  onopen: PushClient.SocketLike["onopen"] = null
  onmessage: PushClient.SocketLike["onmessage"] = null
  onclose: PushClient.SocketLike["onclose"] = null
  onerror: PushClient.SocketLike["onerror"] = null
  readonly sent: Array<Record<string, unknown>> = []
  closed = false
  opened = false
  readonly url: string
  constructor(url: string, all: Array<FakeSocket>) {
    this.url = url
    all.push(this)
  }
  send(text: string) {
    if (this.closed) throw new Error("FakeSocket: send after close")
    this.sent.push(JSON.parse(text) as Record<string, unknown>)
  }
  close() {
    this.closed = true
  }
  /** The server accepts the connection. */
  open() {
    this.opened = true
    this.onopen?.({})
  }
  /** The server sends a message (JSON-encoded unless already text). */
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) })
  }
  /** The connection drops. */
  drop() {
    this.onclose?.({})
  }
  /** The messages the client sent of one type. */
  of(type: string) {
    return this.sent.filter((m) => m.type === type)
  }
}

/** A server event message. */
export const event = (room: string, id: string, payload: unknown = { quote_id: 7 }, topic = "quote-changed") => ({
  type: "event",
  room,
  id,
  topic,
  payload
})

/**
 * Real-time clients over fake sockets, for component tests: `connect` makes a client (hand it to `PushProvider`),
 * `sockets` are every socket opened, `server` the last one, opened on first use. The fallback is not expected:
 * a poll fails loudly.
 */
export const fakePush = () => {
  const sockets: Array<FakeSocket> = []
  const connect = () =>
    PushClient.make({
      url: "ws://app.test/push",
      WebSocket: class extends FakeSocket {
        constructor(url: string) {
          super(url, sockets)
        }
      },
      fetch: () => Promise.reject(new Error("FakeSocket: no fallback poll expected in this test")),
      csrfToken: () => ""
    })
  const server = () => {
    const last = sockets.at(-1)
    if (last === undefined) throw new Error("fakePush: no socket opened yet")
    if (!last.opened) last.open()
    return last
  }
  return { connect, sockets, server }
}
