/**
 * The shell's rules: which navigation a person sees, where a sign-in leads, how contract failures are classified,
 * and the leave confirmation of a dirty form.
 */
import * as ApiError from "@quotekit/core/api/ApiError"
import { InvoicingRefused } from "@quotekit/core/api/InvoicesApi"
import * as Message from "@quotekit/core/Message"
import { act, cleanup, fireEvent, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { toFailure } from "../src/api/ContractClient.ts"
import { messagesFor } from "../src/page/useMessages.ts"
import { navEntries } from "../src/shell/navigation.ts"
import { UnsavedChangesGuard } from "../src/shell/UnsavedChangesGuard.tsx"
import { afterSignin } from "../src/signin/afterSignin.ts"
import { account } from "./support/draft.ts"
import { renderInRouter } from "./support/renderInRouter.tsx"

const m = Message.catalogue
afterEach(cleanup)

describe("navigation", () => {
  const signin = account.account_signin
  it("admins see Dashboard, Quotes, Contacts and 'Templates & Items'", () => {
    expect(navEntries(messagesFor("quote"), signin).map((e) => e.label)).toEqual([
      "Dashboard",
      "Quotes",
      "Contacts",
      "Templates & Items"
    ])
  })
  it("others see no templates; without an account only the dashboard", () => {
    expect(navEntries(messagesFor("quote"), { ...signin, is_admin: false }).map((e) => e.to)).toEqual([
      "/dashboard",
      "/quotes",
      "/contacts"
    ])
    expect(navEntries(messagesFor("quote"), undefined).map((e) => e.to)).toEqual(["/dashboard"])
  })
  it("follows the account's noun", () => {
    expect(navEntries(messagesFor("estimate"), signin)[1]!.label).toBe("Estimates")
  })
})

describe("afterSignin", () => {
  const state = { signin_id: 10, name_display: "Ann", email: "a@b.co", accounts: [], account_id: null } as never
  it("goes to the 'which account' page until an account is chosen", () => {
    expect(afterSignin(state, "/quotes")).toBe("/sign-in/accounts")
  })
  it("goes to the page asked for within the app, else the dashboard", () => {
    const chosen = { ...(state as object), account_id: 1 } as never
    expect(afterSignin(chosen, "/quotes?tab=active")).toBe("/quotes?tab=active")
    expect(afterSignin(chosen, "//evil.example")).toBe("/dashboard")
    expect(afterSignin(chosen, undefined)).toBe("/dashboard")
  })
})

describe("toFailure", () => {
  it("keeps the server's message and form errors of rejected input", () => {
    const f = toFailure(ApiError.InvalidInput.field("email", m.emailInvalid))
    expect(f.kind).toBe("invalidInput")
    expect(f.message).toBe(m.emailInvalid)
    expect(f.formErrors.map((e) => e.input_id)).toEqual(["email"])
  })
  it("keeps the reason of an invoicing refusal, as a conflict", () => {
    const f = toFailure(InvoicingRefused.answer("locked", m.invoiceLocked))
    expect([f.kind, f.message]).toEqual(["conflict", m.invoiceLocked])
  })
  it("classifies the session and account answers", () => {
    expect(toFailure(ApiError.SigninAgain.answer()).kind).toBe("signinAgain")
    expect(toFailure(ApiError.ChooseAccount.answer()).kind).toBe("chooseAccount")
    expect(toFailure(ApiError.NotFound.answer()).kind).toBe("notFound")
  })
  it("a transport failure is a network failure with the connection advice", () => {
    const f = toFailure({ _tag: "HttpClientError", reason: { _tag: "TransportError" } })
    expect(f.kind).toBe("network")
    expect(f.message).toBe(m.checkConnection)
  })
  it("anything unknown is a server failure", () => {
    expect(toFailure(new Error("boom")).message).toBe(m.unexpectedResponse)
  })
})

describe("UnsavedChangesGuard", () => {
  it("asks before leaving a dirty form; 'Continue editing…' stays, 'Leave without saving' goes", async () => {
    const { router } = await renderInRouter(
      () => (
        <>
          <p>form</p>
          <UnsavedChangesGuard dirty={true} />
        </>
      ),
      "form"
    )
    await act(async () => {
      router.history.push("/elsewhere")
    })
    expect(await screen.findByRole("alertdialog", { name: m.unsavedChanges })).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: m.continueEditing }))
    expect(router.state.location.pathname).toBe("/")
    await act(async () => {
      router.history.push("/elsewhere")
    })
    fireEvent.click(await screen.findByRole("button", { name: m.leaveWithoutSaving }))
    expect(await screen.findByText("elsewhere")).toBeTruthy()
  })

  it("lets a clean form go without asking", async () => {
    const { router } = await renderInRouter(
      () => (
        <>
          <p>form</p>
          <UnsavedChangesGuard dirty={false} />
        </>
      ),
      "form"
    )
    await act(async () => {
      router.history.push("/elsewhere")
    })
    expect(screen.queryByText(m.unsavedChangesWarning)).toBeNull()
    expect(await screen.findByText("elsewhere")).toBeTruthy()
  })
})
