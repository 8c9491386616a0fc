/**
 * The second step of a sign-in, after a right password: the code from the authenticator app (or a recovery code)
 * with 'Remember this device for 30 days', or, when an account requires two-factor of a member who has none,
 * the enrolment (QR, key, first code) and then the recovery codes. There is no session until this step passes.
 */
import type * as AuthApi from "@quotekit/core/api/AuthApi"
import type * as TwoFactorApi from "@quotekit/core/api/TwoFactorApi"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useEffect, useId, useState } from "react"
import { useApi } from "../api/client.ts"
import banner from "../shell/Banner.module.css"
import { FormBanner, invalidFields } from "../signin/FormBanner.tsx"
import signin from "../signin/SignIn.module.css"
import controls from "../theme/Controls.module.css"
import { Enrolment } from "./Enrolment.tsx"
import { RecoveryCodes } from "./RecoveryCodes.tsx"

/** The step; `onSignedIn` receives the sign-in state once a session exists. */
export const TwoFactorSignIn = ({
  challenge,
  onSignedIn
}: {
  readonly challenge: TwoFactor.Challenge
  readonly onSignedIn: (state: AuthApi.SigninState) => void
}) => (challenge.two_factor === "code" ? <CodeStep onSignedIn={onSignedIn} /> : <EnrolStep onSignedIn={onSignedIn} />)

/** The code input and the remember box. */
const CodeFields = ({ label, invalid }: { readonly label: string; readonly invalid: ReadonlySet<string> }) => {
  const id = useId()
  return (
    <>
      <div className={controls.field}>
        <label htmlFor={id} className={controls.label}>
          {label}
        </label>
        <input
          id={id}
          name="code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          required
          aria-invalid={invalid.has("code") ? true : undefined}
          aria-describedby={`${id}-hint`}
          className={controls.input}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
          autoFocus
        />
        <span id={`${id}-hint`} className={controls.hint}>
          {TwoFactor.text.codeHint}
        </span>
      </div>
      <label className={controls.checkbox}>
        <input type="checkbox" name="remember" />
        <span>{TwoFactor.text.remember}</span>
      </label>
    </>
  )
}

const read = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault()
  const data = new FormData(event.currentTarget)
  return { code: String(data.get("code") ?? ""), remember: data.get("remember") === "on" }
}

const CodeStep = ({ onSignedIn }: { readonly onSignedIn: (state: AuthApi.SigninState) => void }) => {
  const api = useApi()
  const verify = useMutation({
    mutationFn: (payload: { code: string; remember: boolean }) => api.call((c) => c.twoFactor.verify({ payload })),
    onSuccess: onSignedIn
  })
  return (
    <form className={signin.form} onSubmit={(e) => verify.mutate(read(e))} noValidate aria-label={TwoFactor.text.title}>
      <FormBanner error={verify.error} />
      <CodeFields label={TwoFactor.text.codeOrRecovery} invalid={invalidFields(verify.error)} />
      <button type="submit" className={controls.primary} disabled={verify.isPending}>
        {TwoFactor.text.verify}
      </button>
    </form>
  )
}

const EnrolStep = ({ onSignedIn }: { readonly onSignedIn: (state: AuthApi.SigninState) => void }) => {
  const api = useApi()
  const [done, setDone] = useState<TwoFactorApi.EnrolledSignin | undefined>()
  const start = useMutation({ mutationFn: () => api.call((c) => c.twoFactor.signinEnrol()) })
  const confirm = useMutation({
    mutationFn: (payload: { code: string; remember: boolean }) =>
      api.call((c) => c.twoFactor.signinConfirm({ payload })),
    onSuccess: setDone
  })
  const { mutate } = start
  useEffect(() => mutate(), [mutate])
  if (done !== undefined) return <RecoveryCodes codes={done.recovery_codes} onDone={() => onSignedIn(done.state)} />
  return (
    <form
      className={signin.form}
      onSubmit={(e) => confirm.mutate(read(e))}
      noValidate
      aria-label={TwoFactor.text.title}
    >
      <p className={banner.warning}>{TwoFactor.text.enrolNeeded}</p>
      <FormBanner error={start.error ?? confirm.error} />
      {start.data !== undefined && <Enrolment enrolment={start.data} />}
      <CodeFields label={TwoFactor.text.code} invalid={invalidFields(confirm.error)} />
      <button type="submit" className={controls.primary} disabled={confirm.isPending || start.data === undefined}>
        {TwoFactor.text.confirm}
      </button>
    </form>
  )
}
