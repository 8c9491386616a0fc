/**
 * The real-time channel (`GET /push`) under 1,000 websockets of one account, all in its `account` room:
 *
 * - `push.fanout.p99` / `.p50` (ms): one event published on the server's in-process `EventBus` (topic `history`,
 *   as `QuoteEvents` publishes after a commit) until the LAST of the 1,000 sockets has received it, over
 *   `BENCH_PUSH_ROUNDS` (100) rounds started 100 ms apart after 20 unmeasured ones. Budget: p99 <= 50 ms.
 *   `push.fanout.first.p50` is the same to the first socket. Publication is time-stamped in the server process
 *   and reception in the benchmark's, on the same clock (`performance.timeOrigin + now()`, the offset between
 *   the two checked by IPC round trips and taken off); the figure includes the client side reading 1,000 frames.
 * - `push.connections.rss-per-1k` (MB): the server process's resident memory (`VmRSS` of `/proc/<pid>/status`)
 *   with 1,000 idle connected websockets, each joined to the account room, over its level without them, each
 *   read once settled (`global.gc()`, then again every 0.5 s until RSS moves by less than 0.5 MB). The server has
 *   served (and dropped) a first wave of 100 connections before, so the code paths are loaded and compiled and
 *   the figure is what connections add. Budget: <= 30 MB.
 * - `push.connections.heap-per-1k` (MB): the same for V8's live heap plus `external` after `global.gc()`: what
 *   the connections keep alive, to within 0.1 MB from run to run. RSS also moves with how many of the pages V8
 *   and the allocator freed earlier get used again, so it is the less steady of the two (same budget).
 *
 * The server runs in a child process (this file with `--server`, started with `--expose-gc`) so the 1,000 client
 * sockets never share its heap or event loop: quotekit (`main.ts`) on a free loopback port over a fresh embedded
 * PGlite, with the in-process event bus (the embedded database's; with PostgreSQL the bus adds a NOTIFY hop). The
 * benchmark tells it over IPC when to publish and when to report its memory. The gateway keeps its default of 64
 * connections per client address: the sockets connect from 20 loopback addresses (127.0.0.2 ... 127.0.0.21, 50
 * each; Linux routes all of 127/8 to `lo`). One signed-up member's session cookie serves every socket, with the
 * server's own `Origin`, as a browser tab sends them.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import type { AccountId } from "@quotekit/core/Account"
import WebSocket from "ws"
import { signUp } from "./HttpBench.ts"
import { report } from "./measure.ts"

const CONNECTIONS = Number(process.env.BENCH_PUSH_CONNECTIONS ?? "1000")
const PER_ADDRESS = 50
const ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? "100")
const WARMUP_ROUNDS = 20
const PACE_MS = 100
const FANOUT_BUDGET_MS = 50
const MEMORY_BUDGET_MB = 30

/** Milliseconds on a clock every process of this machine shares. */
const now = (): number => performance.timeOrigin + performance.now()

/** Messages between the benchmark and its server process. */
type ToServer =
  | { readonly type: "account"; readonly accountId: number }
  | { readonly type: "publish"; readonly round: number }
  | { readonly type: "memory" | "clock" }
type FromServer =
  | { readonly type: "published"; readonly round: number; readonly at: number }
  | { readonly type: "memory"; readonly heap: number; readonly external: number }
  | { readonly type: "clock"; readonly at: number }

// --- the server (child mode) -----------------------------------------------------------------------------------

const runServer = async () => {
  const { Effect, Layer, References } = await import("effect")
  const Database = await import("@quotekit/pg/Database")
  const Migrations = await import("@quotekit/pg/Migrations")
  const EventBus = await import("@quotekit/core/EventBus")
  const Mailer = await import("../adapters/server/src/auth/Mailer.ts")
  const Main = await import("../adapters/server/src/main.ts")
  const EventBusLocal = await import("../adapters/server/src/push/EventBusLocal.ts")
  const ServerConfig = await import("../adapters/server/src/ServerConfig.ts")
  const { NodeRuntime } = await import("@effect/platform-node")

  const App = Main.layer.pipe(
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
    Layer.provide([ServerConfig.layer({ port: 0, host: "127.0.0.1", logRequests: false }), Mailer.layerLog]),
    Layer.provideMerge(EventBusLocal.layer),
    Layer.provide(Migrations.layer),
    Layer.provideMerge(Database.embedded({ dataDir: Database.pgdataDirectory(process.env.QUOTEKIT_DATA_DIR!) }))
  )
  const answer = (message: FromServer) => process.send?.(message)
  // The account whose room the events go to: the benchmark signs up the server's one account and says which.
  let accountId = 0 as AccountId
  Effect.gen(function* () {
    const bus = yield* EventBus.EventBus
    const gc = (globalThis as { gc?: () => void }).gc
    process.on("message", (message: ToServer) => {
      switch (message.type) {
        case "account":
          accountId = message.accountId as AccountId
          return
        case "publish": {
          const at = now()
          Effect.runFork(
            bus
              .publish({
                account_id: accountId,
                topic: "history",
                payload: { quote_id: 1, round: message.round, text: "Bench event" }
              })
              .pipe(Effect.tap(() => Effect.sync(() => answer({ type: "published", round: message.round, at }))))
          )
          return
        }
        case "memory": {
          gc?.()
          gc?.()
          const m = process.memoryUsage()
          return answer({ type: "memory", heap: m.heapUsed, external: m.external })
        }
        case "clock":
          return answer({ type: "clock", at: now() })
      }
    })
    console.log(`listening ${yield* Main.url}`)
    return yield* Effect.never
  }).pipe(Effect.provide(App), NodeRuntime.runMain)
}

// --- the measuring parent --------------------------------------------------------------------------------------

interface Server {
  readonly child: ChildProcess
  readonly base: string
  readonly ask: <T extends FromServer["type"]>(message: ToServer, type: T) => Promise<Extract<FromServer, { type: T }>>
}

const startServer = (dataDir: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=@quotekit/source", "--expose-gc", fileURLToPath(import.meta.url), "--server"],
      {
        env: { ...process.env, QUOTEKIT_DATA_DIR: dataDir, DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "inherit", "ipc"]
      }
    )
    const waiting = new Map<string, Array<(message: FromServer) => void>>()
    child.on("message", (message: FromServer) => {
      const key = message.type === "published" ? `published:${message.round}` : message.type
      const waiter = waiting.get(key)?.shift()
      waiter?.(message)
    })
    const ask: Server["ask"] = (message, type) =>
      new Promise((done) => {
        const key = message.type === "publish" ? `published:${message.round}` : type
        waiting.set(key, [...(waiting.get(key) ?? []), done as (message: FromServer) => void])
        child.send(message)
      })
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening (http:\/\/\S+)/.exec(out)
      if (m) resolve({ child, base: m[1]!, ask })
    })
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)))
  })

const MB = 1024 * 1024

/** `VmRSS` of a process, in bytes. */
const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "0") * 1024

/** A client socket in the account room, keeping when each round's event reached it. */
interface Client {
  readonly ws: WebSocket
  /** Round -> arrival time. */
  readonly arrived: Map<number, number>
}

/** Rounds waiting for their events, with what to call once every socket has one. */
const pending = new Map<number, { left: number; done: () => void }>()

const connect = (base: string, cookie: string, n: number): Promise<Client> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/push`, {
      headers: { cookie, origin: base },
      localAddress: `127.0.0.${2 + Math.floor(n / PER_ADDRESS)}`
    })
    const client: Client = { ws, arrived: new Map() }
    ws.on("message", (data) => {
      const at = now()
      const message = JSON.parse(String(data)) as { type: string; room?: string; payload?: { round?: number } }
      if (message.type === "joined" && message.room === "account") return resolve(client)
      if (message.type !== "event") return reject(new Error(`socket ${n}: ${String(data)}`))
      const round = message.payload?.round ?? Number.NaN
      client.arrived.set(round, at)
      const waiting = pending.get(round)
      if (waiting !== undefined && --waiting.left === 0) waiting.done()
    })
    ws.on("open", () => ws.send(JSON.stringify({ type: "join", room: "account" })))
    ws.on("unexpected-response", (_request, response) =>
      reject(new Error(`socket ${n}: upgrade refused with ${response.statusCode}`))
    )
    ws.on("error", reject)
  })

/** `count` sockets, joined, opened 50 at a time (a crowd of tabs, not one burst of 1,000 handshakes). */
const connectAll = async (base: string, cookie: string, count: number): Promise<Array<Client>> => {
  const clients: Array<Client> = []
  for (let from = 0; from < count; from += 50) {
    const batch = Array.from({ length: Math.min(50, count - from) }, (_, i) => connect(base, cookie, from + i))
    clients.push(...(await Promise.all(batch)))
  }
  return clients
}

const closeAll = (clients: ReadonlyArray<Client>): Promise<unknown> =>
  Promise.all(
    clients.map(
      (c) =>
        new Promise((resolve) => {
          c.ws.once("close", resolve)
          c.ws.close()
        })
    )
  )

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** The server's clock minus this one's, from the IPC round trip that took least time. */
const clockOffset = async (server: Server): Promise<number> => {
  let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 }
  for (let i = 0; i < 30; i++) {
    const sent = now()
    const { at } = await server.ask({ type: "clock" }, "clock")
    const back = now()
    if (back - sent < best.rtt) best = { rtt: back - sent, offset: at - (sent + back) / 2 }
  }
  return best.offset
}

/** One event published to `clients`: ms from publication to the first and the last socket having it. */
const round = async (server: Server, clients: ReadonlyArray<Client>, n: number, offset: number) => {
  let timer: NodeJS.Timeout | undefined
  const all = new Promise<void>((done, fail) => {
    pending.set(n, { left: clients.length, done })
    timer = setTimeout(
      () => fail(new Error(`round ${n}: ${pending.get(n)?.left} of ${clients.length} sockets never had the event`)),
      10_000
    )
  })
  const { at } = await server.ask({ type: "publish", round: n }, "published")
  await all.finally(() => clearTimeout(timer))
  pending.delete(n)
  const published = at - offset
  let first = Number.POSITIVE_INFINITY
  let last = 0
  for (const c of clients) {
    const t = c.arrived.get(n)!
    c.arrived.delete(n)
    first = Math.min(first, t)
    last = Math.max(last, t)
  }
  return { first: first - published, last: last - published }
}

/**
 * The server's memory once it has settled: collected (twice), then read every half second until its RSS stays
 * within 0.5 MB (V8 gives pages back over a few collections, so one reading right after a burst wanders by
 * tens of MB).
 */
const settled = async (server: Server) => {
  let rss = Number.NaN
  for (let i = 0; i < 20; i++) {
    const memory = await server.ask({ type: "memory" }, "memory")
    await sleep(500)
    const reading = rssOf(server.child.pid!)
    if (Math.abs(reading - rss) < 0.5 * MB) return { ...memory, rss: reading }
    rss = reading
  }
  return { ...(await server.ask({ type: "memory" }, "memory")), rss }
}

const percentile = (xs: ReadonlyArray<number>, p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
}

const measure = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "quotekit-bench-push-"))
  const server = await startServer(dataDir)
  try {
    const session = await signUp(server.base, 0, `push${Date.now()}`)
    server.child.send({ type: "account", accountId: session.accountId } satisfies ToServer)
    const cookie = session.headers.cookie!
    const offset = await clockOffset(server)

    // A first, smaller wave: the server's websocket, join and fan-out paths loaded and compiled.
    const wave = await connectAll(server.base, cookie, 100)
    for (let n = 0; n < 10; n++) await round(server, wave, 20_000 + n, offset)
    await closeAll(wave)
    await sleep(1_000)

    const before = await settled(server)
    const clients = await connectAll(server.base, cookie, CONNECTIONS)
    const after = await settled(server)

    for (let n = 0; n < WARMUP_ROUNDS; n++) {
      await round(server, clients, 10_000 + n, offset)
      await sleep(PACE_MS)
    }
    const firsts: Array<number> = []
    const lasts: Array<number> = []
    const started = performance.now()
    for (let n = 0; n < ROUNDS; n++) {
      await sleep(started + n * PACE_MS - performance.now())
      const { first, last } = await round(server, clients, n, offset)
      firsts.push(first)
      lasts.push(last)
    }
    await closeAll(clients)

    const p99 = percentile(lasts, 0.99)
    const perK = 1000 / CONNECTIONS
    const rssPerK = ((after.rss - before.rss) / MB) * perK
    const heapPerK = ((after.heap + after.external - before.heap - before.external) / MB) * perK
    report("push.fanout.p99", p99, "ms")
    report("push.fanout.p50", percentile(lasts, 0.5), "ms")
    report("push.fanout.first.p50", percentile(firsts, 0.5), "ms")
    report("push.connections.rss-per-1k", rssPerK, "MB")
    report("push.connections.heap-per-1k", heapPerK, "MB")
    console.log(
      `(${CONNECTIONS} sockets from ${Math.ceil(CONNECTIONS / PER_ADDRESS)} addresses, ${ROUNDS} rounds ${PACE_MS} ms apart; ` +
        `server RSS ${(before.rss / MB).toFixed(1)} -> ${(after.rss / MB).toFixed(1)} MB, clock offset ${offset.toFixed(3)} ms)`
    )
    if (p99 > FANOUT_BUDGET_MS)
      console.log(`push.fanout.p99: OVER BUDGET (${p99.toFixed(1)} ms > ${FANOUT_BUDGET_MS} ms)`)
    if (rssPerK > MEMORY_BUDGET_MB)
      console.log(`push.connections.rss-per-1k: OVER BUDGET (${rssPerK.toFixed(1)} MB > ${MEMORY_BUDGET_MB} MB)`)
    if (heapPerK > MEMORY_BUDGET_MB)
      console.log(`push.connections.heap-per-1k: OVER BUDGET (${heapPerK.toFixed(1)} MB > ${MEMORY_BUDGET_MB} MB)`)
  } finally {
    server.child.kill("SIGTERM")
    await new Promise((resolve) =>
      server.child.exitCode !== null ? resolve(undefined) : server.child.once("exit", resolve)
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv.includes("--server")) await runServer()
else await measure()
