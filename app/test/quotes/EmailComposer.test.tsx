/**
 * When a quote's email goes, against a test double of the contract (every endpoint not stubbed fails loudly): the
 * composer offers 'Send now' (chosen, sent without `send_at`) and the quick send times computed by the core's
 * `QuickSend` in the signed-in person's time zone (their personal settings' `signin_tz`), a chosen one sent as
 * `send_at`; the overview's 'Scheduled emails' shows a later email's date and time with 'Stop Email', and the
 * countdown only in the last minute.
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

const renderWith = (state: { sent: Array<unknown>; emails: Array<EmailsApi.EmailRow> }, ui: ReactNode) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, account)
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
      ).toEqual([m.sendNow, ...expected.map((c) => c.label)])
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
