/**
 * A button whose action is asked about first: 'Are you sure?' with the consequence, Cancel, and the action again
 * (Radix's alert dialog: focus held inside, Escape cancels). For revoking, deleting, rotating.
 */
import { AlertDialog } from "radix-ui"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import dialog from "./Dialog.module.css"

/** The button labelled `label`, described by the element `describedBy`, doing `onConfirm` once confirmed. */
export const ConfirmButton = ({
  label,
  text,
  describedBy,
  disabled = false,
  onConfirm
}: {
  readonly label: string
  /** What happens, said in the dialog. */
  readonly text: string
  readonly describedBy: string
  readonly disabled?: boolean
  readonly onConfirm: () => void
}) => {
  const m = useMessages()
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={controls.button} aria-describedby={describedBy} disabled={disabled}>
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialog.overlay} />
        <AlertDialog.Content className={dialog.content}>
          <AlertDialog.Title className={dialog.title}>{m.areYouSure}</AlertDialog.Title>
          <AlertDialog.Description className={dialog.description}>{text}</AlertDialog.Description>
          <div className={dialog.actions}>
            <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className={controls.primary} onClick={onConfirm}>
              {label}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
