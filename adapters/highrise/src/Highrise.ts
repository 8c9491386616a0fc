/**
 * The Highrise add-on (id 2): quotekit's `TokenCrm` over Highrise's XML API.
 *
 * An admin connects with their API token (Highrise: My Info → API token) and their account's address; `verify`
 * reads `GET /account.xml` with it and answers the account's address (kept as `Tokens.site`) and name. Every call
 * authenticates with HTTP Basic (the token as the user name, `X` as the password) and names the app in its
 * `User-Agent`, as Highrise asks. Searching asks `GET /people/search.xml` and `GET /companies/search.xml` at once
 * and lists people first; a note goes to `POST /people/<id>/notes.xml` or `POST /companies/<id>/notes.xml`.
 *
 * Failures: 401 is `auth`; 429 `rate-limited` and 5xx (Highrise's own limit answers 503 with `Retry-After`)
 * `unavailable`, both retried a bounded number of times honouring `Retry-After`; 422 is `rejected` with Highrise's
 * `<errors>` text. A note is not sent again when no answer came (it may have been written). The token never
 * appears in an error.
 *
 * @example
 * ```ts
 * const highrise = Highrise.make({ userAgent: "quotekit (https://quotes.example.com)" })
 * const site = yield* highrise.verify({ token: "605b32dd…", site: "acme" })
 * const tokens = Crm.tokenTokens("605b32dd…", site.site)
 * yield* highrise.addNote(tokens, { id: "12", type: "person" }, { subject: "Quote 1042 sent", body: "…" })
 * ```
 *
 * @since 0.5.0
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import { type CrmContact, SEARCH_LIMIT, type TokenCrm } from "@quotekit/addons/Crm"
import type { Tokens } from "@quotekit/addons/OAuthService"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import { Effect } from "effect"
import * as Address from "./internal/Address.ts"
import * as Http from "./internal/Http.ts"
import * as Xml from "./internal/Xml.ts"

/** Highrise's add-on id in the spec. */
export const ADDON_ID = 2

/** The `User-Agent` sent when the config names none. */
export const DEFAULT_USER_AGENT = "quotekit (self-hosted quoting app; Highrise add-on)"

/** What an admin is told when the address they pasted is not a Highrise account's. */
export const NOT_HIGHRISE =
  "That is not a Highrise address: use your account's address, for example https://acme.highrisehq.com."

/** What the Highrise add-on is set up with. */
export interface Config {
  /**
   * The `User-Agent` of every request: Highrise asks for the app's name and a link to it or an email address,
   * e.g. `quotekit (https://quotes.example.com)`. Default `DEFAULT_USER_AGENT`.
   */
  readonly userAgent?: string
  /**
   * Where every account is reached instead of `https://<subdomain>.highrisehq.com` (a local stand-in of Highrise
   * in development or tests); the address an admin pastes must still be a Highrise one.
   */
  readonly baseUrl?: string
  readonly retry?: ServiceHttp.Retry
  /** How long one request may take before it counts as no answer. Default 10 s. */
  readonly timeoutMs?: number
}

export type Retry = ServiceHttp.Retry

const trimSlash = (url: string) => url.replace(/\/+$/, "")

/** A token Highrise could have issued: printable ASCII, no spaces (what an HTTP header can carry). */
const isTokenLike = (token: string) => /^[\x21-\x7e]+$/.test(token)

const contactData = (node: unknown) => {
  const data = Xml.child(node, "contact-data")
  return {
    email: Xml.text(Xml.children(Xml.child(data, "email-addresses"), "email-address")[0], "address"),
    phone: Xml.text(Xml.children(Xml.child(data, "phone-numbers"), "phone-number")[0], "number")
  }
}

/** A `<person>` of a search answer as a `CrmContact`. */
export const personOf = (site: string, person: Record<string, unknown>): CrmContact => {
  const id = Xml.text(person, "id")
  return {
    id,
    type: "person",
    name_first: Xml.text(person, "first-name"),
    name_last: Xml.text(person, "last-name"),
    company: Xml.text(person, "company-name"),
    company_id: Xml.text(person, "company-id"),
    ...contactData(person),
    url: `${site}/people/${id}`
  }
}

/** A `<company>` of a search answer as a `CrmContact`. */
export const companyOf = (site: string, company: Record<string, unknown>): CrmContact => {
  const id = Xml.text(company, "id")
  return {
    id,
    type: "organisation",
    name_first: Xml.text(company, "name"),
    name_last: "",
    company: "",
    company_id: "",
    ...contactData(company),
    url: `${site}/companies/${id}`
  }
}

/** The Highrise add-on. */
export const make = (config: Config = {}): TokenCrm => {
  const userAgent = config.userAgent ?? DEFAULT_USER_AGENT
  const baseUrl = config.baseUrl === undefined ? undefined : trimSlash(config.baseUrl)
  const retry = { ...ServiceHttp.defaultRetry, ...config.retry }
  const timeoutMs = config.timeoutMs ?? 10_000

  /** One request to the account at `site`, retried as configured; the answer's text. */
  const call = (
    token: string,
    site: string,
    method: "GET" | "POST",
    path: string,
    options: { readonly query?: Record<string, string>; readonly body?: string } = {}
  ): Effect.Effect<string, AddOnError> => {
    const target = new URL(`${site}${path}`)
    for (const [k, v] of Object.entries(options.query ?? {})) target.searchParams.set(k, v)
    const basic = Buffer.from(`${token}:X`, "utf8").toString("base64")
    const headers: Record<string, string> = {
      authorization: `Basic ${basic}`,
      "user-agent": userAgent,
      accept: "application/xml"
    }
    if (options.body !== undefined) headers["content-type"] = "application/xml; charset=utf-8"
    const attempt = ServiceHttp.request({
      service: "Highrise",
      timeoutMs,
      retry,
      idempotent: method === "GET",
      send: (signal) =>
        fetch(target, {
          method,
          headers,
          redirect: "manual",
          signal,
          ...(options.body === undefined ? {} : { body: options.body })
        }),
      answer: async (response) => {
        const text = await response.text()
        if (response.status < 200 || response.status > 299) throw Http.errorOf(response.status, response.headers, text)
        return text
      }
    })
    // Whatever an error says (a network library's words included), it never carries the token.
    return attempt.pipe(Effect.mapError((error) => ServiceHttp.scrubError(error, [token, basic], "[token]")))
  }

  const siteOf = (tokens: Tokens): Effect.Effect<string, AddOnError> =>
    tokens.site === undefined || tokens.site === ""
      ? Effect.fail(
          new AddOnError({ kind: "auth", message: "The Highrise connection has no account address; connect again." })
        )
      : Effect.succeed(trimSlash(tokens.site))

  const notUnderstood = (what: string) =>
    new AddOnError({ kind: "unavailable", message: `Highrise's ${what} answer was not understood.` })

  const searchOf = (
    tokens: Tokens,
    site: string,
    what: "people" | "companies",
    term: string
  ): Effect.Effect<ReadonlyArray<CrmContact>, AddOnError> =>
    call(tokens.access_token, site, "GET", `/${what}/search.xml`, { query: { term } }).pipe(
      Effect.flatMap((text) => {
        const parsed = Xml.parse(text)
        if (parsed === undefined || !(what in parsed)) return Effect.fail(notUnderstood(`${what} search`))
        return Effect.succeed(
          what === "people"
            ? Xml.children(parsed.people, "person").map((p) => personOf(site, p))
            : Xml.children(parsed.companies, "company").map((c) => companyOf(site, c))
        )
      })
    )

  return {
    addonId: ADDON_ID,
    connects: "api-token",

    verify: (input) =>
      Effect.gen(function* () {
        const subdomain = Address.subdomainOf(input.site)
        if (subdomain === undefined) return yield* new AddOnError({ kind: "rejected", message: NOT_HIGHRISE })
        const token = input.token.trim()
        if (!isTokenLike(token))
          return yield* new AddOnError({
            kind: "rejected",
            message: "That is not a Highrise API token: copy it from My Info → API token in Highrise."
          })
        const site = baseUrl ?? Address.siteOf(subdomain)
        const text = yield* call(token, site, "GET", "/account.xml").pipe(
          Effect.mapError((error) =>
            error.kind === "auth"
              ? new AddOnError({ kind: "auth", message: "Highrise did not accept that API token." })
              : error.kind === "rejected"
                ? new AddOnError({
                    kind: "rejected",
                    message: `There is no Highrise account at ${Address.siteOf(subdomain)}.`
                  })
                : error
          )
        )
        const account = Xml.parse(text)?.account
        if (account === undefined) return yield* notUnderstood("account")
        return { site, name: Xml.text(account, "name") || subdomain }
      }),

    search: (tokens, text) =>
      Effect.gen(function* () {
        const term = text.trim()
        if (term === "") return []
        const site = yield* siteOf(tokens)
        const [people, companies] = yield* Effect.all(
          [searchOf(tokens, site, "people", term), searchOf(tokens, site, "companies", term)],
          { concurrency: 2 }
        )
        return [...people, ...companies].slice(0, SEARCH_LIMIT)
      }),

    addNote: (tokens, contact, note) =>
      Effect.gen(function* () {
        if (!/^\d+$/.test(contact.id))
          return yield* new AddOnError({ kind: "rejected", message: `"${contact.id}" is not a Highrise record id.` })
        const site = yield* siteOf(tokens)
        const owner = contact.type === "person" ? "people" : "companies"
        yield* call(tokens.access_token, site, "POST", `/${owner}/${contact.id}/notes.xml`, {
          body: Xml.note(note.subject, note.body)
        })
      })
  }
}
