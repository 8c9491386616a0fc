/**
 * Asks before leaving a dirty form: in-app navigation (links, back and forward) is held by the router's blocker
 * and confirmed in a dialog ('Leave without saving' / 'Continue editing…'); closing or reloading the tab gets
 * the browser's own prompt through `beforeunload`.
 */
import { useBlocker } from "@tanstack/react-router"
import { AlertDialog } from "radix-ui"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Dialog.module.css"

/** Guard the page while `dirty` is true. */
export const UnsavedChangesGuard = ({ dirty }: { readonly dirty: boolean }) => {
  const m = useMessages()
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true
  })
  const open = blocker.status === "blocked"
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && blocker.reset?.()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <AlertDialog.Title className={styles.title}>{m.unsavedChanges}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>{m.unsavedChangesWarning}</AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={controls.button} onClick={() => blocker.reset?.()}>
              {m.continueEditing}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={controls.primary} onClick={() => blocker.proceed?.()}>
              {m.leaveWithoutSaving}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
