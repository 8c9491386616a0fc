/**
 * The contact form with CRM add-ons connected: the company look-up also offers the CRMs' organisations (asked with
 * `companies`, marked with their add-on, after the account's own companies), and picking one links it to a local
 * company and selects it, which the save sends; a CRM that did not answer is named under the field; text typed
 * before the add-ons list arrived still asks the CRMs once it says one is connected. The
 * 'Agrees to marketing email' box shows the contact's choice and is sent with the save.
 */

import * as AddOn from "@quotekit/core/AddOn"
import type { AddOnList } from "@quotekit/core/api/AddOnsApi"
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import type * as CrmLookupApi from "@quotekit/core/api/CrmLookupApi"
import * as Contact from "@quotekit/core/Contact"
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider
} from "@tanstack/react-router"
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { crmText } from "../../src/addons/crmText.ts"
import { addOnsKey } from "../../src/addons/useAddOns.ts"
import { type ApiClient, ApiProvider, type Contract, RequestFailure } from "../../src/api/client.ts"
import { run } from "../../src/api/Transport.ts"
import { ContactFormPage } from "../../src/contacts/ContactFormPage.tsx"
import { accountKey } from "../../src/session/useAccount.ts"
import { addOns } from "../addons/addOnList.ts"
import { account } from "../support/draft.ts"

const m = Message.catalogue
afterEach(cleanup)

const company = (id: number, name: string): ContactsApi.ContactRow => ({
  contact_id: Contact.ContactId.make(id),
  type: "company",
  name_first: name,
  name_last: "",
  company_id: null,
  email: "",
  modified: 1_800_000_000,
  archive_id: Contact.ArchiveIds.active,
  _name_company: name,
  display_name: name
})

const form = (marketing: boolean): ContactsApi.ContactForm => ({
  contact: {
    contact_id: Contact.ContactId.make(42),
    type: "person",
    name_first: "Mere",
    name_last: "Parata",
    company_id: null,
    email: "mere@harbour.example",
    modified: 1_800_000_000,
    archive_id: Contact.ArchiveIds.active
  },
  phones: [],
  addresses: [],
  company: null,
  marketing_opt_in: marketing,
  method_types: []
})

const organisation = (id: number, name: string, over: Partial<CrmLookupApi.AddOnLookupResult> = {}) =>
  ({
    id,
    addonId: 5,
    addon_name: "Insightly",
    type: "company",
    name_first: name,
    name_last: "",
    company: "",
    email: "",
    phone: "",
    url: `https://crm.na1.insightly.com/details/Organisation/${id}`,
    contact_id: null,
    display_name: name,
    ...over
  }) as CrmLookupApi.AddOnLookupResult

interface Fake {
  readonly marketing?: boolean
  readonly localCompanies?: ReadonlyArray<ContactsApi.ContactRow>
  readonly crm: () => Promise<CrmLookupApi.AddOnLookupAnswer>
  readonly link?: (id: number) => Promise<ContactsApi.ContactRow>
  /** Whether a CRM is connected (the add-ons list says so); yes unless told. */
  readonly crmConnected?: boolean
  /** The add-ons list arrives from the server when this settles, instead of being there already. */
  readonly addOnsLater?: Promise<AddOnList>
}

const renderForm = async (fake: Fake) => {
  const asked: Array<{ readonly endpoint: string; readonly input: unknown }> = []
  const contract = {
    contacts: {
      editData: () => Effect.succeed(form(fake.marketing ?? false)),
      lookupCompany: ({ payload }: { payload: { search: string } }) =>
        Effect.sync(() => {
          asked.push({ endpoint: "lookupCompany", input: payload.search })
          return {
            results: (fake.localCompanies ?? []).map((c) => ({ id: c.contact_id, contact: c, addonId: 0 })),
            create_only: false
          }
        }),
      // Answered a moment later, as over the network: the form is no longer dirty once saving.
      update: ({ payload }: { payload: ContactsApi.ContactUpdate }) =>
        Effect.sync(() => asked.push({ endpoint: "update", input: payload })).pipe(
          Effect.andThen(Effect.sleep("30 millis")),
          Effect.as({ contact_id: 42 })
        )
    },
    addons: {
      list: () => Effect.promise(() => fake.addOnsLater ?? Promise.resolve(addOns(fake.crmConnected ?? true)))
    }
  } as unknown as Contract
  const api = {
    call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) => run(use(contract)),
    lookupAddOns: (search: string, companies?: boolean) => {
      asked.push({ endpoint: "lookupAddOns", input: [search, companies] })
      return fake.crm()
    },
    linkLookup: (id: number) => {
      asked.push({ endpoint: "linkLookup", input: id })
      return fake.link?.(id) ?? Promise.reject(new Error("no link"))
    }
  } as unknown as ApiClient
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, account)
  if (fake.addOnsLater === undefined) queryClient.setQueryData(addOnsKey, addOns(fake.crmConnected ?? true))
  const root = createRootRoute({ component: Outlet })
  const edit = createRoute({
    getParentRoute: () => root,
    path: "/contacts/edit/$contactId",
    component: () => (
      <ApiProvider value={api}>
        <QueryClientProvider client={queryClient}>
          <ContactFormPage />
        </QueryClientProvider>
      </ApiProvider>
    )
  })
  const view = createRoute({
    getParentRoute: () => root,
    path: "/contacts/view/$contactId",
    component: () => <p>view</p>
  })
  const list = createRoute({ getParentRoute: () => root, path: "/contacts", component: () => <p>list</p> })
  const router = createRouter({
    routeTree: root.addChildren([edit, view, list]),
    history: createMemoryHistory({ initialEntries: ["/contacts/edit/42"] })
  })
  render(<RouterProvider router={router} />)
  await screen.findByLabelText(m.firstName)
  return { asked, router }
}

const companyBox = () => screen.getByRole("combobox", { name: m.company }) as HTMLInputElement
const saved = (asked: ReadonlyArray<{ endpoint: string; input: unknown }>) =>
  asked.find((a) => a.endpoint === "update")?.input as ContactsApi.ContactUpdate | undefined

describe("the contact form with CRM add-ons", () => {
  it("asks only the account's own companies while no CRM is connected", async () => {
    const { asked } = await renderForm({
      crmConnected: false,
      localCompanies: [company(7, "Harbour Joinery")],
      crm: () => Promise.reject(new Error("not asked"))
    })
    fireEvent.focus(companyBox())
    fireEvent.change(companyBox(), { target: { value: "harb" } })
    await screen.findByRole("option", { name: "Harbour Joinery" }, { timeout: 3000 })
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Harbour Joinery",
      m.newCompanyNamed("harb")
    ])
    expect(asked.filter((a) => a.endpoint === "lookupAddOns")).toEqual([])
  })

  it("offers the CRMs' organisations after the account's own, marked, and links the one picked", async () => {
    const { asked, router } = await renderForm({
      localCompanies: [company(7, "Harbour Joinery")],
      crm: () =>
        Promise.resolve({
          results: [
            organisation(3, "Harbour Joinery", { contact_id: Contact.ContactId.make(7) }),
            organisation(4, "Harbour Tiling")
          ],
          failures: []
        }),
      link: () => Promise.resolve(company(88, "Harbour Tiling"))
    })
    fireEvent.focus(companyBox())
    fireEvent.change(companyBox(), { target: { value: "harb" } })
    await screen.findByRole("option", { name: crmText.inAddOn("Harbour Tiling", "Insightly") }, { timeout: 3000 })
    expect(asked.filter((a) => a.endpoint === "lookupAddOns")).toEqual([
      { endpoint: "lookupAddOns", input: ["harb", true] }
    ])
    // The record already linked to the local Harbour Joinery is that company: shown once.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Harbour Joinery",
      crmText.inAddOn("Harbour Tiling", "Insightly"),
      m.newCompanyNamed("harb")
    ])
    fireEvent.mouseDown(screen.getByRole("option", { name: crmText.inAddOn("Harbour Tiling", "Insightly") }))
    await waitFor(() => expect(companyBox().value).toBe("Harbour Tiling"))
    expect(asked.filter((a) => a.endpoint === "linkLookup")).toEqual([{ endpoint: "linkLookup", input: 4 }])
    fireEvent.click(screen.getByRole("button", { name: m.save }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/contacts/view/42"))
    expect(saved(asked)?.contact).toMatchObject({ company_id: 88 })
    expect(saved(asked)?.contact.company_name).toBeUndefined()
  })

  it("asks the CRMs for text typed before the add-ons list arrived", async () => {
    let arrive: (list: AddOnList) => void = () => {}
    const { asked } = await renderForm({
      addOnsLater: new Promise((resolve) => {
        arrive = resolve
      }),
      localCompanies: [company(7, "Harbour Joinery")],
      crm: () => Promise.resolve({ results: [organisation(4, "Harbour Tiling")], failures: [] })
    })
    fireEvent.focus(companyBox())
    fireEvent.change(companyBox(), { target: { value: "harb" } })
    await screen.findByRole("option", { name: "Harbour Joinery" }, { timeout: 3000 })
    expect(asked.filter((a) => a.endpoint === "lookupAddOns")).toEqual([])
    arrive(addOns(true))
    await screen.findByRole("option", { name: crmText.inAddOn("Harbour Tiling", "Insightly") }, { timeout: 3000 })
    expect(asked.filter((a) => a.endpoint === "lookupAddOns")).toEqual([
      { endpoint: "lookupAddOns", input: ["harb", true] }
    ])
  })

  it("says when a picked organisation has expired, and selects nothing", async () => {
    await renderForm({
      crm: () => Promise.resolve({ results: [organisation(4, "Harbour Tiling")], failures: [] }),
      link: () => Promise.reject(new RequestFailure("notFound", AddOn.messages.lookupGone))
    })
    fireEvent.focus(companyBox())
    fireEvent.change(companyBox(), { target: { value: "harb" } })
    fireEvent.mouseDown(
      await screen.findByRole("option", { name: crmText.inAddOn("Harbour Tiling", "Insightly") }, { timeout: 3000 })
    )
    expect((await screen.findByRole("alert")).textContent).toBe(AddOn.messages.lookupGone)
    expect(companyBox().getAttribute("aria-invalid")).toBe("true")
  })

  it("names a CRM that did not answer under the field", async () => {
    await renderForm({
      localCompanies: [company(7, "Harbour Joinery")],
      crm: () =>
        Promise.resolve({ results: [], failures: [{ addonId: 3, message: AddOn.messages.lookupFailed("Capsule") }] })
    })
    fireEvent.focus(companyBox())
    fireEvent.change(companyBox(), { target: { value: "harb" } })
    await screen.findByText(AddOn.messages.lookupFailed("Capsule"), undefined, { timeout: 3000 })
    expect(screen.getByRole("option", { name: "Harbour Joinery" })).toBeTruthy()
  })
})

describe("the contact's agreement to marketing email", () => {
  it("shows it and sends a change with the save", async () => {
    const { asked, router } = await renderForm({
      marketing: false,
      crm: () => Promise.resolve({ results: [], failures: [] })
    })
    const box = screen.getByRole("checkbox", { name: crmText.marketingOptIn }) as HTMLInputElement
    expect(box.checked).toBe(false)
    fireEvent.click(box)
    fireEvent.click(screen.getByRole("button", { name: m.save }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/contacts/view/42"))
    expect(saved(asked)?.contact.marketing_opt_in).toBe(true)
  })

  it("starts checked for a contact who agreed, and sends it as it is", async () => {
    const { asked, router } = await renderForm({
      marketing: true,
      crm: () => Promise.resolve({ results: [], failures: [] })
    })
    expect((screen.getByRole("checkbox", { name: crmText.marketingOptIn }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole("button", { name: m.save }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/contacts/view/42"))
    expect(saved(asked)?.contact.marketing_opt_in).toBe(true)
  })
})
