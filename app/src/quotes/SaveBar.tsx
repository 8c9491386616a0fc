/**
 * The save bar, shown while the draft is dirty: 'You have unsaved changes:' and the three saves (save:back,
 * save:next, save:now). Ctrl or Cmd + S saves now from anywhere on the page.
 */
import { memo, useEffect } from "react"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteEditor.module.css"

/** The primary save actions: go on to the next step, stay on the page, or go back. */
export type SaveAction = "save:next" | "save:now" | "save:back"

/** The bar. */
export const SaveBar = memo(function SaveBar({
  dirty,
  saving,
  onSave
}: {
  readonly dirty: boolean
  readonly saving: boolean
  readonly onSave: (action: SaveAction) => void
}) {
  const m = useMessages()
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "s") {
        e.preventDefault()
        if (!saving) onSave("save:now")
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [onSave, saving])
  if (!dirty) return null
  return (
    <section className={styles.saveBar} aria-label={m.unsavedChanges}>
      <span className={styles.saveText}>{saving ? m.saving : m.unsavedChanges}</span>
      <div className={styles.saveButtons}>
        <button type="button" className={controls.button} disabled={saving} onClick={() => onSave("save:back")}>
          {m.saveBack}
        </button>
        <button type="button" className={controls.button} disabled={saving} onClick={() => onSave("save:next")}>
          {m.saveNext}
        </button>
        <button type="button" className={controls.primary} disabled={saving} onClick={() => onSave("save:now")}>
          {m.save}
        </button>
      </div>
    </section>
  )
})
