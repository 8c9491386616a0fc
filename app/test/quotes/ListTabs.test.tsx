/**
 * The list's tabs behave as the Radix tabs they replace: roles and names, the selected tab alone in the tab
 * order, selection on press and on focus (arrow keys wrap, Home and End), never a second selection of the
 * selected tab.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { ListTabs, targetOf } from "../../src/quotes/ListTabs.tsx"

afterEach(cleanup)

const tabs = ["all", "active", "waiting"] as const
type Tab = (typeof tabs)[number]

const setup = () => {
  const chosen: Array<Tab> = []
  const Harness = () => {
    const [value, setValue] = useState<Tab>("all")
    return (
      <ListTabs
        tabs={tabs}
        value={value}
        onValueChange={(t) => {
          chosen.push(t)
          setValue(t)
        }}
        label="Quotes"
        labelOf={(t) => t.toUpperCase()}
      >
        <p>rows of {value}</p>
      </ListTabs>
    )
  }
  render(<Harness />)
  return { chosen, tab: (name: string) => screen.getByRole("tab", { name }) }
}

describe("ListTabs", () => {
  it("is a named tab list with the selected tab's panel, and only that tab in the tab order", () => {
    const { tab } = setup()
    expect(screen.getByRole("tablist", { name: "Quotes" })).toBeTruthy()
    expect(tab("ALL").getAttribute("aria-selected")).toBe("true")
    expect(tab("ALL").getAttribute("data-state")).toBe("active")
    expect(tab("ACTIVE").getAttribute("aria-selected")).toBe("false")
    expect(tab("ACTIVE").getAttribute("data-state")).toBe("inactive")
    expect([tab("ALL").tabIndex, tab("ACTIVE").tabIndex, tab("WAITING").tabIndex]).toEqual([0, -1, -1])
    const panel = screen.getByRole("tabpanel", { name: "ALL" })
    expect(panel.textContent).toBe("rows of all")
    expect(tab("ALL").getAttribute("aria-controls")).toBe(panel.id)
  })

  it("selects a tab on press, but not on a right click, and never the selected one again", () => {
    const { chosen, tab } = setup()
    fireEvent.mouseDown(tab("WAITING"), { button: 2 })
    fireEvent.mouseDown(tab("WAITING"), { button: 0 })
    fireEvent.mouseDown(tab("WAITING"), { button: 0 })
    expect(chosen).toEqual(["waiting"])
    expect(screen.getByRole("tabpanel").textContent).toBe("rows of waiting")
  })

  it("moves and selects with the arrow keys (wrapping), Home and End", () => {
    const { chosen, tab } = setup()
    act(() => tab("ALL").focus())
    fireEvent.keyDown(tab("ALL"), { key: "ArrowLeft" })
    expect(document.activeElement).toBe(tab("WAITING"))
    fireEvent.keyDown(tab("WAITING"), { key: "ArrowRight" })
    fireEvent.keyDown(tab("ALL"), { key: "End" })
    fireEvent.keyDown(tab("WAITING"), { key: "Home" })
    expect(chosen).toEqual(["waiting", "all", "waiting", "all"])
    expect(document.activeElement).toBe(tab("ALL"))
  })

  it("leaves other keys alone", () => {
    expect(targetOf("ArrowDown", 0, 3)).toBeUndefined()
    expect(targetOf("ArrowRight", 2, 3)).toBe(0)
    expect(targetOf("ArrowLeft", 1, 3)).toBe(0)
  })
})
