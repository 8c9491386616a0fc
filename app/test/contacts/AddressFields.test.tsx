/**
 * The address fields' completers follow the core's Country rules: the country completes from the country list
 * and, when left with text that names no country, reverts to the last one it held (or clears when emptied);
 * a country with states offers them, and changing the country drops a state that is not one of its own.
 * "Find an address" looks up typed text after 1,000 ms of quiet (never digits only), near the chosen country,
 * and picking a match fills every field.
 */
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import * as Message from "@quotekit/core/Message"
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import { Effect } from "effect"
import { useState } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type ApiClient, ApiProvider, type Contract } from "../../src/api/client.ts"
import { run } from "../../src/api/Transport.ts"
import { AddressFields } from "../../src/contacts/AddressFields.tsx"

const m = Message.catalogue
afterEach(cleanup)

/** What the look-up was asked, and a fake contract answering it. */
const asked: Array<Record<string, unknown>> = []
const contract = {
  lookup: {
    address: ({ query }: { query: Record<string, unknown> }) =>
      Effect.sync(() => {
        asked.push(query)
        return query.placeId === "o.1"
          ? {
              results: [],
              place: {
                address: "12 Harbour Street",
                city: "Wellington",
                state: "",
                zip: "6011",
                country: "New Zealand"
              },
              unavailable: false
            }
          : {
              results: [{ id: "o.1", label: "12 Harbour Street, Wellington 6011, New Zealand" }],
              place: null,
              unavailable: false
            }
      })
  }
} as unknown as Contract
const api = { call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) => run(use(contract)) } as ApiClient

const Harness = ({ initial }: { readonly initial: ContactsApi.AddressInput }) => {
  const [value, setValue] = useState(initial)
  return (
    <ApiProvider value={api}>
      <AddressFields prefix="a" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </ApiProvider>
  )
}
const current = () => JSON.parse(screen.getByTestId("value").textContent ?? "{}") as ContactsApi.AddressInput
const blank = { address: "", city: "", state: "", zip: "", country: "" }

describe("AddressFields", () => {
  it("completes a country from the list and keeps only a real one", () => {
    render(<Harness initial={blank} />)
    const country = screen.getByRole("combobox", { name: m.country })
    fireEvent.focus(country)
    fireEvent.change(country, { target: { value: "new zea" } })
    fireEvent.mouseDown(screen.getByRole("option", { name: "New Zealand" }))
    expect(current().country).toBe("New Zealand")
    fireEvent.change(country, { target: { value: "Narnia" } })
    fireEvent.blur(country)
    expect(current().country).toBe("New Zealand")
    fireEvent.change(country, { target: { value: "" } })
    fireEvent.blur(country)
    expect(current().country).toBe("")
  })

  it("offers the states of a country that has them and drops a state of another country", () => {
    render(<Harness initial={{ ...blank, country: "Australia" }} />)
    const state = screen.getByRole("combobox", { name: m.state })
    fireEvent.focus(state)
    fireEvent.change(state, { target: { value: "new south" } })
    fireEvent.mouseDown(screen.getByRole("option", { name: "New South Wales" }))
    expect(current().state).toBe("New South Wales")
    const country = screen.getByRole("combobox", { name: m.country })
    fireEvent.focus(country)
    fireEvent.change(country, { target: { value: "Canad" } })
    fireEvent.mouseDown(screen.getByRole("option", { name: "Canada" }))
    expect(current()).toMatchObject({ country: "Canada", state: "" })
  })

  it("leaves the state as free text for a country without a list", () => {
    render(<Harness initial={{ ...blank, country: "New Zealand" }} />)
    expect(screen.queryByRole("combobox", { name: m.state })).toBeNull()
    fireEvent.change(screen.getByLabelText(m.state), { target: { value: "Canterbury" } })
    expect(current().state).toBe("Canterbury")
  })

  it("finds an address after 1,000 ms of quiet near the chosen country and fills every field from the pick", async () => {
    vi.useFakeTimers()
    try {
      asked.length = 0
      render(<Harness initial={{ ...blank, country: "New Zealand" }} />)
      const find = screen.getByRole("combobox", { name: m.findAddress })
      fireEvent.focus(find)
      fireEvent.change(find, { target: { value: "12" } })
      await act(() => vi.advanceTimersByTimeAsync(1500))
      expect(asked).toEqual([])
      fireEvent.change(find, { target: { value: "12 harbour" } })
      await act(() => vi.advanceTimersByTimeAsync(900))
      expect(asked).toEqual([])
      await act(() => vi.advanceTimersByTimeAsync(200))
      expect(asked).toEqual([{ q: "12 harbour", x: 174, y: -41 }])
      fireEvent.mouseDown(screen.getByRole("option", { name: "12 Harbour Street, Wellington 6011, New Zealand" }))
      await act(() => vi.advanceTimersByTimeAsync(10))
      expect(asked[1]).toEqual({ placeId: "o.1" })
      expect(current()).toEqual({
        address: "12 Harbour Street",
        city: "Wellington",
        state: "",
        zip: "6011",
        country: "New Zealand"
      })
      expect((find as HTMLInputElement).value).toBe("")
    } finally {
      vi.useRealTimers()
    }
  })
})
