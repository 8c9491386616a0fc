/**
 * The photo section of Personal Settings: the photo (or the initial), 'Upload a Photo' when there is none and
 * 'Change Photo' when there is one (the server's `photo_label`), and 'Remove Photo' to clear it. A file over
 * the image limit is refused before it is sent; the server's refusal ('File does not look like an image.')
 * shows under the buttons.
 */
import type * as SettingsApi from "@quotekit/core/api/SettingsApi"
import * as Limits from "@quotekit/core/Limits"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Option } from "effect"
import { useId, useRef, useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { accountKey } from "../session/useAccount.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Avatar.module.css"
import { Avatar } from "./Avatar.tsx"

/** What an update of the personal settings takes, as the settings hold it. */
type Editable = Pick<
  SettingsApi.PersonalSettings,
  "name_first" | "name_last" | "email" | "profile_phone" | "profile_title" | "signin_tz"
>

/** The photo section; `queryKey` is the personal settings' query, refreshed after a change. */
export const ProfilePhoto = ({
  settings,
  editable,
  queryKey
}: {
  readonly settings: SettingsApi.PersonalSettings
  readonly editable: Editable
  readonly queryKey: ReadonlyArray<string>
}) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const [tooLarge, setTooLarge] = useState<string | null>(null)
  const done = () => {
    void queryClient.invalidateQueries({ queryKey })
    void queryClient.invalidateQueries({ queryKey: accountKey })
  }
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append("file", file)
      return api.call((c) => c.uploads.avatar({ payload: form }))
    },
    onSuccess: done
  })
  const clear = useMutation({
    mutationFn: () => api.call((c) => c.settings.updatePersonal({ payload: { ...editable, clear_image: true } })),
    onSuccess: done
  })
  const label = settings.photo_label
  const problem = tooLarge ?? (upload.isError ? upload.error.message || m.uploadFailed : clear.error?.message)
  return (
    <section
      className={`${controls.card} ${styles.photo}`}
      aria-labelledby={`${id}-title`}
      aria-busy={upload.isPending}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        {label}
      </h2>
      <Avatar name={settings.name_display} image={settings.image} size={64} label={settings.name_display} />
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        aria-label={label}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ""
          if (file === undefined) return
          const big = Limits.uploadProblem("image", file.name, file.size)
          setTooLarge(Option.getOrNull(big))
          if (Option.isNone(big)) upload.mutate(file)
        }}
      />
      <button
        type="button"
        className={controls.button}
        disabled={upload.isPending || clear.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? m.uploading : label}
      </button>
      {settings.image !== null && (
        <button
          type="button"
          className={controls.ghost}
          disabled={upload.isPending || clear.isPending}
          onClick={() => {
            setTooLarge(null)
            upload.reset()
            clear.mutate()
          }}
        >
          {m.removePhoto}
        </button>
      )}
      {problem !== undefined && problem !== null && (
        <span className={controls.hintError} role="alert">
          {problem}
        </span>
      )}
    </section>
  )
}
