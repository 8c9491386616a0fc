import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { layer, newAccount } from "../Harness.ts"
import { contact, editor, file, member, reusableItem, row, rows, saveBody, saveNew, taxRate } from "./Fixtures.ts"

const inTwoDays = () => Math.floor(Date.now() / 1000) + 2 * 86400

describeBackends(
  "saving quotes over HTTP",
  (it) => {
    it.effect("computes row totals and the quote total itself, whatever the client sends", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Totals")
        const gst = yield* taxRate(accountId, "15")
        const saved = yield* saveNew(b, signinId, {
          items: rows([
            { title: "Labour", unit: "100", qty: "2", item_tax_id: gst, price_total: "999" },
            { title: "Parts", unit: "19.99", qty: "3", discount_item: "10", item_tax_id: gst, price_total: "1" }
          ])
        })
        // 200 + 53.97 = 253.97 net; 15 % tax on the summed base, rounded once: 38.10; total 292.07.
        assert.strictEqual(saved.price_current, "292.07")
        const loaded = yield* editor(b, saved.quote_id)
        const totals = loaded.body.items.map((i: { price_total: string }) => i.price_total)
        assert.deepStrictEqual(totals.slice(0, 2), ["200", "53.97"])
        assert.strictEqual(loaded.body.quote.price_current, "292.07")
        assert.strictEqual(loaded.body.quote.quote_no, 1)
        const second = yield* saveNew(b, signinId)
        assert.strictEqual(second.quote_no, 2)
      })
    )

    it.effect("refuses what the core refuses, as a form error list", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Rules")
        const post = (body: unknown) => b.post("/post/quote-update/edit/new/is-editing", body)

        const past = yield* post(saveBody(signinId, { quote: { expiry_date: 1_000_000 } }))
        assert.strictEqual(past.status, 400, past.text)
        assert.strictEqual(past.body._serveError.message, Message.expiryInPast)
        assert.deepStrictEqual(past.body.form_errors, [
          { input_id: "quote.expiry_date", highlight: true, message: Message.expiryInPast }
        ])

        const tooLong = yield* post(
          saveBody(signinId, { items: rows([{ title: "Widget", unit: "1", item_code: "x".repeat(61) }]) })
        )
        assert.strictEqual(tooLong.status, 400, tooLong.text)
        assert.isTrue(tooLong.body.form_errors.some((e: { input_id: string }) => e.input_id.endsWith("item_code")))

        const noTotal = yield* post(
          saveBody(signinId, { items: [row(-1, 1, 0, { item_title: "A", price_unit: "1" }), row(-2, 2, 1)] })
        )
        assert.strictEqual(noTotal.status, 400, noTotal.text)
        assert.strictEqual(noTotal.body._serveError.message, Message.quoteStructureInvalid)

        const term = yield* post(
          saveBody(signinId, { items: rows([{ title: "Hosting", unit: "9", term_every: 256 }]) })
        )
        assert.strictEqual(term.status, 400, term.text)
        assert.isTrue(term.body.form_errors.some((e: { input_id: string }) => e.input_id.includes("term_every")))

        const duration = yield* post(
          saveBody(signinId, { items: rows([{ title: "Hosting", unit: "9", term_every: 1, term_duration: 65536 }]) })
        )
        assert.strictEqual(duration.status, 400, duration.text)
      })
    )

    it.effect("allows at most 10 contacts ('You've reached the limit of 10 contacts')", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Contacts")
        const ids = yield* Effect.forEach(
          Array.from({ length: 11 }, (_, i) => i),
          (i) => contact(accountId, `Person${i}`, "Smith")
        )
        const body = (n: number) =>
          saveBody(signinId, {
            contacts: ids
              .slice(0, n)
              .map((id, i) => ({ quote_contact_id: -(i + 1), contact_id: id, contact_order: Math.min(i, 9) }))
          })
        const eleven = yield* b.post("/post/quote-update/edit/new/is-editing", body(11))
        assert.strictEqual(eleven.status, 400, eleven.text)
        assert.strictEqual(eleven.body._serveError.message, Message.contactsLimit)
        const ten = yield* b.post("/post/quote-update/edit/new/is-editing", body(10))
        assert.strictEqual(ten.status, 200, ten.text)
        assert.strictEqual(ten.body.contacts.length, 10)
        const loaded = yield* editor(b, ten.body.quote_id)
        assert.strictEqual(loaded.body.contact_details.length, 10)
      })
    )

    it.effect("refuses ids of another account (taxes, contacts, files, rows, author)", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Mine")
        const other = yield* newAccount("Theirs")
        const theirTax = yield* taxRate(other.accountId, "10")
        const theirContact = yield* contact(other.accountId, "Eve", "Other")
        const theirFile = yield* file(other.accountId)
        const theirs = yield* saveNew(other.browser, other.signinId)
        const post = (o: Parameters<typeof saveBody>[1]) =>
          b.post("/post/quote-update/edit/new/is-editing", saveBody(signinId, o))

        const tax = yield* post({ items: rows([{ title: "A", unit: "1", item_tax_id: theirTax }]) })
        assert.strictEqual(tax.status, 400, tax.text)
        assert.isTrue(tax.body.form_errors.some((e: { input_id: string }) => e.input_id === "items.-1.item_tax_id"))

        const person = yield* post({ contacts: [{ quote_contact_id: -1, contact_id: theirContact, contact_order: 0 }] })
        assert.strictEqual(person.status, 400, person.text)

        const attached = yield* post({ item_files: [{ file_id: theirFile, parent_id: -1 }] })
        assert.strictEqual(attached.status, 400, attached.text)

        const stolenRow = yield* post({ items: rows([{ title: "A", unit: "1", id: theirs.items[0]!.id }]) })
        assert.strictEqual(stolenRow.status, 400, stolenRow.text)

        const author = yield* b.post("/post/quote-update/edit/new/is-editing", saveBody(other.signinId))
        assert.strictEqual(author.status, 400, author.text)
        assert.strictEqual(author.body.form_errors[0].input_id, "quote.from")

        const overwrite = yield* b.post(`/post/quote-update/edit/${theirs.quote_id}/is-editing`, saveBody(signinId))
        assert.strictEqual(overwrite.status, 404, overwrite.text)
        assert.strictEqual(overwrite.body._serveError.message, Message.quoteNotFound)
      })
    )

    it.effect("answers where to go next", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Next")
        const next = yield* saveNew(b, signinId, { primary: "save:next" })
        assert.deepStrictEqual(next.upNext, { href: `/quote/${next.quote_id}?review-send=1` })
        assert.deepStrictEqual(next.nextTokens, { upNext: next.quote_id })
        const now = yield* saveNew(b, signinId, { primary: "save:now" })
        assert.deepStrictEqual(now.upNext, { href: `/quotes/${now.quote_id}/is-editing` })
        const back = yield* saveNew(b, signinId, { primary: "save:back", requestNext: "/quotes?tab=waiting" })
        assert.deepStrictEqual(back.upNext, { href: "/quotes?tab=waiting" })
        const evil = yield* saveNew(b, signinId, { primary: "save:back", requestNext: "//evil.example/x" })
        assert.deepStrictEqual(evil.upNext, { href: "/dashboard" })
        const template = yield* saveNew(b, signinId, { primary: "save:next" }, "template")
        assert.deepStrictEqual(template.upNext, { href: "/content/templates" })
        assert.strictEqual(template.quote_no, 0)
      })
    )

    it.effect("saves a request once, however often it is sent (idempotent)", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Once")
        const body = saveBody(signinId, { quote: { title: "Only once" } })
        const [a, c] = yield* Effect.all(
          [
            b.post("/post/quote-update/edit/new/is-editing", body),
            b.post("/post/quote-update/edit/new/is-editing", body)
          ],
          { concurrency: 2 }
        )
        const again = yield* b.post("/post/quote-update/edit/new/is-editing", body)
        assert.strictEqual(a.status, 200, a.text)
        assert.strictEqual(c.status, 200, c.text)
        assert.strictEqual(a.body.quote_id, c.body.quote_id)
        assert.deepStrictEqual(again.body, a.body)
        const list = yield* b.get("/get/quotes?getCount=1")
        assert.strictEqual(list.body.total, 1)

        // An update retried after it was answered is not applied twice either.
        const update = saveBody(signinId, { quote: { title: "Renamed" }, modifiedIn: a.body._modifiedIn })
        const u1 = yield* b.post(`/post/quote-update/edit/${a.body.quote_id}/is-editing`, update)
        const u2 = yield* b.post(`/post/quote-update/edit/${a.body.quote_id}/is-editing`, update)
        assert.strictEqual(u1.status, 200, u1.text)
        assert.deepStrictEqual(u2.body, u1.body)
        const loaded = yield* editor(b, a.body.quote_id)
        assert.strictEqual(loaded.body._modifiedIn, u1.body._modifiedIn)
      })
    )

    it.effect("warns before replacing someone else's changes, and keeps them as a version", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Owner")
        const colleague = yield* member(owner.accountId, { admin: false, name: "Grace" })
        const saved = yield* saveNew(owner.browser, owner.signinId, { quote: { title: "Original" } })
        const seenByOwner = (yield* editor(owner.browser, saved.quote_id)).body
        const seenByColleague = (yield* editor(colleague.browser, saved.quote_id)).body
        assert.strictEqual(seenByOwner._modifiedIn, seenByColleague._modifiedIn)

        const first = yield* colleague.browser.post(
          `/post/quote-update/edit/${saved.quote_id}/is-editing`,
          saveBody(owner.signinId, { quote: { title: "Grace's edit" }, modifiedIn: seenByColleague._modifiedIn })
        )
        assert.strictEqual(first.status, 200, first.text)

        const stale = saveBody(owner.signinId, {
          quote: { title: "Owner's edit" },
          modifiedIn: seenByOwner._modifiedIn
        })
        const warned = yield* owner.browser.post(`/post/quote-update/edit/${saved.quote_id}/is-editing`, stale)
        assert.strictEqual(warned.status, 409, warned.text)
        assert.strictEqual(warned.body._changeWarning.who, "Grace Person")
        assert.isTrue(warned.body._changeWarning.mayVersion)
        assert.match(
          warned.body._serveError.message,
          /^Saving will replace changes made by Grace Person (just now|\d+ \w+ ago), the updates won't be lost, they'll be preserved in a version under All Activity\.$/
        )
        // Nothing was saved.
        assert.strictEqual((yield* editor(owner.browser, saved.quote_id)).body.quote.title, "Grace's edit")

        const continued = yield* owner.browser.post(`/post/quote-update/edit/${saved.quote_id}/is-editing`, {
          ...stale,
          request_id: `${stale.request_id}-continue`,
          continue: true
        })
        assert.strictEqual(continued.status, 200, continued.text)
        assert.isNumber(continued.body.version_id)
        assert.strictEqual((yield* editor(owner.browser, saved.quote_id)).body.quote.title, "Owner's edit")

        const versions = yield* owner.browser.get(`/get/quote-versions/${saved.quote_id}`)
        assert.strictEqual(versions.status, 200, versions.text)
        const replaced = versions.body.versions.find((v: { reason: string }) => v.reason === "replaced")
        assert.isDefined(replaced)
        assert.strictEqual(replaced.quote_version_id, continued.body.version_id)
        const kept = yield* owner.browser.get(`/get/quote-versions/${saved.quote_id}/${replaced.quote_version_id}`)
        assert.strictEqual(kept.status, 200, kept.text)
        assert.strictEqual(kept.body.snapshot.quote.title, "Grace's edit")

        const history = yield* owner.browser.get(`/get/history/quote/${saved.quote_id}`)
        assert.include(history.body.rows[0].html_summary, "saved over changes made by <b>Grace Person</b>")
      })
    )

    it.effect("keeps linked rows linked until copied, and reverting restores the linked content", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Linked")
        const other = yield* newAccount("Elsewhere")
        const itemId = yield* reusableItem(accountId, "Catalogue widget", "42")
        const foreignItem = yield* reusableItem(other.accountId, "Foreign widget", "7")
        const saved = yield* saveNew(b, signinId, {
          items: rows([
            { title: "my own title", unit: "1", item_id: itemId },
            { title: "foreign", unit: "5", item_id: foreignItem }
          ])
        })
        let loaded = (yield* editor(b, saved.quote_id)).body
        assert.strictEqual(loaded.items[0].item_title, "Catalogue widget")
        assert.strictEqual(loaded.items[0].price_unit, "42")
        assert.strictEqual(loaded.items[0].editing, "locked")
        assert.strictEqual(loaded.items[1].item_id, 0, "another account's item is not linked")
        assert.strictEqual(loaded.items[1].editing, "normal")

        const edit = (items: ReadonlyArray<Record<string, unknown>>) =>
          b.post(
            `/post/quote-update/edit/${saved.quote_id}/is-editing`,
            saveBody(signinId, { items: items as never, modifiedIn: loaded._modifiedIn })
          )
        const copied = yield* edit(
          loaded.items.map((i: Record<string, unknown>, n: number) =>
            n === 0 ? { ...i, editing: "copied", item_title: "Adjusted widget", price_unit: "40" } : i
          )
        )
        assert.strictEqual(copied.status, 200, copied.text)
        loaded = (yield* editor(b, saved.quote_id)).body
        assert.strictEqual(loaded.items[0].item_title, "Adjusted widget")
        assert.strictEqual(loaded.items[0].editing, "copied")
        assert.strictEqual(loaded.items[0].item_id, itemId)

        const reverted = yield* edit(
          loaded.items.map((i: Record<string, unknown>, n: number) => (n === 0 ? { ...i, editing: "locked" } : i))
        )
        assert.strictEqual(reverted.status, 200, reverted.text)
        loaded = (yield* editor(b, saved.quote_id)).body
        assert.strictEqual(loaded.items[0].item_title, "Catalogue widget")
        assert.strictEqual(loaded.items[0].price_unit, "42")

        // A multiple choice of one option is refused on its row: the customer could never turn it off.
        const alone = yield* edit(
          loaded.items.map((i: Record<string, unknown>, n: number) => (n === 0 ? { ...i, contact_choice: 2 } : i))
        )
        assert.strictEqual(alone.status, 400, alone.text)
        assert.deepStrictEqual(alone.body.form_errors[0], {
          input_id: `items.${loaded.items[0].quote_item_id}.contact_choice`,
          highlight: true,
          message: Message.multipleChoiceAlone
        })
        // How the quote offers a linked row is its own: optional, selected by default, with a quantity the
        // customer may edit, survives the save and the reload (the item's content still comes from the item).
        const offered = yield* edit(
          loaded.items.map((i: Record<string, unknown>, n: number) =>
            n === 0 ? { ...i, contact_choice: 1 | 4, editable_quantity: "10", item_title: "ignored" } : i
          )
        )
        assert.strictEqual(offered.status, 200, offered.text)
        loaded = (yield* editor(b, saved.quote_id)).body
        assert.deepStrictEqual(
          [loaded.items[0].contact_choice, loaded.items[0].editable_quantity, loaded.items[0].item_title],
          [5, "10", "Catalogue widget"]
        )
      })
    )

    it.effect("keeps shared rows read-only and a shared quote's locked fields unchanged", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Shared")
        const parent = yield* newAccount("Parent")
        const sql = yield* SqlClient.SqlClient
        const source = yield* saveNew(b, signinId, { quote: { title: "Source" } })
        const saved = yield* saveNew(b, signinId, { quote: { title: "Shared quote", discount_overall: "5" } })
        yield* sql`UPDATE quotes SET shared_quote_id = ${source.quote_id} WHERE quote_id = ${saved.quote_id}`
        yield* sql`
          UPDATE quote_items SET shared_account_id = ${parent.accountId}
          WHERE account_id = ${accountId} AND quote_id = ${saved.quote_id} AND item_type = 1`
        const loaded = (yield* editor(b, saved.quote_id)).body
        assert.isTrue(loaded.sharedLock)
        assert.strictEqual(loaded.items[0]._shared_account_id, parent.accountId)

        const post = (quote: Record<string, unknown>, items: ReadonlyArray<Record<string, unknown>>) =>
          b.post(
            `/post/quote-update/edit/${saved.quote_id}/is-editing`,
            saveBody(signinId, { quote, items: items as never, modifiedIn: loaded._modifiedIn })
          )
        const locked = { title: "Shared quote", discount_overall: "5" }
        const renamed = yield* post({ title: "Renamed", discount_overall: "10" }, loaded.items)
        assert.strictEqual(renamed.status, 400, renamed.text)
        assert.deepStrictEqual(
          renamed.body.form_errors.map((e: { input_id: string }) => e.input_id),
          ["quote.title", "quote.discount_overall"]
        )
        assert.strictEqual(renamed.body._serveError.message, Message.sharedContentLocked)

        const changedRow = yield* post(
          locked,
          loaded.items.map((i: Record<string, unknown>, n: number) => (n === 0 ? { ...i, item_title: "Mine now" } : i))
        )
        assert.strictEqual(changedRow.status, 400, changedRow.text)
        const removedRow = yield* post(
          locked,
          loaded.items.slice(1).map((i: Record<string, unknown>) => i)
        )
        assert.strictEqual(removedRow.status, 400, removedRow.text)

        const fine = yield* post(
          { ...locked, expiry_date: inTwoDays() },
          loaded.items.map((i: Record<string, unknown>, n: number) =>
            n === loaded.items.length - 1 ? { ...i, item_body: "New terms" } : i
          )
        )
        assert.strictEqual(fine.status, 200, fine.text)
      })
    )

    it.effect("keeps files on rows and the list's search text", () =>
      Effect.gen(function* () {
        const { browser: b, signinId, accountId } = yield* newAccount("Files")
        const fileId = yield* file(accountId)
        const grace = yield* contact(accountId, "Grace", "Hopper", "Navy Labs")
        const saved = yield* saveNew(b, signinId, {
          quote: { title: "Compiler install" },
          item_files: [{ file_id: fileId, parent_id: -1 }],
          contacts: [{ quote_contact_id: -1, contact_id: grace, contact_order: 0 }]
        })
        const loaded = (yield* editor(b, saved.quote_id)).body
        const firstRow = saved.items.find((p) => p.temp_id === -1)!.id
        assert.deepStrictEqual(loaded.items[0].files, [{ file_id: fileId, parent_id: firstRow }])
        for (const term of ["HOPPER", "navy", "compiler", String(saved.quote_no)]) {
          const found = yield* b.get(`/get/quotes?search=${encodeURIComponent(term)}`)
          assert.deepStrictEqual(
            found.body.rows.map((r: { quote_id: number }) => r.quote_id),
            [saved.quote_id],
            term
          )
        }
        const none = yield* b.get(`/get/quotes?search=${encodeURIComponent("100%")}`)
        assert.deepStrictEqual(none.body.rows, [])

        // A copy shares the file without taking it from the original.
        const copy = (yield* editor(b, "new", "edit", `?from-quote=${saved.quote_id}`)).body
        assert.deepStrictEqual(copy.banners, { newTemplate: false, copyOf: "quote", matchCount: 0, example: false })
        const copied = yield* saveNew(b, signinId, {
          items: copy.items,
          item_files: copy.items.flatMap((i: { files: ReadonlyArray<unknown> }) => i.files),
          contacts: copy.contacts,
          meta: { fromQuote: saved.quote_id }
        })
        const copyLoaded = (yield* editor(b, copied.quote_id)).body
        assert.strictEqual(copyLoaded.items[0].files.length, 1)
        assert.notStrictEqual(copyLoaded.items[0].files[0].file_id, fileId)
        assert.deepStrictEqual((yield* editor(b, saved.quote_id)).body.items[0].files, [
          { file_id: fileId, parent_id: firstRow }
        ])
        assert.strictEqual(copyLoaded.meta.fromQuote, saved.quote_id)
      })
    )

    it.effect("saves only drafts and revisions from the editor", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Sent")
        const saved = yield* saveNew(b, signinId)
        const sent = yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        assert.strictEqual(sent.status, 200, sent.text)
        const again = yield* b.post(
          `/post/quote-update/edit/${saved.quote_id}/is-editing`,
          saveBody(signinId, { modifiedIn: sent.body._modifiedIn })
        )
        assert.strictEqual(again.status, 409, again.text)
        assert.strictEqual(again.body._tag, "ActionRefused")
        assert.strictEqual(again.body._serveError.message, Message.notAvailableNow)
        const revise = yield* b.post(`/act-on/quote-action/revise-dodo/${saved.quote_id}`)
        assert.strictEqual(revise.status, 200, revise.text)
        const revised = yield* b.post(
          `/post/quote-update/edit/${saved.quote_id}/is-editing`,
          saveBody(signinId, { modifiedIn: revise.body._modifiedIn, quote: { title: "Revised" } })
        )
        assert.strictEqual(revised.status, 200, revised.text)
      })
    )

    it.effect("adds and credits rows in adjustment mode after acceptance", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Adjust")
        const saved = yield* saveNew(b, signinId, {
          items: rows([
            { title: "Labour", unit: "100", qty: "2" },
            { title: "Parts", unit: "50" }
          ])
        })
        assert.strictEqual((yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)).status, 200)
        const notYet = yield* b.get(`/get/quote-edit/edit/${saved.quote_id}/is-adjustment`)
        assert.strictEqual(notYet.status, 200, notYet.text)
        const adj = notYet.body
        assert.strictEqual(adj.edit_action, "is-adjustment")
        assert.strictEqual(adj.meta.nextAdjIndex, 1)
        assert.isTrue(adj.meta.isAdjustment)

        const items = adj.items as Array<Record<string, unknown>>
        const withExtra = [
          ...items
            .slice(0, 2)
            .map((i, n) => (n === 1 ? { ...i, credited_adj_at: 1 } : { ...i, item_title: "ignored" })),
          { ...row(-9, 1, 2, { item_title: "Extra", price_unit: "30" }) },
          ...items.slice(2).map((i, n) => ({ ...i, order_index: 3 + n }))
        ]
        const post = (body: unknown) => b.post(`/post/quote-update/edit/${saved.quote_id}/is-adjustment`, body)
        const adjusted = yield* post(saveBody(signinId, { items: withExtra as never, modifiedIn: adj._modifiedIn }))
        assert.strictEqual(adjusted.status, 200, adjusted.text)
        assert.strictEqual(adjusted.body.price_current, "230", "credited parts leave the total; the extra joins it")
        const after = (yield* b.get(`/get/quote-edit/edit/${saved.quote_id}/is-adjustment`)).body
        assert.strictEqual(after.items[0].item_title, "Labour", "rows from before the adjustment keep their content")
        assert.strictEqual(after.items[1].credited_adj_at, 1)
        assert.strictEqual(after.items[2].added_adj_at, 1)

        const dropped = yield* post(
          saveBody(signinId, {
            items: (after.items as Array<Record<string, unknown>>)
              .slice(1)
              .map((i, n) => ({ ...i, order_index: n })) as never,
            modifiedIn: after._modifiedIn
          })
        )
        assert.strictEqual(dropped.status, 400, dropped.text)
        assert.strictEqual(dropped.body._serveError.message, Message.adjustmentItemLocked)

        // The accepted pricing stays: an adjustment changing the discount is refused on that field.
        const repriced = yield* post(
          saveBody(signinId, {
            quote: { discount_overall: "10" },
            items: after.items as never,
            modifiedIn: after._modifiedIn
          })
        )
        assert.strictEqual(repriced.status, 400, repriced.text)
        assert.strictEqual(repriced.body._serveError.message, Message.adjustmentPricingLocked)

        // Undo Acceptance folds the adjustment in: the credited row goes, the added one stays as an ordinary row.
        const undone = yield* b.post(`/act-on/quote-action/accept-undo/${saved.quote_id}`)
        assert.strictEqual(undone.status, 200, undone.text)
        const folded = (yield* editor(b, saved.quote_id)).body
        assert.deepStrictEqual(
          folded.items
            .filter((i: { item_type: number }) => i.item_type === 1)
            .map((i: { item_title: string; added_adj_at: number }) => [i.item_title, i.added_adj_at]),
          [
            ["Labour", 0],
            ["Extra", 0]
          ]
        )
        assert.strictEqual(folded.quote.price_current, "230")
        assert.strictEqual(folded.meta.nextAdjIndex, 0)
      })
    )
  },
  { layer: layer() }
)
