/**
 * The editor's contact search with CRM add-ons connected: the CRM look-up runs with the same text as the local one
 * after the same pause, the account's own contacts show without waiting for it, CRM results follow them marked with
 * their add-on (those already shown or chosen as a local contact dropped), picking one links it and adds the
 * contact it gives (busy meanwhile; an expired result says so), and a CRM that did not answer is named in a muted
 * line under the local results.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import type * as CrmLookupApi from "@quotekit/core/api/CrmLookupApi"
import * as Contact from "@quotekit/core/Contact"
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { addOnsKey } from "../../src/addons/useAddOns.ts"
import { type ApiClient, ApiProvider, RequestFailure } from "../../src/api/client.ts"
import { QuoteContacts } from "../../src/quotes/QuoteContacts.tsx"
import type { Action, DraftContact } from "../../src/quotes/useQuoteDraft.ts"
import { addOns } from "../addons/addOnList.ts"

const m = Message.catalogue
afterEach(cleanup)

const row = (id: number, first: string, last: string, email = ""): ContactsApi.ContactRow => ({
  contact_id: Contact.ContactId.make(id),
  type: "person",
  name_first: first,
  name_last: last,
  company_id: null,
  email,
  modified: 1_800_000_000,
  archive_id: Contact.ArchiveIds.active,
  _name_company: "",
  display_name: `${first} ${last}`
})

const local = (r: ContactsApi.ContactRow): ContactsApi.LookupAnswer["results"][number] => ({
  id: r.contact_id,
  contact: r,
  addonId: 0
})

const crm = (
  id: number,
  name: string,
  over: Partial<CrmLookupApi.AddOnLookupResult> = {}
): CrmLookupApi.AddOnLookupResult => ({
  id,
  addonId: 3,
  addon_name: "Capsule",
  type: "person",
  name_first: name.split(" ")[0] ?? "",
  name_last: name.split(" ")[1] ?? "",
  company: "",
  email: "",
  phone: "",
  url: `https://harbour.capsulecrm.com/party/${id}`,
  contact_id: null,
  display_name: name,
  ...over
})

/** A promise and the hand that settles it. */
const later = <A,>() => {
  let resolve: (a: A) => void = () => undefined
  let reject: (e: unknown) => void = () => undefined
  const promise = new Promise<A>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

interface Fake {
  readonly local?: ReadonlyArray<ContactsApi.ContactRow>
  readonly crm: () => Promise<CrmLookupApi.AddOnLookupAnswer>
  readonly link?: (id: number) => Promise<ContactsApi.ContactRow>
  /** Whether a CRM is connected (the add-ons list says so); yes unless told. */
  readonly crmConnected?: boolean
}

const renderContacts = (fake: Fake, chosen: ReadonlyArray<DraftContact> = []) => {
  const asked: Array<{ readonly endpoint: string; readonly input: unknown }> = []
  const api = {
    lookupContact: (search: string) => {
      asked.push({ endpoint: "lookupContact", input: search })
      return Promise.resolve({ results: (fake.local ?? []).map(local), create_only: false })
    },
    lookupAddOns: (search: string, companies?: boolean) => {
      asked.push({ endpoint: "lookupAddOns", input: companies === undefined ? search : [search, companies] })
      return fake.crm()
    },
    linkLookup: (id: number) => {
      asked.push({ endpoint: "linkLookup", input: id })
      return fake.link?.(id) ?? Promise.reject(new Error("no link"))
    }
  } as unknown as ApiClient
  const actions: Array<Action> = []
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(addOnsKey, addOns(fake.crmConnected ?? true))
  render(
    <ApiProvider value={api}>
      <QueryClientProvider client={queryClient}>
        <QuoteContacts contacts={chosen} dispatch={(a) => actions.push(a)} />
      </QueryClientProvider>
    </ApiProvider>
  )
  const box = screen.getByRole("textbox", { name: m.contactSearchPlaceholder })
  return { asked, actions, box }
}

const results = () => screen.getByRole("list", { name: m.contacts })
const names = () =>
  within(results())
    .queryAllByRole("button")
    .map((b) => b.textContent ?? "")

const chip = (id: number, name: string): DraftContact => ({
  row: { quote_contact_id: 1, contact_id: Contact.ContactId.make(id), contact_order: 0 },
  name,
  email: ""
})

describe("the editor's contact search with CRM add-ons", () => {
  it("asks only the account's own contacts while no CRM is connected", async () => {
    const { asked, box } = renderContacts({
      crmConnected: false,
      local: [row(12, "Mere", "Parata", "mere@harbour.example")],
      crm: () => Promise.reject(new Error("not asked"))
    })
    fireEvent.change(box, { target: { value: "mere" } })
    await screen.findByRole("button", { name: /Mere Parata/ }, { timeout: 3000 })
    expect(asked).toEqual([{ endpoint: "lookupContact", input: "mere" }])
  })

  it("shows the local results without waiting for the CRM, then the CRM's after them, marked", async () => {
    const crmAnswer = later<CrmLookupApi.AddOnLookupAnswer>()
    const { asked, box } = renderContacts({
      local: [row(12, "Mere", "Parata", "mere@harbour.example")],
      crm: () => crmAnswer.promise
    })
    fireEvent.change(box, { target: { value: "mere" } })
    await screen.findByRole("button", { name: /Mere Parata/ }, { timeout: 3000 })
    // The same text, asked of both after the same pause.
    expect(asked).toEqual([
      { endpoint: "lookupContact", input: "mere" },
      { endpoint: "lookupAddOns", input: "mere" }
    ])
    expect(names()).toEqual(["Mere Parata mere@harbour.example", `+ ${m.createContact}`])
    crmAnswer.resolve({
      results: [
        crm(7, "Mere Parata", { contact_id: Contact.ContactId.make(12) }),
        crm(8, "Mere Tane", { email: "mere.tane@example.com", company: "Tane Builders" }),
        crm(9, "Merekara Ross", { contact_id: Contact.ContactId.make(30), addonId: 5, addon_name: "Insightly" })
      ],
      failures: []
    })
    await screen.findByRole("button", { name: /Mere Tane/ })
    // Local first; the CRM record already linked to the local Mere Parata is not shown twice.
    expect(names()).toEqual([
      "Mere Parata mere@harbour.example",
      "Mere Tane Capsule mere.tane@example.com · Tane Builders",
      "Merekara Ross Insightly",
      `+ ${m.createContact}`
    ])
    const tane = screen.getByRole("button", { name: /Mere Tane/ })
    expect(tane.querySelector("[data-addon-badge]")?.textContent).toBe("Capsule")
  })

  it("drops a CRM result linked to a contact the quote already has", async () => {
    const { box } = renderContacts(
      {
        crm: () =>
          Promise.resolve({
            results: [crm(7, "Ana Lee", { contact_id: Contact.ContactId.make(40) }), crm(8, "Ana Lyons")],
            failures: []
          })
      },
      [chip(40, "Ana Lee")]
    )
    fireEvent.change(box, { target: { value: "ana" } })
    await screen.findByRole("button", { name: /Ana Lyons/ }, { timeout: 3000 })
    expect(names()).toEqual(["Ana Lyons Capsule", `+ ${m.createContact}`])
  })

  it("links a picked CRM result and adds the contact it gives, busy meanwhile", async () => {
    const linked = later<ContactsApi.ContactRow>()
    const { asked, actions, box } = renderContacts({
      crm: () => Promise.resolve({ results: [crm(8, "Mere Tane", { email: "mere.tane@example.com" })], failures: [] }),
      link: () => linked.promise
    })
    fireEvent.change(box, { target: { value: "tane" } })
    const pick = await screen.findByRole("button", { name: /Mere Tane/ }, { timeout: 3000 })
    fireEvent.click(pick)
    expect(pick.getAttribute("aria-busy")).toBe("true")
    expect((pick as HTMLButtonElement).disabled).toBe(true)
    expect(asked.filter((a) => a.endpoint === "linkLookup")).toEqual([{ endpoint: "linkLookup", input: 8 }])
    linked.resolve(row(55, "Mere", "Tane", "mere.tane@example.com"))
    await waitFor(() => expect(actions).toHaveLength(1))
    expect(actions[0]).toMatchObject({
      type: "contactAdd",
      contact: { row: { contact_id: 55 }, name: "Mere Tane", email: "mere.tane@example.com" }
    })
    expect((box as HTMLTextAreaElement).value).toBe("")
  })

  it("says a result has expired when linking finds it gone, and adds nothing", async () => {
    const { actions, box } = renderContacts({
      crm: () => Promise.resolve({ results: [crm(8, "Mere Tane")], failures: [] }),
      link: () => Promise.reject(new RequestFailure("notFound", AddOn.messages.lookupGone))
    })
    fireEvent.change(box, { target: { value: "tane" } })
    fireEvent.click(await screen.findByRole("button", { name: /Mere Tane/ }, { timeout: 3000 }))
    expect((await screen.findByRole("alert")).textContent).toBe(AddOn.messages.lookupGone)
    expect(actions).toEqual([])
    expect((screen.getByRole("button", { name: /Mere Tane/ }) as HTMLButtonElement).disabled).toBe(false)
  })

  it("shows the server's words when linking fails otherwise", async () => {
    const words = "Capsule did not answer. Try again in a moment."
    const { box } = renderContacts({
      crm: () => Promise.resolve({ results: [crm(8, "Mere Tane")], failures: [] }),
      link: () => Promise.reject(new RequestFailure("server", words))
    })
    fireEvent.change(box, { target: { value: "tane" } })
    fireEvent.click(await screen.findByRole("button", { name: /Mere Tane/ }, { timeout: 3000 }))
    expect((await screen.findByRole("alert")).textContent).toBe(words)
  })

  it("names a CRM that did not answer in a muted line, keeping the local results", async () => {
    const { box } = renderContacts({
      local: [row(12, "Mere", "Parata")],
      crm: () =>
        Promise.resolve({ results: [], failures: [{ addonId: 5, message: AddOn.messages.lookupFailed("Insightly") }] })
    })
    fireEvent.change(box, { target: { value: "mere" } })
    const line = await screen.findByText(AddOn.messages.lookupFailed("Insightly"), undefined, { timeout: 3000 })
    expect(line.getAttribute("data-crm-failure")).toBe("5")
    expect(names()).toEqual(["Mere Parata", `+ ${m.createContact}`])
  })

  it("asks the CRM nothing for text the local look-up does not search either", async () => {
    const { asked, box } = renderContacts({ crm: () => Promise.resolve({ results: [], failures: [] }) })
    fireEvent.change(box, { target: { value: "x".repeat(101) } })
    await screen.findByRole("button", { name: `+ ${m.createContact}` })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(asked).toEqual([])
  })
})
