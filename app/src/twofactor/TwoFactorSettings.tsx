/**
 * Personal Settings → Two-factor sign-in: off, with 'Turn on two-factor' (the QR and key, confirmed by a first
 * code, then the recovery codes shown once); or on, since when, with the recovery codes left, new recovery codes
 * and 'Turn off two-factor' (both need the password; turning off is refused while an account requires it).
 */
import type * as TwoFactorApi from "@quotekit/core/api/TwoFactorApi"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { TextInput } from "../contacts/ContactFormPage.tsx"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import controls from "../theme/Controls.module.css"
import { Enrolment } from "./Enrolment.tsx"
import { RecoveryCodes } from "./RecoveryCodes.tsx"
import styles from "./TwoFactor.module.css"

/** The query key of the person's two-factor status. */
export const twoFactorKey = ["settings", "two-factor"] as const

/** The section. */
export const TwoFactorSettings = () => {
  const api = useApi()
  const status = useQuery({ queryKey: twoFactorKey, queryFn: () => api.call((c) => c.twoFactor.status()) })
  const [codes, setCodes] = useState<ReadonlyArray<string> | undefined>()
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: twoFactorKey })
  return (
    <section className={`${controls.card} ${records.stack}`} aria-labelledby="two-factor-title">
      <h2 className={records.sectionTitle} id="two-factor-title">
        {TwoFactor.text.title}
      </h2>
      {codes !== undefined ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(undefined)
            refresh()
          }}
        />
      ) : status.isError ? (
        <LoadFailure error={status.error} onRetry={() => void status.refetch()} />
      ) : status.data === undefined ? (
        <div aria-busy="true" />
      ) : status.data.enabled ? (
        <TurnedOn status={status.data} onCodes={setCodes} onChanged={refresh} />
      ) : (
        <TurnedOff status={status.data} onCodes={setCodes} />
      )}
    </section>
  )
}

const TurnedOff = ({
  status,
  onCodes
}: {
  readonly status: TwoFactorApi.Status
  readonly onCodes: (codes: ReadonlyArray<string>) => void
}) => {
  const api = useApi()
  const [code, setCode] = useState("")
  const start = useMutation({ mutationFn: () => api.call((c) => c.twoFactor.enrol()) })
  const confirm = useMutation({
    mutationFn: () => api.call((c) => c.twoFactor.confirm({ payload: { code } })),
    onSuccess: (answer) => onCodes(answer.recovery_codes)
  })
  const errors = fieldErrors(confirm.error)
  return (
    <>
      <p>{TwoFactor.text.off}</p>
      <p className={records.muted}>{TwoFactor.text.explain}</p>
      {status.required_by.length > 0 && (
        <p className={banner.warning}>{TwoFactor.text.accountRequires(status.required_by.join(", "))}</p>
      )}
      {start.data === undefined ? (
        <div className={styles.line}>
          <button type="button" className={controls.primary} disabled={start.isPending} onClick={() => start.mutate()}>
            {TwoFactor.text.turnOn}
          </button>
          {start.isError && (
            <span role="alert" className={controls.hintError}>
              {start.error.message}
            </span>
          )}
        </div>
      ) : (
        <form
          className={styles.stack}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            confirm.mutate()
          }}
        >
          <Enrolment enrolment={start.data} />
          <TextInput
            id="two-factor-code"
            label={TwoFactor.text.code}
            value={code}
            error={errors.get("code")}
            onChange={setCode}
          />
          <div className={styles.line}>
            <button type="submit" className={controls.primary} disabled={confirm.isPending || code.trim() === ""}>
              {TwoFactor.text.confirm}
            </button>
            <button type="button" className={controls.button} onClick={() => start.reset()}>
              {TwoFactor.text.cancel}
            </button>
            {confirm.isError && errors.size === 0 && (
              <span role="alert" className={controls.hintError}>
                {confirm.error.message}
              </span>
            )}
          </div>
        </form>
      )}
    </>
  )
}

const TurnedOn = ({
  status,
  onCodes,
  onChanged
}: {
  readonly status: TwoFactorApi.Status
  readonly onCodes: (codes: ReadonlyArray<string>) => void
  readonly onChanged: () => void
}) => {
  const api = useApi()
  const [password, setPassword] = useState("")
  const regenerate = useMutation({
    mutationFn: () => api.call((c) => c.twoFactor.regenerate({ payload: { password } })),
    onSuccess: (answer) => {
      setPassword("")
      onCodes(answer.recovery_codes)
    }
  })
  const disable = useMutation({
    mutationFn: () => api.call((c) => c.twoFactor.disable({ payload: { password } })),
    onSuccess: () => {
      setPassword("")
      onChanged()
    }
  })
  const failed = regenerate.error ?? disable.error
  const errors = fieldErrors(failed)
  const since = status.enabled_at === null ? "" : new Date(status.enabled_at * 1000).toLocaleDateString()
  const required = status.required_by.length > 0
  return (
    <>
      <p>{since === "" ? TwoFactor.text.on : TwoFactor.text.onSince(since)}</p>
      <p className={records.muted}>{TwoFactor.text.recoveryLeft(status.recovery_codes_left)}</p>
      {required && (
        <p className={records.muted}>{TwoFactor.text.requiredCannotTurnOff(status.required_by.join(", "))}</p>
      )}
      <TextInput
        id="two-factor-password"
        type="password"
        label={TwoFactor.text.passwordToConfirm}
        value={password}
        error={errors.get("password")}
        onChange={setPassword}
      />
      <p className={records.muted}>{TwoFactor.text.regenerateHint}</p>
      <div className={styles.line}>
        <button
          type="button"
          className={controls.button}
          disabled={password === "" || regenerate.isPending}
          onClick={() => {
            disable.reset()
            regenerate.mutate()
          }}
        >
          {TwoFactor.text.regenerate}
        </button>
        {!required && (
          <button
            type="button"
            className={controls.button}
            disabled={password === "" || disable.isPending}
            onClick={() => {
              regenerate.reset()
              disable.mutate()
            }}
          >
            {TwoFactor.text.turnOff}
          </button>
        )}
        {failed !== null && errors.size === 0 && (
          <span role="alert" className={controls.hintError}>
            {failed.message}
          </span>
        )}
      </div>
    </>
  )
}
