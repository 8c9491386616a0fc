/**
 * The comment editor of the Questions & Answers and private notes sections: a text box with @mention completion
 * over the team (core `Mention.complete` / `Mention.insert`), files attached by dropping them on it or with the
 * picker (uploaded at once, with progress), Send, and Cancel, which asks 'Really?' first when there is content.
 * When it loses focus with unsent content, 'Not Sent' (or 'Not Added' for a note) shows beside the send button.
 * An empty entry is refused with the core's 'Your {Question|Comment|Answer|Note} is empty?'.
 */
import type * as DiscussionApi from "@quotekit/core/api/DiscussionApi"
import * as Discussion from "@quotekit/core/Discussion"
import * as Mention from "@quotekit/core/Mention"
import { Option, Result } from "effect"
import { useEffect, useId, useReducer, useRef, useState } from "react"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { AttachedFiles } from "../shell/AttachedFiles.tsx"
import controls from "../theme/Controls.module.css"
import * as EditorState from "./commentEditorState.ts"

/** A file attached to the entry being written. */
export type AttachedFile = DiscussionApi.TeamComment["files"][number]

/** The editor; `onSend` resolves when the entry is saved and rejects with the server's reason. */
export const CommentEditor = ({
  label,
  type,
  team,
  initialBody = "",
  initialFiles = [],
  sendLabel,
  onSend,
  onUpload,
  onCancel
}: {
  readonly label: string
  readonly type: Discussion.Type
  readonly team: ReadonlyArray<Mention.Member>
  readonly initialBody?: string
  readonly initialFiles?: ReadonlyArray<AttachedFile>
  readonly sendLabel: string
  readonly onSend: (body: string, files: ReadonlyArray<AttachedFile>) => Promise<unknown>
  readonly onUpload: (file: File) => Promise<AttachedFile>
  readonly onCancel?: () => void
}) => {
  const m = useMessages()
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const [body, setBody] = useState(initialBody)
  const [files, setFiles] = useState<ReadonlyArray<AttachedFile>>(initialFiles)
  const [uploading, setUploading] = useState(0)
  const [caret, setCaret] = useState(0)
  const [active, setActive] = useState(0)
  const [error, setError] = useState<string | undefined>()
  const [confirming, setConfirming] = useState(false)
  const [state, dispatch] = useReducer(EditorState.next, "clean" as EditorState.State)
  const hasContent = Discussion.hasContent({ discuss_body: body, files })
  // Escape closes the suggestions until the text or the caret moves (the WAI-ARIA combobox pattern); leaving
  // the box closes them too.
  const [dismissed, setDismissed] = useState<string | null>(null)
  const place = `${caret}:${body}`
  const completion = state === "inFocus" && dismissed !== place ? Mention.complete(body, caret, team) : Option.none()
  const matches = Option.match(completion, { onNone: () => [], onSome: (c) => c.matches.slice(0, 6) })
  useEffect(() => {
    if (state !== "blurring") return
    const timer = window.setTimeout(() => dispatch({ _tag: "BlurSettled", hasContent }), EditorState.BLUR_SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [state, hasContent])

  const pick = (handle: string) =>
    Option.map(completion, (c) => {
      const inserted = Mention.insert(body, c, handle)
      setBody(inserted.text)
      setCaret(inserted.caret)
      requestAnimationFrame(() => box.current?.setSelectionRange(inserted.caret, inserted.caret))
    })
  const attach = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      setUploading((n) => n + 1)
      onUpload(file)
        .then(
          (f) => setFiles((fs) => [...fs, f]),
          (e: unknown) => setError(e instanceof Error ? e.message : m.uploadFailed)
        )
        .finally(() => setUploading((n) => n - 1))
    }
  }
  const send = () => {
    const valid = Discussion.validate(type, { discuss_body: body, files })
    if (Result.isFailure(valid)) {
      setError(valid.failure.message)
      return
    }
    setError(undefined)
    dispatch({ _tag: "Send" })
    onSend(body, files).then(
      () => {
        dispatch({ _tag: "Sent" })
        setBody("")
        setFiles([])
      },
      (e: unknown) => {
        dispatch({ _tag: "Failed", hasContent: true })
        setError(e instanceof Error ? e.message : m.requestError)
      }
    )
  }
  const cancel = () => {
    if (hasContent && !confirming) {
      setConfirming(true)
      return
    }
    setConfirming(false)
    setBody(initialBody)
    setFiles(initialFiles)
    setError(undefined)
    dispatch({ _tag: "Discard" })
    onCancel?.()
  }
  // A private note is added to the quote, not sent to the customer.
  const unsent = Discussion.isPrivate(type) ? m.notAdded : m.notSent
  return (
    // The fieldset is the drop zone: files dropped anywhere on the editor are attached.
    <fieldset
      aria-label={m.dropFiles}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      className={styles.stack}
      data-state={state}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes("Files")) e.preventDefault()
      }}
      onDrop={(e) => {
        if (e.dataTransfer.files.length === 0) return
        e.preventDefault()
        attach(e.dataTransfer.files)
      }}
    >
      <div className={`${controls.field} ${styles.combo}`}>
        <label className={controls.label} htmlFor={`${id}-body`}>
          {label}
        </label>
        <textarea
          ref={box}
          id={`${id}-body`}
          className={controls.textarea}
          rows={3}
          value={body}
          disabled={state === "loading"}
          role="combobox"
          aria-expanded={matches.length > 0}
          aria-controls={`${id}-mentions`}
          aria-autocomplete="list"
          aria-activedescendant={matches.length > 0 ? `${id}-mention-${active}` : undefined}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          onFocus={() => dispatch({ _tag: "Focus" })}
          onBlur={() => dispatch({ _tag: "Blur" })}
          onChange={(e) => {
            setBody(e.currentTarget.value)
            setCaret(e.currentTarget.selectionStart)
            setActive(0)
            setConfirming(false)
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
              e.preventDefault()
              send()
              return
            }
            if (matches.length === 0) return
            if (e.key === "Escape") {
              e.preventDefault()
              setDismissed(place)
            } else if (e.key === "ArrowDown") {
              e.preventDefault()
              setActive((a) => Math.min(a + 1, matches.length - 1))
            } else if (e.key === "ArrowUp") {
              e.preventDefault()
              setActive((a) => Math.max(a - 1, 0))
            } else if (e.key === "Enter" || e.key === "Tab") {
              const h = matches[active]
              if (h !== undefined) {
                e.preventDefault()
                pick(h.handle)
              }
            }
          }}
        />
        {matches.length > 0 && (
          <div id={`${id}-mentions`} role="listbox" aria-label={m.mentionSuggestions} className={styles.options}>
            {matches.map((h, i) => (
              <div
                key={h.member.signin_id}
                id={`${id}-mention-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={styles.option}
                onMouseDown={(e) => {
                  e.preventDefault()
                  pick(h.handle)
                }}
              >
                @{h.handle} <span className={styles.muted}>{h.member.name_display ?? h.member.name_first}</span>
              </div>
            ))}
          </div>
        )}
      </div>
      <AttachedFiles
        files={files}
        label={m.attachFile}
        onRemove={(id) => setFiles((fs) => fs.filter((x) => x.file_id !== id))}
      />
      <div className={styles.line}>
        <button
          type="button"
          className={controls.primary}
          disabled={state === "loading" || uploading > 0}
          onClick={send}
        >
          {state === "loading" ? m.saving : sendLabel}
        </button>
        {EditorState.showsUnsent(state, hasContent) && (
          <span className={controls.hintWarning} role="status">
            {unsent}
          </span>
        )}
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          aria-label={m.attachFile}
          onChange={(e) => {
            attach(e.currentTarget.files)
            e.currentTarget.value = ""
          }}
        />
        <button type="button" className={controls.ghost} onClick={() => picker.current?.click()}>
          {uploading > 0 ? m.uploading : m.attachFile}
        </button>
        {(hasContent || onCancel !== undefined) && (
          <button type="button" className={controls.ghost} onClick={cancel}>
            {confirming ? m.really : m.cancel}
          </button>
        )}
      </div>
      {error !== undefined && (
        <p id={`${id}-error`} className={controls.hintError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
