/** Forgot password: the email (pre-filled from `?email=`) gets a reset link; the answer never says whether it exists. */
import { useMutation } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import type { FormEvent } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { FormBanner, invalidFields } from "./FormBanner.tsx"
import { SignedOutFrame } from "./SignedOutFrame.tsx"
import styles from "./SignIn.module.css"
import { TextField } from "./TextField.tsx"

/** The forgot-password page. */
export const ForgotPasswordPage = () => {
  const m = useMessages()
  const api = useApi()
  const search: { email?: string } = useSearch({ strict: false })
  const send = useMutation({ mutationFn: api.forgotPassword })
  const invalid = invalidFields(send.error)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send.mutate(String(new FormData(event.currentTarget).get("email") ?? ""))
  }
  return (
    <SignedOutFrame title={m.forgotPassword}>
      {send.isSuccess ? (
        <p className={styles.notice} role="status">
          {m.resetLinkSent}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormBanner error={send.error} />
          <TextField
            name="email"
            label={m.email}
            type="email"
            autoComplete="email"
            invalid={invalid}
            autoFocus
            {...(search.email === undefined ? {} : { defaultValue: search.email })}
          />
          <button type="submit" className={controls.primary} disabled={send.isPending}>
            {m.sendResetLink}
          </button>
        </form>
      )}
      <div className={styles.links}>
        <Link to="/sign-in">{m.backToSignIn}</Link>
      </div>
    </SignedOutFrame>
  )
}
