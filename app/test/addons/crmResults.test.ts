/** CRM results beside the local ones: a record already linked to a contact on screen is that contact, so dropped. */
import type * as CrmLookupApi from "@quotekit/core/api/CrmLookupApi"
import * as Contact from "@quotekit/core/Contact"
import { describe, expect, it } from "vitest"
import { crmResultDetail, crmResultsBeside } from "../../src/addons/crmResults.ts"

const result = (id: number, contactId: number | null, over: Partial<CrmLookupApi.AddOnLookupResult> = {}) =>
  ({
    id,
    addonId: 3,
    addon_name: "Capsule",
    type: "person",
    name_first: "Mere",
    name_last: `Parata ${id}`,
    company: "",
    email: "",
    phone: "",
    url: `https://harbour.capsulecrm.com/party/${id}`,
    contact_id: contactId === null ? null : Contact.ContactId.make(contactId),
    display_name: `Mere Parata ${id}`,
    ...over
  }) as CrmLookupApi.AddOnLookupResult

describe("crmResultsBeside", () => {
  it("drops records linked to a contact shown or chosen, keeps the rest in order", () => {
    const results = [result(1, null), result(2, 12), result(3, 40), result(4, 14)]
    expect(crmResultsBeside(results, [12, 14]).map((r) => r.id)).toEqual([1, 3])
    expect(crmResultsBeside(results, []).map((r) => r.id)).toEqual([1, 2, 3, 4])
  })

  it("describes a result by its email and company, those it has", () => {
    expect(crmResultDetail(result(1, null, { email: "mere@harbour.example", company: "Harbour Ltd" }))).toBe(
      "mere@harbour.example · Harbour Ltd"
    )
    expect(crmResultDetail(result(1, null, { company: "Harbour Ltd" }))).toBe("Harbour Ltd")
    expect(crmResultDetail(result(1, null))).toBe("")
  })
})
