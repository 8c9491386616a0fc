/**
 * The contact view links a contact into the accounting add-on that holds it when the server's answer carries
 * that link (`meta`): 'View in Xero' for add-on 1, 'View in QuickBooks' for 7, opening the add-on's page in a new
 * tab. No link without `meta`, and none for an add-on this app does not know or an address that is not http(s).
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
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
import { cleanup, render, screen } from "@testing-library/react"
import { Effect, Option } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { crmText } from "../../src/addons/crmText.ts"
import { type ApiClient, ApiProvider, type Contract } from "../../src/api/client.ts"
import { run } from "../../src/api/Transport.ts"
import { ContactViewPage } from "../../src/contacts/ContactViewPage.tsx"

const m = Message.catalogue
afterEach(cleanup)

const view = (meta: ContactsApi.ContactView["meta"]): ContactsApi.ContactView => ({
  contact: {
    contact_id: Contact.ContactId.make(42),
    type: "person",
    name_first: "Mere",
    name_last: "Parata",
    company_id: null,
    email: "mere@harbour.example",
    modified: 1_800_000_000,
    archive_id: Contact.ArchiveIds.active,
    _name_company: "",
    display_name: "Mere Parata"
  },
  display_name: "Mere Parata",
  sticker: null,
  company: null,
  phones: [],
  addresses: [],
  people: null,
  people_label: null,
  view_quotes_url: "/quotes?search=Mere%20Parata",
  merged_into: null,
  meta,
  marketing_opt_in: false
})

/** An API answering the contact's view and an empty history; the contact asked for is recorded. */
const fakeApi = (answer: ContactsApi.ContactView) => {
  const asked: Array<number> = []
  const contract = {
    contacts: {
      view: ({ params }: { params: { contact_id: number } }) =>
        Effect.sync(() => {
          asked.push(params.contact_id)
          return answer
        })
    },
    history: {
      history: () => Effect.succeed({ rows: [], total_rows: 0, page: 1, page_size: 10, more_history: false })
    }
  } as unknown as Contract
  const api = { call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) => run(use(contract)) } as ApiClient
  return { api, asked }
}

const renderView = async (answer: ContactsApi.ContactView) => {
  const { api, asked } = fakeApi(answer)
  const root = createRootRoute({ component: Outlet })
  const page = createRoute({
    getParentRoute: () => root,
    path: "/contacts/view/$contactId",
    component: () => (
      <ApiProvider value={api}>
        <QueryClientProvider client={new QueryClient()}>
          <ContactViewPage />
        </QueryClientProvider>
      </ApiProvider>
    )
  })
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/contacts/view/42"] })
  })
  render(<RouterProvider router={router} />)
  await screen.findByRole("heading", { level: 1, name: /Mere Parata/ })
  expect(asked).toEqual([42])
}

const nameOf = (id: number) => Option.getOrThrow(AddOn.byId(id)).name

describe("ContactViewPage: the contact's link into an accounting add-on", () => {
  it("shows 'View in Xero' linking to the contact in Xero, in a new tab", async () => {
    const url = "https://go.xero.com/Contacts/View/8f1b4d52-0c71-4a55-9d0e-3c5f1b2a7e10"
    await renderView(view({ lookup_url: url, lookup_addon_id: 1 }))
    const link = screen.getByRole("link", { name: m.viewInAddOn(nameOf(1)) })
    expect(link.textContent).toBe("View in Xero")
    expect(link.getAttribute("href")).toBe(url)
    expect(link.getAttribute("target")).toBe("_blank")
    expect(link.getAttribute("rel")).toContain("noopener")
    expect(link.getAttribute("data-addon-link")).toBe("1")
  })

  it("shows 'View in QuickBooks' for a contact QuickBooks holds", async () => {
    const url = "https://app.qbo.intuit.com/app/customerdetail?nameId=58"
    await renderView(view({ lookup_url: url, lookup_addon_id: 7 }))
    const link = screen.getByRole("link", { name: "View in QuickBooks" })
    expect(link.getAttribute("href")).toBe(url)
    expect(screen.queryByRole("link", { name: "View in Xero" })).toBeNull()
  })

  it("shows no add-on link when the answer carries none", async () => {
    await renderView(view(null))
    expect(screen.getByRole("link", { name: m.viewQuotes })).toBeTruthy()
    expect(screen.queryByRole("link", { name: /^View in / })).toBeNull()
  })

  it("shows no link for an add-on it does not know, nor for an address that is not http(s)", async () => {
    await renderView(view({ lookup_url: "https://example.com/contact/1", lookup_addon_id: 99 }))
    expect(screen.queryByRole("link", { name: /^View in / })).toBeNull()
    cleanup()
    await renderView(view({ lookup_url: "javascript:alert(1)", lookup_addon_id: 1 }))
    expect(screen.queryByRole("link", { name: /^View in / })).toBeNull()
  })
})

describe("ContactViewPage: a CRM's contact and the agreement to marketing email", () => {
  it("shows 'View in Capsule' for a contact linked to Capsule", async () => {
    const url = "https://harbour.capsulecrm.com/party/11"
    await renderView(view({ lookup_url: url, lookup_addon_id: 3 }))
    expect(screen.getByRole("link", { name: "View in Capsule" }).getAttribute("href")).toBe(url)
  })

  it("says 'Agrees to marketing email' only for a contact who agreed", async () => {
    await renderView({ ...view(null), marketing_opt_in: true })
    expect(screen.getByText(crmText.marketingOptIn).textContent).toBe("Agrees to marketing email")
    cleanup()
    await renderView(view(null))
    expect(screen.queryByText(crmText.marketingOptIn)).toBeNull()
  })
})
