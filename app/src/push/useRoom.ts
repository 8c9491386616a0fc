/**
 * Be in a real-time room while a component is mounted: joined through the app's client (`PushProvider`), left on
 * unmount or when the room changes. The handlers are read through a ref, so passing new functions each render
 * neither leaves nor rejoins.
 */
import { useEffect, useRef } from "react"
import type { PushEvent, RoomHandlers } from "./PushClient.ts"
import { usePush } from "./PushProvider.tsx"

/** More of a room than its events: its joined state, a reset (refetch what it covers), a refusal; the token. */
export interface RoomOptions extends Omit<RoomHandlers, "onEvent"> {
  /** The customer link's token (a customer's `quote-view`). */
  readonly token?: string
}

/** Join `room` (nothing when `undefined`) and hear its events with `onEvent`. */
export const useRoom = (
  room: string | undefined,
  onEvent: (event: PushEvent) => void,
  options: RoomOptions = {}
): void => {
  const { client } = usePush()
  const latest = useRef({ onEvent, options })
  latest.current = { onEvent, options }
  const token = options.token
  useEffect(() => {
    if (client === null || room === undefined) return
    return client.join(room, token === undefined ? {} : { token }, {
      onEvent: (e) => latest.current.onEvent(e),
      onJoined: (s) => latest.current.options.onJoined?.(s),
      onReset: () => latest.current.options.onReset?.(),
      onRefused: (r) => latest.current.options.onRefused?.(r)
    })
  }, [client, room, token])
}
