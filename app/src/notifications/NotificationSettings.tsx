/**
 * Personal Settings → Notifications (add-on 9): per event, an email and/or an entry in the app's list, and whether
 * emails come at once or in one daily digest. The member's own choices in the chosen account.
 */
import * as Notification from "@quotekit/core/Notification"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./Notifications.module.css"

const settingsKey = ["notifications", "settings"] as const
const t = Notification.text

/** The section, loaded with the member's choices. */
export const NotificationSettings = () => {
  const api = useApi()
  const current = useQuery({
    queryKey: settingsKey,
    queryFn: () => api.call((c) => c.notifications.settings()),
    retry: false
  })
  if (current.data === undefined) return null
  // Not keyed by the answer: saving updates the cache, and the form keeps what it shows (and its "saved").
  return <SettingsForm initial={current.data} />
}

const SettingsForm = ({ initial }: { readonly initial: Notification.Preferences }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [choices, setChoices] = useState(initial)
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: (payload: Notification.Preferences) => api.call((c) => c.notifications.saveSettings({ payload })),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer)
      setSaved(true)
    }
  })
  const set = (kind: Notification.Kind, channel: keyof Notification.Channels, on: boolean) => {
    setSaved(false)
    setChoices((c) => ({ ...c, events: { ...c.events, [kind]: { ...c.events[kind], [channel]: on } } }))
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(choices)
  }
  return (
    <section className={`${controls.card} ${records.stack}`} aria-labelledby="notification-settings">
      <h2 className={records.sectionTitle} id="notification-settings">
        {t.title}
      </h2>
      <p className={records.muted}>{t.settingsHint}</p>
      <form onSubmit={submit} className={records.stack}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.event}</th>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.inApp}</th>
            </tr>
          </thead>
          <tbody>
            {Notification.kinds.map((kind) => (
              <tr key={kind}>
                <th scope="row">{t.labels[kind]}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t.labels[kind]}: ${t.email}`}
                    checked={choices.events[kind].email}
                    onChange={(e) => set(kind, "email", e.currentTarget.checked)}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t.labels[kind]}: ${t.inApp}`}
                    checked={choices.events[kind].in_app}
                    onChange={(e) => set(kind, "in_app", e.currentTarget.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <fieldset className={records.stack}>
          <legend>{t.delivery}</legend>
          {(["immediate", "digest"] as const).map((delivery) => (
            <label key={delivery} className={controls.checkbox}>
              <input
                type="radio"
                name="notification-delivery"
                value={delivery}
                checked={choices.delivery === delivery}
                onChange={() => {
                  setSaved(false)
                  setChoices((c) => ({ ...c, delivery }))
                }}
              />
              <span>{delivery === "immediate" ? t.immediate : t.digest}</span>
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className={controls.primary} disabled={save.isPending}>
            {t.save}
          </button>
        </div>
        <p role="status" className={records.muted}>
          {saved ? t.saved : ""}
        </p>
        {save.isError && (
          <p role="alert" className={controls.hintError}>
            {save.error.message}
          </p>
        )}
      </form>
    </section>
  )
}
