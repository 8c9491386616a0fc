/**
 * The 'which account' page: a sign-in that belongs to several accounts chooses the one to work in. Reached after
 * sign-in when no account is chosen, and whenever a request answers `_chooseAccount`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import controls from "../theme/Controls.module.css"
import { FormBanner } from "./FormBanner.tsx"
import { SignedOutFrame } from "./SignedOutFrame.tsx"
import styles from "./SignIn.module.css"

/** The account choice page. */
export const WhichAccountPage = () => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const state = useQuery({ queryKey: ["whichAccount"], queryFn: api.whichAccount, retry: false })
  const select = useMutation({
    mutationFn: api.selectAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries()
      void navigate({ to: "/dashboard" })
    }
  })
  return (
    <SignedOutFrame title={m.chooseAccount}>
      <FormBanner error={select.error} />
      {state.isError && <LoadFailure error={state.error} onRetry={() => void state.refetch()} />}
      {state.data && (
        <ul className={styles.accounts}>
          {state.data.accounts.map((a) => (
            <li key={a.account_id}>
              <button
                type="button"
                className={`${controls.button} ${styles.account}`}
                disabled={select.isPending}
                onClick={() => select.mutate(a.account_id)}
              >
                {a.account_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SignedOutFrame>
  )
}
