/**
 * The help pages: with `q` in the address the page is in its searching state until the guides are there, then
 * lists the sections found, each linking to its heading; the guide page gives each heading the id a result links
 * to; typing searches after the debounce and writes `?q=`.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider
} from "@tanstack/react-router"
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import * as Guides from "../../src/help/guides.ts"
import * as HelpIndex from "../../src/help/HelpIndex.ts"
import { HelpPage, searchDebounceMs } from "../../src/help/HelpPage.tsx"
import { helpText as t } from "../../src/help/helpText.ts"
import { Markdown } from "../../src/help/Markdown.tsx"
import type { GuidesModule } from "../../src/help/useGuides.ts"

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const mount = (entry: string, load: () => Promise<GuidesModule>) => {
  const root = createRootRoute({ component: Outlet })
  const help = createRoute({
    getParentRoute: () => root,
    path: "/help",
    validateSearch: (s: Record<string, unknown>) => (typeof s.q === "string" ? { q: s.q } : {}),
    component: () => <HelpPage load={load} />
  })
  const guide = createRoute({ getParentRoute: () => root, path: "/help/$doc", component: () => <p>guide</p> })
  const router = createRouter({
    routeTree: root.addChildren([help, guide]),
    history: createMemoryHistory({ initialEntries: [entry] })
  })
  render(<RouterProvider router={router} />)
  return router
}

describe("HelpPage", () => {
  it("shows its searching state while q is being answered, then results linking to the sections", async () => {
    let release: (m: GuidesModule) => void = () => undefined
    const pending = new Promise<GuidesModule>((resolve) => {
      release = resolve
    })
    mount("/help?q=recovery%20codes", () => pending)
    const status = await screen.findByRole("status")
    expect(status.textContent).toBe(t.searching)
    expect(status.closest("section")!.getAttribute("aria-busy")).toBe("true")
    expect((screen.getByLabelText(t.search) as HTMLInputElement).value).toBe("recovery codes")

    await act(async () => release(Guides))
    const hits = HelpIndex.search(Guides.sections, "recovery codes")
    const heading = await screen.findByRole("status")
    expect(heading.textContent).toBe(t.results(hits.length, "recovery codes"))
    expect(heading.closest("section")!.getAttribute("aria-busy")).toBe("false")
    const links = within(screen.getByRole("list")).getAllByRole("link")
    expect(links.map((l) => l.getAttribute("href"))).toEqual(hits.map((h) => HelpIndex.hrefOf(h.section)))
    expect(links[0]!.getAttribute("href")).toMatch(/^\/help\/two-factor#/)
    expect(screen.getAllByText(/recovery/i, { selector: "mark" }).length).toBeGreaterThan(0)
  })

  it("says when nothing is found", async () => {
    mount("/help?q=zzzzqqq", () => Promise.resolve(Guides))
    expect((await screen.findByRole("status")).textContent).toBe(t.noResults("zzzzqqq"))
  })

  it("lists the guides without q, and searches what is typed after the debounce", async () => {
    const router = mount("/help", () => Promise.resolve(Guides))
    await screen.findByRole("link", { name: "Two-factor sign-in" })
    expect(screen.queryByText(t.searching)).toBeNull()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: "webhook signature" } })
    await act(async () => {
      vi.advanceTimersByTime(searchDebounceMs - 50)
    })
    expect(router.state.location.search).toEqual({})
    await act(async () => {
      vi.advanceTimersByTime(100)
    })
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ q: "webhook signature" }))
    const first = await screen.findAllByRole("link")
    expect(first.some((l) => l.getAttribute("href")?.startsWith("/help/webhooks#"))).toBe(true)
  })
})

describe("the guide page's headings", () => {
  it("carry the anchors every search result links to", () => {
    for (const g of Guides.guides) {
      const { container, unmount } = render(<Markdown markdown={g.markdown} />)
      for (const s of Guides.sections.filter((x) => x.doc === g.doc && x.anchor !== "")) {
        expect(container.querySelector(`[id="${s.anchor}"]`), `${g.doc}#${s.anchor}`).not.toBeNull()
      }
      unmount()
    }
  })

  it("renders no HTML from a guide, and links other guides to their help pages", () => {
    const { container } = render(
      <Markdown markdown={"A <script>alert(1)</script> and [the API](api.md#keys) and [src](../core/src/Money.ts)."} />
    )
    expect(container.querySelector("script")).toBeNull()
    expect(container.textContent).toContain("<script>alert(1)</script>")
    expect(container.querySelector("a")!.getAttribute("href")).toBe("/help/api#keys")
    expect(container.querySelectorAll("a")).toHaveLength(1)
  })
})
