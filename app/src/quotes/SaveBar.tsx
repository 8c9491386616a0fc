/**
 * The save bar, shown while the draft is dirty: 'You have unsaved changes:' and the three saves (save:back,
 * save:next, save:now), plus, for a template, 'Save & Preview' (the spec's preview-template after-save action):
 * a save:now, then the saved template's preview. Ctrl or Cmd + S saves now from anywhere on the page.
 */
import { useParams } from "@tanstack/react-router"
import { memo, useEffect, useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteEditor.module.css"
import { TemplatePreview } from "./TemplatePreview.tsx"

/** The primary save actions: go on to the next step, stay on the page, or go back. */
export type SaveAction = "save:next" | "save:now" | "save:back"

/**
 * Whether a 'Save & Preview' waits for its save. Kept outside the bar because saving a new template moves the
 * page to the saved id, which makes the editor (and this bar) anew; the new bar opens the preview.
 */
const previewAfterSave = { pending: false }

/** The saved template the page shows, from the route's id (`new` and anything else not a number: none). */
const savedIdOf = (param: string | undefined): number | undefined =>
  param !== undefined && /^[1-9]\d{0,11}$/.test(param) ? Number(param) : undefined

/**
 * The saved template to preview once a 'Save & Preview' has saved and the page shows the saved template: nothing
 * while saving, or while on a new template's page (its save moves the page on); a save that fails, leaving the
 * draft dirty, drops the preview.
 */
const usePreviewAfterSave = (template: boolean, dirty: boolean, saving: boolean, savedId: number | undefined) => {
  const [previewing, setPreviewing] = useState<number | undefined>(undefined)
  useEffect(() => {
    if (!template || !previewAfterSave.pending || saving) return
    if (dirty) {
      previewAfterSave.pending = false
      return
    }
    if (savedId === undefined) return
    previewAfterSave.pending = false
    setPreviewing(savedId)
  }, [template, dirty, saving, savedId])
  return [previewing, setPreviewing] as const
}

/** The bar; `template` offers 'Save & Preview'. */
export const SaveBar = memo(function SaveBar({
  dirty,
  saving,
  onSave,
  template = false
}: {
  readonly dirty: boolean
  readonly saving: boolean
  readonly onSave: (action: SaveAction) => void
  readonly template?: boolean
}) {
  const m = useMessages()
  const params: { quoteId?: string } = useParams({ strict: false })
  const [previewing, setPreviewing] = usePreviewAfterSave(template, dirty, saving, savedIdOf(params.quoteId))
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
  return (
    <>
      {dirty && (
        <section className={styles.saveBar} aria-label={m.unsavedChanges}>
          <span className={styles.saveText}>{saving ? m.saving : m.unsavedChanges}</span>
          <div className={styles.saveButtons}>
            <button type="button" className={controls.button} disabled={saving} onClick={() => onSave("save:back")}>
              {m.saveBack}
            </button>
            <button type="button" className={controls.button} disabled={saving} onClick={() => onSave("save:next")}>
              {m.saveNext}
            </button>
            {template && (
              <button
                type="button"
                className={controls.button}
                disabled={saving}
                onClick={() => {
                  previewAfterSave.pending = true
                  onSave("save:now")
                }}
              >
                {m.savePreview}
              </button>
            )}
            <button type="button" className={controls.primary} disabled={saving} onClick={() => onSave("save:now")}>
              {m.save}
            </button>
          </div>
        </section>
      )}
      {previewing !== undefined && <TemplatePreview templateId={previewing} onClose={() => setPreviewing(undefined)} />}
    </>
  )
})
