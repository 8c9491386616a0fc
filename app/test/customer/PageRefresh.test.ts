/**
 * The customer page's refresh rules on a document double and fake timers: a refresh after 15 minutes in the
 * foreground (and every 15 minutes after), on becoming visible after at least 10 s hidden but not after less,
 * never while hidden, and nothing after stopping.
 */
import { describe, expect, it } from "vitest"
import * as PageRefresh from "../../src/customer/PageRefresh.ts"

const setup = (initially: DocumentVisibilityState = "visible") => {
  let now = 0
  let visibility = initially
  const timers = new Map<number, { at: number; run: () => void }>()
  let ids = 0
  const listeners = new Set<() => void>()
  const doc = {
    get visibilityState() {
      return visibility
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type !== "visibilitychange") throw new Error(`unexpected listener ${type}`)
      listeners.add(listener)
    },
    removeEventListener: (_type: string, listener: () => void) => {
      listeners.delete(listener)
    }
  } as unknown as PageRefresh.Env["document"]
  let refreshes = 0
  const stop = PageRefresh.watch(() => refreshes++, {
    document: doc,
    setTimeout: (run, ms) => {
      timers.set(++ids, { at: now + ms, run })
      return ids
    },
    clearTimeout: (id) => {
      timers.delete(id as number)
    },
    now: () => now
  })
  const advance = (ms: number) => {
    const until = now + ms
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
      if (due === undefined) break
      timers.delete(due[0])
      now = due[1].at
      due[1].run()
    }
    now = until
  }
  const show = (state: DocumentVisibilityState) => {
    visibility = state
    for (const l of [...listeners]) l()
  }
  return { advance, show, stop, refreshes: () => refreshes, listeners, timers }
}

describe("PageRefresh", () => {
  it("refreshes after 15 minutes in the foreground, and 15 minutes after that", () => {
    const page = setup()
    page.advance(PageRefresh.FOREGROUND_REFRESH_MS - 1)
    expect(page.refreshes()).toBe(0)
    page.advance(1)
    expect(page.refreshes()).toBe(1)
    page.advance(PageRefresh.FOREGROUND_REFRESH_MS)
    expect(page.refreshes()).toBe(2)
  })

  it("refreshes on becoming visible after 10 s hidden, not after 9.9 s, and never while hidden", () => {
    const page = setup()
    page.show("hidden")
    page.advance(PageRefresh.FOREGROUND_REFRESH_MS * 2)
    expect(page.refreshes()).toBe(0)
    page.show("visible")
    expect(page.refreshes()).toBe(1)

    page.show("hidden")
    page.advance(PageRefresh.HIDDEN_REFRESH_MS - 100)
    page.show("visible")
    expect(page.refreshes()).toBe(1)
    // The foreground time starts again on showing.
    page.advance(PageRefresh.FOREGROUND_REFRESH_MS)
    expect(page.refreshes()).toBe(2)
  })

  it("a page opened hidden counts its hidden time", () => {
    const page = setup("hidden")
    page.advance(PageRefresh.HIDDEN_REFRESH_MS)
    page.show("visible")
    expect(page.refreshes()).toBe(1)
  })

  it("stops: no timer and no listener left", () => {
    const page = setup()
    page.stop()
    expect(page.listeners.size).toBe(0)
    expect(page.timers.size).toBe(0)
    page.advance(PageRefresh.FOREGROUND_REFRESH_MS * 3)
    expect(page.refreshes()).toBe(0)
  })
})
