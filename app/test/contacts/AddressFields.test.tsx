/**
 * The address fields' completers follow the core's Country rules: the country completes from the country list
 * and, when left with text that names no country, reverts to the last one it held (or clears when emptied);
 * a country with states offers them, and changing the country drops a state that is not one of its own.
 */
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import * as Message from "@quotekit/core/Message"
import { cleanup, fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { AddressFields } from "../../src/contacts/AddressFields.tsx"

const m = Message.catalogue
afterEach(cleanup)

const Harness = ({ initial }: { readonly initial: ContactsApi.AddressInput }) => {
  const [value, setValue] = useState(initial)
  return (
    <>
      <AddressFields prefix="a" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
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
})
