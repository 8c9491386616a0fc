/**
 * The avatar of the top bar's account button: the signed-in member's photo when they have one (from the team
 * list of the account cache), else the account name's initial as before.
 */
import type { Signin } from "../api/WireClient.ts"
import { useAccountCache } from "../session/useAccountCache.ts"
import { Avatar } from "./Avatar.tsx"

/** The signed-in member's photo in the account button. */
export const AccountAvatar = ({ account }: { readonly account: Signin }) => {
  const me = useAccountCache().data?.signins.find((s) => s.signin_id === account.signin_id)
  return <Avatar name={me?.image ? me.name_display : account.account_name} image={me?.image ?? null} size={32} />
}
