/**
 * The real-time channel's protocol: what a browser and the push service say to each other over a websocket (or,
 * when a websocket cannot open, through `POST /post/socket/fallback`), the rooms it can join, its limits, and the
 * client's reconnect timing.
 *
 * Rooms:
 * - `account`: every change in the signed-in member's account (quotes saved, answered, questioned, notes,
 *   emails, invoice syncs, who is viewing what). Members only; the account is the session's.
 * - `quote-view:{quoteId}` (a member) or `quote-view` with the customer link's `token`: the people on one quote
 *   right now. Joining it is what makes someone a live viewer.
 * - `sign:{account}/{quoteContact}/{code}`: a signature relay between the customer's quote page and a phone that
 *   scanned its QR code. The code is the room's secret; rooms expire.
 *
 * A client sends `join`, `exit`, `updateData` (relay a signature to its room) and `ping` (the keep-alive, every
 * `KEEP_ALIVE_MS`); the server answers `joined` (with the room's current state and a cursor), `refused`,
 * `event`, `reset` (missed events cannot be replayed: fetch afresh), `pong` and `error` (a message it could not
 * read; the connection stays open).
 *
 * @example
 * import * as Push from "@quotekit/core/Push"
 * Push.reconnectDelayMs(3) // 16000
 *
 * The messages' schemas are in `PushMessage` (the server decodes with them); this module has no Schema runtime,
 * so the customer page's small client can use it.
 *
 * @since 0.3.0
 */
import type { ClientMessage } from "./PushMessage.ts"

/** The client's keep-alive period, in milliseconds (the spec's 480000 ms). */
export const KEEP_ALIVE_MS = 480_000

/** A connection that has said nothing (keep-alives included) for this long is closed by the server. */
export const IDLE_CLOSE_MS = 2 * KEEP_ALIVE_MS + 60_000

/** A connection that lasted longer than this resets the reconnect delays (the spec's 60 s). */
export const STABLE_AFTER_MS = 60_000

/** The longest wait between reconnect attempts. */
export const MAX_RECONNECT_DELAY_MS = KEEP_ALIVE_MS

/** Largest message either side accepts, in bytes (a full signature fits with room to spare). */
export const MAX_MESSAGE_BYTES = 16_384

/** Most rooms one connection (or one fallback poll) may be in. */
export const MAX_ROOMS = 16

/** How often the fallback client polls while it has no websocket. */
export const POLL_INTERVAL_MS = 3_000

/**
 * The wait before reconnect attempt `attempt` (1 for the first after a drop): 1 s, 10 s, then growing as squares
 * of whole seconds (16 s, 25 s, 36 s, ...: attempt n waits (n + 1)² s, so the waits never shrink), never longer
 * than `MAX_RECONNECT_DELAY_MS`.
 */
export const reconnectDelayMs = (attempt: number): number => {
  const n = Math.max(1, Math.floor(attempt))
  if (n === 1) return 1_000
  if (n === 2) return 10_000
  return Math.min(MAX_RECONNECT_DELAY_MS, (n + 1) * (n + 1) * 1_000)
}

/** Where a client stands: not started, opening, open, or failed (reconnecting later, polling meanwhile). */
export type ConnectionState = "idle" | "connecting" | "connected" | "error"

/** The account room's name. */
export const ACCOUNT_ROOM = "account"

/** The quote-view room's name: `quote-view:{id}` for a member, bare `quote-view` (with the link token) for a customer. */
export const quoteViewRoom = (quoteId?: number): string =>
  quoteId === undefined ? "quote-view" : `quote-view:${quoteId}`

/** The signature relay room of a signing room's three id parts (`{account}/{quoteContact}/{code}`). */
export const signRoom = (parts: string): string => `sign:${parts}`

/** A signing room's three id parts: two whole numbers and a 32-character hex code. */
export const SIGN_PARTS = /^\d{1,10}\/\d{1,10}\/[0-9a-f]{32}$/

/** What a room name asks for, or `undefined` for a name that is none of the rooms. */
export type RoomRequest =
  | { readonly _tag: "Account" }
  | { readonly _tag: "QuoteView"; readonly quoteId: number | undefined }
  | { readonly _tag: "Sign"; readonly account: number; readonly quoteContact: number; readonly code: string }

/** Read a room name. */
export const parseRoom = (room: string): RoomRequest | undefined => {
  if (room === ACCOUNT_ROOM) return { _tag: "Account" }
  if (room === "quote-view") return { _tag: "QuoteView", quoteId: undefined }
  const view = /^quote-view:(\d{1,10})$/.exec(room)
  if (view !== null) return { _tag: "QuoteView", quoteId: Number(view[1]) }
  if (room.startsWith("sign:") && SIGN_PARTS.test(room.slice(5))) {
    const [account, quoteContact, code] = room.slice(5).split("/") as [string, string, string]
    return { _tag: "Sign", account: Number(account), quoteContact: Number(quoteContact), code }
  }
  return undefined
}

/** Why a join is refused (the room is not the caller's, or does not exist). */
export const refusals = {
  signInFirst: "Sign in to follow this account.",
  notYours: "That room is not yours to join.",
  unknownRoom: "There is no such room.",
  signLinkExpired: "This signing link has expired. Scan the code on the quote page again.",
  signLinkUsed: "This quote has already been answered, so there is nothing left to sign.",
  tooManyRooms: `A connection can be in at most ${MAX_ROOMS} rooms.`
} as const

/** The topics a browser receives; every other event on the bus stays inside the server. */
export const BROWSER_TOPICS = [
  "quote-changed",
  "live-quote",
  "history",
  "invoice-sync",
  "sig-update",
  "sig-changed",
  "notification"
] as const
/** A topic browsers receive. */
export type BrowserTopic = (typeof BROWSER_TOPICS)[number]

/** Whether a bus topic is one browsers receive. */
export const isBrowserTopic = (topic: string): topic is BrowserTopic =>
  (BROWSER_TOPICS as ReadonlyArray<string>).includes(topic)

/** The JSON text of a client message. */
export const encodeClient = (message: ClientMessage): string => JSON.stringify(message)
