/**
 * Settings → Add-ons for the CRM and marketing add-ons: Insightly's and Highrise's Connect forms (a labelled
 * password field the browser does not fill, where the account is, where to find the token), blank fields said
 * before anything is sent, the server's refusal shown in place with what was typed kept, a token connection;
 * a connected CRM's note option and Mailchimp's tags (at most 10, each at most 100 characters) and leads, saved
 * with 'Options saved.'; Mailchimp's audience picker; forms disabled for a member who may not change them; the
 * audit's 'Changed the options'.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, screen, within } from "@testing-library/react"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { AddOnsPage } from "../../src/addons/AddOnsPage.tsx"
import { addonsText as t } from "../../src/addons/addonsText.ts"
import { type ApiClient, ApiProvider, type Contract, RequestFailure } from "../../src/api/client.ts"
import { run } from "../../src/api/Transport.ts"
import { accountKey } from "../../src/session/useAccount.ts"
import { account } from "../support/draft.ts"
import { renderInRouter } from "../support/renderInRouter.tsx"

afterEach(cleanup)

const definition = (id: AddOn.AddOnId) => AddOn.all.find((d) => d.id === id) as AddOn.Definition

/** An add-on as the server lists it. */
const addOn = (id: AddOn.AddOnId, state: AddOn.State, over: Partial<AddOnsApi.AddOnView> = {}): AddOnsApi.AddOnView => {
  const d = definition(id)
  return {
    id,
    name: d.name,
    summary: d.summary,
    kind: d.kind,
    connects: d.connects,
    state,
    enabled: state === "on" || state === "connected",
    guide: d.guide,
    connection: null,
    options: AddOn.isCrm(id) || id === AddOn.MAILCHIMP ? AddOn.defaultOptions : null,
    ...over
  }
}

const connection = (org: string, organisations: ReadonlyArray<{ id: string; name: string }> = []) => ({
  status: "connected" as const,
  organisation_id: org === "" ? "" : "org-1",
  organisation_name: org,
  organisations,
  connected_by: "Ada Tester",
  connected_at: 1_800_000_000,
  disconnected_at: null,
  last_error: ""
})

interface Call {
  readonly endpoint: string
  readonly input: unknown
}

/** An API answering the add-on calls from `addons` (changed by `connectToken`), recording every change asked. */
const fakeApi = (
  start: ReadonlyArray<AddOnsApi.AddOnView>,
  options: {
    readonly canChange?: boolean
    readonly token?: (input: { token: string; site: string }) => Effect.Effect<void, RequestFailure>
    readonly audit?: ReadonlyArray<AddOnsApi.AuditEntry>
  } = {}
) => {
  let addons = [...start]
  const calls: Array<Call> = []
  const replace = (view: AddOnsApi.AddOnView) => {
    addons = addons.map((a) => (a.id === view.id ? view : a))
    return view
  }
  const byId = (id: number) => addons.find((a) => a.id === id) as AddOnsApi.AddOnView
  const contract = {
    addons: {
      list: () => Effect.sync(() => ({ addons, can_change: options.canChange ?? true })),
      audit: () => Effect.succeed({ rows: options.audit ?? [], page: 1, page_size: 20, has_more: false }),
      connectToken: (input: { params: { addon_id: number }; payload: { token: string; site: string } }) =>
        Effect.gen(function* () {
          calls.push({ endpoint: "connectToken", input })
          yield* options.token?.(input.payload) ?? Effect.void
          return replace(
            addOn(input.params.addon_id as AddOn.AddOnId, "connected", { connection: connection("Harbour CRM") })
          )
        }),
      saveOptions: (input: { params: { addon_id: number }; payload: AddOn.Options }) =>
        Effect.sync(() => {
          calls.push({ endpoint: "saveOptions", input })
          return replace({ ...byId(input.params.addon_id), options: input.payload })
        })
    }
  } as unknown as Contract
  const api = {
    call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) => run(use(contract)),
    cacheAccount: () => Promise.resolve(account)
  } as unknown as ApiClient
  return { api, calls }
}

const renderPage = (api: ApiClient) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, account)
  return renderInRouter(
    () => (
      <ApiProvider value={api}>
        <QueryClientProvider client={queryClient}>
          <AddOnsPage />
        </QueryClientProvider>
      </ApiProvider>
    ),
    t.addOns
  )
}

const card = (name: string) => screen.getByRole("article", { name })

describe("connecting a CRM with an API token", () => {
  it("labels the token as a password the browser does not fill, and says where to find it", async () => {
    const { api } = fakeApi([addOn(2, "off"), addOn(5, "off")])
    await renderPage(api)
    const insightly = await screen.findByRole("article", { name: "Insightly" })
    const token = within(insightly).getByLabelText(t.apiToken) as HTMLInputElement
    expect(token.type).toBe("password")
    expect(token.getAttribute("autocomplete")).toBe("off")
    expect(within(insightly).getByLabelText("Insightly pod")).toBeTruthy()
    expect(within(insightly).getByText(t.tokenHint("Insightly")).textContent).toContain("User Settings → API")
    const highrise = card("Highrise")
    expect(within(highrise).getByLabelText("Highrise address")).toBeTruthy()
    expect(within(highrise).getByText(t.tokenHint("Highrise")).textContent).toContain(
      "Account & settings → My info → API token"
    )
  })

  it("says which field is blank without sending anything", async () => {
    const { api, calls } = fakeApi([addOn(5, "off")])
    await renderPage(api)
    const insightly = await screen.findByRole("article", { name: "Insightly" })
    fireEvent.click(within(insightly).getByRole("button", { name: t.connect }))
    await within(insightly).findByText(AddOn.messages.tokenRequired)
    within(insightly).getByText(AddOn.messages.siteRequired("Insightly"))
    expect(within(insightly).getByLabelText(t.apiToken).getAttribute("aria-invalid")).toBe("true")
    expect(calls).toEqual([])
  })

  it("shows the server's refusal in place and keeps what was typed", async () => {
    const refusal = "Insightly did not accept that API key."
    const { api, calls } = fakeApi([addOn(5, "off")], {
      token: () => Effect.fail(new RequestFailure("invalidInput", refusal))
    })
    await renderPage(api)
    const insightly = await screen.findByRole("article", { name: "Insightly" })
    fireEvent.change(within(insightly).getByLabelText(t.apiToken), { target: { value: " wrong-key " } })
    fireEvent.change(within(insightly).getByLabelText("Insightly pod"), { target: { value: "na1" } })
    fireEvent.click(within(insightly).getByRole("button", { name: t.connect }))
    expect((await within(insightly).findByRole("alert")).textContent).toBe(refusal)
    expect((within(insightly).getByLabelText(t.apiToken) as HTMLInputElement).value).toBe(" wrong-key ")
    expect((within(insightly).getByLabelText("Insightly pod") as HTMLInputElement).value).toBe("na1")
    expect(calls).toEqual([
      { endpoint: "connectToken", input: { params: { addon_id: 5 }, payload: { token: "wrong-key", site: "na1" } } }
    ])
  })

  it("puts a refusal that names a field on that field", async () => {
    const { api } = fakeApi([addOn(2, "off")], {
      token: () =>
        Effect.fail(
          new RequestFailure("invalidInput", "x", [
            { input_id: "site", highlight: true, message: AddOn.messages.siteRequired("Highrise") }
          ])
        )
    })
    await renderPage(api)
    const highrise = await screen.findByRole("article", { name: "Highrise" })
    fireEvent.change(within(highrise).getByLabelText(t.apiToken), { target: { value: "abc" } })
    fireEvent.change(within(highrise).getByLabelText("Highrise address"), { target: { value: "nowhere" } })
    fireEvent.click(within(highrise).getByRole("button", { name: t.connect }))
    await within(highrise).findByText(AddOn.messages.siteRequired("Highrise"))
    expect(within(highrise).getByLabelText("Highrise address").getAttribute("aria-invalid")).toBe("true")
    expect(within(highrise).queryByRole("alert")).toBeNull()
  })

  it("connects, says so, and offers the note option in place of the form", async () => {
    const { api } = fakeApi([addOn(5, "off")])
    await renderPage(api)
    const insightly = await screen.findByRole("article", { name: "Insightly" })
    fireEvent.change(within(insightly).getByLabelText(t.apiToken), { target: { value: "key-1" } })
    fireEvent.change(within(insightly).getByLabelText("Insightly pod"), { target: { value: "na1" } })
    fireEvent.click(within(insightly).getByRole("button", { name: t.connect }))
    await within(insightly).findByText(AddOn.messages.connected("Insightly", "Harbour CRM"))
    expect(insightly.getAttribute("data-state")).toBe("connected")
    expect(within(insightly).queryByLabelText(t.apiToken)).toBeNull()
    expect(within(insightly).getByRole("checkbox", { name: t.pushNotes("Insightly") })).toBeTruthy()
  })
})

describe("the options of a connected CRM and of Mailchimp", () => {
  it("saves a CRM's note option and says so", async () => {
    const { api, calls } = fakeApi([addOn(3, "connected", { connection: connection("Harbour") })])
    await renderPage(api)
    const capsule = await screen.findByRole("article", { name: "Capsule" })
    const notes = within(capsule).getByRole("checkbox", {
      name: "Add a note to the contact in Capsule when a quote is sent or accepted"
    }) as HTMLInputElement
    expect(notes.checked).toBe(true)
    fireEvent.click(notes)
    fireEvent.click(within(capsule).getByRole("button", { name: t.saveOptions }))
    await within(capsule).findByText(AddOn.messages.optionsSaved)
    expect(calls).toEqual([
      {
        endpoint: "saveOptions",
        input: { params: { addon_id: 3 }, payload: { push_notes: false, tags: ["quotekit"], include_leads: false } }
      }
    ])
  })

  it("reads Mailchimp's tags from commas, refuses more than 10 or one over 100 characters, and saves", async () => {
    const { api, calls } = fakeApi([addOn(6, "connected", { connection: connection("Newsletter") })])
    await renderPage(api)
    const mailchimp = await screen.findByRole("article", { name: "MailChimp" })
    const tags = within(mailchimp).getByLabelText(t.tags) as HTMLInputElement
    expect(tags.value).toBe("quotekit")
    const save = within(mailchimp).getByRole("button", { name: t.saveOptions })
    fireEvent.change(tags, { target: { value: Array.from({ length: 11 }, (_, i) => `tag${i}`).join(",") } })
    fireEvent.click(save)
    await within(mailchimp).findByText(AddOn.messages.tooManyTags)
    expect(tags.getAttribute("aria-invalid")).toBe("true")
    fireEvent.change(tags, { target: { value: `kitchens, ${"x".repeat(101)}` } })
    await within(mailchimp).findByText(AddOn.messages.tagTooLong)
    expect(calls).toEqual([])
    fireEvent.change(tags, { target: { value: " kitchens , quotekit,, " } })
    fireEvent.click(within(mailchimp).getByRole("checkbox", { name: t.includeLeads }))
    fireEvent.click(save)
    await within(mailchimp).findByText(AddOn.messages.optionsSaved)
    expect(calls).toEqual([
      {
        endpoint: "saveOptions",
        input: {
          params: { addon_id: 6 },
          payload: { push_notes: true, tags: ["kitchens", "quotekit"], include_leads: true }
        }
      }
    ])
    expect(within(mailchimp).queryByRole("checkbox", { name: t.pushNotes("MailChimp") })).toBeNull()
  })

  it("asks for Mailchimp's audience (not an organisation) before its options", async () => {
    const audiences = [
      { id: "a1", name: "Customers" },
      { id: "a2", name: "Newsletter" }
    ]
    const { api } = fakeApi([addOn(6, "connected", { connection: connection("", audiences) })])
    await renderPage(api)
    const mailchimp = await screen.findByRole("article", { name: "MailChimp" })
    const group = within(mailchimp).getByRole("group", { name: AddOn.messages.pickAudience })
    expect(within(group).getAllByRole("radio")).toHaveLength(2)
    within(mailchimp).getByRole("button", { name: t.useAudience })
    expect(within(mailchimp).queryByText(AddOn.messages.pickOrganisation)).toBeNull()
    expect(within(mailchimp).queryByLabelText(t.tags)).toBeNull()
  })

  it("shows the forms disabled to a member who may not change add-ons", async () => {
    const { api } = fakeApi([addOn(5, "off"), addOn(3, "connected", { connection: connection("Harbour") })], {
      canChange: false
    })
    await renderPage(api)
    const insightly = await screen.findByRole("article", { name: "Insightly" })
    expect((within(insightly).getByLabelText(t.apiToken) as HTMLInputElement).disabled).toBe(true)
    expect((within(insightly).getByLabelText("Insightly pod") as HTMLInputElement).disabled).toBe(true)
    expect((within(insightly).getByRole("button", { name: t.connect }) as HTMLButtonElement).disabled).toBe(true)
    const capsule = card("Capsule")
    expect((within(capsule).getByRole("checkbox") as HTMLInputElement).disabled).toBe(true)
    expect((within(capsule).getByRole("button", { name: t.saveOptions }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("lists a change of options in the audit", async () => {
    const { api } = fakeApi([addOn(3, "connected", { connection: connection("Harbour") })], {
      audit: [
        {
          id: 1,
          at: 1_800_000_000,
          addon_id: 3,
          addon_name: "Capsule",
          action: "options-changed",
          who: "Ada Tester",
          detail: ""
        }
      ]
    })
    await renderPage(api)
    const row = await screen.findByRole("row", { name: /Ada Tester/ })
    expect(row.textContent).toContain(AddOn.auditLabels["options-changed"])
  })
})
