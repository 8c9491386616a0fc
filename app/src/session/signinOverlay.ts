/**
 * Whether the sign-in overlay is open. Any request answering `_signinAgain` opens it (from the query and
 * mutation caches in `main.tsx`); signing in closes it and refetches, so the page underneath keeps its state.
 */
import { useSyncExternalStore } from "react"

let open = false
const listeners = new Set<() => void>()

const set = (value: boolean): void => {
  if (open === value) return
  open = value
  for (const l of listeners) l()
}

/** Open the overlay (a request found the session gone). */
export const requireSignin = (): void => set(true)

/** Close the overlay (signed in again). */
export const signinDone = (): void => set(false)

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Whether the overlay is open, as React state. */
export const useSigninOverlayOpen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => false
  )
