/**
 * A secret shown this once (a new API key, a webhook's signing secret): a heading, the warning that it will not be
 * shown again, the secret in a read-only field with a copy button (or, without clipboard access, selected for the
 * person to copy), and Close.
 */
import { useRef, useState } from "react"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import banner from "../shell/Banner.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./SecretOnce.module.css"

/** The panel; `id` names its heading and warning for assistive technology. */
export const SecretOnce = ({
  id,
  title,
  warning,
  secret,
  copyLabel,
  onDone
}: {
  readonly id: string
  readonly title: string
  readonly warning: string
  readonly secret: string
  readonly copyLabel: string
  readonly onDone: () => void
}) => {
  const m = useMessages()
  const field = useRef<HTMLInputElement>(null)
  const [copy, setCopy] = useState<"idle" | "copied" | "manual">("idle")
  const copySecret = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopy("copied"),
      () => {
        // No clipboard access (an older browser, a refused permission): select it for the person to copy.
        field.current?.select()
        setCopy("manual")
      }
    )
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby={id}>
      <h2 className={records.sectionTitle} id={id}>
        {title}
      </h2>
      <p className={banner.warning} id={`${id}-warning`}>
        {warning}
      </p>
      <div className={records.line}>
        <input
          ref={field}
          className={`${controls.input} ${styles.secret}`}
          readOnly
          value={secret}
          aria-label={title}
          aria-describedby={`${id}-warning`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={controls.primary} onClick={() => void copySecret()}>
          {copyLabel}
        </button>
        <button type="button" className={controls.button} onClick={onDone}>
          {m.close}
        </button>
      </div>
      <p role="status" className={records.muted}>
        {copy === "copied" ? m.copied : copy === "manual" ? m.pressToCopy("Ctrl+C") : ""}
      </p>
    </section>
  )
}
