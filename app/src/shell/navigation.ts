/** The top navigation's entries for a signed-in person, by the spec's visibility rules. */
import type { Signin } from "../api/WireClient.ts"
import type { Messages } from "../page/useMessages.ts"

/** One navigation link. */
export interface NavEntry {
  readonly to: string
  readonly label: string
}

/**
 * Dashboard always; Quotes and Contacts only with an account; 'Templates & Items' for admins only.
 * `account` is undefined while no account is chosen.
 */
export const navEntries = (
  m: Pick<Messages, "dashboard" | "quotes" | "contacts" | "templatesAndItems">,
  account: Pick<Signin, "is_admin"> | undefined
): ReadonlyArray<NavEntry> => {
  const entries: Array<NavEntry> = [{ to: "/dashboard", label: m.dashboard }]
  if (account === undefined) return entries
  entries.push({ to: "/quotes", label: m.quotes }, { to: "/contacts", label: m.contacts })
  if (account.is_admin) entries.push({ to: "/content/templates", label: m.templatesAndItems })
  return entries
}
