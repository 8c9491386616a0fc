/**
 * What the QuickBooks tests share: one fake QuickBooks behind msw for the file, the add-on pointed at Intuit's
 * sandbox (which the fake answers), fast retries, and a `connect` that goes through consent and the code
 * exchange as a user would.
 */
import type { Accounting, Document, Party, Tokens } from "@quotekit/addons/Accounting"
import { Effect } from "effect"
import { setupServer } from "msw/node"
import * as oauth from "oauth4webapi"
import { afterAll, beforeAll } from "vitest"
import * as QuickBooks from "../src/QuickBooks.ts"
import * as FakeQuickBooks from "../src/testing/FakeQuickBooks.ts"

export const clientId = "ABfakeClientId"
export const clientSecret = "fake-client-secret"
export const redirectUri = "https://quotes.example.com/api/addons/7/callback"

/** A fresh fake, its msw server listening for the file, and the add-on. */
export const setup = (retry: Partial<QuickBooks.RetryPolicy> = { retries: 3, baseDelayMs: 1, maxDelayMs: 50 }) => {
  const fake = FakeQuickBooks.make({ clientId, clientSecret })
  const server = setupServer(...fake.handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
  afterAll(() => server.close())
  const qb = QuickBooks.make({ clientId, clientSecret, environment: "sandbox", retry })
  return { fake, qb }
}

let realms = 9130350000
/** A new company in the fake, with its own realm id. */
export const newRealm = (fake: FakeQuickBooks.FakeQuickBooks, init: Partial<FakeQuickBooks.CompanyInit> = {}) => {
  const realmId = String(realms++)
  fake.addCompany({ realmId, name: "Craig's Design and Landscaping Services", ...init })
  return realmId
}

/** Consent and code exchange for a realm: the tokens. */
export const connect = async (
  fake: FakeQuickBooks.FakeQuickBooks,
  qb: Accounting,
  realmId: string
): Promise<{
  tokens: Tokens
  organisations: ReadonlyArray<{ id: string; name: string; currency?: string | undefined }>
}> => {
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier)
  const url = qb.authorizeUrl({ state: "state-1", codeChallenge, redirectUri })
  const callback = fake.consent(url, realmId)
  return Effect.runPromise(
    qb.exchange({
      code: callback.searchParams.get("code") ?? "",
      codeVerifier,
      redirectUri,
      params: callback.searchParams
    })
  )
}

/** Run an effect that must fail: its error. */
export const failure = <E>(effect: Effect.Effect<unknown, E>): Promise<E> => Effect.runPromise(Effect.flip(effect))

export const party: Party = {
  name: "Ann O'Brien",
  first_name: "Ann",
  last_name: "O'Brien",
  email: "ann@obrien.example",
  company: "O'Brien Gardens"
}

/** An invoice of two lines under GST (code 4) for a customer. */
export const invoice = (contactId: string, reference: string, overrides: Partial<Document> = {}): Document => ({
  kind: "invoice",
  reference,
  contact_id: contactId,
  date: "2026-11-25",
  due_date: "2026-12-09",
  currency: "CAD",
  amounts_include_tax: false,
  lines: [
    {
      description: "Garden design",
      item_code: "DESIGN",
      quantity: "2",
      unit_amount: "150.00",
      amount: "300.00",
      tax_code: "4",
      account_code: null
    },
    {
      description: "Soil test",
      item_code: "SOIL",
      quantity: "1",
      unit_amount: "99.99",
      amount: "99.99",
      tax_code: "4",
      account_code: "2"
    }
  ],
  total: "419.99",
  ...overrides
})
