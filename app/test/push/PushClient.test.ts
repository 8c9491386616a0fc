/**
 * The real-time client against a scripted websocket and fallback, on fake timers: reconnect delays (and their
 * reset after a stable connection), rejoining with cursors, one delivery per event, polling while the websocket is
 * down and stopping once it is back, malformed messages dropped, the keep-alive, updates relayed either way.
 */
import * as Push from "@quotekit/core/Push"
import type { UpdateData } from "@quotekit/core/PushMessage"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import * as PushClient from "../../src/push/PushClient.ts"
import { event, FakeSocket } from "../support/FakeSocket.ts"

interface Poll {
  readonly url: string
  readonly init: RequestInit
  readonly body: { rooms: Array<Record<string, unknown>>; updates?: Array<UpdateData> }
}

const setup = () => {
  const sockets: Array<FakeSocket> = []
  const polls: Array<Poll> = []
  /** What the next polls answer, in order; a poll with nothing scripted fails loudly. */
  const answers: Array<unknown> = []
  const client = PushClient.make({
    url: "ws://app.test/push",
    WebSocket: class extends FakeSocket {
      constructor(url: string) {
        super(url, sockets)
      }
    },
    fetch: (url, init) => {
      polls.push({ url, init, body: JSON.parse(String(init.body)) as Poll["body"] })
      if (answers.length === 0) return Promise.reject(new Error("test: no fallback answer scripted"))
      const answer = answers.shift()
      return Promise.resolve({ ok: true, json: () => Promise.resolve(answer) })
    },
    csrfToken: () => "token-1"
  })
  const states: Array<Push.ConnectionState> = []
  client.subscribe((s) => states.push(s))
  const last = () => sockets.at(-1)!
  return { client, sockets, polls, answers, states, last }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("PushClient", () => {
  it("connects on the first join and joins the room once open", () => {
    const { client, sockets, states, last } = setup()
    expect(client.state()).toBe("idle")
    client.join(Push.ACCOUNT_ROOM, {}, {})
    expect(sockets).toHaveLength(1)
    expect(last().url).toBe("ws://app.test/push")
    expect(client.state()).toBe("connecting")
    last().open()
    expect(client.state()).toBe("connected")
    expect(states).toEqual(["connecting", "connected"])
    expect(last().sent).toEqual([{ type: "join", room: "account" }])
  })

  it("joins with the customer's token, and a room joined while open at once", () => {
    const { client, last } = setup()
    client.join(Push.quoteViewRoom(), { token: "abc" }, {})
    last().open()
    client.join(Push.quoteViewRoom(7), {}, {})
    expect(last().of("join")).toEqual([
      { type: "join", room: "quote-view", token: "abc" },
      { type: "join", room: "quote-view:7" }
    ])
  })

  it("hands the joined state, events and refusals to the room's handlers", () => {
    const { client, last } = setup()
    const seen: Array<unknown> = []
    client.join(
      "account",
      {},
      {
        onJoined: (s) => seen.push(["joined", s]),
        onEvent: (e) => seen.push(["event", e]),
        onRefused: (r) => seen.push(["refused", r])
      }
    )
    last().open()
    last().receive({ type: "joined", room: "account", cursor: "c1", state: { live: [] } })
    last().receive(event("account", "e1"))
    last().receive({ type: "refused", room: "account", reason: Push.refusals.signInFirst })
    expect(seen).toEqual([
      ["joined", { live: [] }],
      ["event", { room: "account", id: "e1", topic: "quote-changed", payload: { quote_id: 7 } }],
      ["refused", Push.refusals.signInFirst]
    ])
  })

  it("a second handler of a joined room gets its state at once", () => {
    const { client, last } = setup()
    client.join("account", {}, {})
    last().open()
    last().receive({ type: "joined", room: "account", cursor: "c1", state: { live: [1] } })
    const states: Array<unknown> = []
    client.join("account", {}, { onJoined: (s) => states.push(s) })
    expect(states).toEqual([{ live: [1] }])
    expect(last().of("join")).toHaveLength(1)
  })

  it("reconnects after 1 s, 10 s, then the protocol's growing delays, in error meanwhile", async () => {
    const { client, sockets, last } = setup()
    client.join("account", {}, {})
    last().drop() // never opened
    expect(client.state()).toBe("error")
    const waits = [1, 2, 3, 4].map(Push.reconnectDelayMs)
    expect(waits).toEqual([1_000, 10_000, 16_000, 25_000])
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(sockets).toHaveLength(i + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(sockets).toHaveLength(i + 2)
      expect(client.state()).toBe("connecting")
      last().drop()
    }
  })

  it("starts the delays again after a connection that lasted over 60 s, not after a short one", async () => {
    const { client, sockets, last } = setup()
    client.join("account", {}, {})
    last().drop()
    await vi.advanceTimersByTimeAsync(1_000)
    last().drop()
    await vi.advanceTimersByTimeAsync(10_000)
    // Third socket: opens, lasts 5 s; the next wait is the third delay.
    last().open()
    await vi.advanceTimersByTimeAsync(5_000)
    last().drop()
    await vi.advanceTimersByTimeAsync(Push.reconnectDelayMs(3) - 1)
    expect(sockets).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(4)
    // Fourth socket: lasts past the stable limit; the next wait is 1 s again.
    last().open()
    await vi.advanceTimersByTimeAsync(Push.STABLE_AFTER_MS + 1)
    last().drop()
    await vi.advanceTimersByTimeAsync(999)
    expect(sockets).toHaveLength(4)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(5)
  })

  it("rejoins every room with its last cursor after a drop, and delivers a replay's events once", async () => {
    const { client, sockets, last } = setup()
    const ids: Array<string> = []
    const resets: Array<string> = []
    client.join("account", {}, { onEvent: (e) => ids.push(e.id), onReset: () => resets.push("account") })
    client.join("quote-view:7", {}, { onEvent: (e) => ids.push(e.id), onReset: () => resets.push("view") })
    last().open()
    last().receive({ type: "joined", room: "account", cursor: "a1", state: { live: [] } })
    last().receive({ type: "joined", room: "quote-view:7", cursor: "v1", state: { viewers: [] } })
    last().receive(event("account", "e1"))
    last().receive(event("quote-view:7", "e2"))
    last().drop()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sockets).toHaveLength(2)
    last().open()
    expect(last().of("join")).toEqual([
      { type: "join", room: "account", cursor: "a1" },
      { type: "join", room: "quote-view:7", cursor: "v1" }
    ])
    // The server replays since a1: e1 again (already seen), then e3.
    last().receive({ type: "joined", room: "account", cursor: "a3", state: { live: [] } })
    last().receive(event("account", "e1"))
    last().receive(event("account", "e3"))
    expect(ids).toEqual(["e1", "e2", "e3"])
    expect(resets).toEqual([])
  })

  it("keeps the cursor an event carries, for the next rejoin", async () => {
    const { client, last } = setup()
    client.join("account", {}, {})
    last().open()
    last().receive({ type: "joined", room: "account", cursor: "a1" })
    last().receive({ ...event("account", "e1"), cursor: "a2" })
    last().drop()
    await vi.advanceTimersByTimeAsync(1_000)
    last().open()
    expect(last().of("join")).toEqual([{ type: "join", room: "account", cursor: "a2" }])
  })

  it("calls onReset on a reset (taking its cursor), and on a joined after a rejoin that had no cursor", async () => {
    const { client, last } = setup()
    let resets = 0
    client.join("account", {}, { onReset: () => resets++ })
    last().open()
    last().receive({ type: "joined", room: "account", cursor: "a1" })
    expect(resets).toBe(0)
    last().receive({ type: "reset", room: "account", cursor: "a9" })
    expect(resets).toBe(1)
    last().drop()
    await vi.advanceTimersByTimeAsync(1_000)
    last().open()
    expect(last().of("join")).toEqual([{ type: "join", room: "account", cursor: "a9" }])
    // A server that gave no usable cursor: the rejoin asks without one, and cannot replay what was missed.
    last().receive({ type: "joined", room: "account", cursor: "" })
    expect(resets).toBe(1)
    last().drop()
    await vi.advanceTimersByTimeAsync(10_000)
    last().open()
    expect(last().of("join")).toEqual([{ type: "join", room: "account" }])
    last().receive({ type: "joined", room: "account", cursor: "b1", state: { live: [] } })
    expect(resets).toBe(2)
  })

  it("polls the fallback every 3 s while the websocket is down, and stops once it reconnects", async () => {
    const { client, polls, answers, last } = setup()
    const seen: Array<unknown> = []
    client.join(
      "account",
      {},
      {
        onJoined: (s) => seen.push(["joined", s]),
        onEvent: (e) => seen.push(["event", e.id]),
        onReset: () => seen.push(["reset"])
      }
    )
    client.join("quote-view", { token: "tok" }, {})
    last().open()
    last().receive({ type: "joined", room: "account", cursor: "a1", state: { live: [] } })
    last().drop()
    answers.push({
      rooms: [
        { room: "account", status: "joined", cursor: "a2" },
        { room: "quote-view", status: "joined", cursor: "q1", state: { viewers: [] } }
      ],
      events: [event("account", "e1"), event("account", "e2")]
    })
    answers.push({ rooms: [{ room: "account", status: "reset", cursor: "a7", state: { live: [] } }], events: [] })
    // The 1 s reconnect fails too; the first poll goes at 3 s.
    await vi.advanceTimersByTimeAsync(1_000)
    last().drop()
    expect(polls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(polls).toHaveLength(1)
    const first = polls[0]!
    expect(first.url).toBe("/post/socket/fallback")
    expect(first.init.method).toBe("POST")
    expect(first.init.credentials).toBe("same-origin")
    expect(first.init.headers).toEqual({
      "content-type": "application/json",
      "x-csrf-token": "token-1",
      "x-requested-with": "XMLHttpRequest"
    })
    expect(first.body).toEqual({
      rooms: [
        { room: "account", cursor: "a1" },
        { room: "quote-view", token: "tok" }
      ]
    })
    await vi.advanceTimersByTimeAsync(3_000)
    expect(polls).toHaveLength(2)
    expect(polls[1]!.body.rooms).toEqual([
      { room: "account", cursor: "a2" },
      { room: "quote-view", token: "tok", cursor: "q1" }
    ])
    expect(seen).toEqual([
      ["joined", { live: [] }],
      ["event", "e1"],
      ["event", "e2"],
      ["joined", { live: [] }],
      ["reset"]
    ])
    // The 10 s reconnect opens: polling stops, and the rejoin carries the cursors the polls gave.
    await vi.advanceTimersByTimeAsync(5_000)
    last().open()
    expect(client.state()).toBe("connected")
    expect(last().of("join")).toEqual([
      { type: "join", room: "account", cursor: "a7" },
      { type: "join", room: "quote-view", token: "tok", cursor: "q1" }
    ])
    const polled = polls.length
    await vi.advanceTimersByTimeAsync(30_000)
    expect(polls).toHaveLength(polled)
  })

  it("polls when the websocket cannot even be made, and keeps polling after a failed poll", async () => {
    const polls: Array<string> = []
    const client = PushClient.make({
      url: "ws://app.test/push",
      WebSocket: class {
        constructor() {
          throw new Error("blocked")
        }
      } as never,
      fetch: (url) => {
        polls.push(url)
        return Promise.resolve({ ok: false, json: () => Promise.reject(new Error("test: not read")) })
      },
      csrfToken: () => ""
    })
    client.join("account", {}, {})
    expect(client.state()).toBe("error")
    await vi.advanceTimersByTimeAsync(9_000)
    expect(polls).toHaveLength(3)
    client.close()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(polls).toHaveLength(3)
  })

  it("leaves a refused room out of the polls", async () => {
    const { client, polls, answers, last } = setup()
    const reasons: Array<string> = []
    client.join("quote-view:9", {}, { onRefused: (r) => reasons.push(r) })
    client.join("account", {}, {})
    last().drop()
    answers.push({
      rooms: [
        { room: "quote-view:9", status: "refused", cursor: "", reason: Push.refusals.notYours },
        { room: "account", status: "joined", cursor: "a1", state: { live: [] } }
      ],
      events: []
    })
    answers.push({ rooms: [{ room: "account", status: "joined", cursor: "a1" }], events: [] })
    await vi.advanceTimersByTimeAsync(1_000)
    last().drop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(reasons).toEqual([Push.refusals.notYours])
    expect(polls[1]!.body.rooms).toEqual([{ room: "account", cursor: "a1" }])
  })

  it("delivers an event id once, remembering a bounded number of recent ids", () => {
    const { client, last } = setup()
    const ids: Array<string> = []
    client.join("account", {}, { onEvent: (e) => ids.push(e.id) })
    last().open()
    last().receive(event("account", "e1"))
    last().receive(event("account", "e1"))
    expect(ids).toEqual(["e1"])
    for (let i = 0; i < 600; i++) last().receive(event("account", `n${i}`))
    last().receive(event("account", "e1"))
    expect(ids).toHaveLength(602)
    expect(ids.at(-1)).toBe("e1")
  })

  it("drops malformed messages without throwing, and goes on delivering", () => {
    const { client, last } = setup()
    const seen: Array<unknown> = []
    client.join(
      "account",
      {},
      {
        onEvent: (e) => seen.push(e.id),
        onJoined: (s) => seen.push(s),
        onRefused: (r) => seen.push(r),
        onReset: () => seen.push("reset")
      }
    )
    last().open()
    const junk: ReadonlyArray<unknown> = [
      "not json",
      "{",
      "null",
      "42",
      "[]",
      { type: "event", room: "account", topic: "quote-changed", payload: {} },
      { type: "event", room: "account", id: "", topic: "quote-changed", payload: {} },
      { type: "event", room: "account", id: 5, topic: "quote-changed", payload: {} },
      { type: "event", room: "account", id: "x", payload: {} },
      { type: "event", id: "y", topic: "quote-changed", payload: {} },
      event("other-room", "z"),
      { type: "joined", room: "account" },
      { type: "joined", room: "account", cursor: 3, state: {} },
      { type: "reset", room: "account" },
      { type: "refused" },
      { type: "surprise", room: "account" },
      { type: "pong" },
      { type: "error", message: "That message could not be read." }
    ]
    for (const message of junk) expect(() => last().receive(message)).not.toThrow()
    expect(() => last().onmessage?.({ data: new ArrayBuffer(4) })).not.toThrow()
    last().receive(event("account", "ok"))
    expect(seen).toEqual(["ok"])
  })

  it("drops malformed fallback answers", async () => {
    const { client, answers, last } = setup()
    const ids: Array<string> = []
    client.join("account", {}, { onEvent: (e) => ids.push(e.id) })
    last().drop()
    answers.push("nonsense", { rooms: "x", events: [] }, { rooms: [null, 3], events: [null, { id: "q" }] })
    answers.push({ rooms: [], events: [event("account", "fine")] })
    await vi.advanceTimersByTimeAsync(12_000)
    expect(ids).toEqual(["fine"])
  })

  it("a handler that throws does not keep the others from hearing", () => {
    const { client, last } = setup()
    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    const ids: Array<string> = []
    client.join(
      "account",
      {},
      {
        onEvent: () => {
          throw new Error("handler failed")
        }
      }
    )
    client.join("account", {}, { onEvent: (e) => ids.push(e.id) })
    last().open()
    last().receive(event("account", "e1"))
    expect(ids).toEqual(["e1"])
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })

  it("pings every keep-alive period while connected, and not once dropped", async () => {
    const { client, sockets, last } = setup()
    client.join("account", {}, {})
    last().open()
    await vi.advanceTimersByTimeAsync(Push.KEEP_ALIVE_MS - 1)
    expect(last().of("ping")).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(last().of("ping")).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(Push.KEEP_ALIVE_MS)
    expect(last().of("ping")).toHaveLength(2)
    const first = last()
    first.drop()
    // The reconnect is due long before another keep-alive: the dropped socket hears nothing more.
    await vi.advanceTimersByTimeAsync(Push.KEEP_ALIVE_MS)
    expect(first.of("ping")).toHaveLength(2)
    expect(sockets.length).toBeGreaterThan(1)
  })

  it("sends exit when the last handler of a room leaves", () => {
    const { client, last } = setup()
    const leaveA = client.join("quote-view:7", {}, {})
    const leaveB = client.join("quote-view:7", {}, {})
    last().open()
    leaveA()
    expect(last().of("exit")).toEqual([])
    leaveB()
    leaveB()
    expect(last().of("exit")).toEqual([{ type: "exit", room: "quote-view:7" }])
  })

  it("relays updates over the websocket, or over the next poll while there is none", async () => {
    const { client, polls, answers, last } = setup()
    const update: UpdateData = { type: "updateData", room: "sign:1/2/x", event: "sig-changed", data: { quoteId: 7 } }
    client.join("sign:1/2/x", {}, {})
    last().open()
    client.send(update)
    expect(last().of("updateData")).toEqual([update])
    last().drop()
    client.send(update)
    answers.push({ rooms: [], events: [] })
    await vi.advanceTimersByTimeAsync(1_000)
    last().drop()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(polls[0]!.body.updates).toEqual([update])
  })

  it("close disconnects for good: idle, the socket closed, no reconnect", async () => {
    const { client, sockets, last } = setup()
    client.join("account", {}, {})
    last().open()
    client.close()
    expect(client.state()).toBe("idle")
    expect(last().closed).toBe(true)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(sockets).toHaveLength(1)
  })
})
