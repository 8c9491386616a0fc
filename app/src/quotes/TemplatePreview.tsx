/**
 * The preview of a saved template, opened by 'Save & Preview' (the spec's preview-template after-save action): the
 * template as the server now stores it (fetched afresh, so it shows what was saved, not what the editor holds) in
 * the `<qk-quote-view>` widget, 'Viewing as You' or 'Viewing as Customer', in a dialog over the editor.
 */
import { useQuery } from "@tanstack/react-query"
import { Dialog } from "radix-ui"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { useAccount } from "../session/useAccount.ts"
import dialog from "../shell/Dialog.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { QuotePreview } from "./QuotePreview.tsx"
import styles from "./TemplatePreview.module.css"
import { ViewingAsToggle } from "./ViewingAsToggle.tsx"

/** The dialog, open while mounted; `onClose` when the user closes it (Close, Escape or the dimmed page). */
export const TemplatePreview = ({
  templateId,
  onClose
}: {
  readonly templateId: number
  readonly onClose: () => void
}) => {
  const m = useMessages()
  const api = useApi()
  const account = useAccount()
  const [asCustomer, setAsCustomer] = useState(false)
  const saved = useQuery({
    queryKey: ["templates", "preview", templateId],
    queryFn: () => api.editor({ kind: "template", id: String(templateId), action: "is-editing" }, {}),
    staleTime: 0,
    gcTime: 0
  })
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={`${dialog.content} ${styles.dialog}`}>
          <Dialog.Title className={dialog.title}>
            {saved.data === undefined ? m.preview : m.templateTitle(saved.data.quote.title)}
          </Dialog.Title>
          <Dialog.Description className={dialog.description}>{m.previewNotice}</Dialog.Description>
          <ViewingAsToggle asCustomer={asCustomer} onChange={setAsCustomer} className={styles.toggle} />
          {saved.isError ? (
            <LoadFailure error={saved.error} onRetry={() => void saved.refetch()} />
          ) : saved.data === undefined || account.data === undefined ? (
            <p className={page.empty}>{m.loading}</p>
          ) : (
            <QuotePreview editor={saved.data} account={account.data} asCustomer={asCustomer} />
          )}
          <div className={dialog.actions}>
            <Dialog.Close className={controls.button}>{m.close}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
