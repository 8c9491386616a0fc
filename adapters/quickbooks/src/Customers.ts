/**
 * quotekit's customer as a QuickBooks `Customer`, and back. A customer's `DisplayName` must be unique among
 * the company's customers, vendors and employees and may not hold a colon, tab or new line (a colon separates
 * a sub-customer from its parent), so the name is cleaned the same way when it is created and when it is
 * looked up.
 *
 * @since 0.1.0
 */
import type { Party, RemoteContact } from "@quotekit/addons/Accounting"
import type * as Entities from "./internal/Entities.ts"

/** QuickBooks' longest `DisplayName`. */
export const DISPLAY_NAME_MAX = 500

const clean = (text: string, max: number): string =>
  text
    .replace(/[:\t\r\n]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)

/** The `DisplayName` for a party: its name, else its company, else first and last name, else its email. */
export const displayNameOf = (party: Party): string => {
  const candidates = [party.name, party.company, `${party.first_name} ${party.last_name}`, party.email]
  for (const candidate of candidates) {
    const name = clean(candidate, DISPLAY_NAME_MAX)
    if (name !== "") return name
  }
  return ""
}

/** The name used when `displayNameOf` is taken by another customer, vendor or employee (error 6240). */
export const distinctNameOf = (party: Party): string => {
  const name = displayNameOf(party)
  const email = party.email.trim()
  return email === "" || name === email ? name : clean(`${name} (${email})`, DISPLAY_NAME_MAX)
}

/** The body of `POST /customer`; empty fields are left out. */
export const bodyOf = (party: Party, displayName: string): Record<string, unknown> => {
  const optional = (key: string, value: string, max: number) => {
    const v = clean(value, max)
    return v === "" ? {} : { [key]: v }
  }
  const email = party.email.trim()
  return {
    DisplayName: displayName,
    ...optional("GivenName", party.first_name, 100),
    ...optional("FamilyName", party.last_name, 100),
    ...optional("CompanyName", party.company, 100),
    ...(email === "" ? {} : { PrimaryEmailAddr: { Address: email } })
  }
}

/** A QuickBooks customer as the framework shows it, with the page a user opens it on. */
export const remoteOf = (app: string, customer: Entities.Customer): RemoteContact => ({
  id: customer.Id,
  name: customer.DisplayName,
  email: customer.PrimaryEmailAddr?.Address ?? "",
  url: `${app}/app/customerdetail?nameId=${encodeURIComponent(customer.Id)}`
})
