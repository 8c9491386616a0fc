/**
 * A double of the real-time client for the pages that use it (`PushClient`'s `join` and `send`): it keeps every
 * join with its handlers, every leave and every update, so a test plays the server by calling the handlers. Any
 * other member of the client fails loudly.
 */
import type { UpdateData } from "@quotekit/core/PushMessage"
import type * as PushClient from "../../src/push/PushClient.ts"

/** One join: the room, its options and handlers, and whether it was left. */
export interface Joined {
  readonly room: string
  readonly options: PushClient.JoinOptions
  readonly handlers: PushClient.RoomHandlers
  left: boolean
}

/** The double and what it was asked. */
export const make = () => {
  const joins: Array<Joined> = []
  const sent: Array<UpdateData> = []
  const used: Pick<PushClient.PushClient, "join" | "send"> = {
    join: (room, options, handlers) => {
      const joined: Joined = { room, options, handlers, left: false }
      joins.push(joined)
      return () => {
        joined.left = true
      }
    },
    send: (update) => {
      sent.push(update)
    }
  }
  const client = new Proxy(used, {
    get: (target, key) => {
      if (key in target) return target[key as keyof typeof target]
      throw new Error(`FakePush: ${String(key)} is not implemented`)
    }
  }) as PushClient.PushClient
  /** The joins of `room` still held. */
  const current = (room: string) => joins.filter((j) => j.room === room && !j.left)
  return { client, joins, sent, current }
}
