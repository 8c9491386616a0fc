/**
 * The sign-in overlay (`/sign-in/overlay`), shown in a frame over another page. Outside a frame it goes to the
 * full sign-in page (keeping `redirect` and `email`). In a frame: the sign-in form with a Close button (and
 * Escape); closing, signing in here, or coming back to the page after signing in elsewhere (a visibility change,
 * ignored within 3 s of load) tells the framing page to hide the overlay (`OverlayMessage`). Left open for
 * 5 minutes without a sign-in, it gives way to the timeout page.
 */
import { useNavigate, useSearch } from "@tanstack/react-router"
import { useEffect, useId, useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { afterSignin } from "../signin/afterSignin.ts"
import { SignInForm } from "../signin/SignInForm.tsx"
import controls from "../theme/Controls.module.css"
import styles from "./Overlay.module.css"
import * as OverlayMessage from "./OverlayMessage.ts"
import { overlayText as t } from "./overlayText.ts"

/** The full sign-in page's address for an overlay opened outside a frame. */
export const fullSignInHref = (search: { readonly redirect?: string; readonly email?: string }): string => {
  const query = new URLSearchParams()
  if (search.redirect !== undefined) query.set("redirect", search.redirect)
  if (search.email !== undefined) query.set("email", search.email)
  const text = query.toString()
  return text === "" ? "/sign-in" : `/sign-in?${text}`
}

/** The overlay page. */
export const OverlayPage = () => {
  const m = useMessages()
  usePageTitle(m.signIn)
  const search: { redirect?: string; email?: string } = useSearch({ strict: false })
  const [framed] = useState(() => OverlayMessage.isFramed(window))
  useEffect(() => {
    if (!framed) window.location.replace(fullSignInHref(search))
  }, [framed, search])
  return framed ? (
    <FramedSignIn redirect={search.redirect} email={search.email} />
  ) : (
    <p role="status">{t.redirecting}</p>
  )
}

const FramedSignIn = ({
  redirect,
  email
}: {
  readonly redirect: string | undefined
  readonly email: string | undefined
}) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const id = useId()

  // The page behind shows through the frame around the card.
  useEffect(() => {
    const { body } = document
    const before = body.style.background
    body.style.background = "transparent"
    return () => {
      body.style.background = before
    }
  }, [])

  useEffect(() => {
    const loadedAt = performance.now()
    const onVisibility = () => {
      if (document.visibilityState !== "visible") return
      if (performance.now() - loadedAt < OverlayMessage.visibilityGraceMs) return
      // Back on the page: signed in meanwhile (another tab) means the overlay has nothing left to do.
      api.whichAccount().then(
        (state) => OverlayMessage.tellParent(OverlayMessage.hide("signedIn", afterSignin(state, redirect))),
        () => undefined
      )
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") OverlayMessage.tellParent(OverlayMessage.hide("close"))
    }
    const timeout = setTimeout(() => void navigate({ to: "/genius-timeout" }), OverlayMessage.geniusTimeoutMs)
    document.addEventListener("visibilitychange", onVisibility)
    document.addEventListener("keydown", onKey)
    return () => {
      clearTimeout(timeout)
      document.removeEventListener("visibilitychange", onVisibility)
      document.removeEventListener("keydown", onKey)
    }
  }, [api, navigate, redirect])

  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.heading}>
          {m.signIn}
        </h1>
        <button
          type="button"
          className={`${controls.ghost} ${styles.close}`}
          onClick={() => OverlayMessage.tellParent(OverlayMessage.hide("close"))}
        >
          {t.close}
        </button>
        <SignInForm
          {...(email === undefined ? {} : { defaultEmail: email })}
          onSignedIn={(state) =>
            OverlayMessage.tellParent(OverlayMessage.hide("signedIn", afterSignin(state, redirect)))
          }
        />
      </section>
    </main>
  )
}
