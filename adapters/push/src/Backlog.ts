/**
 * The backlog: each room's recent events, kept by this process so that a browser that reconnects (or polls) gets
 * exactly the events it missed, in order, once.
 *
 * A cursor names a position in one room: `{boot}.{count}.{lastId}`, where `boot` is this process's run, `count`
 * how many events the room had seen here, and `lastId` the bus id of the last of them. The same process continues
 * from the count; another process (a reconnect landing elsewhere, or after a restart) continues from the last id
 * when it still holds it, since every process receives every event in the same order. Anything else (a position
 * older than what is kept, an unknown event) is a reset: the browser refetches what the room covers.
 *
 * @since 0.3.0
 */
import { randomBytes } from "node:crypto"

/** An event as the backlog keeps it: its bus id, the text sent to browsers, and the room's cursor just after it. */
export interface Entry {
  readonly id: string
  readonly text: string
  readonly cursor: string
}

/** What a cursor continues to: the events after it and the cursor after them, or a reset to the room's head. */
export type Since =
  | { readonly _tag: "Events"; readonly entries: ReadonlyArray<Entry>; readonly cursor: string }
  | { readonly _tag: "Reset"; readonly cursor: string }

interface Room {
  /** Position of the room's last event in this process, or of its making while it has none. */
  count: number
  /** Cursors before this position cannot continue: the room was made after them, or dropped events after them. */
  floor: number
  readonly entries: Array<Entry & { readonly at: number; readonly position: number }>
  /** When the room last held nothing, to forget rooms quiet for a day. */
  emptySince: number | undefined
}

/** How much each room keeps: at most `perRoom` events, none older than `maxAgeMs`. */
export interface Retention {
  readonly perRoom: number
  readonly maxAgeMs: number
}

/** The default: 200 events or 15 minutes per room, enough for a laptop waking up or a phone changing network. */
export const defaultRetention: Retention = { perRoom: 200, maxAgeMs: 15 * 60_000 }

/** A quiet room's record (its position) is kept this long, so a cursor into it still continues. */
const FORGET_AFTER_MS = 24 * 60 * 60_000

/** A backlog of this process's rooms. */
export interface Backlog {
  /** Keep an event of a room, its text made knowing the cursor just after it; answers the kept entry. */
  readonly append: (room: string, id: string, text: (cursor: string) => string) => Entry
  /** The room's cursor now (what a new joiner continues from). */
  readonly head: (room: string) => string
  /** The events of a room after a cursor. */
  readonly since: (room: string, cursor: string) => Since
  /** Drop what retention no longer keeps (and the records of rooms quiet for a day). */
  readonly prune: () => void
  /** Rooms held (for tests and metrics). */
  readonly size: () => number
}

/** A new backlog; `now` is injectable for tests. */
export const make = (retention: Retention = defaultRetention, now: () => number = Date.now): Backlog => {
  const boot = randomBytes(6).toString("base64url")
  const rooms = new Map<string, Room>()
  // Every position ever given here; a room made anew starts above it, so no earlier cursor can continue into it.
  let positions = 0
  const roomOf = (name: string): Room => {
    let room = rooms.get(name)
    if (room === undefined) {
      positions++
      room = { count: positions, floor: positions, entries: [], emptySince: now() }
      rooms.set(name, room)
    }
    return room
  }
  const cursorOf = (room: Room): string => `${boot}.${room.count}.${room.entries.at(-1)?.id ?? ""}`
  const trim = (room: Room) => {
    const oldest = now() - retention.maxAgeMs
    let drop = Math.max(0, room.entries.length - retention.perRoom)
    while (drop < room.entries.length && (room.entries[drop]?.at ?? 0) < oldest) drop++
    if (drop > 0) room.floor = room.entries.splice(0, drop).at(-1)?.position ?? room.floor
    if (room.entries.length === 0) room.emptySince ??= now()
  }
  return {
    append: (name, id, text) => {
      const room = roomOf(name)
      positions++
      room.count = positions
      const cursor = `${boot}.${positions}.${id}`
      const entry = { id, text: text(cursor), cursor, at: now(), position: positions }
      room.entries.push(entry)
      room.emptySince = undefined
      trim(room)
      return entry
    },
    head: (name) => cursorOf(roomOf(name)),
    since: (name, cursor) => {
      const room = roomOf(name)
      const reset: Since = { _tag: "Reset", cursor: cursorOf(room) }
      const [cursorBoot, countText, lastId = ""] = cursor.split(".")
      const count = Number(countText)
      const entries = room.entries
      let from: number
      if (cursorBoot === boot && Number.isSafeInteger(count)) {
        if (count < room.floor || count > room.count) return reset
        from = entries.findIndex((e) => e.position > count)
        if (from < 0) from = entries.length
      } else {
        // Another process's cursor (or this one's before a restart): continue after its last event if held here.
        const at = lastId === "" ? -1 : entries.findIndex((e) => e.id === lastId)
        if (at < 0) return reset
        from = at + 1
      }
      return { _tag: "Events", entries: entries.slice(from), cursor: cursorOf(room) }
    },
    prune: () => {
      const forget = now() - FORGET_AFTER_MS
      for (const [name, room] of rooms) {
        trim(room)
        if (room.entries.length === 0 && (room.emptySince ?? 0) < forget) rooms.delete(name)
      }
    },
    size: () => rooms.size
  }
}
