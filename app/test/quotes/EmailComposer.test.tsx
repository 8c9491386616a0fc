/**
 * When a quote's email goes, against a test double of the contract (every endpoint not stubbed fails loudly): the
 * composer offers 'Send now' (chosen, sent without `send_at`) and the quick send times computed by the core's
 * `QuickSend` in the signed-in person's time zone (their personal settings' `signin_tz`), a chosen one sent as
 * `send_at`; a custom date and time (starting at tomorrow 8 AM there) is sent as the instant of that wall time in
 * that zone, and one in the past is refused with the reason under the time; the overview's 'Scheduled emails'
 * shows a later email's date and time with 'Stop Email', and the countdown only in the last minute.
 */
import type * as EmailsApi from "@quotekit/core/api/EmailsApi"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Message from "@quotekit/core/Message"
import * as QuickSend from "@quotekit/core/QuickSend"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { Effect, Option } from "effect"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { type ApiClient, ApiProvider, type Contract } from "../../src/api/client.ts"
import { EmailComposer } from "../../src/quotes/EmailComposer.tsx"
import { dateStyle } from "../../src/quotes/QuoteDetails.tsx"
import { ScheduledEmails } from "../../src/quotes/ScheduledEmails.tsx"
import { accountKey } from "../../src/session/useAccount.ts"
import { account } from "../support/draft.ts"

const m = Message.catalogue
afterEach(cleanup)

/** A zone other than the test machine's, so a choice computed in the wrong zone shows. */
const TZ = "Pacific/Chatham"
const zone = Option.getOrThrow(QuickSend.zoneFromName(TZ))

const draft: EmailsApi.Composer = {
  quote_id: 42 as never,
  kind: "send",
  subject_type: 1,
  subject: "Quote: Kitchen",
  message: "Here it is.",
  recipients: [{ quote_contact_id: 7, contact_id: 3, name: "Ada", email: "ada@example.com" }],
  follow_up_id: null,
  refused: null
}

const row = (over: Partial<EmailsApi.EmailRow>): EmailsApi.EmailRow =>
  ({
    email_message_id: 1,
    subject: "Quote: Kitchen",
    subject_type: 1,
    scheduled_when: 0,
    quote_id: 42,
    email_status: 1,
    body_text: "Here it is.",
    recipients: [{ name: "Ada", email: "ada@example.com" }],
    from_name: "Sam",
    sent_at: 0,
    failed: false,
    creation: 0,
    ...over
  }) as EmailsApi.EmailRow

/** A contract double: the composer, send, the quote's emails and the personal settings (with `TZ`). */
const double = (state: { sent: Array<unknown>; emails: Array<EmailsApi.EmailRow> }): ApiClient => {
  const groups: Record<string, unknown> = {
    quoteEmails: {
      composer: () => Effect.succeed(draft),
      send: (req: { payload: unknown }) =>
        Effect.sync(() => {
          state.sent.push(req.payload)
          return { email: row({}), quote: {} }
        }),
      emails: () => Effect.sync(() => ({ quote_id: 42, emails: state.emails }))
    },
    settings: { personal: () => Effect.succeed({ signin_tz: TZ }) }
  }
  const contract = new Proxy(groups, {
    get: (target, group: string) => {
      if (group in target) return target[group]
      throw new Error(`contract double: ${group} is not implemented`)
    }
  }) as unknown as Contract
  return new Proxy(
    {
      call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) =>
        Effect.runPromise(use(contract) as Effect.Effect<never>)
    },
    {
      get: (target, name: string) => {
        if (name in target) return target[name as "call"]
        return () => {
          throw new Error(`client double: ${name} is not implemented`)
        }
      }
    }
  ) as unknown as ApiClient
}

const renderWith = (
  state: { sent: Array<unknown>; emails: Array<EmailsApi.EmailRow> },
  ui: ReactNode,
  seed: (queryClient: QueryClient) => void = () => {}
) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, account)
  seed(queryClient)
  return render(
    <ApiProvider value={double(state)}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ApiProvider>
  )
}

const whenGroup = () => screen.getByRole("group", { name: m.send })

describe("EmailComposer: when the email goes", () => {
  it("offers Send now (chosen) and the quick send times in the sign-in's zone; Send now sends no send_at", async () => {
    const state = { sent: [] as Array<unknown>, emails: [] }
    renderWith(state, <EmailComposer quoteId={42} kind="send" followUp={0} onClose={() => {}} />)
    const expected = QuickSend.choices(Math.floor(Date.now() / 1000), zone)
    await waitFor(() =>
      expect(
        within(whenGroup())
          .getAllByRole("radio")
          .map((r) => r.closest("label")?.textContent)
      ).toEqual([m.sendNow, ...expected.map((c) => c.label), m.sendCustom])
    )
    expect(within(whenGroup()).getByRole("radio", { name: m.sendNow })).toHaveProperty("checked", true)
    fireEvent.click(screen.getByRole("button", { name: m.send }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toEqual({ subject: draft.subject, message: draft.message, recipients: [7] })
  })

  it("sends a chosen quick time as send_at, computed in the sign-in's zone", async () => {
    const state = { sent: [] as Array<unknown>, emails: [] }
    renderWith(state, <EmailComposer quoteId={42} kind="send" followUp={0} onClose={() => {}} />)
    const tomorrow = QuickSend.choices(Math.floor(Date.now() / 1000), zone).find((c) => c.key === "tomorrow8am")!
    await waitFor(() => expect(within(whenGroup()).getAllByRole("radio").length).toBeGreaterThan(1))
    fireEvent.click(within(whenGroup()).getByRole("radio", { name: m.sendTomorrow8am }))
    fireEvent.click(screen.getByRole("button", { name: m.send }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toEqual({
      subject: draft.subject,
      message: draft.message,
      recipients: [7],
      send_at: tomorrow.at
    })
  })
})

describe("EmailComposer: a custom date and time", () => {
  const style = dateStyle(account.account_signin.dateFormat)
  const openCustom = async (state: { sent: Array<unknown>; emails: Array<EmailsApi.EmailRow> }) => {
    // The personal settings (Chatham's zone) already loaded, as they are once the page has read them.
    renderWith(state, <EmailComposer quoteId={42} kind="send" followUp={0} onClose={() => {}} />, (queryClient) =>
      queryClient.setQueryData(["settings", "personal"], { signin_tz: TZ })
    )
    await waitFor(() => within(whenGroup()).getByRole("radio", { name: m.sendCustom }))
    fireEvent.click(within(whenGroup()).getByRole("radio", { name: m.sendCustom }))
    return within(whenGroup()).getByRole("combobox", { name: m.sendTime }) as HTMLSelectElement
  }

  it("starts at tomorrow 8 AM in the sign-in's zone and sends the chosen time there as send_at", async () => {
    const state = { sent: [] as Array<unknown>, emails: [] }
    const time = await openCustom(state)
    const now = Math.floor(Date.now() / 1000)
    const start = QuickSend.customDefaultWallTime(now, zone)
    expect(time.selectedOptions[0]?.textContent).toBe("8:00 AM")
    expect(time.options).toHaveLength(48)
    const date = screen.getByRole("button", { name: new RegExp(`^${m.sendDate} `) })
    expect(date.textContent).toContain(DateFormat.formatDate(start.date, style))
    expect(screen.queryByRole("alert")).toBeNull()

    fireEvent.change(time, { target: { value: String(9 * 60 + 30) } })
    fireEvent.click(screen.getByRole("button", { name: m.send }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    const sendAt = QuickSend.instantOf({ date: start.date, minutes: 9 * 60 + 30 }, zone)
    expect(state.sent[0]).toEqual({ subject: draft.subject, message: draft.message, recipients: [7], send_at: sendAt })
    expect(QuickSend.wallTimeOf(sendAt, zone)).toEqual({ date: start.date, minutes: 9 * 60 + 30 })
  })

  it("refuses a time in the past with the reason under the time, and a cleared date, before sending", async () => {
    const state = { sent: [] as Array<unknown>, emails: [] }
    const time = await openCustom(state)
    // A day last month is past in any zone.
    fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${m.sendDate} `) }))
    fireEvent.click(await screen.findByRole("button", { name: /previous month/i }))
    fireEvent.click(await screen.findByRole("button", { name: /15th/ }))
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(m.chooseFutureTime))
    expect(time.getAttribute("aria-invalid")).toBe("true")
    expect(document.getElementById(time.getAttribute("aria-describedby") ?? "")?.textContent).toBe(m.chooseFutureTime)
    fireEvent.click(screen.getByRole("button", { name: m.send }))

    // Cleared, the date asks for one.
    fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${m.sendDate} `) }))
    fireEvent.click(await screen.findByRole("button", { name: m.clearDate }))
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(m.sendDateNeeded))
    fireEvent.click(screen.getByRole("button", { name: m.send }))
    await new Promise((done) => setTimeout(done, 50))
    expect(state.sent).toEqual([])
  })
})

describe("ScheduledEmails: a later email", () => {
  it("shows the date and time it goes with Stop Email; the countdown only in the last minute", async () => {
    const now = Math.floor(Date.now() / 1000)
    const later = QuickSend.customDefault(now, zone)
    const state = {
      sent: [],
      emails: [
        row({ email_message_id: 1 as never, scheduled_when: later + ScheduledEmail.graceSeconds }),
        row({ email_message_id: 2 as never, scheduled_when: now + 30 + ScheduledEmail.graceSeconds })
      ]
    }
    const view = renderWith(state, <ScheduledEmails quoteId={42} />)
    const date = DateFormat.format(later, dateStyle(account.account_signin.dateFormat), zone)
    await waitFor(() =>
      expect(view.container.querySelector('[data-email="1"] [data-email-standing]')?.textContent).toBe(
        m.emailScheduledAt(`${date}, 8:00 AM`)
      )
    )
    const first = view.container.querySelector('[data-email="1"]') as HTMLElement
    expect(within(first).getByRole("button", { name: m.stopEmail })).toBeTruthy()
    const soon = view.container.querySelector('[data-email="2"] [data-email-standing]')?.textContent ?? ""
    expect(soon).toMatch(/^Emailing in \d+…$/)
  })
})
