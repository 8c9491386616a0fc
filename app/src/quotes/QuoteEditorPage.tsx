/**
 * The editor's routes: /quotes/{quoteId or new}/{action} and /content/templates/{quoteId or new}/{action}. The
 * id is read by the core (`Quote.parseRouteId`: anything but "new" or a number is 'Could not find that quote?');
 * a new draft is built from the account's defaults. Loading and saving saved quotes waits for the quote
 * endpoints: until then those answer 'Not available right now.'.
 */
import * as Quote from "@quotekit/core/Quote"
import { useParams, useSearch } from "@tanstack/react-router"
import { Result } from "effect"
import { useMemo } from "react"
import { notAvailable } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import page from "../shell/Page.module.css"
import { QuoteEditor } from "./QuoteEditor.tsx"
import { type EditorMode, newDraft } from "./useQuoteDraft.ts"

const saveNotAvailable = () => Promise.reject(notAvailable())

const Message = ({ text }: { readonly text: string }) => {
  usePageTitle(text)
  return (
    <div className={page.page}>
      <div className={banner.error} role="alert">
        <p className={banner.title}>{text}</p>
      </div>
    </div>
  )
}

const EditorRoute = ({ mode }: { readonly mode: EditorMode }) => {
  const m = useMessages()
  const params: { quoteId?: string } = useParams({ strict: false })
  const search: { title?: string } = useSearch({ strict: false })
  const account = useAccount()
  const routeId = Quote.parseRouteId(params.quoteId ?? "new")
  const data = account.data
  const initial = useMemo(
    () =>
      data === undefined
        ? undefined
        : newDraft(data, { mode, ...(search.title === undefined ? {} : { title: search.title }) }),
    [data, mode, search.title]
  )
  if (Result.isFailure(routeId)) return <Message text={routeId.failure.message} />
  if (routeId.success !== "new") return <Message text={m.notAvailableNow} />
  if (initial === undefined || data === undefined) return null
  return <QuoteEditor key={`${mode}:${params.quoteId}`} initial={initial} account={data} onSave={saveNotAvailable} />
}

/** /quotes/{id}/{action} */
export const QuoteEditorPage = () => <EditorRoute mode="quote" />

/** /content/templates/{id}/{action} */
export const TemplateEditorPage = () => <EditorRoute mode="template" />
