/**
 * 'Save & Preview' in the template editor (the spec's preview-template after-save action), in happy-dom with the
 * real editor under the template editor's route: it saves now, then shows the saved template as the server answers
 * it in `<qk-quote-view>`; a new template's save moves the page to the saved id (the editor is made anew) and the
 * preview opens there; a failed save opens nothing, nor does a later plain save; a quote's save bar has no such
 * button.
 */
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Message from "@quotekit/core/Message"
import * as Quote from "@quotekit/core/Quote"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
  useRouter
} from "@tanstack/react-router"
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { type ApiClient, ApiProvider, type EditorTarget, RequestFailure } from "../../src/api/client.ts"
import { QuoteEditor, type SaveResult } from "../../src/quotes/QuoteEditor.tsx"
import type { SaveAction } from "../../src/quotes/SaveBar.tsx"
import { type Draft, newDraft } from "../../src/quotes/useQuoteDraft.ts"
import { accountKey } from "../../src/session/useAccount.ts"
import { account } from "../support/draft.ts"

const m = Message.catalogue
afterEach(cleanup)

const SAVED_ID = 12

/** What the double's server holds: the template as last saved, and every editor load and save asked of it. */
interface Server {
  stored: Draft | undefined
  readonly loads: Array<EditorTarget>
  readonly saves: Array<SaveAction>
  failNext: boolean
}

/** A client double: `editor` answers the stored template; every other method fails loudly. */
const client = (server: Server): ApiClient =>
  new Proxy({} as ApiClient, {
    get: (_, name) => {
      if (name === "editor")
        return (target: EditorTarget) => {
          server.loads.push(target)
          if (server.stored === undefined) return Promise.reject(new Error("no template saved"))
          // Only the quote and its rows are read by the preview.
          return Promise.resolve({ quote: server.stored.quote, items: server.stored.items } as QuotesApi.Editor)
        }
      return () => Promise.reject(new Error(`not implemented in this test: ${String(name)}`))
    }
  })

/** The save the editor page would make: stores the draft under its id (12 for a new one) and answers save:now's page. */
const save =
  (server: Server) =>
  (draft: Draft, action: SaveAction): Promise<SaveResult> => {
    server.saves.push(action)
    if (server.failNext) {
      server.failNext = false
      return Promise.reject(new RequestFailure("notAvailable", m.notAvailableNow))
    }
    const id = draft.quote.quote_id > 0 ? draft.quote.quote_id : SAVED_ID
    server.stored = { ...draft, quote: new Quote.Quote({ ...draft.quote, quote_id: Quote.QuoteId.make(id) }) }
    return Promise.resolve({
      quote_id: id,
      quote_no: 0,
      items: [],
      contacts: [],
      href: `/content/templates/${id}/is-editing`
    })
  }

/** The template editor at /content/templates/{id}/{action}, made anew per id as the app's editor page does. */
const renderTemplateEditor = (server: Server, path: string, mode: "template" | "quote" = "template") => {
  const EditorPage = () => {
    const router = useRouter()
    const { quoteId } = useParams({ strict: false }) as { quoteId: string }
    const initial =
      quoteId === "new" || server.stored === undefined
        ? newDraft(account, { mode })
        : { ...server.stored, dirty: false }
    return (
      <QuoteEditor
        key={quoteId}
        initial={initial}
        account={account}
        onSave={save(server)}
        onSaved={(href, action) => {
          if (href !== router.state.location.pathname)
            void router.navigate({ to: href, replace: action === "save:now" })
        }}
      />
    )
  }
  const root = createRootRoute({ component: Outlet })
  const editor = createRoute({
    getParentRoute: () => root,
    path: "/content/templates/$quoteId/$action",
    component: EditorPage
  })
  const router = createRouter({
    routeTree: root.addChildren([editor]),
    history: createMemoryHistory({ initialEntries: [path] })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, account)
  render(
    <ApiProvider value={client(server)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiProvider>
  )
  return router
}

const retitle = async (title: string) => {
  const field = (await screen.findByLabelText(m.title)) as HTMLInputElement
  fireEvent.change(field, { target: { value: title } })
}

/** The open preview dialog and the data its quote view was given. */
const preview = async () => {
  const dialog = await screen.findByRole("dialog")
  const view = await waitFor(() => {
    const v = dialog.querySelector("qk-quote-view") as
      | (HTMLElement & { data?: { title: string; previewType: number } })
      | null
    expect(v?.data).toBeDefined()
    return v!
  })
  return { dialog, view }
}

describe("Save & Preview", () => {
  it("saves an existing template now, then shows it as saved in the quote view, as You or as Customer", async () => {
    const server: Server = { stored: undefined, loads: [], saves: [], failNext: false }
    const blank = newDraft(account, { mode: "template" })
    server.stored = {
      ...blank,
      quote: new Quote.Quote({ ...blank.quote, quote_id: Quote.QuoteId.make(SAVED_ID), title: "Decking" })
    }
    renderTemplateEditor(server, `/content/templates/${SAVED_ID}/is-editing`)
    await retitle("Decking and steps")
    fireEvent.click(screen.getByRole("button", { name: m.savePreview }))

    const { dialog, view } = await preview()
    expect(server.saves).toEqual(["save:now"])
    expect(server.loads).toEqual([{ kind: "template", id: String(SAVED_ID), action: "is-editing" }])
    expect(within(dialog).getByRole("heading").textContent).toBe(m.templateTitle("Decking and steps"))
    expect(view.data!.title).toBe("Decking and steps")
    expect(view.data!.previewType).toBe(0)
    fireEvent.click(within(dialog).getByRole("button", { name: m.viewingAsCustomer }))
    await waitFor(() => expect(view.data!.previewType).toBe(1))

    fireEvent.click(within(dialog).getByRole("button", { name: m.close }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(screen.queryByRole("region", { name: m.unsavedChanges })).toBeNull()
  })

  it("a new template: the save moves the page to the saved id, and the preview opens there", async () => {
    const server: Server = { stored: undefined, loads: [], saves: [], failNext: false }
    const router = renderTemplateEditor(server, "/content/templates/new/is-editing")
    await retitle("Fence")
    fireEvent.click(screen.getByRole("button", { name: m.savePreview }))

    const { view } = await preview()
    expect(router.state.location.pathname).toBe(`/content/templates/${SAVED_ID}/is-editing`)
    expect(server.loads).toEqual([{ kind: "template", id: String(SAVED_ID), action: "is-editing" }])
    expect(view.data!.title).toBe("Fence")
  })

  it("a failed save opens no preview, and a later plain Save does not either", async () => {
    const server: Server = { stored: undefined, loads: [], saves: [], failNext: true }
    renderTemplateEditor(server, "/content/templates/new/is-editing")
    await retitle("Fence")
    fireEvent.click(screen.getByRole("button", { name: m.savePreview }))
    await screen.findByText(m.notAvailableNow)
    expect(screen.queryByRole("dialog")).toBeNull()

    fireEvent.click(screen.getByRole("button", { name: m.save }))
    await waitFor(() => expect(screen.queryByRole("region", { name: m.unsavedChanges })).toBeNull())
    await act(async () => {})
    expect(server.saves).toEqual(["save:now", "save:now"])
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(server.loads).toEqual([])
  })

  it("a quote's save bar has no 'Save & Preview'", async () => {
    const server: Server = { stored: undefined, loads: [], saves: [], failNext: false }
    renderTemplateEditor(server, "/content/templates/new/is-editing", "quote")
    await retitle("Kitchen")
    expect(screen.getByRole("button", { name: m.saveNext })).toBeTruthy()
    expect(screen.queryByRole("button", { name: m.savePreview })).toBeNull()
  })
})
