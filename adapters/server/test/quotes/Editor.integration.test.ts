import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { layer, newAccount } from "../Harness.ts"
import { contact, editor, lead, reusableItem, rows, saveNew, taxRate } from "./Fixtures.ts"

describeBackends(
  "the quote editor's data over HTTP",
  (it) => {
    it.effect("starts a new quote from the account defaults, with a well-formed set of rows", () =>
      Effect.gen(function* () {
        const { browser: b, accountId } = yield* newAccount("Defaults")
        const sql = yield* SqlClient.SqlClient
        const gst = yield* taxRate(accountId, "15")
        yield* sql`
          UPDATE accounts SET currency_id = 107, amounts_entered = 'inclusive', private_pricing = 3,
            default_tax_id = ${gst}
          WHERE account_id = ${accountId}`
        const fresh = yield* editor(b, "new")
        assert.strictEqual(fresh.status, 200, fresh.text)
        const e = fresh.body
        assert.deepStrictEqual(
          [e.quote.quote_id, e.quote.status, e.quote.currency_id, e.quote.amounts_entered, e.quote.private_pricing],
          [0, "draft", 107, "inclusive", 3]
        )
        assert.deepStrictEqual(e.defaults, {
          currency_id: 107,
          amounts_entered: "inclusive",
          private_pricing: 3,
          defaultTemplate: 0,
          item_tax_id: gst,
          item_cat_id: 0
        })
        assert.deepStrictEqual(
          e.items.map((i: { item_type: number }) => i.item_type),
          [1, 4, 2]
        )
        assert.strictEqual(e.items[0].item_tax_id, gst)
        assert.isTrue(e.items.every((i: { quote_item_id: number }) => i.quote_item_id < 0))
        assert.deepStrictEqual(e.banners, { newTemplate: false, copyOf: null, matchCount: 0, example: false })
        assert.strictEqual(e._modifiedIn, 0)
        assert.include(
          e.offers.map((o: { action: string }) => o.action),
          "markSent"
        )

        const template = (yield* editor(b, "new", "template")).body
        assert.isTrue(template.banners.newTemplate)
        assert.isTrue(template.is_template)
        assert.deepStrictEqual(template.offers, [])
      })
    )

    it.effect(
      "starts from the default template, a template (with linked rows matched), a copy, an example or a lead",
      () =>
        Effect.gen(function* () {
          const { browser: b, signinId, accountId } = yield* newAccount("Sources")
          const sql = yield* SqlClient.SqlClient
          const widget = yield* reusableItem(accountId, "Widget", "12")
          const gadget = yield* reusableItem(accountId, "Gadget", "30")
          const template = yield* saveNew(
            b,
            signinId,
            {
              quote: { title: "Standard job", deposit_percent: "25" },
              items: rows([
                { title: "x", unit: "1", item_id: widget },
                { title: "y", unit: "1", item_id: gadget },
                { title: "Call-out", unit: "80" }
              ])
            },
            "template"
          )
          // The reusable item changed since: a template copy takes its current content.
          yield* sql`UPDATE items SET price_unit = 13 WHERE item_id = ${widget}`

          const fromTemplate = (yield* editor(b, "new", "edit", `?from-template=${template.quote_id}`)).body
          assert.deepStrictEqual(fromTemplate.banners, {
            newTemplate: false,
            copyOf: "template",
            matchCount: 2,
            example: false
          })
          assert.strictEqual(fromTemplate.meta.matchCount, 2)
          assert.strictEqual(fromTemplate.meta.fromTemplate, template.quote_id)
          assert.strictEqual(fromTemplate.quote.title, "Standard job")
          assert.strictEqual(fromTemplate.quote.deposit_percent, "25")
          assert.deepStrictEqual(
            fromTemplate.items
              .slice(0, 3)
              .map((i: { item_title: string; price_unit: string; editing: string }) => [
                i.item_title,
                i.price_unit,
                i.editing
              ]),
            [
              ["Widget", "13", "locked"],
              ["Gadget", "30", "locked"],
              ["Call-out", "80", "normal"]
            ]
          )
          assert.isTrue(fromTemplate.items.every((i: { quote_item_id: number }) => i.quote_item_id < 0))
          assert.strictEqual(fromTemplate.quote.price_current, "123")

          yield* sql`UPDATE accounts SET default_template_id = ${template.quote_id} WHERE account_id = ${accountId}`
          const byDefault = (yield* editor(b, "new")).body
          assert.strictEqual(byDefault.banners.copyOf, null)
          assert.strictEqual(byDefault.meta.fromTemplate, template.quote_id)
          assert.strictEqual(byDefault.items.length, 5)
          assert.strictEqual(byDefault.quote.title, "")
          yield* sql`UPDATE accounts SET default_template_id = NULL WHERE account_id = ${accountId}`

          const example = (yield* editor(b, "new", "edit", "?example=web-design&title=Acme%20site")).body
          assert.isTrue(example.banners.example)
          assert.strictEqual(example.quote.title, "Acme site")
          assert.isAbove(example.items.length, 3)
          assert.strictEqual((yield* editor(b, "new", "edit", "?example=nope")).status, 404)
          assert.strictEqual((yield* editor(b, "new", "edit", "?example=constructor")).status, 404)

          const ada = yield* contact(accountId, "Ada", "Lovelace", "Engines Ltd")
          const leadId = yield* lead(accountId, "New kitchen please", ada)
          const fromLead = (yield* editor(b, "new", "edit", `?from-lead=${leadId}`)).body
          assert.strictEqual(fromLead.quote.title, "New kitchen please")
          assert.strictEqual(fromLead.lead.lead_subject, "New kitchen please")
          assert.strictEqual(fromLead.lead.lead_potential_value, "1500")
          assert.deepStrictEqual(
            fromLead.contacts.map((c: { contact_id: number }) => c.contact_id),
            [ada]
          )
          assert.strictEqual(fromLead.contact_details[0]._name_company, "Engines Ltd")
          const converted = yield* saveNew(b, signinId, { contacts: fromLead.contacts, meta: { fromLead: leadId } })
          const [l] = yield* sql<{ lead_status: number; quote_id: number }>`
          SELECT lead_status::int AS lead_status, quote_id FROM leads WHERE lead_id = ${leadId}`
          assert.deepStrictEqual(l, { lead_status: 10, quote_id: converted.quote_id })
          assert.strictEqual((yield* editor(b, "new", "edit", "?from-lead=999999")).status, 404)

          const copy = (yield* editor(b, "new", "edit", `?from-quote=${converted.quote_id}`)).body
          assert.strictEqual(copy.banners.copyOf, "quote")
          assert.deepStrictEqual(
            copy.contacts.map((c: { contact_id: number }) => c.contact_id),
            [ada]
          )
          assert.strictEqual((yield* editor(b, "new", "edit", `?from-quote=${template.quote_id}`)).status, 404)
        })
    )

    it.effect("a lead's person becomes the new quote's contact: made once, or matched by email", () =>
      Effect.gen(function* () {
        const { browser: b, accountId } = yield* newAccount("Leads")
        const sql = yield* SqlClient.SqlClient
        const fromForm = (subject: string, first: string, email: string) =>
          sql<{ lead_id: number }>`
            INSERT INTO leads (account_id, lead_subject, lead_message, lead_name_first, lead_name_last, lead_email,
                               lead_company, lead_phone)
            VALUES (${accountId}, ${subject}, 'Please quote', ${first}, 'Enquirer', ${email}, 'Dockside Ltd',
                    '+64 21 555 0199')
            RETURNING lead_id`.pipe(
            Effect.map((r) => r[0]!.lead_id),
            Effect.orDie
          )
        const leadId = yield* fromForm("Deck repair", "Sam", "Sam.Enquirer@Example.com")
        const first = (yield* editor(b, "new", "edit", `?from-lead=${leadId}`)).body
        assert.strictEqual(first.contacts.length, 1)
        const contactId = first.contacts[0].contact_id as number
        assert.deepStrictEqual(
          [first.contact_details[0].name_first, first.contact_details[0].name_last, first.contact_details[0].email],
          ["Sam", "Enquirer", "Sam.Enquirer@Example.com"]
        )
        assert.strictEqual(first.contact_details[0]._name_company, "Dockside Ltd")
        const view = (yield* b.get(`/get/contact-view/${contactId}`)).body
        assert.strictEqual(view.contact.email, "Sam.Enquirer@Example.com")
        assert.deepStrictEqual(
          view.phones.map((p: { label: string }) => p.label),
          ["Phone"]
        )
        // Opened again: the same contact, not a second one.
        const again = (yield* editor(b, "new", "edit", `?from-lead=${leadId}`)).body
        assert.deepStrictEqual(
          again.contacts.map((c: { contact_id: number }) => c.contact_id),
          [contactId]
        )
        // Another lead from the same address is matched to that person.
        const second = yield* fromForm("Fence too", "Samuel", "sam.enquirer@example.com")
        const matched = (yield* editor(b, "new", "edit", `?from-lead=${second}`)).body
        assert.deepStrictEqual(
          matched.contacts.map((c: { contact_id: number }) => c.contact_id),
          [contactId]
        )
        const [people] = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM contacts WHERE account_id = ${accountId} AND contact_type = 'person'`.pipe(
          Effect.orDie
        )
        assert.strictEqual(people?.n, 1)
      })
    )

    it.effect("renews a lapsed expiry on load and warns when a revision expires within 10 days", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Lapsed")
        const sql = yield* SqlClient.SqlClient
        const saved = yield* saveNew(b, signinId)
        yield* sql`
          UPDATE quotes SET creation = now() - interval '10 days', expiry_date = now() - interval '3 days'
          WHERE quote_id = ${saved.quote_id}`
        const loaded = (yield* editor(b, saved.quote_id)).body
        assert.isTrue(loaded.meta.expiryUpdated)
        const days = (loaded.quote.expiry_date - Math.floor(Date.now() / 1000)) / 86400
        assert.isAbove(days, 6.9)
        assert.isBelow(days, 7.1)

        yield* sql`UPDATE quotes SET expiry_date = now() + interval '3 days' WHERE quote_id = ${saved.quote_id}`
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        yield* b.post(`/act-on/quote-action/revise-dodo/${saved.quote_id}`)
        const revising = (yield* editor(b, saved.quote_id)).body
        assert.isFalse(revising.meta.expiryUpdated)
        assert.match(revising.meta.expiryDisplay, /^This quote expires in (2|3) days\.$/)

        const adjusting = yield* b.get(`/get/quote-edit/edit/${saved.quote_id}/is-adjustment`)
        assert.strictEqual(adjusting.status, 409, adjusting.text)
        assert.strictEqual(adjusting.body._serveError.message, Message.notAvailableNow)
        const odd = yield* b.get(`/get/quote-edit/edit/${saved.quote_id}/is-whatever`)
        assert.strictEqual(odd.body.edit_action, "is-editing")
      })
    )
  },
  { layer: layer() }
)
