import { assert, describe, it } from "@effect/vitest"
import * as Party from "../../src/internal/Party.ts"

describe("Party", () => {
  it("a person with blanks and nulls keeps the first non-blank email and phone", () => {
    const contact = Party.toContact(
      {
        id: 42,
        type: "person",
        firstName: " Mere ",
        lastName: null,
        emailAddresses: [{ address: " " }, { address: "mere@example.com" }],
        phoneNumbers: [{ number: null }, { number: "021 555" }],
        organisation: { id: 7, name: null }
      },
      "https://acme.capsulecrm.com/"
    )
    assert.deepStrictEqual(contact, {
      id: "42",
      type: "person",
      name_first: "Mere",
      name_last: "",
      company: "",
      company_id: "7",
      email: "mere@example.com",
      phone: "021 555",
      url: "https://acme.capsulecrm.com/party/42"
    })
  })

  it("an organisation's name is name_first, with no company", () => {
    const contact = Party.toContact({ id: "9", type: "organisation", name: "Acme" }, "https://acme.capsulecrm.com")
    assert.strictEqual(contact.name_first, "Acme")
    assert.strictEqual(contact.company, "")
    assert.strictEqual(contact.company_id, "")
    assert.strictEqual(contact.url, "https://acme.capsulecrm.com/party/9")
  })
})
