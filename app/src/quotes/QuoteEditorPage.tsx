/**
 * The editor's routes: /quotes/{quoteId or new}/{action} and /content/templates/{quoteId or new}/{action}. The
 * id is read by the core (`Quote.parseRouteId`: anything but "new" or a number is 'Could not find that quote?');
 * the action falls back to is-editing unless it is is-adjustment. The server loads the quote (or a new one
 * with the options from-template, from-quote, example, from-lead and title) and saves it; where a save goes
 * next is the server's `upNext.href`. While a saved quote is open the editor is on its live room, and warns when
 * the quote is changed elsewhere (`useChangedElsewhere`).
 */
import * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate, useParams, useSearch } from "@tanstack/react-router"
import { Result } from "effect"
import { useCallback, useMemo, useRef } from "react"
import { type EditorTarget, useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import { QuoteEditor, type SaveResult } from "./QuoteEditor.tsx"
import type { SaveAction } from "./SaveBar.tsx"
import { useChangedElsewhere } from "./useChangedElsewhere.ts"
import { type Draft, type EditorMode, fromEditor } from "./useQuoteDraft.ts"

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

type EditorSearch = Partial<Record<"from-template" | "from-quote" | "example" | "from-lead" | "title", string>>

const wholeNumber = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : undefined

/** The editor's query options as the contract takes them; malformed numbers are left out. */
export const editorQuery = (search: EditorSearch): QuotesApi.EditorQuery => {
  const fromTemplate = wholeNumber(search["from-template"])
  const fromQuote = wholeNumber(search["from-quote"])
  const fromLead = wholeNumber(search["from-lead"])
  return {
    ...(fromTemplate === undefined ? {} : { "from-template": fromTemplate }),
    ...(fromQuote === undefined ? {} : { "from-quote": fromQuote }),
    ...(fromLead === undefined ? {} : { "from-lead": fromLead }),
    ...(search.example === undefined ? {} : { example: search.example.slice(0, 60) }),
    ...(search.title === undefined ? {} : { title: search.title.slice(0, 500) })
  }
}

/** A fresh random id for one save (repeated on its retries, so a save never creates two quotes). */
const requestId = (): string => crypto.randomUUID()

/** The save request for a draft. */
export const savePayload = (
  draft: Draft,
  loaded: QuotesApi.Editor,
  query: QuotesApi.EditorQuery,
  modifiedIn: number,
  primary: SaveAction,
  id: string,
  continueSave: boolean
): QuotesApi.SaveQuote => {
  const q = draft.quote
  return {
    request_id: id,
    quote: {
      title: q.title,
      sent_when: q.sent_when,
      expiry_date: q.expiry_date,
      deposit_percent: q.deposit_percent,
      discount_overall: q.discount_overall,
      currency_id: q.currency_id,
      amounts_entered: q.amounts_entered,
      private_pricing: q.private_pricing,
      from: q.from
    },
    meta: {
      ...(loaded.meta.reviewsOn === undefined ? {} : { reviewsOn: loaded.meta.reviewsOn }),
      ...(query["from-quote"] === undefined ? {} : { fromQuote: query["from-quote"] }),
      ...(query["from-template"] === undefined ? {} : { fromTemplate: query["from-template"] }),
      ...(query["from-lead"] === undefined ? {} : { fromLead: query["from-lead"] })
    },
    items: draft.items,
    item_files: draft.items.flatMap((r) =>
      (r.files ?? []).map((f) => ({ file_id: f.file_id, parent_id: r.quote_item_id }))
    ),
    contacts: draft.contacts.map((c) => c.row),
    _modifiedIn: modifiedIn,
    primary,
    ...(continueSave ? { continue: true } : {})
  }
}

const EditorRoute = ({ mode }: { readonly mode: EditorMode }) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const params: { quoteId?: string; action?: string } = useParams({ strict: false })
  const search: EditorSearch = useSearch({ strict: false })
  const account = useAccount()
  const routeId = Quote.parseRouteId(params.quoteId ?? "new")
  const action = QuotesApi.editActionOf(params.action ?? "is-editing")
  const kind: QuotesApi.EditorKind = mode === "template" ? "template" : "edit"
  const query = useMemo(() => editorQuery(search), [search])
  const id = Result.isSuccess(routeId) ? String(routeId.success) : ""
  const target: EditorTarget = useMemo(() => ({ kind, id, action }), [kind, id, action])
  const loaded = useQuery({
    queryKey: ["editor", kind, id, action, query],
    queryFn: () => api.editor(target, query),
    enabled: Result.isSuccess(routeId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false
  })
  const data = loaded.data
  const initial = useMemo(() => (data === undefined ? undefined : fromEditor(data, mode)), [data, mode])
  // The edit sequence the next save sends back, and the id a save repeats on retry.
  const modifiedIn = useRef<number | undefined>(undefined)
  const pending = useRef<{ key: string; id: string } | null>(null)
  if (data !== undefined && modifiedIn.current === undefined) modifiedIn.current = data._modifiedIn
  const liveId = mode === "quote" && Result.isSuccess(routeId) && routeId.success !== "new" ? routeId.success : 0
  const elsewhere = useChangedElsewhere(liveId, data?._modifiedIn)
  const track = elsewhere.track

  const onSave = useCallback(
    async (draft: Draft, primary: SaveAction, continueSave: boolean): Promise<SaveResult> => {
      if (data === undefined) throw new Error("save before load")
      const key = `${draft.quote.quote_id}:${primary}:${continueSave}`
      if (pending.current?.key !== key) pending.current = { key, id: requestId() }
      const savedId = draft.quote.quote_id > 0 ? String(draft.quote.quote_id) : target.id
      const payload = savePayload(
        draft,
        data,
        query,
        modifiedIn.current ?? data._modifiedIn,
        primary,
        pending.current.id,
        continueSave
      )
      const answer = await track(api.saveQuote({ ...target, id: savedId }, payload))
      pending.current = null
      modifiedIn.current = answer._modifiedIn
      void queryClient.invalidateQueries({ queryKey: ["quotes"] })
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] })
      return { ...answer, href: answer.upNext.href }
    },
    [api, data, query, target, queryClient, track]
  )
  const onSaved = useCallback(
    (href: string, primary: SaveAction) => {
      if (!QuoteRoute.isLocalPath(href)) return
      const current = window.location.pathname + window.location.search
      if (primary === "save:now" && href === current) return
      void navigate({ to: href, replace: primary === "save:now" })
    },
    [navigate]
  )

  if (Result.isFailure(routeId)) return <Message text={routeId.failure.message} />
  if (loaded.isError) return <LoadFailure error={loaded.error} onRetry={() => void loaded.refetch()} />
  if (initial === undefined || account.data === undefined || data === undefined)
    return (
      <div className={page.page} aria-busy="true">
        <p className={page.empty}>{m.loading}</p>
      </div>
    )
  return (
    <QuoteEditor
      key={`${mode}:${id}:${action}`}
      initial={initial}
      account={account.data}
      onSave={onSave}
      onSaved={onSaved}
      banners={data.banners}
      lead={data.lead}
      backTo={QuoteRoute.backLink(kind, action, data.quote.quote_id)}
      changedElsewhere={elsewhere.changed}
    />
  )
}

/** /quotes/{id}/{action} */
export const QuoteEditorPage = () => <EditorRoute mode="quote" />

/** /content/templates/{id}/{action} */
export const TemplateEditorPage = () => <EditorRoute mode="template" />
