import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { expectStatus, server, signUp } from "./Harness.ts"

const person = (over: Record<string, unknown> = {}) => ({
  contact: { type: "person", name_first: "Jane", name_last: "Smith", email: "jane@acme.co", company_id: null, ...over },
  phones: [],
  addresses: []
})

describeBackends(
  "contacts over HTTP",
  (it) => {
    it.effect("creates a person with phones and an address, and shows it", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const saved = expectStatus(
          yield* client.post("/post/contact-update/0", {
            ...person({ company_name: "Acme Ltd" }),
            phones: [
              { phoneOther: "+64 21 555 0100", phoneOther_type: 3 },
              { phoneOther: "acme.co", phoneOther_type: 8 }
            ],
            addresses: [{ address: "12 High St", city: "Wellington", state: "", zip: "6011", country: "New Zealand" }],
            from_quote_edit: true
          }),
          200
        ).body
        assert.strictEqual(saved.contact.display_name, "Jane Smith")
        assert.strictEqual(saved.contact._name_company, "Acme Ltd")
        const view = expectStatus(yield* client.get(`/get/contact-view/${saved.contact_id}`), 200).body
        assert.strictEqual(view.company.display_name, "Acme Ltd")
        assert.deepStrictEqual(
          view.phones.map((p: { link: string | null }) => p.link),
          ["tel:+64215550100", "https://acme.co"]
        )
        assert.deepStrictEqual(view.addresses[0].lines, ["12 High St", "Wellington 6011", "New Zealand"])
        assert.match(view.addresses[0].map_url, /^https:\/\/www\.google\.com\/maps/)
        assert.strictEqual(view.sticker, null)
        const company = expectStatus(yield* client.get(`/get/contact-view/${saved.contact.company_id}`), 200).body
        assert.strictEqual(company.people_label, "1 person")
        assert.strictEqual(company.people[0].display_name, "Jane Smith")
      })
    )
  },
  { layer: server }
)
