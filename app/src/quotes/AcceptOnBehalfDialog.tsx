/**
 * 'Accept on behalf': the button opens a dialog that records how the customer accepted outside the quote page
 * (`AcceptanceProof`): by purchase order (its number required), a signed document (uploaded here, required), by
 * email, by phone or in person, with an optional reference and note. The proof goes with the action; the server
 * keeps it with the acceptance, writes it into All Activity and prints it on the acceptance certificate.
 */
import * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import { Result } from "effect"
import { Dialog } from "radix-ui"
import { type FormEvent, useId, useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import dialog from "../shell/Dialog.module.css"
import controls from "../theme/Controls.module.css"

const t = AcceptanceProof.text

type Upload =
  | { readonly state: "none" }
  | { readonly state: "uploading"; readonly name: string }
  | { readonly state: "done"; readonly document: AcceptanceProof.Document }
  | { readonly state: "failed"; readonly message: string }

/** The dialog's button (the bar's 'Accept on behalf') and its form. */
export const AcceptOnBehalfDialog = ({
  offer,
  buttonProps,
  onRecord
}: {
  readonly offer: QuotesApi.ActionOffer
  readonly buttonProps: Record<string, unknown>
  readonly onRecord: (proof: AcceptanceProof.Proof) => void
}) => {
  const m = useMessages()
  const api = useApi()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [how, setHow] = useState<AcceptanceProof.How>("email")
  const [reference, setReference] = useState("")
  const [note, setNote] = useState("")
  const [upload, setUpload] = useState<Upload>({ state: "none" })
  const [refusal, setRefusal] = useState<AcceptanceProof.Refusal | null>(null)

  const reset = () => {
    setHow("email")
    setReference("")
    setNote("")
    setUpload({ state: "none" })
    setRefusal(null)
  }

  const attach = (file: File | undefined) => {
    if (file === undefined) return
    setUpload({ state: "uploading", name: file.name })
    const form = new FormData()
    form.append("file", file)
    api
      .call((c) => c.uploads.file({ payload: form }))
      .then(
        (u) => setUpload({ state: "done", document: { hash: u.hash, name: u.original_filename } }),
        (error: unknown) =>
          setUpload({ state: "failed", message: error instanceof Error ? error.message : String(error) })
      )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const proof: AcceptanceProof.Proof = {
      how,
      reference,
      note,
      ...(how === "signed-document" && upload.state === "done" ? { document: upload.document } : {})
    }
    const checked = AcceptanceProof.validate(proof)
    if (Result.isFailure(checked)) {
      setRefusal(checked.failure)
      return
    }
    setOpen(false)
    reset()
    onRecord(checked.success)
  }

  const errorOf = (field: AcceptanceProof.Refusal["field"]) =>
    refusal?.field === field ? (
      <p className={controls.hintError} id={`${id}-${field}-error`} role="alert">
        {refusal.message}
      </p>
    ) : null
  const describedBy = (field: AcceptanceProof.Refusal["field"]) =>
    refusal?.field === field ? { "aria-describedby": `${id}-${field}-error`, "aria-invalid": true } : {}

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) reset()
      }}
    >
      <Dialog.Trigger asChild>
        <button {...buttonProps}>{offer.label}</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.content} aria-describedby={undefined}>
          <Dialog.Title className={dialog.title}>{t.heading}</Dialog.Title>
          <form className={dialog.form} onSubmit={submit} noValidate>
            <div className={controls.field}>
              <label className={controls.label} htmlFor={`${id}-how`}>
                {t.how}
              </label>
              <select
                id={`${id}-how`}
                className={controls.select}
                value={how}
                onChange={(e) => {
                  setHow(e.target.value as AcceptanceProof.How)
                  setRefusal(null)
                }}
              >
                {AcceptanceProof.Hows.map((h) => (
                  <option key={h} value={h}>
                    {AcceptanceProof.labels[h]}
                  </option>
                ))}
              </select>
            </div>
            <div className={controls.field}>
              <label className={controls.label} htmlFor={`${id}-reference`}>
                {how === "purchase-order" ? t.reference : t.referenceOther}
              </label>
              <input
                id={`${id}-reference`}
                className={controls.input}
                value={reference}
                maxLength={AcceptanceProof.REFERENCE_MAX}
                required={how === "purchase-order"}
                onChange={(e) => setReference(e.target.value)}
                {...describedBy("reference")}
              />
              {errorOf("reference")}
            </div>
            {how === "signed-document" && (
              <div className={controls.field}>
                <label className={controls.label} htmlFor={`${id}-document`}>
                  {t.document}
                </label>
                <input
                  id={`${id}-document`}
                  type="file"
                  accept="application/pdf,image/*"
                  onChange={(e) => attach(e.target.files?.[0])}
                  {...describedBy("document")}
                />
                {upload.state === "uploading" && (
                  <p className={controls.hint} role="status">
                    {m.uploading} {upload.name}
                  </p>
                )}
                {upload.state === "done" && (
                  <p className={controls.hint} role="status">
                    {upload.document.name}
                  </p>
                )}
                {upload.state === "failed" && (
                  <p className={controls.hintError} role="alert">
                    {upload.message}
                  </p>
                )}
                {errorOf("document")}
              </div>
            )}
            <div className={controls.field}>
              <label className={controls.label} htmlFor={`${id}-note`}>
                {t.note}
              </label>
              <textarea
                id={`${id}-note`}
                className={controls.textarea}
                rows={3}
                value={note}
                maxLength={AcceptanceProof.NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <div className={dialog.actions}>
              <Dialog.Close className={controls.button} type="button">
                {m.cancel}
              </Dialog.Close>
              <button type="submit" className={controls.primary} disabled={upload.state === "uploading"}>
                {t.confirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
