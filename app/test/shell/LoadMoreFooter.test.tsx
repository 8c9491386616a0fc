/**
 * The paged lists' footer: 'Showing n of N' once the total is known, 'Load more' only while pages remain, which
 * fetches the next page and reads 'Loading…' (disabled) while it does.
 */
import * as Message from "@quotekit/core/Message"
import { cleanup, fireEvent, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { LoadMoreFooter, type PagedList } from "../../src/shell/LoadMoreFooter.tsx"

const m = Message.catalogue
afterEach(cleanup)

const paged = (over: Partial<PagedList> = {}) => {
  const fetched: Array<true> = []
  const list: PagedList = {
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: () => {
      fetched.push(true)
      return Promise.resolve()
    },
    ...over
  }
  return { list, fetched }
}

describe("LoadMoreFooter", () => {
  it("counts the rows shown of the total and fetches the next page on 'Load more'", () => {
    const { list, fetched } = paged()
    render(<LoadMoreFooter list={list} shown={100} total={250} />)
    expect(screen.getByText(m.shownOf(100, 250))).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: m.loadMore }))
    expect(fetched).toHaveLength(1)
  })

  it("reads 'Loading…' and cannot be pressed while the next page loads", () => {
    const { list, fetched } = paged({ isFetchingNextPage: true })
    render(<LoadMoreFooter list={list} shown={100} total={250} />)
    const button = screen.getByRole("button", { name: m.loading }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.click(button)
    expect(fetched).toHaveLength(0)
  })

  it("offers no 'Load more' on the last page, and no count while the total is unknown", () => {
    const { list } = paged({ hasNextPage: false })
    const { container } = render(<LoadMoreFooter list={list} shown={3} total={null} />)
    expect(screen.queryByRole("button")).toBeNull()
    expect(container.textContent).toBe("")
  })
})
