/**
 * The editor's warning that the open quote changed elsewhere: heard on the quote's own room (which the editor
 * joins), shown for a newer edit sequence than the draft's, never for this tab's own save (even when its event
 * arrives before its answer), and worded in the account's noun; the editor shows it above the form.
 */
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { ApiClient } from "../../src/api/client.ts"
import { ApiProvider } from "../../src/api/client.ts"
import { NounProvider } from "../../src/page/useMessages.ts"
import { PushProvider } from "../../src/push/PushProvider.tsx"
import { EditorBanners } from "../../src/quotes/EditorBanners.tsx"
import { QuoteEditor } from "../../src/quotes/QuoteEditor.tsx"
import { useChangedElsewhere } from "../../src/quotes/useChangedElsewhere.ts"
import { newDraft } from "../../src/quotes/useQuoteDraft.ts"
import { account } from "../support/draft.ts"
import { event, fakePush } from "../support/FakeSocket.ts"
import { renderInRouter } from "../support/renderInRouter.tsx"

afterEach(cleanup)

const WARNING = "This quote was changed elsewhere."

/** A save the test answers when it likes. */
const deferred = () => {
  let resolve: (answer: { _modifiedIn: number }) => void = () => {}
  const promise = new Promise<{ _modifiedIn: number }>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const Harness = ({
  quoteId,
  save
}: {
  readonly quoteId: number
  readonly save: () => Promise<{ _modifiedIn: number }>
}) => {
  const { changed, track } = useChangedElsewhere(quoteId, 3)
  return (
    <>
      <p data-testid="changed">{changed ? "changed" : "same"}</p>
      <button type="button" onClick={() => void track(save()).catch(() => {})}>
        save
      </button>
    </>
  )
}

const setup = async (save: () => Promise<{ _modifiedIn: number }> = () => Promise.reject(new Error("no save"))) => {
  const push = fakePush()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PushProvider session="1:10" connect={push.connect}>
        <Harness quoteId={7} save={save} />
      </PushProvider>
    </QueryClientProvider>
  )
  await waitFor(() => expect(push.sockets).toHaveLength(1))
  const server = push.server()
  const changedTo = (seq: number, quoteId = 7, id = `e${seq}`) =>
    act(() =>
      server.receive(
        event(`quote-view:${quoteId}`, id, { quote_id: quoteId, edit_seq: seq, by: "member", what: "saved" })
      )
    )
  const shown = () => screen.getByTestId("changed").textContent
  return { server, changedTo, shown }
}

describe("useChangedElsewhere", () => {
  it("joins the quote's room, and warns for a newer edit sequence only", async () => {
    const { server, changedTo, shown } = await setup()
    expect(server.of("join")).toEqual([{ type: "join", room: "quote-view:7" }])
    changedTo(3)
    expect(shown()).toBe("same")
    changedTo(4)
    expect(shown()).toBe("changed")
  })

  it("ignores another quote's change and events without a sequence", async () => {
    const { server, shown } = await setup()
    act(() => server.receive(event("quote-view:7", "x1", { quote_id: 8, edit_seq: 9, by: "member", what: "saved" })))
    act(() => server.receive(event("quote-view:7", "x2", { quote_id: 7, by: "customer", what: "viewed" })))
    expect(shown()).toBe("same")
  })

  it("takes this tab's own save for its own, even when its event comes before its answer", async () => {
    const save = deferred()
    const { changedTo, shown } = await setup(() => save.promise)
    fireEvent.click(screen.getByRole("button", { name: "save" }))
    changedTo(4)
    expect(shown()).toBe("same")
    await act(async () => save.resolve({ _modifiedIn: 4 }))
    expect(shown()).toBe("same")
    changedTo(5)
    expect(shown()).toBe("changed")
  })

  it("warns once a save answers when someone else saved meanwhile", async () => {
    const save = deferred()
    const { changedTo, shown } = await setup(() => save.promise)
    fireEvent.click(screen.getByRole("button", { name: "save" }))
    changedTo(5)
    changedTo(4)
    expect(shown()).toBe("same")
    await act(async () => save.resolve({ _modifiedIn: 4 }))
    expect(shown()).toBe("changed")
  })

  it("joins no room for a new quote", async () => {
    const push = fakePush()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PushProvider session="1:10" connect={push.connect}>
          <Harness quoteId={0} save={() => Promise.reject(new Error("no save"))} />
        </PushProvider>
      </QueryClientProvider>
    )
    await act(async () => {})
    expect(push.sockets).toHaveLength(0)
  })
})

describe("the changed-elsewhere banner", () => {
  it("says what happened and what saving does, in the account's noun, with a Reload button", () => {
    const onReload = vi.fn()
    render(
      <NounProvider value="estimate">
        <EditorBanners banners={undefined} changedElsewhere onReload={onReload} />
      </NounProvider>
    )
    const status = screen.getByText("This estimate was changed elsewhere.").closest('[role="status"]')
    expect(status?.textContent).toContain("Reload to see the changes; saving now will ask what to keep.")
    fireEvent.click(screen.getByRole("button", { name: "Reload" }))
    expect(onReload).toHaveBeenCalledOnce()
  })

  it("shows above the editor when the quote changed elsewhere, and not otherwise", async () => {
    const noCalls = new Proxy({} as ApiClient, {
      get: (_, name) => () => Promise.reject(new Error(`not implemented in this test: ${String(name)}`))
    })
    const initial = newDraft(account, { mode: "quote" })
    const editor = (changedElsewhere: boolean) => (
      <ApiProvider value={noCalls}>
        <QueryClientProvider client={new QueryClient()}>
          <QuoteEditor
            initial={initial}
            account={account}
            onSave={() => Promise.reject(new Error("no save"))}
            changedElsewhere={changedElsewhere}
          />
        </QueryClientProvider>
      </ApiProvider>
    )
    await renderInRouter(() => editor(true), Message.catalogue.draftTitle(""))
    expect(screen.getByText(WARNING)).toBeDefined()
    cleanup()
    await renderInRouter(() => editor(false), Message.catalogue.draftTitle(""))
    expect(screen.queryByText(WARNING)).toBeNull()
  })
})
