/** The frame of the signed-out pages: the product name above a card with the page's heading and form. */
import type { ReactNode } from "react"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import styles from "./SignIn.module.css"

/** A signed-out page with its title. */
export const SignedOutFrame = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => {
  const m = useMessages()
  usePageTitle(title)
  return (
    <main className={styles.screen}>
      <span className={styles.brand}>{m.productName}</span>
      <section className={styles.card} aria-labelledby="signed-out-heading">
        <h1 id="signed-out-heading" className={styles.heading}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  )
}
