/**
 * Delete, in the editor of a saved draft (the spec's place for it: drafts only, not in the quote view): a
 * two-click button ('Really?' on the first click, as the action bar's confirmations do), then the quote list.
 * A deleted draft stays under 'Deleted Drafts' for 30 days, where Restore to Draft brings it back.
 */
import * as Message from "@quotekit/core/Message"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"

/** The button; `quoteId` is a saved draft's. */
export const DeleteDraft = ({ quoteId }: { readonly quoteId: number }) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [armed, setArmed] = useState(false)
  const remove = useMutation({
    mutationFn: () => api.quoteAction("deleteDraft", quoteId),
    onSuccess: async () => {
      await queryClient.invalidateQueries()
      await navigate({ to: "/quotes" })
    }
  })
  return (
    <span>
      <button
        type="button"
        className={controls.button}
        aria-label={armed ? m.really : m.deleteDraftName}
        disabled={remove.isPending}
        onBlur={() => setArmed(false)}
        onClick={() => (armed ? remove.mutate() : setArmed(true))}
      >
        {armed ? m.really : m.delete}
      </button>
      {remove.isError && (
        <span role="alert" className={controls.hintError}>
          {remove.error instanceof Error ? remove.error.message : Message.unexpectedResponse}
        </span>
      )}
    </span>
  )
}
