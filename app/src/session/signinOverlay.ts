/**
 * Whether the sign-in overlay is open. Any request answering `_signinAgain` opens it (from the query and
 * mutation caches in `main.tsx`); signing in closes it and refetches, so the page underneath keeps its state.
 */
import { useSyncExternalStore } from "react"

let open = false
/** The server's words for why (a first visit and an ended session say different things). */
let reason = ""
const listeners = new Set<() => void>()

const set = (value: boolean, why = reason): void => {
  if (open === value && reason === why) return
  open = value
  reason = why
  for (const l of listeners) l()
}

/** Open the overlay (a request found no session, or the session gone), saying why. */
export const requireSignin = (why = ""): void => set(true, open && reason !== "" ? reason : why)

/** Close the overlay (signed in again). */
export const signinDone = (): void => set(false, "")

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Why the overlay is open ("" when the server gave no words), as React state. */
export const useSigninReason = (): string =>
  useSyncExternalStore(
    subscribe,
    () => reason,
    () => ""
  )

/** Whether the overlay is open, as React state. */
export const useSigninOverlayOpen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => false
  )
