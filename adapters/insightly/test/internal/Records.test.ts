import { assert, describe, it } from "@effect/vitest"
import * as Records from "../../src/internal/Records.ts"

describe("Records", () => {
  it("a contact: trimmed names, the mobile when there is no phone, no organisation when its id is 0 or null", () => {
    const contact = Records.fromContact(
      { CONTACT_ID: 7, FIRST_NAME: " Mere ", LAST_NAME: null, PHONE: " ", PHONE_MOBILE: "027 555", ORGANISATION_ID: 0 },
      "",
      "https://crm.na1.insightly.com"
    )
    assert.deepStrictEqual(contact, {
      id: "7",
      type: "person",
      name_first: "Mere",
      name_last: "",
      company: "",
      company_id: "",
      email: "",
      phone: "027 555",
      url: "https://crm.na1.insightly.com/details/Contact/7"
    })
    assert.strictEqual(Records.organisationIdOf({ CONTACT_ID: 1, ORGANISATION_ID: null }), "")
    assert.strictEqual(Records.organisationIdOf({ CONTACT_ID: 1, ORGANISATION_ID: 42 }), "42")
  })

  it("an organisation's name is name_first", () => {
    const org = Records.fromOrganisation(
      { ORGANISATION_ID: 9, ORGANISATION_NAME: "Acme", PHONE: null },
      "https://crm.eu1.insightly.com"
    )
    assert.strictEqual(org.name_first, "Acme")
    assert.strictEqual(org.type, "organisation")
    assert.strictEqual(org.url, "https://crm.eu1.insightly.com/details/Organisation/9")
  })
})
