/**
 * The frame of an admins' settings page (API keys, webhooks): the heading with a way back to Account Settings,
 * the page's hint, then its content for an admin, "Only an account admin can do that." for anyone else, and a
 * placeholder while the account loads.
 */
import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"

/** An admins' settings page titled `title`, explained by `hint`. */
export const AdminSettingsPage = ({
  title,
  hint,
  children
}: {
  readonly title: string
  readonly hint: string
  readonly children: ReactNode
}) => {
  const m = useMessages()
  usePageTitle(title)
  const isAdmin = useAccount().data?.account_signin.is_admin
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{title}</h1>
        <div className={records.actions}>
          <Link to="/settings" className={controls.button}>
            {m.accountSettings}
          </Link>
        </div>
      </div>
      <p className={records.muted}>{hint}</p>
      {isAdmin === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : !isAdmin ? (
        <p className={records.notice} role="note">
          {m.adminOnly}
        </p>
      ) : (
        children
      )}
    </div>
  )
}
