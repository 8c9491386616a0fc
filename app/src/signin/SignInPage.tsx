/** The sign-in page (`/sign-in`): email and password, then the 'which account' page or the page asked for. */
import { useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { useMessages } from "../page/useMessages.ts"
import { afterSignin } from "./afterSignin.ts"
import { SignedOutFrame } from "./SignedOutFrame.tsx"
import styles from "./SignIn.module.css"
import { SignInForm } from "./SignInForm.tsx"
import { SpecialOffer } from "./SpecialOffer.tsx"

/** The sign-in page. */
export const SignInPage = () => {
  const m = useMessages()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search: { redirect?: string; email?: string } = useSearch({ strict: false })
  return (
    <SignedOutFrame title={m.signIn}>
      <SpecialOffer />
      <SignInForm
        {...(search.email === undefined ? {} : { defaultEmail: search.email })}
        onSignedIn={(state) => {
          void queryClient.invalidateQueries()
          void navigate({ to: afterSignin(state, search.redirect) })
        }}
      />
      <div className={styles.links}>
        <Link to="/sign-in/forgot-password">{m.forgotPassword}</Link>
        <span>
          {m.newToProduct}{" "}
          <Link to="/new-account" search={search.redirect === undefined ? {} : { redirect: search.redirect }}>
            {m.createAccount}
          </Link>
        </span>
      </div>
    </SignedOutFrame>
  )
}
