import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import * as QuickBooks from "../src/QuickBooks.ts"
import { clientId, clientSecret, connect, failure, invoice, newRealm, party, setup } from "./support.ts"

const { fake, qb } = setup()

/** A connected company with the customer from `party` in it. */
const withCustomer = async (init: Parameters<typeof newRealm>[1] = {}) => {
  const realmId = newRealm(fake, init)
  const { tokens } = await connect(fake, qb, realmId)
  const customer = await Effect.runPromise(qb.createContact(tokens, realmId, party))
  fake.seen.length = 0
  return { realmId, tokens, customer }
}

const posts = (path: string) => fake.seen.filter((s) => s.method === "POST" && s.url.pathname.endsWith(path))
const queries = () =>
  fake.seen.filter((s) => s.url.pathname.endsWith("/query")).map((s) => s.url.searchParams.get("query"))

describe("QuickBooks.taxRates", () => {
  it("lists the sales tax codes with their effective rates, leaving out purchase-only codes", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    fake.seen.length = 0
    const rates = await Effect.runPromise(qb.taxRates(tokens, realmId))
    expect(rates).toEqual([
      { code: "4", name: "GST", rate: "5" },
      { code: "5", name: "GST/QST QC - 9.975", rate: "14.975" },
      { code: "6", name: "HST ON", rate: "13" },
      { code: "7", name: "Zero-rated", rate: "0" }
    ])
    expect(queries()).toEqual(["select * from TaxCode MAXRESULTS 1000", "select * from TaxRate MAXRESULTS 1000"])
  })

  it("compounds a rate charged on the amount plus the earlier tax, and shows US codes", async () => {
    const realmId = newRealm(fake, {
      taxRates: [
        { Id: "1", Name: "GST", RateValue: "5" },
        { Id: "2", Name: "PST on GST", RateValue: "9.975" }
      ],
      taxCodes: [
        { Id: "3", Name: "Compound", sales: [{ rate: "1" }, { rate: "2", compound: true }] },
        { Id: "TAX", Name: "TAX", sales: [] },
        { Id: "NON", Name: "NON", sales: [] },
        { Id: "9", Name: "Old", sales: [{ rate: "1" }], Active: false }
      ]
    })
    const { tokens } = await connect(fake, qb, realmId)
    expect(await Effect.runPromise(qb.taxRates(tokens, realmId))).toEqual([
      // 5 + 9.975 x 1.05
      { code: "3", name: "Compound", rate: "15.47375" },
      { code: "NON", name: "NON", rate: "0" },
      { code: "TAX", name: "TAX", rate: "0" }
    ])
  })
})

describe("QuickBooks customers", () => {
  it("creates a customer from the party and finds it by email, then by exact name", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    expect(Option.isNone(await Effect.runPromise(qb.findContact(tokens, realmId, party)))).toBe(true)
    fake.seen.length = 0
    const created = await Effect.runPromise(qb.createContact(tokens, realmId, party))
    expect(JSON.parse(posts("/customer")[0]?.body ?? "")).toEqual({
      DisplayName: "Ann O'Brien",
      GivenName: "Ann",
      FamilyName: "O'Brien",
      CompanyName: "O'Brien Gardens",
      PrimaryEmailAddr: { Address: "ann@obrien.example" }
    })
    expect(created).toEqual({
      id: created.id,
      name: "Ann O'Brien",
      email: "ann@obrien.example",
      url: `https://app.sandbox.qbo.intuit.com/app/customerdetail?nameId=${created.id}`
    })
    fake.seen.length = 0
    const byEmail = await Effect.runPromise(qb.findContact(tokens, realmId, { ...party, name: "Someone else" }))
    expect(Option.getOrThrow(byEmail).id).toBe(created.id)
    expect(queries()).toEqual([
      "select * from Customer where PrimaryEmailAddr = 'ann@obrien.example' ORDERBY DisplayName MAXRESULTS 1"
    ])
    fake.seen.length = 0
    const byName = await Effect.runPromise(qb.findContact(tokens, realmId, { ...party, email: "other@example.com" }))
    expect(Option.getOrThrow(byName).id).toBe(created.id)
    expect(queries()[1]).toBe(
      "select * from Customer where DisplayName = 'Ann O\\'Brien' ORDERBY DisplayName MAXRESULTS 1"
    )
  })

  it("searches by part of the name and by email, quotes escaped", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    await Effect.runPromise(
      qb.createContact(tokens, realmId, { ...party, name: "Bob's Burgers", email: "bob@example.com" })
    )
    const found = await Effect.runPromise(qb.searchContacts(tokens, realmId, "o'bri"))
    expect(found.map((c) => c.id)).toEqual([customer.id])
    expect(queries()[0]).toBe(
      "select * from Customer where DisplayName LIKE '%o\\'bri%' ORDERBY DisplayName MAXRESULTS 25"
    )
    const byEmail = await Effect.runPromise(qb.searchContacts(tokens, realmId, "bob@example.com"))
    expect(byEmail.map((c) => c.name)).toEqual(["Bob's Burgers"])
    const all = await Effect.runPromise(qb.searchContacts(tokens, realmId, " "))
    expect(all.map((c) => c.name)).toEqual(["Ann O'Brien", "Bob's Burgers"])
  })

  it("a name held by a vendor gets the email added (error 6240); a name with a colon is cleaned", async () => {
    const realmId = newRealm(fake, { otherNames: ["Ann O'Brien"] })
    const { tokens } = await connect(fake, qb, realmId)
    const created = await Effect.runPromise(qb.createContact(tokens, realmId, party))
    expect(created.name).toBe("Ann O'Brien (ann@obrien.example)")
    const colon = await Effect.runPromise(
      qb.createContact(tokens, realmId, { ...party, name: "Acme: North", email: "" })
    )
    expect(colon.name).toBe("Acme North")
    const again = await failure(qb.createContact(tokens, realmId, { ...party, name: "Acme North", email: "" }))
    expect(again).toMatchObject({ kind: "rejected" })
    expect(again.message).toBe(
      "Duplicate Name Exists Error: The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name. (code 6240)"
    )
  })
})

describe("QuickBooks.createDocument", () => {
  it("posts an invoice with SalesItemLineDetail lines, tax codes, currency and a requestid, as number literals", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const created = await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-1-10")))
    const post = posts("/invoice")
    expect(post).toHaveLength(1)
    const request = post[0]
    expect(request?.url.searchParams.get("requestid")).toMatch(/^[0-9a-f-]{36}$/)
    expect(request?.url.searchParams.get("minorversion")).toBe("75")
    expect(request?.headers.get("content-type")).toBe("application/json")
    expect(request?.body).toContain('"Amount":300.00')
    expect(request?.body).toContain('"UnitPrice":99.99')
    expect(JSON.parse(request?.body ?? "")).toEqual({
      CustomerRef: { value: customer.id },
      TxnDate: "2026-11-25",
      DueDate: "2026-12-09",
      CurrencyRef: { value: "CAD" },
      GlobalTaxCalculation: "TaxExcluded",
      PrivateNote: "quotekit: qk-1-10",
      Line: [
        {
          DetailType: "SalesItemLineDetail",
          Amount: 300,
          Description: "Garden design",
          SalesItemLineDetail: { Qty: 2, UnitPrice: 150, TaxCodeRef: { value: "4" } }
        },
        {
          DetailType: "SalesItemLineDetail",
          Amount: 99.99,
          Description: "Soil test",
          SalesItemLineDetail: { ItemRef: { value: "2" }, Qty: 1, UnitPrice: 99.99, TaxCodeRef: { value: "4" } }
        }
      ]
    })
    const stored = fake.company(realmId).invoices
    expect(stored).toHaveLength(1)
    expect(stored[0]?.TotalAmt).toBe("419.99")
    expect(stored[0]?.TxnTaxDetail).toEqual({ TotalTax: "20.00" })
    expect(created).toEqual({
      id: stored[0]?.Id,
      number: "1001",
      url: `https://app.sandbox.qbo.intuit.com/app/invoice?txnId=${String(stored[0]?.Id)}`
    })
  })

  it("sends tax-inclusive amounts as TaxInclusive with TaxInclusiveAmt, and a percentage line without Qty", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const document = invoice(customer.id, "qk-1-11", {
      amounts_include_tax: true,
      lines: [
        {
          description: "30% deposit: Garden design",
          item_code: "",
          quantity: "2",
          unit_amount: "157.50",
          amount: "94.50",
          tax_code: "4",
          account_code: null
        }
      ],
      total: "94.50"
    })
    await Effect.runPromise(qb.createDocument(tokens, realmId, document))
    const body = JSON.parse(posts("/invoice")[0]?.body ?? "")
    expect(body.GlobalTaxCalculation).toBe("TaxInclusive")
    expect(body.Line[0].SalesItemLineDetail).toEqual({ TaxCodeRef: { value: "4" }, TaxInclusiveAmt: 94.5 })
    const stored = fake.company(realmId).invoices[0]
    expect(stored?.TotalAmt).toBe("94.50")
    expect(stored?.TxnTaxDetail).toEqual({ TotalTax: "4.50" })
    // The same as tax-exclusive: 30% of 2 x 150 is not Qty x UnitPrice, so only the amount goes.
    const exclusive = invoice(customer.id, "qk-1-12", {
      lines: [{ ...document.lines[0]!, unit_amount: "150.00", amount: "90.00" }]
    })
    await Effect.runPromise(qb.createDocument(tokens, realmId, exclusive))
    expect(JSON.parse(posts("/invoice")[1]?.body ?? "").Line[0].SalesItemLineDetail).toEqual({
      TaxCodeRef: { value: "4" }
    })
  })

  it("a 30% deposit and the remainder land with their lines and taxes, and add up to the whole", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    // The quote: 2 x 150.00 under GST and 1 x 99.99 under GST/QST (14.975%).
    const line = (description: string, quantity: string, unit: string, amount: string, tax: string) => ({
      description,
      item_code: "",
      quantity,
      unit_amount: unit,
      amount,
      tax_code: tax,
      account_code: null
    })
    const deposit = invoice(customer.id, "qk-8-1", {
      lines: [
        line("30% of Garden design", "2", "150.00", "90.00", "4"),
        line("30% of Soil test", "1", "99.99", "30.00", "5")
      ],
      total: "128.99"
    })
    const remainder = invoice(customer.id, "qk-8-2", {
      lines: [
        line("70% of Garden design", "2", "150.00", "210.00", "4"),
        line("70% of Soil test", "1", "99.99", "69.99", "5")
      ],
      total: "300.97"
    })
    const first = await Effect.runPromise(qb.createDocument(tokens, realmId, deposit))
    const second = await Effect.runPromise(qb.createDocument(tokens, realmId, remainder))
    expect([first.number, second.number]).toEqual(["1001", "1002"])
    const [a, b] = fake.company(realmId).invoices
    // 90.00 x 5% + 30.00 x 14.975% = 4.50 + 4.4925; 210.00 x 5% + 69.99 x 14.975% = 10.50 + 10.4810025
    expect([a?.TxnTaxDetail, a?.TotalAmt]).toEqual([{ TotalTax: "8.99" }, "128.99"])
    expect([b?.TxnTaxDetail, b?.TotalAmt]).toEqual([{ TotalTax: "20.98" }, "300.97"])
    const lines = (txn: typeof a) =>
      ((txn?.Line ?? []) as ReadonlyArray<Record<string, unknown>>)
        .filter((l) => l.DetailType === "SalesItemLineDetail")
        .map((l) => [
          l.Description,
          l.Amount,
          (l.SalesItemLineDetail as { TaxCodeRef: { value: string } }).TaxCodeRef.value
        ])
    expect(lines(a)).toEqual([
      ["30% of Garden design", "90.00", "4"],
      ["30% of Soil test", "30.00", "5"]
    ])
    expect(lines(b)).toEqual([
      ["70% of Garden design", "210.00", "4"],
      ["70% of Soil test", "69.99", "5"]
    ])
  })

  it("posts a credit note as a credit memo, without a due date", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const created = await Effect.runPromise(
      qb.createDocument(tokens, realmId, invoice(customer.id, "qk-1-13", { kind: "credit" }))
    )
    const body = JSON.parse(posts("/creditmemo")[0]?.body ?? "")
    expect(body.DueDate).toBeUndefined()
    expect(body.PrivateNote).toBe("quotekit: qk-1-13")
    expect(fake.company(realmId).creditMemos).toHaveLength(1)
    expect(created.url).toBe(`https://app.sandbox.qbo.intuit.com/app/creditmemo?txnId=${created.id}`)
  })

  it("looks up before creating: the same reference gives the document already made", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const first = await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-2-20")))
    await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-2-21")))
    fake.seen.length = 0
    const again = await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-2-20")))
    expect(again).toEqual(first)
    expect(posts("/invoice")).toHaveLength(0)
    expect(fake.company(realmId).invoices).toHaveLength(2)
    expect(queries()[0]).toMatch(
      /^select \* from Invoice where MetaData\.CreateTime >= '\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00' and CustomerRef = '\d+' ORDERBY MetaData\.CreateTime DESC STARTPOSITION 1 MAXRESULTS 1000$/
    )
    expect(
      Option.getOrThrow(await Effect.runPromise(qb.findDocument(tokens, realmId, "invoice", "qk-2-21"))).number
    ).toBe("1002")
    expect(Option.isNone(await Effect.runPromise(qb.findDocument(tokens, realmId, "invoice", "qk-2-2")))).toBe(true)
    expect(Option.isNone(await Effect.runPromise(qb.findDocument(tokens, realmId, "credit", "qk-2-20")))).toBe(true)
  })

  it("the look-up pages through the window, newest first, and stops at its start", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    const day = 86_400_000
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString()
    // 1,001 invoices of the last days (the oldest carries the reference), and one older than the window.
    const invoices = fake.company(realmId).invoices
    for (let i = 0; i < 1001; i++)
      invoices.push({
        Id: String(5000 + i),
        DocNumber: String(9000 + i),
        PrivateNote: i === 0 ? "Called on Monday\nquotekit: qk-9-1" : `quotekit: qk-other-${i}`,
        TotalAmt: "1.00",
        MetaData: { CreateTime: at((1001 - i) * 60_000), LastUpdatedTime: at(0) }
      })
    invoices.push({
      Id: "4999",
      DocNumber: "8999",
      PrivateNote: "quotekit: qk-9-0",
      MetaData: { CreateTime: at(91 * day) }
    })
    fake.seen.length = 0
    const found = await Effect.runPromise(qb.findDocument(tokens, realmId, "invoice", "qk-9-1"))
    expect(Option.getOrThrow(found)).toMatchObject({ id: "5000", number: "9000" })
    expect(queries().map((q) => /STARTPOSITION (\d+)/.exec(q ?? "")?.[1])).toEqual(["1", "1001"])
    expect(Option.isNone(await Effect.runPromise(qb.findDocument(tokens, realmId, "invoice", "qk-9-0")))).toBe(true)
  })

  it("a company that types its own numbers: the invoice's id stands for its number", async () => {
    const { realmId, tokens, customer } = await withCustomer({ customTxnNumbers: true })
    const created = await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-3-1")))
    expect(created.number).toBe(created.id)
  })
})

describe("QuickBooks errors and retries", () => {
  it("a fault is rejected with Intuit's text", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const document = invoice(customer.id, "qk-4-1", {
      lines: [{ ...invoice(customer.id, "x").lines[0]!, tax_code: "8" }]
    })
    const refused = await failure(qb.createDocument(tokens, realmId, document))
    expect(refused).toMatchObject({
      _tag: "AddOnError",
      kind: "rejected",
      message: "Invalid Reference Id : TaxCode 8 cannot be used on sales. (code 2500)"
    })
    const currency = await failure(
      qb.createDocument(tokens, realmId, invoice(customer.id, "qk-4-2", { currency: "EUR" }))
    )
    expect(currency.message).toBe(
      "Business Validation Error: You can only use your home currency (CAD) when multicurrency is off. (code 6000)"
    )
    expect(fake.company(realmId).invoices).toHaveLength(0)
  })

  it("a queued 400 fault, a 401 and an invalid realm", async () => {
    const { realmId, tokens } = await withCustomer()
    fake.failNext({
      status: 400,
      path: "/query",
      body: {
        Fault: {
          Error: [{ Message: "Error parsing query", Detail: 'QueryParserError: Encountered " "xyz" ""', code: "4000" }],
          type: "ValidationFault"
        },
        time: "2026-11-25T04:00:00.000-08:00"
      }
    })
    expect(await failure(qb.taxRates(tokens, realmId))).toMatchObject({
      kind: "rejected",
      message: 'Error parsing query: QueryParserError: Encountered " "xyz" "" (code 4000)'
    })
    fake.failNext({ status: 401, path: "/query" })
    expect(await failure(qb.taxRates(tokens, realmId))).toMatchObject({
      kind: "auth",
      message: "Token revoked (code 3200)"
    })
    expect(await failure(qb.taxRates(tokens, "../../evil"))).toMatchObject({ kind: "rejected" })
    expect(await failure(qb.taxRates(tokens, "1234"))).toMatchObject({ kind: "auth" })
  })

  it("a 429 then success creates exactly one invoice", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    fake.failNext({ status: 429, path: "/invoice", method: "POST", retryAfter: 0 })
    const created = await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-5-1")))
    expect(posts("/invoice")).toHaveLength(2)
    expect(fake.company(realmId).invoices).toHaveLength(1)
    expect(created.id).toBe(fake.company(realmId).invoices[0]?.Id)
  })

  it("an answer lost after QuickBooks created the invoice: the retry's requestid gives the same invoice", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    fake.failNext({ status: 500, path: "/invoice", method: "POST", lose: true })
    const created = await Effect.runPromise(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-5-2")))
    const [first, second] = posts("/invoice")
    expect(second?.url.searchParams.get("requestid")).toBe(first?.url.searchParams.get("requestid"))
    expect(fake.company(realmId).invoices).toHaveLength(1)
    expect(created.id).toBe(fake.company(realmId).invoices[0]?.Id)
  })

  it("after the retries: rate-limited with Retry-After, unavailable on 5xx; nothing created", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const fourTimes = <A>(a: A) => [a, a, a, a]
    fake.failNext(...fourTimes({ status: 429, path: "/invoice", method: "POST", retryAfter: 0 }))
    const limited = await failure(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-6-1")))
    expect(limited).toMatchObject({
      kind: "rate-limited",
      message: "ThrottleExceeded: The request exceeded the maximum number of requests allowed. (code 003001)",
      retryAfterMs: 0
    })
    expect(posts("/invoice")).toHaveLength(4)
    fake.failNext(...fourTimes({ status: 503, path: "/query" }))
    const down = await failure(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-6-2")))
    expect(down.kind).toBe("unavailable")
    expect(down.message).toContain("System Failure Error")
    expect(fake.company(realmId).invoices).toHaveLength(0)
  })

  it("a Retry-After longer than the policy's longest wait ends the tries at once", async () => {
    const { realmId, tokens } = await withCustomer()
    fake.failNext({ status: 429, path: "/query", retryAfter: 120 })
    expect(await failure(qb.taxRates(tokens, realmId))).toMatchObject({ kind: "rate-limited", retryAfterMs: 120_000 })
    expect(fake.seen.filter((s) => s.url.pathname.endsWith("/query"))).toHaveLength(1)
  })

  it("a try that takes longer than the timeout is abandoned and tried again", async () => {
    const { realmId, tokens } = await withCustomer()
    const quick = QuickBooks.make({
      clientId,
      clientSecret,
      environment: "sandbox",
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 10, timeoutMs: 300 }
    })
    fake.slowNext("/query", 2_000)
    expect((await Effect.runPromise(quick.taxRates(tokens, realmId))).length).toBe(4)
    fake.slowNext("/query", 2_000)
    fake.slowNext("/query", 2_000)
    expect(await failure(quick.taxRates(tokens, realmId))).toMatchObject({
      kind: "unavailable",
      message: "QuickBooks did not answer within 0.3 s."
    })
  })

  it("invalid amounts are refused before anything is sent", async () => {
    const { realmId, tokens, customer } = await withCustomer()
    const bad = invoice(customer.id, "qk-7-1", {
      lines: [{ ...invoice(customer.id, "x").lines[0]!, amount: "1,200.00" }]
    })
    expect(await failure(qb.createDocument(tokens, realmId, bad))).toMatchObject({
      kind: "rejected",
      message: "The line 'Garden design' has an invalid amount: 1,200.00"
    })
    expect(
      await failure(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-7-2", { date: "25/11/2026" })))
    ).toMatchObject({
      kind: "rejected",
      message: "Not a date: 25/11/2026"
    })
    expect(
      await failure(qb.createDocument(tokens, realmId, invoice(customer.id, "qk-7-3", { lines: [] })))
    ).toMatchObject({
      kind: "rejected",
      message: "The invoice has no lines."
    })
    expect(fake.seen).toHaveLength(0)
  })

  it("production uses Intuit's production hosts", () => {
    const production = QuickBooks.make({ clientId: "a", clientSecret: "b", environment: "production" })
    expect(production.authorizeUrl({ state: "s", codeChallenge: "c", redirectUri: "https://x.example/cb" }).host).toBe(
      "appcenter.intuit.com"
    )
  })
})
