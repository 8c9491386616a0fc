/**
 * The spec's page refresh rules on fake timers: the page's data is made stale after 15 minutes in the foreground,
 * and on becoming visible after at least 10 s hidden (not after a shorter absence); the forms' sources never are.
 */
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query"
import { act, cleanup, render } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { FOREGROUND_REFRESH_MS, HIDDEN_REFRESH_MS, holdsEdits, usePageRefresh } from "../../src/page/usePageRefresh.ts"

let visibility: DocumentVisibilityState = "visible"

beforeEach(() => {
  vi.useFakeTimers()
  visibility = "visible"
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  Reflect.deleteProperty(document, "visibilityState")
})

const list: QueryKey = ["quotes", "list", {}]
const editor: QueryKey = ["editor", "edit", "7", "is-editing", {}]

const Page = () => {
  usePageRefresh()
  return null
}

const setup = () => {
  // Kept past the default 5 minutes: nothing observes these queries.
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } })
  const seed = () => {
    queryClient.setQueryData(list, { rows: [] })
    queryClient.setQueryData(editor, { quote: {} })
  }
  seed()
  render(
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>
  )
  const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated === true
  const show = (state: DocumentVisibilityState) =>
    act(() => {
      visibility = state
      document.dispatchEvent(new Event("visibilitychange"))
    })
  return { seed, stale, show }
}

describe("usePageRefresh", () => {
  it("refreshes the page's data after 15 minutes in the foreground, and again 15 minutes later", () => {
    const { seed, stale } = setup()
    act(() => vi.advanceTimersByTime(FOREGROUND_REFRESH_MS - 1))
    expect(stale(list)).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(stale(list)).toBe(true)
    expect(stale(editor)).toBe(false)
    seed()
    act(() => vi.advanceTimersByTime(FOREGROUND_REFRESH_MS))
    expect(stale(list)).toBe(true)
  })

  it("refreshes on becoming visible after 10 s hidden, not after less", () => {
    const { seed, stale, show } = setup()
    show("hidden")
    act(() => vi.advanceTimersByTime(HIDDEN_REFRESH_MS - 1))
    show("visible")
    expect(stale(list)).toBe(false)
    show("hidden")
    act(() => vi.advanceTimersByTime(HIDDEN_REFRESH_MS))
    show("visible")
    expect(stale(list)).toBe(true)
    expect(stale(editor)).toBe(false)
    seed()
    // Hidden time does not count towards the 15 minutes in the foreground.
    show("hidden")
    act(() => vi.advanceTimersByTime(FOREGROUND_REFRESH_MS * 2))
    expect(stale(list)).toBe(false)
  })
})

describe("holdsEdits", () => {
  it("keeps the forms' sources, nothing else", () => {
    expect(holdsEdits(editor)).toBe(true)
    expect(holdsEdits(["quotes", "composer", 7, "send", 0])).toBe(true)
    expect(holdsEdits(["settings", "personal"])).toBe(true)
    expect(holdsEdits(["invoices", "settings"])).toBe(true)
    expect(holdsEdits(list)).toBe(false)
    expect(holdsEdits(["invoices", "list", "all"])).toBe(false)
    expect(holdsEdits(["quotes", "settings", 7])).toBe(false)
  })
})
