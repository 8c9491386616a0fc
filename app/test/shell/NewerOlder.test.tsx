import { cleanup, fireEvent, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { NewerOlder } from "../../src/shell/NewerOlder.tsx"

const text = { newer: "Newer", older: "Older" }

const renderAt = (pageNo: number, hasMore: boolean) => {
  const asked: Array<number> = []
  render(<NewerOlder pageNo={pageNo} hasMore={hasMore} onPage={(p) => asked.push(p)} text={text} />)
  const button = (name: string) => screen.queryByRole("button", { name }) as HTMLButtonElement | null
  return { asked, newer: () => button("Newer"), older: () => button("Older") }
}

afterEach(cleanup)

describe("NewerOlder", () => {
  it("shows nothing while everything is on the first page", () => {
    const { newer, older } = renderAt(1, false)
    expect(newer()).toBeNull()
    expect(older()).toBeNull()
  })

  it("on the first page of several, offers only Older, which asks for page 2", () => {
    const { asked, newer, older } = renderAt(1, true)
    expect(newer()?.disabled).toBe(true)
    expect(older()?.disabled).toBe(false)
    fireEvent.click(older()!)
    expect(asked).toEqual([2])
  })

  it("on the last page, offers only Newer, which asks for the page before", () => {
    const { asked, newer, older } = renderAt(3, false)
    expect(older()?.disabled).toBe(true)
    fireEvent.click(newer()!)
    expect(asked).toEqual([2])
  })
})
