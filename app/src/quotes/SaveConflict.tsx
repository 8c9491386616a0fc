/**
 * The conflict prompt of a save that would replace someone else's changes (`_changeWarning`): 'Saving will
 * replace changes made by {who} {when}.' (plus the version clause when a version keeps them), with
 * 'Continue to Save' or Cancel.
 */
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { AlertDialog } from "radix-ui"
import { memo } from "react"
import type { ChangeWarning } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import styles from "../shell/Dialog.module.css"
import controls from "../theme/Controls.module.css"

/** The prompt; open while `warning` is set. */
export const SaveConflict = memo(function SaveConflict({
  warning,
  now,
  onContinue,
  onCancel
}: {
  readonly warning: ChangeWarning | null
  /** The current time in epoch seconds, for 'when'. */
  readonly now: () => number
  readonly onContinue: () => void
  readonly onCancel: () => void
}) {
  const m = useMessages()
  return (
    <AlertDialog.Root open={warning !== null} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <AlertDialog.Title className={styles.title}>{m.unsavedChanges}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>
            {warning === null
              ? ""
              : m.saveConflict(warning.who, RelativeTime.describe(warning.when, now()), warning.mayVersion)}
          </AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className={controls.primary} onClick={onContinue}>
              {m.continueToSave}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
})
