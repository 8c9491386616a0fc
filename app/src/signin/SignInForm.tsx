/**
 * The sign-in form (email and password), shared by the sign-in page and the sign-in overlay. A refused
 * sign-in shows its banner with the fields highlighted. When the password asks for a second step (two-factor),
 * the form gives way to it (`TwoFactorSignIn`), with a way back to the password.
 */
import type * as AuthApi from "@quotekit/core/api/AuthApi"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { TwoFactorSignIn } from "../twofactor/TwoFactorSignIn.tsx"
import { FormBanner, invalidFields } from "./FormBanner.tsx"
import styles from "./SignIn.module.css"
import { TextField } from "./TextField.tsx"

/** The form; `onSignedIn` receives the sign-in state (with `account_id` null when an account must be chosen). */
export const SignInForm = ({
  onSignedIn,
  defaultEmail
}: {
  readonly onSignedIn: (state: AuthApi.SigninState) => void
  readonly defaultEmail?: string
}) => {
  const m = useMessages()
  const api = useApi()
  const [challenge, setChallenge] = useState<TwoFactor.Challenge | undefined>()
  const signIn = useMutation({
    mutationFn: api.signIn,
    onSuccess: (answer) => (TwoFactor.isChallenge(answer) ? setChallenge(answer) : onSignedIn(answer))
  })
  const invalid = invalidFields(signIn.error)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    signIn.mutate({ email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") })
  }
  if (challenge !== undefined) {
    return (
      <>
        <TwoFactorSignIn challenge={challenge} onSignedIn={onSignedIn} />
        <button
          type="button"
          className={controls.ghost}
          onClick={() => {
            signIn.reset()
            setChallenge(undefined)
          }}
        >
          {TwoFactor.text.cancel}
        </button>
      </>
    )
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormBanner error={signIn.error} />
      <TextField
        name="email"
        label={m.email}
        type="email"
        autoComplete="username"
        invalid={invalid}
        autoFocus
        {...(defaultEmail === undefined ? {} : { defaultValue: defaultEmail })}
      />
      <TextField name="password" label={m.password} type="password" autoComplete="current-password" invalid={invalid} />
      <button type="submit" className={controls.primary} disabled={signIn.isPending}>
        {m.signIn}
      </button>
    </form>
  )
}
