/**
 * An accounting add-on in memory, for the server's tests until (and beside) the Xero and QuickBooks fakes:
 * it hands out tokens for a code and rotates them on refresh (an old refresh token is refused, as both services
 * do), keeps its organisations, tax rates, contacts and documents, and fails the next calls of an operation as
 * told (`failNext`: rate limited, unavailable, rejected with the add-on's text, or an ended connection).
 *
 * @example
 * const fake = FakeAccounting.make({ addonId: 1 })
 * fake.failNext("createDocument", new AccountingError({ kind: "rate-limited", message: "Too many requests" }))
 *
 * @since 0.5.0
 */
import { Effect, Option } from "effect"
import {
  type Accounting,
  AccountingError,
  type Created,
  type Document,
  type Organisation,
  type Party,
  type RemoteContact,
  type TaxRate,
  type Tokens
} from "../Accounting.ts"

/** The operations whose next calls can be made to fail. */
export type Operation = Exclude<keyof Accounting, "addonId" | "authorizeUrl">

/** A document as the fake keeps it. */
export interface StoredDocument extends Created {
  readonly organisation: string
  readonly document: Document
}

/** The fake and what it holds, for tests to look at. */
export interface Fake {
  readonly accounting: Accounting
  readonly organisations: Array<Organisation>
  readonly taxRates: Array<TaxRate>
  readonly contacts: Array<RemoteContact & { readonly organisation: string }>
  readonly documents: Array<StoredDocument>
  /** Every call, by operation, in order. */
  readonly calls: Array<Operation>
  /** How many refreshes were made. */
  readonly refreshes: () => number
  /** The tokens handed out last. */
  readonly lastTokens: () => Tokens | undefined
  /** Make the next call of `operation` fail with `error` (queued: call again for several). */
  readonly failNext: (operation: Operation, error: AccountingError) => void
  /** Make the next `createDocument` create the document and then fail with `error`: an answer lost on the way. */
  readonly loseNextAnswer: (error: AccountingError) => void
  /** Make every access token handed out so far expired (as if time had passed). */
  readonly expireTokens: () => void
  /** The code the consent page gives back. */
  readonly code: string
}

/** A fake accounting add-on. */
export const make = (options: {
  readonly addonId: 1 | 7
  readonly organisations?: ReadonlyArray<Organisation>
  readonly taxRates?: ReadonlyArray<TaxRate>
  /** Where the fake's consent page is (tests serve it). */
  readonly consentUrl?: string
  readonly tokenLifetimeMs?: number
  /** The fake's clock (epoch milliseconds); the real time unless a test moves its own. */
  readonly now?: () => number
}): Fake => {
  const now = options.now ?? Date.now
  const code = `code-${options.addonId}`
  const lifetime = options.tokenLifetimeMs ?? 30 * 60_000
  const organisations = [...(options.organisations ?? [{ id: "org-1", name: "Demo Trading Ltd", currency: "NZD" }])]
  const taxRates = [
    ...(options.taxRates ?? [
      { code: "OUTPUT2", name: "15% GST on Income", rate: "15.0000" },
      { code: "NONE", name: "No GST", rate: "0.0000" }
    ])
  ]
  const contacts: Fake["contacts"] = []
  const documents: Array<StoredDocument> = []
  const calls: Array<Operation> = []
  const failures = new Map<Operation, Array<AccountingError>>()
  const lostAnswers: Array<AccountingError> = []
  const valid = new Set<string>()
  const refreshable = new Set<string>()
  const expiries = new Map<string, number>()
  let counter = 0
  let refreshCount = 0
  let last: Tokens | undefined

  const issue = (): Tokens => {
    counter++
    const tokens = {
      access_token: `access-${options.addonId}-${counter}`,
      refresh_token: `refresh-${options.addonId}-${counter}`,
      expires_at: now() + lifetime
    }
    valid.add(tokens.access_token)
    refreshable.add(tokens.refresh_token)
    expiries.set(tokens.access_token, tokens.expires_at)
    last = tokens
    return tokens
  }

  /** Records the call, answers an injected failure, and checks the access token when given. */
  const enter = (op: Operation, tokens?: Tokens): Effect.Effect<void, AccountingError> =>
    Effect.suspend(() => {
      calls.push(op)
      const queued = failures.get(op)
      const failure = queued?.shift()
      if (failure !== undefined) return Effect.fail(failure)
      if (tokens !== undefined) {
        const expiry = expiries.get(tokens.access_token)
        if (!valid.has(tokens.access_token) || expiry === undefined || expiry <= now())
          return Effect.fail(new AccountingError({ kind: "auth", message: "The access token has expired." }))
      }
      return Effect.void
    })

  const inOrg = (org: string) =>
    organisations.some((o) => o.id === org)
      ? Effect.void
      : Effect.fail(new AccountingError({ kind: "rejected", message: `Organisation ${org} is not connected.` }))

  const find = (org: string, party: Party) =>
    contacts.find(
      (c) =>
        c.organisation === org &&
        ((party.email !== "" && c.email.toLowerCase() === party.email.toLowerCase()) || c.name === party.name)
    )

  const accounting: Accounting = {
    addonId: options.addonId,
    authorizeUrl: (input) => {
      const url = new URL(options.consentUrl ?? "https://consent.fake.invalid/authorize")
      url.searchParams.set("response_type", "code")
      url.searchParams.set("client_id", `client-${options.addonId}`)
      url.searchParams.set("redirect_uri", input.redirectUri)
      url.searchParams.set("state", input.state)
      url.searchParams.set("code_challenge", input.codeChallenge)
      url.searchParams.set("code_challenge_method", "S256")
      return url
    },
    exchange: (input) =>
      Effect.andThen(enter("exchange"), () =>
        input.code === code
          ? Effect.succeed({ tokens: issue(), organisations: [...organisations] })
          : Effect.fail(new AccountingError({ kind: "rejected", message: "invalid_grant" }))
      ),
    refresh: (tokens) =>
      Effect.andThen(enter("refresh"), () => {
        if (!refreshable.has(tokens.refresh_token))
          return Effect.fail(new AccountingError({ kind: "auth", message: "invalid_grant" }))
        refreshable.delete(tokens.refresh_token)
        valid.delete(tokens.access_token)
        refreshCount++
        return Effect.succeed(issue())
      }),
    revoke: (tokens) =>
      Effect.andThen(enter("revoke"), () =>
        Effect.sync(() => {
          valid.delete(tokens.access_token)
          refreshable.delete(tokens.refresh_token)
        })
      ),
    taxRates: (tokens, org) =>
      Effect.andThen(
        enter("taxRates", tokens),
        Effect.andThen(
          inOrg(org),
          Effect.sync(() => [...taxRates])
        )
      ),
    searchContacts: (tokens, org, text) =>
      Effect.andThen(
        enter("searchContacts", tokens),
        Effect.sync(() =>
          contacts.filter((c) => c.organisation === org && c.name.toLowerCase().includes(text.toLowerCase()))
        )
      ),
    findContact: (tokens, org, party) =>
      Effect.andThen(
        enter("findContact", tokens),
        Effect.sync(() => Option.fromNullishOr(find(org, party)))
      ),
    createContact: (tokens, org, party) =>
      Effect.andThen(
        enter("createContact", tokens),
        Effect.andThen(
          inOrg(org),
          Effect.sync(() => {
            const id = `contact-${contacts.length + 1}`
            const made = {
              id,
              name: party.name,
              email: party.email,
              url: `https://books.fake.invalid/${org}/contacts/${id}`,
              organisation: org
            }
            contacts.push(made)
            return made
          })
        )
      ),
    findDocument: (tokens, org, kind, reference) =>
      Effect.andThen(
        enter("findDocument", tokens),
        Effect.sync(() =>
          Option.fromNullishOr(
            documents.find(
              (d) => d.organisation === org && d.document.kind === kind && d.document.reference === reference
            )
          )
        )
      ),
    createDocument: (tokens, org, document) =>
      Effect.andThen(
        enter("createDocument", tokens),
        Effect.andThen(
          inOrg(org),
          Effect.suspend(() => {
            if (!contacts.some((c) => c.id === document.contact_id))
              return Effect.fail(new AccountingError({ kind: "rejected", message: "Contact not found." }))
            const n = documents.length + 1
            const id = `${document.kind}-${n}`
            const stored = {
              id,
              number: `${document.kind === "credit" ? "CN" : "INV"}-${String(n).padStart(4, "0")}`,
              url: `https://books.fake.invalid/${org}/${document.kind}s/${id}`,
              organisation: org,
              document
            }
            documents.push(stored)
            const lost = lostAnswers.shift()
            if (lost !== undefined) return Effect.fail(lost)
            return Effect.succeed({ id: stored.id, number: stored.number, url: stored.url })
          })
        )
      )
  }

  return {
    accounting,
    organisations,
    taxRates,
    contacts,
    documents,
    calls,
    code,
    refreshes: () => refreshCount,
    lastTokens: () => last,
    failNext: (operation, error) => {
      const queued = failures.get(operation) ?? []
      queued.push(error)
      failures.set(operation, queued)
    },
    loseNextAnswer: (error) => {
      lostAnswers.push(error)
    },
    expireTokens: () => {
      for (const key of expiries.keys()) expiries.set(key, 0)
    }
  }
}
