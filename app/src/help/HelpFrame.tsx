/** The frame of the help pages: the product name (to the dashboard) above the page. Signed in or not. */
import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useMessages } from "../page/useMessages.ts"
import styles from "./Help.module.css"

/** A help page. */
export const HelpFrame = ({ children }: { readonly children: ReactNode }) => {
  const m = useMessages()
  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <Link to="/dashboard" className={styles.brand}>
          {m.productName}
        </Link>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  )
}
