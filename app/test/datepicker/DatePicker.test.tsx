/**
 * The shared date picker: weeks start on Monday and the grid always shows 6 weeks, the same days core's
 * `DateFormat.monthGrid` lists; the keyboard moves the focus by day and week, Enter picks, Escape closes
 * without a change; days after `max` cannot be picked; the clear button; `DateField` stores the picked day at
 * its time of day.
 */
import * as DateFormat from "@quotekit/core/DateFormat"
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { useState } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { DateField } from "../../src/datepicker/DateField.tsx"
import { DatePicker } from "../../src/datepicker/DatePicker.tsx"

afterEach(cleanup)

const iso = (d: DateFormat.CalendarDate) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

/** A picker holding its own value, reporting each change. */
const Harness = ({
  start,
  max,
  changes
}: {
  readonly start: DateFormat.CalendarDate | null
  readonly max?: DateFormat.CalendarDate
  readonly changes: Array<DateFormat.CalendarDate | null>
}) => {
  const [value, setValue] = useState(start)
  return (
    <DatePicker
      label="Due date"
      value={value}
      onChange={(d) => {
        changes.push(d)
        setValue(d)
      }}
      style="d MMM yyyy"
      emptyText="No date"
      clearText="Clear"
      {...(max === undefined ? {} : { max })}
    />
  )
}

const open = async (name: RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }))
  })
  return screen.getByRole("grid")
}

const key = async (k: string) => {
  await act(async () => {
    fireEvent.keyDown(document.activeElement as Element, { key: k })
  })
}

/** The grid's weeks (the heading row is not one). */
const weeksOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole("row")
    .filter((r) => r.querySelector("td") !== null)

const focusedDay = () => (document.activeElement as HTMLElement).closest("td")?.getAttribute("data-day")

describe("DatePicker", () => {
  it("shows 6 weeks starting on Monday, the days core's monthGrid lists", async () => {
    // February 2026 begins on a Sunday and fits in 4 rows of a Sunday-first calendar: the grid still has 6.
    render(<Harness start={{ year: 2026, month: 2, day: 11 }} changes={[]} />)
    const grid = await open(/Due date/)
    const headers = [...grid.querySelectorAll("th[scope=col]")].map((h) => h.getAttribute("aria-label"))
    expect(headers).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    const weeks = weeksOf(grid)
    expect(weeks).toHaveLength(DateFormat.gridWeeks)
    const shown = weeks.map((w) =>
      within(w)
        .getAllByRole("gridcell")
        .map((c) => c.getAttribute("data-day"))
    )
    expect(shown).toEqual(DateFormat.monthGrid(2026, 2).map((w) => w.map(iso)))
    expect(shown[0]![0]).toBe("2026-01-26")
  })

  it("keeps 6 weeks in every month of a year", async () => {
    render(<Harness start={{ year: 2027, month: 1, day: 1 }} changes={[]} />)
    const grid = await open(/Due date/)
    for (let month = 1; month <= 12; month++) {
      expect(weeksOf(grid)).toHaveLength(DateFormat.gridWeeks)
      const first = within(grid).getAllByRole("gridcell")[0]!.getAttribute("data-day")
      expect(first).toBe(iso(DateFormat.monthGrid(2027, month)[0]![0]!))
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: /Next Month/ }))
      })
    }
  })

  it("moves by day and week with the arrows, picks with Enter and closes", async () => {
    const changes: Array<DateFormat.CalendarDate | null> = []
    render(<Harness start={{ year: 2026, month: 3, day: 10 }} changes={changes} />)
    await open(/Due date/)
    expect(focusedDay()).toBe("2026-03-10")
    await key("ArrowRight")
    expect(focusedDay()).toBe("2026-03-11")
    await key("ArrowDown")
    expect(focusedDay()).toBe("2026-03-18")
    await key("ArrowLeft")
    await key("ArrowUp")
    expect(focusedDay()).toBe("2026-03-10")
    await key("ArrowDown")
    await key("ArrowDown")
    await key("ArrowDown")
    // Into the next month: the grid follows.
    expect(focusedDay()).toBe("2026-03-31")
    await key("ArrowDown")
    expect(focusedDay()).toBe("2026-04-07")
    await key("Enter")
    expect(changes).toEqual([{ year: 2026, month: 4, day: 7 }])
    expect(screen.queryByRole("grid")).toBeNull()
    expect(screen.getByRole("button", { name: /Due date/ }).textContent).toContain("7 Apr 2026")
  })

  it("closes on Escape without a change", async () => {
    const changes: Array<DateFormat.CalendarDate | null> = []
    render(<Harness start={{ year: 2026, month: 3, day: 10 }} changes={changes} />)
    await open(/Due date/)
    await key("ArrowRight")
    await key("Escape")
    // The popover closes and hands the focus back after its own tick (late on a busy machine): wait for both.
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull())
    expect(changes).toEqual([])
    const trigger = screen.getByRole("button", { name: /Due date/ })
    expect(trigger.textContent).toContain("10 Mar 2026")
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  })

  it("does not pick a day after max, and clears", async () => {
    const changes: Array<DateFormat.CalendarDate | null> = []
    render(
      <Harness start={{ year: 2026, month: 3, day: 10 }} max={{ year: 2026, month: 3, day: 12 }} changes={changes} />
    )
    const grid = await open(/Due date/)
    const after = grid.querySelector('[data-day="2026-03-13"] button') as HTMLButtonElement
    expect(after.disabled).toBe(true)
    await key("ArrowRight")
    await key("ArrowRight")
    // The focus stops at the last day allowed.
    await key("ArrowRight")
    expect(focusedDay()).toBe("2026-03-12")
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Clear" }))
    })
    expect(changes).toEqual([null])
    expect(screen.getByRole("button", { name: /Due date/ }).textContent).toContain("No date")
  })
})

describe("DateField", () => {
  it("stores the picked day at its time of day, local time", async () => {
    const seen: Array<number> = []
    const start = new Date(2026, 5, 15, 9, 0).getTime() / 1000
    render(
      <DateField
        label="Expiry"
        value={start}
        onChange={(s) => seen.push(s)}
        emptyText="None"
        clearText="Clear"
        style="d MMM yyyy"
        timeOfDay={17 * 3600}
      />
    )
    await open(/Expiry/)
    await key("ArrowRight")
    await key("Enter")
    expect(seen).toEqual([new Date(2026, 5, 16, 17, 0).getTime() / 1000])
  })
})
