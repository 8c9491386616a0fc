/**
 * The page an add-on's consent page sends the browser back to: it posts the query exactly as it came, once, even
 * rendered twice by StrictMode and even after the add-ons list is refreshed (a code is good once); with one
 * organisation it goes straight on to Add-ons; with several it asks which, then goes on; a refusal shows the
 * server's words.
 */

import * as AddOn from "@quotekit/core/AddOn"
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { Cause, Effect, Exit } from "effect"
import { StrictMode } from "react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { AddOnCallbackPage } from "../../src/addons/AddOnCallbackPage.tsx"
import { addonsText as t } from "../../src/addons/addonsText.ts"
import { type ApiClient, ApiProvider, RequestFailure } from "../../src/api/client.ts"
import { renderInRouter } from "../support/renderInRouter.tsx"

afterEach(cleanup)

const QUERY = "?code=fake-code-1&scope=offline_access&state=s7AtE"
beforeEach(() => window.history.replaceState(null, "", `/settings/add-ons/callback${QUERY}`))

const organisations = [
  { id: "org-1", name: "Harbour Holdings" },
  { id: "org-2", name: "Harbour Tiling" }
]

const view = (organisation: { id: string; name: string } | undefined): AddOnsApi.AddOnView => ({
  id: 1,
  name: "Xero",
  summary: "",
  kind: "accounting",
  connects: "oauth2",
  state: "connected",
  enabled: true,
  guide: "",
  connection: {
    status: "connected",
    organisation_id: organisation?.id ?? "",
    organisation_name: organisation?.name ?? "",
    organisations: organisation === undefined ? organisations : [],
    connected_by: "Ada Tester",
    connected_at: 1_800_000_000,
    disconnected_at: null,
    last_error: ""
  },
  options: null
})

/** An API whose add-on calls answer as given and are counted; anything else fails loudly. */
const fakeApi = (answer: () => Effect.Effect<AddOnsApi.AddOnView, RequestFailure>) => {
  const calls: Array<{ readonly endpoint: string; readonly input: unknown }> = []
  const addons = {
    callback: (input: unknown) => {
      calls.push({ endpoint: "callback", input })
      return answer()
    },
    chooseOrganisation: (input: { params: { addon_id: number }; payload: { organisation_id: string } }) => {
      calls.push({ endpoint: "chooseOrganisation", input })
      return Effect.succeed(view(organisations.find((o) => o.id === input.payload.organisation_id)))
    },
    list: () => {
      calls.push({ endpoint: "list", input: undefined })
      return Effect.succeed({ addons: [], can_change: true })
    }
  }
  const api = {
    // As the real client: the answer, or the failure itself.
    call: async <A, E>(use: (contract: unknown) => Effect.Effect<A, E>) => {
      const exit = await Effect.runPromiseExit(use({ addons }))
      if (Exit.isSuccess(exit)) return exit.value
      throw Cause.squash(exit.cause)
    }
  } as unknown as ApiClient
  return { api, calls }
}

const renderPage = (api: ApiClient) =>
  renderInRouter(
    () => (
      <StrictMode>
        <ApiProvider value={api}>
          <QueryClientProvider client={new QueryClient()}>
            <AddOnCallbackPage />
          </QueryClientProvider>
        </ApiProvider>
      </StrictMode>
    ),
    t.backToAddOns
  )

describe("the add-on callback page", () => {
  it("posts the query once and goes on to Add-ons when one organisation was reached", async () => {
    const { api, calls } = fakeApi(() => Effect.succeed(view(organisations[1])))
    const { router } = await renderPage(api)
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/add-ons"))
    expect(router.state.location.search).toEqual({ connected: "1" })
    expect(calls.filter((c) => c.endpoint === "callback")).toEqual([
      { endpoint: "callback", input: { payload: { query: QUERY } } }
    ])
  })

  it("asks which organisation when several were reached, stores the choice, and never posts the code again", async () => {
    const { api, calls } = fakeApi(() => Effect.succeed(view(undefined)))
    const { router } = await renderPage(api)
    const group = await screen.findByRole("group", { name: AddOn.messages.pickOrganisation })
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(2)
    fireEvent.click(screen.getByRole("button", { name: t.useOrganisation }))
    await screen.findByRole("alert")
    fireEvent.click(screen.getByRole("radio", { name: "Harbour Tiling" }))
    fireEvent.click(screen.getByRole("button", { name: t.useOrganisation }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/add-ons"))
    expect(calls.filter((c) => c.endpoint === "chooseOrganisation")).toEqual([
      {
        endpoint: "chooseOrganisation",
        input: { params: { addon_id: 1 }, payload: { organisation_id: "org-2" } }
      }
    ])
    expect(calls.filter((c) => c.endpoint === "callback")).toHaveLength(1)
  })

  it("shows the server's words when the attempt is refused, and does not retry it", async () => {
    const { api, calls } = fakeApi(() =>
      Effect.fail(new RequestFailure("invalidInput", AddOn.messages.consentRefused("Xero")))
    )
    await renderPage(api)
    await screen.findByText(AddOn.messages.consentRefused("Xero"))
    expect(screen.getByRole("alert").textContent).toContain(AddOn.messages.consentRefused("Xero"))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(calls.filter((c) => c.endpoint === "callback")).toHaveLength(1)
  })
})
