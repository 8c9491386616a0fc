/** The create-account page: business name, your name, email and password; the new admin lands on the dashboard. */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import type { FormEvent } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { afterSignin } from "./afterSignin.ts"
import { FormBanner, invalidFields } from "./FormBanner.tsx"
import { SignedOutFrame } from "./SignedOutFrame.tsx"
import styles from "./SignIn.module.css"
import { SpecialOffer } from "./SpecialOffer.tsx"
import { TextField } from "./TextField.tsx"

/** The create-account page. */
export const NewAccountPage = () => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search: { redirect?: string } = useSearch({ strict: false })
  const create = useMutation({
    mutationFn: api.createAccount,
    onSuccess: (state) => {
      void queryClient.invalidateQueries()
      void navigate({ to: afterSignin(state, search.redirect) })
    }
  })
  const invalid = invalidFields(create.error)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? "")
    create.mutate({
      business_name: text("business_name"),
      your_name: text("your_name"),
      email: text("email"),
      password: text("password")
    })
  }
  return (
    <SignedOutFrame title={m.createAccount}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <SpecialOffer />
        <FormBanner error={create.error} />
        <TextField
          name="business_name"
          label={m.businessName}
          autoComplete="organization"
          invalid={invalid}
          autoFocus
        />
        <TextField name="your_name" label={m.yourName} autoComplete="name" invalid={invalid} />
        <TextField name="email" label={m.email} type="email" autoComplete="email" invalid={invalid} />
        <TextField name="password" label={m.password} type="password" autoComplete="new-password" invalid={invalid} />
        <button type="submit" className={controls.primary} disabled={create.isPending}>
          {m.createAccount}
        </button>
      </form>
      <div className={styles.links}>
        <Link to="/sign-in" search={search.redirect === undefined ? {} : { redirect: search.redirect }}>
          {m.backToSignIn}
        </Link>
      </div>
    </SignedOutFrame>
  )
}
