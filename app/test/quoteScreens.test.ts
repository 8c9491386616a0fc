/**
 * The quote screens' pure parts: the list's address read into the contract's query (and the team order), the
 * editor's query options and save request, the banner texts, and the reducer's contact, linked-row and saved-id
 * steps: never more than 10 contacts, a reverted row is the linked row as it was, a save leaves no mapped
 * temporary id behind.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Contact from "@quotekit/core/Contact"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as QuoteMeta from "@quotekit/core/QuoteMeta"
import fc from "fast-check"
import { messagesFor } from "../src/page/useMessages.ts"
import { bannerTexts } from "../src/quotes/EditorBanners.tsx"
import { isFiltered, listQuery, statusOf, tabOf, teamOrder } from "../src/quotes/listSearch.ts"
import { searchable } from "../src/quotes/QuoteContacts.tsx"
import { editorQuery, savePayload } from "../src/quotes/QuoteEditorPage.tsx"
import {
  type Action,
  type Draft,
  type DraftContact,
  MAX_CONTACTS,
  newDraft,
  reduce
} from "../src/quotes/useQuoteDraft.ts"
import { account } from "./support/draft.ts"

const m = Message.catalogue
const blank = newDraft(account, { mode: "quote" })
const run = (draft: Draft, actions: ReadonlyArray<Action>): Draft => actions.reduce(reduce, draft)
const contact = (id: number): DraftContact => ({
  row: { quote_contact_id: 0, contact_id: Contact.ContactId.make(id), contact_order: 0 },
  name: `Person ${id}`,
  email: `p${id}@example.com`
})

describe("quote list address", () => {
  it("reads search, status, author, tab and page into the contract's query", () => {
    assert.deepStrictEqual(
      listQuery({ search: " Smith ", status: "accepted", author: "10", archive: "complete", page: "3" }),
      {
        search: "Smith",
        status: "accepted",
        author: 10,
        tab: "complete",
        page: 3
      }
    )
    assert.deepStrictEqual(listQuery({}, true), { getCount: "1" })
  })

  it("drops what the contract would refuse: unknown status, a tab the status hides, bad numbers", () => {
    assert.strictEqual(statusOf({ status: "nonsense" }), "any")
    // The Complete tab applies only to accepted or any status; Dismissed only to declined.
    assert.strictEqual(tabOf({ status: "declined", archive: "complete" }), "all")
    assert.strictEqual(tabOf({ status: "expired", archive: "active" }), "all")
    assert.deepStrictEqual(listQuery({ author: "x1", page: "0", search: "   " }), {})
  })

  it("says whether the list is narrowed (for the empty state)", () => {
    assert.isFalse(isFiltered({ page: "2" }))
    assert.isTrue(isFiltered({ search: "deck" }))
    assert.isTrue(isFiltered({ archive: "waiting" }))
  })

  it("puts the signed-in member first in the team filter", () => {
    const me = account.signins[1]!.signin_id
    assert.strictEqual(teamOrder(account.signins, me)[0]!.signin_id, me)
    assert.strictEqual(teamOrder(account.signins, me).length, account.signins.length)
  })

  it("property: any address gives a query whose search is at most 200 characters and page at least 1", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string(), fc.string(), (search, page, author) => {
        const q = listQuery({ search, page, author })
        return (q.search ?? "").length <= 200 && (q.page === undefined || q.page >= 1) && (q.author ?? 1) >= 1
      })
    )
  })
})

describe("editor query and save request", () => {
  it("keeps well-formed options only", () => {
    assert.deepStrictEqual(editorQuery({ "from-template": "12", "from-quote": "x", title: "Deck" }), {
      "from-template": 12,
      title: "Deck"
    })
  })

  it("sends the draft's quote fields, rows, contacts, edit sequence and where it was copied from", () => {
    const draft = run(blank, [
      { type: "title", title: "Deck" },
      { type: "contactAdd", contact: contact(5) }
    ])
    const loaded = {
      meta: new QuoteMeta.QuoteMeta({
        reviewsEnabled: false,
        reviewsOn: true,
        reviewsOnDefault: false,
        reviewCount: 0,
        reviewsChanged: false,
        expiryUpdated: false,
        expiryDisplay: "",
        emailsScheduled: 0,
        nextAdjIndex: 0,
        matchCount: 0,
        isAdjustment: false,
        afterSaveUrl: ""
      })
    } as Parameters<typeof savePayload>[1]
    const p = savePayload(draft, loaded, { "from-template": 3 }, 7, "save:now", "request-0001", true)
    assert.strictEqual(p.quote.title, "Deck")
    assert.strictEqual(p._modifiedIn, 7)
    assert.strictEqual(p.primary, "save:now")
    assert.isTrue(p.continue)
    assert.deepStrictEqual(p.meta, { reviewsOn: true, fromTemplate: 3 })
    assert.strictEqual(p.items, draft.items)
    assert.deepStrictEqual(
      p.contacts.map((c) => c.contact_id),
      [5]
    )
  })
})

describe("editor banners", () => {
  const w = messagesFor("quote")
  it("words each banner fact as the spec does", () => {
    assert.deepStrictEqual(bannerTexts(w, { newTemplate: true, copyOf: null, matchCount: 0, example: false }), [
      m.newTemplateBanner
    ])
    assert.deepStrictEqual(bannerTexts(w, { newTemplate: false, copyOf: "quote", matchCount: 3, example: false }), [
      "This is a copy of the Quote.",
      "3 Linked Items were matched."
    ])
    assert.deepStrictEqual(bannerTexts(w, { newTemplate: false, copyOf: "template", matchCount: 1, example: false }), [
      "This is a copy of the Template.",
      "1 Linked Item was matched."
    ])
  })
})

describe("contacts on a quote", () => {
  it("looks up only single-line text of at most 100 characters", () => {
    assert.isTrue(searchable("Jane"))
    assert.isFalse(searchable("   "))
    assert.isFalse(searchable("Jane\nSmith"))
    assert.isFalse(searchable("x".repeat(101)))
  })

  it("adds each contact once, with a new negative id and its order, and removes by contact", () => {
    const d = run(blank, [
      { type: "contactAdd", contact: contact(1) },
      { type: "contactAdd", contact: contact(2) },
      { type: "contactAdd", contact: contact(1) }
    ])
    assert.deepStrictEqual(
      d.contacts.map((c) => [c.row.contact_id, c.row.quote_contact_id, c.row.contact_order]),
      [
        [1, -1, 0],
        [2, -2, 1]
      ]
    )
    assert.isTrue(d.dirty)
    const removed = reduce(d, { type: "contactRemove", contactId: 1 })
    assert.deepStrictEqual(
      removed.contacts.map((c) => [c.row.contact_id, c.row.contact_order]),
      [[2, 0]]
    )
  })

  it("property: never more than 10 contacts ('You've reached the limit of 10 contacts')", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 40 }), (ids) => {
        const d = run(
          blank,
          ids.map((id) => ({ type: "contactAdd", contact: contact(id) }) as const)
        )
        return (
          d.contacts.length <= MAX_CONTACTS &&
          new Set(d.contacts.map((c) => c.row.contact_id)).size === d.contacts.length
        )
      })
    )
    assert.strictEqual(m.contactsLimit, "You've reached the limit of 10 contacts")
  })
})

const linkedItem = {
  item_id: 42,
  item_type: 1 as const,
  item_code: "DECK",
  item_title: "Decking per m²",
  item_body: "Hardwood",
  item_cat_id: 0,
  item_tax_id: 0,
  price_unit: Money.make("120"),
  price_cost: Money.make("80"),
  quantity: Money.make("2"),
  editable_quantity: Money.zero,
  discount_item: Money.zero,
  contact_choice: 0,
  term_every: 0,
  term_type: 2 as const,
  term_duration: 0,
  archive_id: 1,
  modified: 0,
  price_margin: null,
  shared: false,
  files: []
} as unknown as Parameters<typeof reduce>[1] extends { item: infer I } ? I : never

describe("linked rows", () => {
  const item = linkedItem

  it("adds a reusable item as a locked row with its price and the core's line total", () => {
    const d = reduce(blank, { type: "insertLinked", after: 0, item })
    const row = d.items.find((r) => r.item_id === 42)!
    assert.strictEqual(row.editing, "locked")
    assert.strictEqual(Money.format(row.price_total), "240.00")
  })

  it("copy and edit makes it editable; revert ('Undo Changes?') restores the linked row as it was", () => {
    const added = reduce(blank, { type: "insertLinked", after: 0, item })
    const at = added.items.findIndex((r) => r.item_id === 42)
    const id = added.items[at]!.quote_item_id
    const copied = reduce(added, { type: "rowCopyEdit", id, at })
    assert.strictEqual(copied.items[at]!.editing, "copied")
    const edited = reduce(copied, { type: "rowFields", id, at, patch: { item_title: "Changed" } })
    assert.strictEqual(edited.items[at]!.item_title, "Changed")
    const reverted = reduce(edited, { type: "rowRevert", id, at })
    assert.strictEqual(reverted.items[at]!.editing, "locked")
    assert.strictEqual(reverted.items[at]!.item_title, "Decking per m²")
    assert.strictEqual(m.undoChanges, "Undo Changes?")
  })
})

describe("cost and margin (cost-always accounts)", () => {
  it("a cost under a price keeps the price; a typed margin moves the price; a new cost keeps the margin", () => {
    const at = blank.items.findIndex((r) => r.item_type === 1)
    const id = blank.items[at]!.quote_item_id
    const d = run(blank, [
      { type: "rowNumber", id, at, field: "price_unit", value: Money.make("100") },
      { type: "rowCost", id, at, value: Money.make("60") }
    ])
    assert.strictEqual(Money.format(d.items[at]!.price_unit), "100.00")
    const m50 = reduce(d, { type: "rowMargin", id, at, value: Money.make("50") })
    assert.strictEqual(Money.format(m50.items[at]!.price_unit), "120.00")
    const cost90 = reduce(m50, { type: "rowCost", id, at, value: Money.make("90") })
    assert.strictEqual(Money.format(cost90.items[at]!.price_unit), "180.00")
    assert.strictEqual(Money.format(cost90.items[at]!.price_total), "180.00")
  })
})

describe("after a save", () => {
  it("property: every temporary id the server mapped is replaced, the draft is clean and unmapped rows keep theirs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 1000 }), (extra, base) => {
        let d = blank
        for (let i = 0; i < extra; i++) d = reduce(d, { type: "insert", after: 0, itemType: 1 })
        d = reduce(d, { type: "contactAdd", contact: contact(9) })
        const temp = d.items.filter((r) => r.quote_item_id < 0)
        const mapped = temp.slice(1)
        const saved = reduce(d, {
          type: "savedAs",
          answer: {
            quote_id: base,
            quote_no: 1,
            items: mapped.map((r, i) => ({ temp_id: r.quote_item_id, id: base + i + 1 })),
            contacts: [{ temp_id: -1, id: base }]
          }
        })
        const ids = new Set(saved.items.map((r) => r.quote_item_id))
        return (
          !saved.dirty &&
          saved.quote.quote_id === base &&
          mapped.every((r) => !ids.has(r.quote_item_id)) &&
          ids.has(temp[0]!.quote_item_id) &&
          saved.contacts[0]!.row.quote_contact_id === base
        )
      })
    )
  })

  it("a new linked row is locked once saved; a copied one stays editable", () => {
    const added = reduce(blank, { type: "insertLinked", after: 0, item: linkedItem })
    const at = added.items.findIndex((r) => r.item_id === 42)
    const id = added.items[at]!.quote_item_id
    const copied = reduce(added, { type: "rowCopyEdit", id, at })
    const answer = { quote_id: 1, quote_no: 1, items: [{ temp_id: id, id: 500 }], contacts: [] }
    assert.strictEqual(reduce(added, { type: "savedAs", answer }).items[at]!.editing, "locked")
    assert.strictEqual(reduce(copied, { type: "savedAs", answer }).items[at]!.editing, "copied")
  })
})
