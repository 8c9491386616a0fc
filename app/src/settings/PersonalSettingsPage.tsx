/**
 * Personal Settings (`/settings/personal`): name, email (changing it needs the current password), phone, job
 * title, time zone, the avatar ('Change Photo' when there is one, 'Upload a Photo' otherwise, and 'Remove
 * Photo') and the password change.
 */
import type * as SettingsApi from "@quotekit/core/api/SettingsApi"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { TextInput } from "../contacts/ContactFormPage.tsx"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import styles from "../contacts/Records.module.css"
import { NotificationSettings } from "../notifications/NotificationSettings.tsx"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { ProfilePhoto } from "../profile/ProfilePhoto.tsx"
import { accountKey } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { TwoFactorSettings } from "../twofactor/TwoFactorSettings.tsx"

const personalKey = ["settings", "personal"] as const

/** The time zones the browser knows, for the picker. */
const zones = (): ReadonlyArray<string> => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => ReadonlyArray<string> }
  return intl.supportedValuesOf?.("timeZone") ?? ["UTC"]
}

/** The fields an update of the personal settings takes, as the settings hold them. */
const editable = (s: SettingsApi.PersonalSettings) => ({
  name_first: s.name_first,
  name_last: s.name_last,
  email: s.email,
  profile_phone: s.profile_phone,
  profile_title: s.profile_title,
  signin_tz: s.signin_tz
})

/** The personal settings page. */
export const PersonalSettingsPage = () => {
  const m = useMessages()
  usePageTitle(m.personalSettings)
  const api = useApi()
  const personal = useQuery({ queryKey: personalKey, queryFn: () => api.call((c) => c.settings.personal()) })
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{m.personalSettings}</h1>
      {personal.isError ? (
        <LoadFailure error={personal.error} onRetry={() => void personal.refetch()} />
      ) : personal.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <>
          <ProfilePhoto settings={personal.data} editable={editable(personal.data)} queryKey={personalKey} />
          <PersonalForm key={personal.dataUpdatedAt} settings={personal.data} />
          <PasswordForm />
          <TwoFactorSettings />
          <NotificationSettings />
        </>
      )}
    </div>
  )
}

const PersonalForm = ({ settings }: { readonly settings: SettingsApi.PersonalSettings }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState({ ...editable(settings), current_password: "" })
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }))
  const emailChanged = draft.email.trim().toLowerCase() !== settings.email.toLowerCase()
  const save = useMutation({
    mutationFn: () => {
      const { current_password, ...rest } = draft
      return api.call((c) =>
        c.settings.updatePersonal({
          payload: { ...rest, email: rest.email.trim(), ...(emailChanged ? { current_password } : {}) } as never
        })
      )
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(personalKey, saved)
      void queryClient.invalidateQueries({ queryKey: accountKey })
    }
  })
  const errors = fieldErrors(save.error)
  /** A text field of the draft, named as the server names it in its form errors. */
  const field = (key: Exclude<keyof typeof draft, "signin_tz">, label: string, type = "text") => (
    <TextInput
      id={key}
      type={type}
      label={label}
      value={draft[key]}
      error={errors.get(key)}
      onChange={(v) => set({ [key]: v })}
    />
  )
  return (
    <form
      className={`${controls.card} ${styles.stack}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate()
      }}
    >
      {save.isError && errors.size === 0 && (
        <div className={banner.error} role="alert">
          <p className={banner.title}>{save.error.message}</p>
        </div>
      )}
      <div className={styles.grid}>
        {field("name_first", m.firstName)}
        {field("name_last", m.lastName)}
        {field("email", m.email, "email")}
        {emailChanged && field("current_password", m.currentPassword, "password")}
        {field("profile_phone", m.phone)}
        {field("profile_title", m.jobTitle)}
        <div className={controls.field}>
          <label className={controls.label} htmlFor="signin_tz">
            {m.timeZone}
          </label>
          <select
            id="signin_tz"
            className={controls.select}
            value={draft.signin_tz}
            aria-invalid={errors.has("signin_tz")}
            onChange={(e) => set({ signin_tz: e.currentTarget.value })}
          >
            {[...new Set([draft.signin_tz, ...zones()])].map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.line}>
        <button type="submit" className={controls.primary} disabled={save.isPending}>
          {save.isPending ? m.saving : m.save}
        </button>
        <span role="status" className={styles.muted}>
          {save.isSuccess ? m.saved : ""}
        </span>
      </div>
    </form>
  )
}

const PasswordForm = () => {
  const m = useMessages()
  const api = useApi()
  const [current, setCurrent] = useState("")
  const [next, setNext] = useState("")
  const change = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.settings.changePassword({ payload: { current_password: current, new_password: next as never } })
      ),
    onSuccess: () => {
      setCurrent("")
      setNext("")
    }
  })
  const errors = fieldErrors(change.error)
  return (
    <form
      className={`${controls.card} ${styles.stack}`}
      aria-labelledby="password-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        change.mutate()
      }}
    >
      <h2 className={styles.sectionTitle} id="password-title">
        {m.changePassword}
      </h2>
      <div className={styles.grid}>
        <TextInput
          id="pw-current"
          type="password"
          label={m.currentPassword}
          value={current}
          error={errors.get("current_password")}
          onChange={setCurrent}
        />
        <TextInput
          id="pw-new"
          type="password"
          label={m.newPassword}
          value={next}
          error={errors.get("new_password")}
          onChange={setNext}
        />
      </div>
      <div className={styles.line}>
        <button type="submit" className={controls.button} disabled={change.isPending || current === "" || next === ""}>
          {change.isPending ? m.saving : m.changePassword}
        </button>
        <span role="status" className={change.isError ? controls.hintError : styles.muted}>
          {change.isSuccess ? m.passwordChanged : change.isError && errors.size === 0 ? change.error.message : ""}
        </span>
      </div>
    </form>
  )
}
