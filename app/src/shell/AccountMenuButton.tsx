/**
 * The account button of the top bar. The menu behind it (Radix DropdownMenu with its positioning code) loads
 * only when the user reaches for it (hover, focus or press), so no page pays for it at start; a press before it
 * has loaded opens the menu as soon as it arrives.
 */
import { type ComponentType, useState } from "react"
import type { Signin } from "../api/WireClient.ts"
import { AccountAvatar } from "../profile/AccountAvatar.tsx"
import styles from "./AppShell.module.css"

type Menu = ComponentType<{ readonly account: Signin; readonly defaultOpen?: boolean }>

let loading: Promise<Menu> | undefined
const load = (): Promise<Menu> => {
  loading ??= import("./AccountMenu.tsx").then((m) => m.AccountMenu)
  return loading
}

/** The account button, becoming the full menu on first approach. */
export const AccountMenuButton = ({ account }: { readonly account: Signin }) => {
  const [menu, setMenu] = useState<{ readonly Menu: Menu; readonly open: boolean } | null>(null)
  if (menu !== null) return <menu.Menu account={account} defaultOpen={menu.open} />
  const prepare = (open: boolean) => () => {
    void load().then((Menu) => setMenu((current) => current ?? { Menu, open }))
  }
  return (
    <button
      type="button"
      className={styles.accountTrigger}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prepare(false)}
      onFocus={prepare(false)}
      onClick={() => {
        void load().then((Menu) => setMenu({ Menu, open: true }))
      }}
    >
      <AccountAvatar account={account} />
      <span className={styles.accountName}>{account.account_name}</span>
    </button>
  )
}
