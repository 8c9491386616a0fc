/**
 * The sign-in overlay: a dialog over the current page when a request answers `_signinAgain`, so nothing typed
 * on the page is lost. The dialog and the sign-in form load the first time the session is found gone, so pages
 * that never need them never fetch them.
 */
import { lazy, Suspense } from "react"
import { useSigninOverlayOpen } from "./signinOverlay.ts"

const SigninDialog = lazy(() => import("./SigninDialog.tsx").then((m) => ({ default: m.SigninDialog })))

/** Mounted once at the root; opens itself when the session is gone. */
export const SigninOverlay = () => {
  const open = useSigninOverlayOpen()
  // Once loaded it stays mounted, so Radix can animate closing and restore focus.
  return open || loadedOnce.value ? (
    <Suspense fallback={null}>
      <Loaded />
    </Suspense>
  ) : null
}

const loadedOnce = { value: false }

const Loaded = () => {
  loadedOnce.value = true
  return <SigninDialog />
}
