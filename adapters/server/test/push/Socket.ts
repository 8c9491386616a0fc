/**
 * A websocket for tests of the real-time channel: opens `/push` with a browser's cookies (and an `Origin`), keeps
 * every message it receives, and waits for the next one matching a test.
 */
import type { ServerMessage } from "@quotekit/core/PushMessage"
import { Effect } from "effect"
import WebSocket from "ws"
import type { Browser } from "../Harness.ts"

/** A test websocket. */
export interface TestSocket {
  readonly received: Array<ServerMessage>
  readonly send: (message: unknown) => void
  readonly sendText: (text: string) => void
  /** The first message matching `test` not yet taken (received already or within `ms`). */
  readonly next: <M extends ServerMessage>(test: (m: ServerMessage) => m is M, ms?: number) => Effect.Effect<M>
  /** Whether a message matching `test` arrives within `ms` (for asserting that nothing does). */
  readonly arrives: (test: (m: ServerMessage) => boolean, ms: number) => Effect.Effect<boolean>
  readonly closed: Effect.Effect<number>
  readonly close: () => void
}

/** Match a message type. */
export const is =
  <T extends ServerMessage["type"]>(type: T, room?: string) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: T }> =>
    m.type === type && (room === undefined || !("room" in m) || m.room === room)

/** Match an event of a topic. */
export const event =
  (topic: string, where: (payload: Record<string, unknown>) => boolean = () => true) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: "event" }> =>
    m.type === "event" && m.topic === topic && where(m.payload as Record<string, unknown>)

/** Open `/push` as `browser` (its cookies), from `origin` (the server's own by default). */
export const open = (browser: Browser, options: { readonly origin?: string | null } = {}) =>
  Effect.callback<TestSocket, Error>((resume) => {
    const url = browser.base.replace(/^http/, "ws")
    const origin = options.origin === undefined ? browser.base : options.origin
    const ws = new WebSocket(`${url}/push`, {
      headers: { cookie: browser.cookieHeader(), ...(origin === null ? {} : { origin }) }
    })
    const received: Array<ServerMessage> = []
    const taken = new Set<number>()
    const waiters = new Set<() => void>()
    let closedWith: number | undefined
    ws.on("message", (data) => {
      received.push(JSON.parse(String(data)))
      for (const w of waiters) w()
    })
    ws.on("close", (code) => {
      closedWith = code
      for (const w of waiters) w()
    })
    const find = (test: (m: ServerMessage) => boolean) => received.findIndex((m, i) => !taken.has(i) && test(m))
    const waitFor = <A>(check: () => A | undefined, ms: number) =>
      Effect.callback<A | undefined>((done) => {
        const now = check()
        if (now !== undefined) return done(Effect.succeed(now))
        const timer = setTimeout(() => {
          waiters.delete(poke)
          done(Effect.succeed(undefined))
        }, ms)
        const poke = () => {
          const found = check()
          if (found === undefined) return
          clearTimeout(timer)
          waiters.delete(poke)
          done(Effect.succeed(found))
        }
        waiters.add(poke)
      })
    const socket: TestSocket = {
      received,
      send: (message) => ws.send(JSON.stringify(message)),
      sendText: (text) => ws.send(text),
      next: (test, ms = 5_000) =>
        waitFor(() => {
          const at = find(test)
          if (at < 0) return undefined
          taken.add(at)
          return received[at]
        }, ms).pipe(
          Effect.flatMap((m) =>
            m === undefined
              ? Effect.die(new Error(`no matching message in ${ms} ms; received ${JSON.stringify(received)}`))
              : Effect.succeed(m as never)
          )
        ),
      arrives: (test, ms) =>
        waitFor(() => (find(test) >= 0 ? true : undefined), ms).pipe(Effect.map((x) => x === true)),
      closed: waitFor(() => closedWith, 30_000).pipe(Effect.map((code) => code ?? -1)),
      close: () => ws.close()
    }
    ws.on("open", () => resume(Effect.succeed(socket)))
    ws.on("unexpected-response", (_request, response) =>
      resume(Effect.fail(new Error(`upgrade refused: ${response.statusCode}`)))
    )
    ws.on("error", (error) => resume(Effect.fail(error)))
  })
