/**
 * The account menu (Radix DropdownMenu): Account Settings, Personal Settings, Help & Support, Reviews and Leads
 * (each with its count) when the account has them, the account switcher when the sign-in belongs to several
 * accounts, and Sign Out.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { DropdownMenu } from "radix-ui"
import { useApi } from "../api/client.ts"
import type { Signin } from "../api/WireClient.ts"
import { LeadsCount } from "../leads/LeadsCount.tsx"
import { useMessages } from "../page/useMessages.ts"
import { AccountAvatar } from "../profile/AccountAvatar.tsx"
import { ReviewsCount } from "../reviews/ReviewsCount.tsx"
import menu from "./AccountMenu.module.css"
import styles from "./AppShell.module.css"

/** The menu under the account's name. */
export const AccountMenu = ({
  account,
  defaultOpen = false
}: {
  readonly account: Signin
  /** Open on mount (the user pressed the button before the menu had loaded). */
  readonly defaultOpen?: boolean
}) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signOut = useMutation({
    mutationFn: api.signOut,
    onSettled: () => {
      queryClient.clear()
      void navigate({ to: "/sign-in" })
    }
  })
  const switchTo = useMutation({
    mutationFn: api.selectAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries()
      void navigate({ to: "/dashboard" })
    }
  })
  const go = (to: string) => () => void navigate({ to })
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.accountTrigger}>
        <AccountAvatar account={account} />
        <span className={styles.accountName}>{account.account_name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.menu} align="end" sideOffset={6}>
          <DropdownMenu.Item className={menu.menuItem} onSelect={go("/settings")}>
            {m.accountSettings}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menu.menuItem} onSelect={go("/settings/personal")}>
            {m.personalSettings}
          </DropdownMenu.Item>
          {account.hasReviews && (
            <DropdownMenu.Item className={menu.menuItem} onSelect={go("/settings/reviews")}>
              {m.reviews}
              <ReviewsCount count={account.reviewCount} />
            </DropdownMenu.Item>
          )}
          {account.hasLeads && (
            <DropdownMenu.Item className={menu.menuItem} onSelect={go("/c/leads")}>
              {m.leads}
              <LeadsCount />
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={menu.menuItem} onSelect={() => window.open("/help", "_blank", "noopener")}>
            {m.helpAndSupport}
          </DropdownMenu.Item>
          {account.accounts.length > 1 && (
            <>
              <DropdownMenu.Separator className={menu.menuSeparator} />
              <DropdownMenu.Label className={menu.menuLabel}>{m.switchAccount}</DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={String(account.account_id)}
                onValueChange={(v) => {
                  if (Number(v) !== account.account_id) switchTo.mutate(Number(v))
                }}
              >
                {account.accounts.map((a) => (
                  <DropdownMenu.RadioItem key={a.account_id} value={String(a.account_id)} className={menu.menuItem}>
                    <DropdownMenu.ItemIndicator className={menu.menuIndicator}>✓</DropdownMenu.ItemIndicator>
                    {a.account_name}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
          <DropdownMenu.Separator className={menu.menuSeparator} />
          <DropdownMenu.Item className={menu.menuItem} onSelect={() => signOut.mutate()}>
            {m.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
