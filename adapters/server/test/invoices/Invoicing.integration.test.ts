import { assert } from "@effect/vitest"
import * as Invoice from "@quotekit/core/Invoice"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as Seed from "@quotekit/pg/Seed"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import * as fc from "fast-check"
import { extractText, getDocumentProxy } from "unpdf"
import * as LinkToken from "../../src/customer/LinkToken.ts"
import { type Answer, Browser, layer, newAccount, TestServer } from "../Harness.ts"
import { contact, row, rows, saveBody, saveNew, taxRate } from "../quotes/Fixtures.ts"

/** An accepted quote of a new account: two lines, 15% tax on the first, the given deposit percent. */
const acceptedQuote = (name: string, o: { readonly deposit?: string; readonly builtin?: boolean } = {}) =>
  Effect.gen(function* () {
    const owner = yield* newAccount(name)
    const b = owner.browser
    const gst = yield* taxRate(owner.accountId, "15")
    const person = yield* contact(owner.accountId, "Ada", `Payer${owner.accountId}`)
    const saved = yield* saveNew(b, owner.signinId, {
      quote: { title: "Deck", deposit_percent: o.deposit ?? "30" },
      items: rows([
        { title: "Boards", unit: "100.00", qty: "3", item_tax_id: gst },
        { title: "Labour", unit: "250.00" }
      ]),
      contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
    })
    yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
    const accepted = yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
    assert.strictEqual(accepted.status, 200, accepted.text)
    if (o.builtin !== false) yield* enableBuiltin(b)
    return { ...owner, id: saved.quote_id }
  })

const enableBuiltin = (b: Browser) =>
  Effect.gen(function* () {
    const saved = yield* b.post("/post/invoicing-settings", {
      builtin_enabled: true,
      prefix: "INV-",
      next_number: 1,
      payment_terms_days: 14,
      payment_instructions: "Pay to 12-3456-7890123-00",
      email_invoices: true
    })
    assert.strictEqual(saved.status, 200, saved.text)
  })

const picture = (b: Browser, id: number) =>
  Effect.map(b.get(`/get/quote-invoices/${id}`), (a) => {
    assert.strictEqual(a.status, 200, a.text)
    return a.body
  })

const act = (
  b: Browser,
  p: { action: string; type: number; id: number; group?: string; adj?: number; percent: number; invoice?: number },
  modifiedIn: number
) =>
  b.post(
    `/act-on/quote-invoice/action/${p.action}/${p.type}/${p.id}/${p.group ?? "up-front"}/${p.adj ?? 0}/${p.percent}/${p.invoice ?? 0}`,
    { _modifiedIn: modifiedIn }
  )

const upFront = (view: { groups: ReadonlyArray<{ key: string }> }) =>
  view.groups.find((g) => g.key === "up-front") as unknown as {
    total: string
    invoiced: string
    remaining: string
    invoices: ReadonlyArray<{
      invoice: Record<string, unknown>
      applied: string
      document: Record<string, unknown> | null
    }>
    next_invoice: { type: number; percent: number; applied: string } | null
  }

/** Wait until every created invoice of the quote is synced (the worker issues them in the background). */
const synced = (b: Browser, id: number) =>
  picture(b, id).pipe(
    Effect.flatMap((view) =>
      (view.groups as ReadonlyArray<ReturnType<typeof upFront>>).some((g) =>
        g.invoices.some((r) => r.invoice.invoice_sync_status === Invoice.SyncStatus.Syncing)
      )
        ? Effect.fail("syncing" as const)
        : Effect.succeed(view)
    ),
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 200 }),
    Effect.orDie
  )

const refusal = (a: Answer) => [a.status, a.body?._serveError?.message] as const

describeBackends(
  "invoicing a quote over HTTP",
  (it) => {
    it.effect("stages and creates a deposit, then the rest, as numbered built-in invoices with a page and a PDF", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Depositor")
        const b = q.browser
        let view = yield* picture(b, q.id)
        // 3 x 100 + 15% tax (the quote enters prices without tax), and 250 untaxed: 550 before tax.
        const group = upFront(view)
        assert.strictEqual(group.total, "550")
        assert.deepStrictEqual(group.next_invoice && [group.next_invoice.type, group.next_invoice.percent], [5, 30])
        assert.strictEqual(view.creation_blocked, null)

        const staged = yield* act(b, { action: "do-stage", type: 5, id: q.id, percent: 30 }, view._modifiedIn)
        assert.strictEqual(staged.status, 200, staged.text)
        // A double submit (same sequence, same temporary id) stores one invoice.
        const again = yield* act(b, { action: "do-stage", type: 5, id: q.id, percent: 30 }, view._modifiedIn)
        assert.strictEqual(again.status, 200, again.text)
        view = again.body
        assert.strictEqual(upFront(view).invoices.length, 1)
        const deposit = upFront(view).invoices[0]!
        assert.strictEqual(deposit.applied, "165")
        assert.strictEqual(deposit.invoice.invoice_status, Invoice.InvoiceStatus.Ready)

        const created = yield* b.post(
          `/act-on/quote-invoice/create-invoice/${q.id}/${deposit.invoice.quote_invoice_id}`,
          { _modifiedIn: view._modifiedIn }
        )
        assert.strictEqual(created.status, 200, created.text)
        view = yield* synced(b, q.id)
        const issued = upFront(view).invoices[0]!
        assert.strictEqual(issued.invoice.invoice_status, Invoice.InvoiceStatus.Sent)
        assert.strictEqual(issued.invoice.invoice_sync_status, Invoice.SyncStatus.Synced)
        assert.strictEqual(issued.invoice.addon_invoice_number, "INV-0001")
        const doc = issued.document as { number: string; total: string; url: string; pdf_url: string }
        assert.strictEqual(doc.number, "INV-0001")
        // 30% of 300 taxed at 15% (90 + 13.50) and 30% of 250: 103.50 + 75.
        assert.strictEqual(doc.total, "178.5")
        // The panel's figures as charged, tax included: the quote's 595, 178.50 of it invoiced.
        const charged = upFront(view) as unknown as Record<string, string>
        assert.deepStrictEqual(
          [charged.charged_total, charged.charged_invoiced, charged.charged_remaining],
          ["595", "178.5", "416.5"]
        )
        assert.strictEqual((issued as unknown as { charged: string }).charged, "178.5")

        // The customer's page needs no session; a wrong mac is 404.
        const server = yield* TestServer
        const page = yield* Effect.promise(() => fetch(doc.url.replace(/^https?:\/\/[^/]+/, server.url)))
        const html = yield* Effect.promise(() => page.text())
        assert.strictEqual(page.status, 200)
        assert.include(html, "INV-0001")
        assert.include(html, "$178.50")
        assert.include(html, "Pay to 12-3456-7890123-00")
        const forged = yield* Effect.promise(() =>
          fetch(`${doc.url.replace(/^https?:\/\/[^/]+/, server.url).slice(0, -3)}AAA`)
        )
        assert.strictEqual(forged.status, 404)
        const pdf = yield* Effect.promise(() => fetch(doc.pdf_url.replace(/^https?:\/\/[^/]+/, server.url)))
        assert.strictEqual(pdf.headers.get("content-type"), "application/pdf")
        const bytes = new Uint8Array(yield* Effect.promise(() => pdf.arrayBuffer()))
        assert.strictEqual(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-")
        // Its text says what the page says, to the cent.
        const { text } = yield* Effect.promise(async () =>
          extractText(await getDocumentProxy(bytes), { mergePages: true })
        )
        for (const expected of [
          "Deposit Invoice",
          "INV-0001",
          "Boards",
          "Labour",
          "30% of the item",
          "$178.50",
          "Page 1 of 1"
        ]) {
          assert.include(text, expected)
        }

        // The rest: 70%, created in one step.
        const next = upFront(view).next_invoice!
        assert.deepStrictEqual([next.type, next.percent, next.applied], [0, 70, "385"])
        const rest = yield* act(b, { action: "do-create", type: 0, id: q.id, percent: 70 }, view._modifiedIn)
        assert.strictEqual(rest.status, 200, rest.text)
        view = yield* synced(b, q.id)
        assert.strictEqual(upFront(view).remaining, "0")
        assert.strictEqual((upFront(view) as unknown as Record<string, string>).charged_remaining, "0")
        assert.strictEqual(upFront(view).next_invoice, null)
        assert.strictEqual(upFront(view).invoices[1]!.invoice.addon_invoice_number, "INV-0002")

        // The account's list, newest first, and its CSV.
        const list = yield* b.get("/get/invoices")
        assert.deepStrictEqual(
          list.body.invoices.map((i: { number: string }) => i.number),
          ["INV-0002", "INV-0001"]
        )
        const csv = yield* b.get("/get/invoices.csv")
        assert.strictEqual(csv.status, 200)
        assert.include(csv.text, "INV-0001,Deposit,")
        assert.include(csv.text, "178.50")
      })
    )

    it.effect("marks an invoice removed, giving its amount back to the next invoice; paid and unpaid by hand", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Remover", { deposit: "0" })
        const b = q.browser
        let view = yield* picture(b, q.id)
        view = (yield* act(b, { action: "do-create", type: 0, id: q.id, percent: 40 }, view._modifiedIn)).body
        view = yield* synced(b, q.id)
        const first = upFront(view).invoices[0]!
        assert.strictEqual(upFront(view).next_invoice?.percent, 60)
        const removed = yield* b.post(
          `/act-on/quote-invoice/set-removed/${q.id}/${first.invoice.quote_invoice_id}/up-front`,
          { _modifiedIn: view._modifiedIn }
        )
        assert.strictEqual(removed.status, 200, removed.text)
        view = removed.body
        assert.strictEqual(upFront(view).invoices[0]!.invoice.invoice_status, Invoice.InvoiceStatus.Removed)
        assert.strictEqual(upFront(view).next_invoice?.percent, 100)
        assert.strictEqual(upFront(view).remaining, "550")
        // Dropping a staged invoice twice is a double submit too.
        const staged = yield* act(b, { action: "do-stage", type: 0, id: q.id, percent: 10 }, view._modifiedIn)
        const stagedId = upFront(staged.body).invoices.at(-1)!.invoice.quote_invoice_id as number
        for (let i = 0; i < 2; i++) {
          const drop = yield* act(
            b,
            { action: "do-not-create", type: 0, id: q.id, percent: 10, invoice: stagedId },
            staged.body._modifiedIn
          )
          assert.strictEqual(drop.status, 200, drop.text)
          assert.strictEqual(upFront(drop.body).invoices.length, 1)
        }
        // Removing again is a double submit: nothing changes, even on the old sequence.
        const twice = yield* b.post(
          `/act-on/quote-invoice/set-removed/${q.id}/${first.invoice.quote_invoice_id}/up-front`,
          { _modifiedIn: 0 }
        )
        assert.strictEqual(twice.status, 200, twice.text)

        const id = first.invoice.quote_invoice_id as number
        const paid = yield* b.post(`/post/invoice-paid/${id}`, { paid_at: Math.floor(Date.now() / 1000) - 60 })
        assert.strictEqual(paid.status, 200, paid.text)
        assert.isAbove(paid.body.paid_at, 0)
        const unpaidList = yield* b.get("/get/invoices?paid=paid")
        assert.strictEqual(unpaidList.body.total_rows, 1)
        const unpaid = yield* b.post(`/post/invoice-paid/${id}`, { paid_at: 0 })
        assert.strictEqual(unpaid.body.paid_at, 0)
        const future = yield* b.post(`/post/invoice-paid/${id}`, {
          paid_at: Math.floor(Date.now() / 1000) + 30 * 86_400
        })
        assert.strictEqual(future.status, 400)
      })
    )

    it.effect("refuses bad input with 4xx and the spec's messages, and writes nothing", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Refused", { builtin: false })
        const b = q.browser
        const view = yield* picture(b, q.id)
        assert.deepStrictEqual(view.creation_blocked, {
          reason: "no-addon",
          message: Message.catalogue.connectAccounting
        })
        const seq = view._modifiedIn
        // Without a destination: staging is allowed, creating is not.
        const noAddon = yield* act(b, { action: "do-create", type: 0, id: q.id, percent: 100 }, seq)
        assert.deepStrictEqual(refusal(noAddon), [409, Message.catalogue.connectAccounting])
        for (const bad of ["/act-on/quote-invoice/action/do-stage/0/ID/up-front/0/101/0", "/x/0/ID/up-front/0/5.5/0"]) {
          const a = yield* b.post(
            bad.replace("ID", String(q.id)).replace("/x/", "/act-on/quote-invoice/action/do-stage/"),
            {
              _modifiedIn: seq
            }
          )
          assert.strictEqual(a.status, 400, a.text)
        }
        const badType = yield* act(b, { action: "do-stage", type: 7, id: q.id, percent: 50 }, seq)
        assert.strictEqual(badType.status, 400)
        const badGroup = yield* act(b, { action: "do-stage", type: 0, id: q.id, group: "monthly", percent: 50 }, seq)
        assert.strictEqual(badGroup.status, 400)
        const subscriptionUpFront = yield* act(b, { action: "do-stage", type: 20, id: q.id, percent: 100 }, seq)
        assert.deepStrictEqual(refusal(subscriptionUpFront), [409, Message.catalogue.invoiceWrongType])
        const ahead = yield* act(b, { action: "do-stage", type: 0, id: q.id, adj: 3, percent: 50 }, seq)
        assert.deepStrictEqual(refusal(ahead), [409, Message.catalogue.invoiceAdjustmentAhead])
        const zero = yield* act(b, { action: "do-stage", type: 0, id: q.id, percent: 0 }, seq)
        assert.deepStrictEqual(refusal(zero), [409, Message.catalogue.invoiceZeroPercent])
        const noBody = yield* b.post(`/act-on/quote-invoice/action/do-stage/0/${q.id}/up-front/0/50/0`, {})
        assert.strictEqual(noBody.status, 400)

        // Another account's quote and invoice are not found.
        const other = yield* acceptedQuote("Other")
        const theirs = yield* act(other.browser, { action: "do-stage", type: 0, id: other.id, percent: 50 }, 0)
        const stale = theirs.status === 409 ? yield* picture(other.browser, other.id) : theirs.body
        const staged =
          theirs.status === 200
            ? theirs.body
            : (yield* act(other.browser, { action: "do-stage", type: 0, id: other.id, percent: 50 }, stale._modifiedIn))
                .body
        const theirInvoice = upFront(staged).invoices[0]!.invoice.quote_invoice_id
        const cross = yield* act(b, { action: "do-stage", type: 0, id: other.id, percent: 50 }, seq)
        assert.strictEqual(cross.status, 404)
        const crossInvoice = yield* b.post(`/act-on/quote-invoice/create-invoice/${q.id}/${theirInvoice}`, {
          _modifiedIn: seq
        })
        assert.deepStrictEqual(refusal(crossInvoice), [409, Message.catalogue.invoiceNotFound])

        // A stale sequence is a conflict; nothing was written by any of the refusals.
        const ok = yield* act(b, { action: "do-stage", type: 0, id: q.id, percent: 50 }, seq)
        assert.strictEqual(ok.status, 200, ok.text)
        const conflict = yield* act(b, { action: "do-stage", type: 0, id: q.id, percent: 20, invoice: -5 }, seq)
        assert.strictEqual(conflict.status, 409)
        assert.isDefined(conflict.body._changeWarning)
        assert.strictEqual(upFront(yield* picture(b, q.id)).invoices.length, 1)

        // Over what is left: 50% staged, 60% more refused.
        const fresh = yield* picture(b, q.id)
        const over = yield* act(
          b,
          { action: "do-stage", type: 0, id: q.id, percent: 60, invoice: -2 },
          fresh._modifiedIn
        )
        assert.deepStrictEqual(refusal(over), [409, Message.catalogue.invoiceOverRemaining(50)])

        // A quote that is not accepted cannot be invoiced.
        const draft = yield* saveNew(b, q.signinId, { items: rows([{ title: "X", unit: "10" }]) })
        const notAccepted = yield* act(b, { action: "do-stage", type: 0, id: draft.quote_id, percent: 100 }, 0)
        assert.deepStrictEqual(refusal(notAccepted), [409, Message.catalogue.invoiceNotAccepted])
      })
    )

    it.effect("Complete & Invoice: offered with ready invoices and a destination, and creates them", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Completer", { deposit: "0", builtin: false })
        const b = q.browser
        const view = yield* picture(b, q.id)
        const staged = yield* act(b, { action: "do-stage", type: 0, id: q.id, percent: 100 }, view._modifiedIn)
        assert.strictEqual(staged.status, 200, staged.text)
        const label = (a: Answer) => a.body.offers.find((o: { action: string }) => o.action === "complete")?.label
        // Without a destination the button is plain 'Complete'.
        assert.strictEqual(label(yield* b.get(`/get/quote-overview/${q.id}`)), Message.catalogue.complete)
        yield* enableBuiltin(b)
        assert.strictEqual(label(yield* b.get(`/get/quote-overview/${q.id}`)), Message.catalogue.completeAndInvoice)
        const completed = yield* b.post(`/post/quote-archive/to-state/${q.id}/complete`)
        assert.strictEqual(completed.status, 200, completed.text)
        const after = yield* synced(b, q.id)
        const only = upFront(after).invoices[0]!
        assert.deepStrictEqual(
          [only.invoice.invoice_status, only.invoice.addon_invoice_number],
          [Invoice.InvoiceStatus.Sent, "INV-0001"]
        )
      })
    )

    it.effect(
      "the demo's accepted quote: its created deposit is issued by the worker, with a page and the rest to invoice",
      () =>
        Effect.gen(function* () {
          const server = yield* TestServer
          const secret = yield* LinkToken.LinkSecret
          const seeded = yield* Seed.run.pipe(
            Effect.provideService(Seed.LinkTokens, (link) => LinkToken.derive(secret, link)),
            Effect.orDie
          )
          if (seeded._tag !== "Some") return assert.fail("the demo was seeded before")
          const demo = new Browser(server.url)
          const signedIn = yield* demo.post("/sign-in", { email: Seed.demoEmail, password: Seed.demoPassword })
          assert.strictEqual(signedIn.status, 200, signedIn.text)
          const view = yield* synced(demo, seeded.value.quoteIds.accepted)
          const deposit = upFront(view).invoices[0]!
          assert.deepStrictEqual(
            [deposit.invoice.invoice_type_in, deposit.invoice.addon_invoice_number, deposit.invoice.invoice_amount],
            [Invoice.InvoiceType.Deposit, "INV-1001", deposit.applied]
          )
          assert.strictEqual(upFront(view).next_invoice?.percent, 70)
          const page = yield* Effect.promise(() =>
            fetch((deposit.document as { url: string }).url.replace(/^https?:\/\/[^/]+/, server.url))
          )
          assert.strictEqual(page.status, 200)
        })
    )

    it.effect(
      "after an adjustment adding an item and crediting another, invoices the difference and credits the rest",
      () =>
        Effect.gen(function* () {
          const q = yield* acceptedQuote("Adjusted", { deposit: "0" })
          const b = q.browser
          let view = yield* picture(b, q.id)
          view = (yield* act(b, { action: "do-create", type: 0, id: q.id, percent: 100 }, view._modifiedIn)).body
          view = yield* synced(b, q.id)
          assert.strictEqual(upFront(view).remaining, "0")

          // Adjustment A: credit 'Labour' (250), add 'Extra' (80).
          const started = yield* b.post(`/act-on/quote-invoice/make-adjustment/${q.id}`)
          assert.strictEqual(started.body.letter, "A")
          const editorData = (yield* b.get(started.body.editor_url.replace("/quotes/", "/get/quote-edit/edit/"))).body
          const items = editorData.items as Array<Record<string, unknown>>
          const prices = items.filter((i) => i.item_type === 1)
          const others = items.filter((i) => i.item_type !== 1)
          const adjusted = [
            ...prices.map((i) => (i.item_title === "Labour" ? { ...i, credited_adj_at: 1 } : i)),
            row(-9, 1, prices.length, { item_title: "Extra", price_unit: "80" }),
            ...others.map((i, n) => ({ ...i, order_index: prices.length + 1 + n }))
          ].map((i, n) => ({ ...i, order_index: n }))
          const saved = yield* b.post(
            `/post/quote-update/edit/${q.id}/is-adjustment`,
            saveBody(q.signinId, {
              quote: { title: "Deck", deposit_percent: "0" },
              items: adjusted as never,
              contacts: editorData.contacts,
              modifiedIn: editorData._modifiedIn
            })
          )
          assert.strictEqual(saved.status, 200, saved.text)

          view = yield* picture(b, q.id)
          const group = upFront(view) as ReturnType<typeof upFront> & {
            next_credit: { applied: string } | null
          }
          assert.deepStrictEqual([group.next_invoice?.applied, group.next_credit?.applied], ["80", "250"])
          view = (yield* act(b, { action: "do-create", type: 0, id: q.id, adj: 1, percent: 100 }, view._modifiedIn))
            .body
          view = (yield* act(b, { action: "do-create", type: 10, id: q.id, adj: 1, percent: 100 }, view._modifiedIn))
            .body
          view = yield* synced(b, q.id)
          const issued = upFront(view).invoices.map((r) => [r.invoice.invoice_type_in, r.applied, r.document !== null])
          assert.deepStrictEqual(issued, [
            [0, "550", true],
            [0, "80", true],
            [10, "250", true]
          ])
          // The credit note lists what it gives back; nothing is left to invoice or credit.
          assert.deepStrictEqual([upFront(view).remaining, upFront(view).next_invoice], ["0", null])
          // Adjustment A is settled: the next one is B.
          assert.strictEqual((yield* b.post(`/act-on/quote-invoice/make-adjustment/${q.id}`)).body.letter, "B")
        })
    )

    it.effect("invoices a subscription term as its own group, with a subscription invoice", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Subscriber")
        const b = owner.browser
        const person = yield* contact(owner.accountId, "Sam", `Monthly${owner.accountId}`)
        const saved = yield* saveNew(b, owner.signinId, {
          quote: { title: "Website" },
          items: rows([
            { title: "Build", unit: "2000" },
            { title: "Hosting", unit: "40", term_every: 1, term_type: 2, term_duration: 12 }
          ]),
          contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
        })
        yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
        yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
        yield* enableBuiltin(b)
        let view = yield* picture(b, saved.quote_id)
        const monthly = "2-00001-00012"
        const group = view.groups.find((g: { key: string }) => g.key === monthly)
        assert.deepStrictEqual(
          [group.label, group.total, group.next_invoice.type],
          ["every month for 12 payments", "40", Invoice.InvoiceType.Subscription]
        )
        // A plain invoice does not belong in a subscription group.
        const wrong = yield* act(
          b,
          { action: "do-stage", type: 0, id: saved.quote_id, group: monthly, percent: 100 },
          view._modifiedIn
        )
        assert.deepStrictEqual(refusal(wrong), [409, Message.catalogue.invoiceWrongType])
        const created = yield* act(
          b,
          { action: "do-create", type: 20, id: saved.quote_id, group: monthly, percent: 100 },
          view._modifiedIn
        )
        assert.strictEqual(created.status, 200, created.text)
        view = yield* synced(b, saved.quote_id)
        const sub = view.groups.find((g: { key: string }) => g.key === monthly)
        const row = sub.invoices[0]
        assert.deepStrictEqual(
          [row.invoice.invoice_type_in, row.invoice.term_every, row.invoice.addon_invoice_number, row.document.total],
          [20, 1, "INV-0001", "40"]
        )
        // The up-front group is untouched.
        assert.strictEqual(upFront(view).remaining, "2000")
      })
    )

    it.effect("refuses the 21st adjustment with the spec's message", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Adjuster")
        const b = q.browser
        const sql = yield* SqlClient.SqlClient
        const first = yield* b.post(`/act-on/quote-invoice/make-adjustment/${q.id}`)
        assert.strictEqual(first.status, 200, first.text)
        assert.deepStrictEqual([first.body.adj_index, first.body.letter], [1, "A"])
        assert.strictEqual(first.body.editor_url, `/quotes/${q.id}/is-adjustment`)
        // At adjustment 20 with an invoice created covering it, no further adjustment may start.
        yield* sql`UPDATE quotes SET next_adj_index = 20 WHERE account_id = ${q.accountId} AND quote_id = ${q.id}`
        yield* sql`
          INSERT INTO quote_invoices (account_id, quote_id, invoice_adj_at, invoice_status, invoice_type_in,
            invoice_type_out, invoice_sent_date)
          VALUES (${q.accountId}, ${q.id}, 20, 11, 0, 0, now())`
        const limit = yield* b.post(`/act-on/quote-invoice/make-adjustment/${q.id}`)
        assert.deepStrictEqual(refusal(limit), [409, Message.catalogue.adjustmentLimitReached])
        const view = yield* picture(b, q.id)
        assert.strictEqual(view.adjustment.disabled, Message.catalogue.adjustmentLimitReached)
        assert.strictEqual(view.adjustment.warning, Message.catalogue.adjustmentLimitReached)
      })
    )

    it.effect("after random stages, creates, removals and splits, stored invoices equal the core's split", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Random")
        const b = q.browser
        const step = fc.oneof(
          fc.record({
            kind: fc.constant("stage" as const),
            type: fc.constantFrom(0, 5),
            percent: fc.integer({ min: 1, max: 100 })
          }),
          fc.record({ kind: fc.constant("create" as const), pick: fc.nat() }),
          fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
          fc.record({ kind: fc.constant("split" as const), pick: fc.nat(), percent: fc.integer({ min: 1, max: 100 }) }),
          fc.record({ kind: fc.constant("drop" as const), pick: fc.nat() })
        )
        const sample = fc.sample(fc.array(step, { minLength: 4, maxLength: 8 }), { numRuns: 3, seed: 42 }).flat()
        for (const s of sample) {
          const view = yield* synced(b, q.id)
          const invoices = upFront(view).invoices
          const pick = (n: number) => invoices[n % Math.max(1, invoices.length)]?.invoice
          const answer =
            s.kind === "stage"
              ? yield* act(b, { action: "do-stage", type: s.type, id: q.id, percent: s.percent }, view._modifiedIn)
              : s.kind === "create" && pick(s.pick)
                ? yield* b.post(`/act-on/quote-invoice/create-invoice/${q.id}/${pick(s.pick)!.quote_invoice_id}`, {
                    _modifiedIn: view._modifiedIn
                  })
                : s.kind === "remove" && pick(s.pick)
                  ? yield* b.post(
                      `/act-on/quote-invoice/set-removed/${q.id}/${pick(s.pick)!.quote_invoice_id}/up-front`,
                      {
                        _modifiedIn: view._modifiedIn
                      }
                    )
                  : s.kind === "split" && pick(s.pick)
                    ? yield* act(
                        b,
                        {
                          action: "do-stage",
                          type: pick(s.pick)!.invoice_type_in as number,
                          id: q.id,
                          percent: s.percent,
                          invoice: pick(s.pick)!.quote_invoice_id as number
                        },
                        view._modifiedIn
                      )
                    : s.kind === "drop" && pick(s.pick)
                      ? yield* act(
                          b,
                          {
                            action: "do-not-create",
                            type: pick(s.pick)!.invoice_type_in as number,
                            id: q.id,
                            percent: 100,
                            invoice: pick(s.pick)!.quote_invoice_id as number
                          },
                          view._modifiedIn
                        )
                      : undefined
          if (answer !== undefined) assert.oneOf(answer.status, [200, 409], answer.text)
          yield* checkAgainstCore(b, q.id)
        }
      })
    )
  },
  { layer: layer() }
)

/**
 * The stored invoices equal the core's split of the stored quote (the picture's `applied` is the core's figure
 * for each stored invoice), and no group is ever invoiced below 0 or above its total.
 */
const checkAgainstCore = (b: Browser, quoteId: number) =>
  Effect.gen(function* () {
    const view = yield* picture(b, quoteId)
    for (const g of view.groups as ReadonlyArray<ReturnType<typeof upFront>>) {
      for (const r of g.invoices) {
        assert.strictEqual(
          Money.toFixed(Money.make(r.invoice.invoice_amount as string), 2),
          Money.toFixed(Money.make(r.applied), 2)
        )
        assert.isTrue(Money.compare(Money.make(r.applied), Money.zero) >= 0, "no invoice below 0")
      }
      assert.isTrue(Money.compare(Money.make(g.invoiced), Money.zero) >= 0, "invoiced below 0")
      assert.isTrue(Money.compare(Money.make(g.invoiced), Money.make(g.total)) <= 0, "invoiced above the total")
    }
  })
