/**
 * The signed-in frame: top navigation, account menu, the mobile menu below 768 px, and the page. It loads the
 * account cache; a missing session leaves the frame in place under the sign-in overlay, an unchosen account
 * goes to the 'which account' page, any other failure shows the load failure banner.
 *
 * The shell holds the real-time connection of the signed-in member (`PushProvider`, one per account and sign-in,
 * none while the sign-in overlay is open, so signing in again starts afresh) with the account room joined
 * (`AccountUpdates`: every page refreshes as the account's quotes change), and applies the page refresh rules
 * (`usePageRefresh`). `data-live` on the frame says where the connection stands, and `data-account-room="joined"`
 * that the server has joined this session to the account room (its events reach the page from then on), for
 * browser tests.
 */
import * as Wording from "@quotekit/core/light/Wording"
import { Link, Navigate, Outlet, useRouterState } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { isFailure } from "../api/client.ts"
import type { Signin } from "../api/WireClient.ts"
import { NotificationBell } from "../notifications/NotificationBell.tsx"
import { NounProvider } from "../page/useNoun.ts"
import { usePageRefresh } from "../page/usePageRefresh.ts"
import { useTexts } from "../page/useTexts.ts"
import { AccountUpdates } from "../push/AccountUpdates.tsx"
import { PushProvider, useConnectionState } from "../push/PushProvider.tsx"
import { useSigninOverlayOpen } from "../session/signinOverlay.ts"
import { useAccountCache } from "../session/useAccountCache.ts"
import { AccountMenuButton } from "./AccountMenuButton.tsx"
import styles from "./AppShell.module.css"
import { LoadFailure } from "./LoadFailure.tsx"
import { navEntries } from "./navigation.ts"
import { OfflineBanner } from "./OfflineBanner.tsx"
import page from "./Page.module.css"
import { shellText } from "./shellText.ts"

/** The layout route of every signed-in page. */
export const AppShell = () => {
  const account = useAccountCache()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [menuOpen, setMenuOpen] = useState(false)
  // Leaving a page closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setMenuOpen(false), [pathname])
  const signin = account.data?.account_signin
  const signingIn = useSigninOverlayOpen()
  usePageRefresh()
  const session = signin === undefined || signingIn ? undefined : `${signin.account_id}:${signin.signin_id}`
  const [joinedSession, setJoinedSession] = useState<string | undefined>(undefined)
  // The account's noun (Quote / Proposal / Estimate); the default until the cache has loaded.
  const noun = account.data?.account_signin.productNoun ?? Wording.defaultNoun

  if (isFailure(account.error, "chooseAccount")) return <Navigate to="/sign-in/accounts" />
  return (
    <PushProvider session={session}>
      <AccountUpdates onJoined={() => setJoinedSession(session)} />
      <NounProvider value={noun}>
        <ShellFrame
          signin={signin}
          pathname={pathname}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((o) => !o)}
          roomJoined={session !== undefined && joinedSession === session}
        >
          {account.isSuccess ? (
            <Outlet />
          ) : account.isError && !isFailure(account.error, "signinAgain") ? (
            <div className={page.page}>
              <LoadFailure error={account.error} onRetry={() => void account.refetch()} />
            </div>
          ) : (
            <div className={page.page} aria-busy="true">
              <div className={page.skeleton} />
            </div>
          )}
        </ShellFrame>
      </NounProvider>
    </PushProvider>
  )
}

const ShellFrame = ({
  signin,
  pathname,
  menuOpen,
  onToggleMenu,
  roomJoined,
  children
}: {
  readonly signin: Signin | undefined
  readonly pathname: string
  readonly menuOpen: boolean
  readonly onToggleMenu: () => void
  readonly roomJoined: boolean
  readonly children: React.ReactNode
}) => {
  const m = useTexts(shellText)
  const live = useConnectionState()
  const entries = navEntries(m, signin)
  const links = entries.map((e) => (
    <Link
      key={e.to}
      to={e.to}
      className={styles.navLink}
      aria-current={pathname === e.to || pathname.startsWith(`${e.to}/`) ? "page" : undefined}
    >
      {e.label}
    </Link>
  ))
  return (
    <div className={styles.shell} data-live={live} data-account-room={roomJoined ? "joined" : undefined}>
      <header className={styles.topbar}>
        <Link to="/dashboard" className={styles.brand}>
          {m.productName}
        </Link>
        <nav aria-label={m.mainNavigation} className={styles.nav}>
          {links}
        </nav>
        <div className={styles.spacer} />
        {signin && <NotificationBell signinId={signin.signin_id} />}
        {signin && <AccountMenuButton account={signin} />}
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{m.menu}</span>
        </button>
      </header>
      {menuOpen && (
        <nav id="mobile-menu" aria-label={m.menu} className={styles.mobileNav}>
          {links}
        </nav>
      )}
      <main id="main" className={styles.main}>
        <OfflineBanner />
        {children}
      </main>
    </div>
  )
}
