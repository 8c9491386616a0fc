/**
 * The item look-up as a keyboard user meets it: results appear after the pause, ArrowDown and ArrowUp move the
 * highlight (`aria-activedescendant`), Enter adds the highlighted item, Escape closes the results.
 */
import type * as ItemsApi from "@quotekit/core/api/ItemsApi"
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { type ApiClient, ApiProvider } from "../../src/api/client.ts"
import { ItemLookup } from "../../src/quotes/ItemLookup.tsx"
import type { Action } from "../../src/quotes/useQuoteDraft.ts"

const m = Message.catalogue
afterEach(cleanup)

const item = (item_id: number, item_title: string) =>
  ({ item_id, item_type: 1, item_code: "", item_title, item_body: "" }) as unknown as ItemsApi.Item

const api = {
  lookupItems: (itemType: 1 | 2) =>
    Promise.resolve(itemType === 1 ? [item(1, "Decking"), item(2, "Railing"), item(3, "Gate")] : [])
} as unknown as ApiClient

const renderLookup = () => {
  const actions: Array<Action> = []
  render(
    <ApiProvider value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <ItemLookup after={0} dispatch={(a) => actions.push(a)} />
      </QueryClientProvider>
    </ApiProvider>
  )
  const box = screen.getByRole("combobox", { name: m.itemSearchPlaceholder }) as HTMLInputElement
  return { actions, box }
}

describe("the item look-up", () => {
  it("ArrowDown twice then Enter adds the second result; ArrowUp goes back", async () => {
    const { actions, box } = renderLookup()
    fireEvent.change(box, { target: { value: "de" } })
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3), { timeout: 3000 })
    expect(box.getAttribute("aria-expanded")).toBe("true")
    fireEvent.keyDown(box, { key: "ArrowDown" })
    fireEvent.keyDown(box, { key: "ArrowDown" })
    fireEvent.keyDown(box, { key: "ArrowDown" })
    fireEvent.keyDown(box, { key: "ArrowUp" })
    const highlighted = document.getElementById(box.getAttribute("aria-activedescendant") ?? "")
    expect(highlighted?.textContent).toBe("Railing")
    expect(highlighted?.getAttribute("aria-selected")).toBe("true")
    fireEvent.keyDown(box, { key: "Enter" })
    expect(actions).toHaveLength(1)
    expect(actions[0]).toMatchObject({ type: "insertLinked", after: 0, item: { item_title: "Railing" } })
    expect(box.value).toBe("")
  })

  it("Escape closes the results without adding anything", async () => {
    const { actions, box } = renderLookup()
    fireEvent.change(box, { target: { value: "ga" } })
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3), { timeout: 3000 })
    fireEvent.keyDown(box, { key: "Escape" })
    expect(screen.queryByRole("listbox")).toBeNull()
    expect(actions).toHaveLength(0)
  })
})
