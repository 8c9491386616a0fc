/**
 * A stand-in for one Highrise account over msw, for the add-on's contract tests and the server's tests:
 * `GET /account.xml`, `GET /people/search.xml`, `GET /companies/search.xml` and notes on people and companies, in
 * Highrise's XML, over an in-memory store seeded with people and companies.
 *
 * It checks what Highrise checks: HTTP Basic with the account's API token as the user name (any password),
 * `Content-Type: application/xml` and a well-formed `<note>` with a body (else `422` with `<errors>`), records
 * that exist (else `404`). Switches: `fail` answers the next matching calls with a 429 or 503 (`Retry-After`),
 * a 500, a 401, a 404 or a 422, before doing the work or after it (a lost answer). Notes written are in `notes`;
 * every call in `requests`.
 *
 * @example
 * ```ts
 * const highrise = FakeHighrise.make()
 * const server = setupServer(...highrise.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 * highrise.fail("GET people/search", { status: 503, retryAfterSeconds: 0 })
 * ```
 *
 * @since 0.5.0
 */
import { HttpResponse, http } from "msw"
import * as Xml from "../internal/Xml.ts"

/** A person of the fake account. */
export interface FakePerson {
  readonly id: number
  readonly firstName: string
  readonly lastName: string
  readonly companyId?: number
  readonly companyName?: string
  readonly emails?: ReadonlyArray<string>
  readonly phones?: ReadonlyArray<string>
}

/** A company of the fake account. */
export interface FakeCompany {
  readonly id: number
  readonly name: string
  readonly emails?: ReadonlyArray<string>
  readonly phones?: ReadonlyArray<string>
}

/** A note written through the API. */
export interface FakeNote {
  readonly id: number
  /** `people` or `companies`: whose notes it was posted to. */
  readonly on: "people" | "companies"
  readonly subjectId: number
  /** The body as Highrise read it (XML entities decoded). */
  readonly body: string
}

/** What the next matching calls are answered with instead of Highrise's normal answer. */
export type Failure =
  | { readonly status: 429 | 503; readonly retryAfterSeconds?: number }
  | { readonly status: 500 | 502 }
  | { readonly status: 401 }
  | { readonly status: 404 }
  | { readonly status: 422; readonly messages: ReadonlyArray<string> }

/**
 * Which calls a failure applies to: `GET account`, `GET people/search`, `GET companies/search`, `POST notes`,
 * or `*` for any.
 */
export type Route = "GET account" | "GET people/search" | "GET companies/search" | "POST notes" | "*"

/** A recorded call. */
export interface Recorded {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: string
}

export interface Options {
  readonly subdomain?: string
  readonly name?: string
  /** The API token the account accepts. */
  readonly token?: string
  /** Where the account is reached. Default `https://<subdomain>.highrisehq.com`. */
  readonly baseUrl?: string
  readonly people?: ReadonlyArray<FakePerson>
  readonly companies?: ReadonlyArray<FakeCompany>
}

export const DEFAULT_COMPANIES: ReadonlyArray<FakeCompany> = [
  { id: 501, name: "Harbour Joinery Ltd", emails: ["office@harbourjoinery.example"], phones: ["+64 9 555 0100"] },
  { id: 502, name: "Tane & Sons", emails: [], phones: [] }
]

export const DEFAULT_PEOPLE: ReadonlyArray<FakePerson> = [
  {
    id: 1001,
    firstName: "Mere",
    lastName: "Tane",
    companyId: 501,
    companyName: "Harbour Joinery Ltd",
    emails: ["mere@harbourjoinery.example", "mere.home@example.com"],
    phones: ["+64 21 555 0101", "+64 9 555 0102"]
  },
  { id: 1002, firstName: "Hemi", lastName: "Tane", emails: [], phones: [] },
  { id: 1003, firstName: "Olivia", lastName: "Brown", emails: ["olivia@example.com"] }
]

/** Highrise pages search answers in 25s. */
const PAGE = 25

const xml = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    status,
    headers: { "content-type": "application/xml; charset=utf-8", ...headers }
  })

const errors = (messages: ReadonlyArray<string>) =>
  xml(`<errors>\n${messages.map((m) => `  <error>${Xml.escapeText(m)}</error>`).join("\n")}\n</errors>`, 422)

const contactDataXml = (emails: ReadonlyArray<string> = [], phones: ReadonlyArray<string> = []) =>
  `<contact-data>
    <email-addresses>${emails
      .map(
        (a, i) =>
          `<email-address><id type="integer">${9000 + i}</id><address>${Xml.escapeText(a)}</address><location>Work</location></email-address>`
      )
      .join("")}</email-addresses>
    <phone-numbers>${phones
      .map(
        (n, i) =>
          `<phone-number><id type="integer">${9500 + i}</id><number>${Xml.escapeText(n)}</number><location>Work</location></phone-number>`
      )
      .join("")}</phone-numbers>
    <addresses></addresses>
  </contact-data>`

const personXml = (p: FakePerson) => `<person>
  <id type="integer">${p.id}</id>
  <first-name>${Xml.escapeText(p.firstName)}</first-name>
  <last-name>${Xml.escapeText(p.lastName)}</last-name>
  <title></title>
  <background></background>
  <company-id type="integer"${p.companyId === undefined ? ' nil="true">' : `>${p.companyId}`}</company-id>
  <company-name>${Xml.escapeText(p.companyName ?? "")}</company-name>
  <created-at type="datetime">2026-01-12T15:00:00Z</created-at>
  <updated-at type="datetime">2026-03-10T15:11:52Z</updated-at>
  <visible-to>Everyone</visible-to>
  <author-id type="integer">2</author-id>
  ${contactDataXml(p.emails, p.phones)}
</person>`

const companyXml = (c: FakeCompany) => `<company>
  <id type="integer">${c.id}</id>
  <name>${Xml.escapeText(c.name)}</name>
  <background></background>
  <created-at type="datetime">2026-01-12T15:00:00Z</created-at>
  <updated-at type="datetime">2026-03-10T15:11:52Z</updated-at>
  <visible-to>Everyone</visible-to>
  <author-id type="integer">2</author-id>
  ${contactDataXml(c.emails, c.phones)}
</company>`

/** A fake Highrise account; see the module's description. */
export const make = (options: Options = {}) => {
  const subdomain = options.subdomain ?? "acme"
  const name = options.name ?? "Acme"
  const token = options.token ?? "605b32dd0fake0highrise0token"
  const baseUrl = (options.baseUrl ?? `https://${subdomain}.highrisehq.com`).replace(/\/+$/, "")
  const people = [...(options.people ?? DEFAULT_PEOPLE)]
  const companies = [...(options.companies ?? DEFAULT_COMPANIES)]
  const notes: Array<FakeNote> = []
  const requests: Array<Recorded> = []
  const failures: Array<{ route: Route; failure: Failure; after: boolean; left: number }> = []
  let nextNote = 1

  const failureFor = (route: Route, after: boolean): Failure | undefined => {
    const i = failures.findIndex((f) => f.after === after && f.left > 0 && (f.route === "*" || f.route === route))
    if (i < 0) return undefined
    const f = failures[i]!
    f.left -= 1
    if (f.left === 0) failures.splice(i, 1)
    return f.failure
  }

  const failureAnswer = (failure: Failure): Response => {
    switch (failure.status) {
      case 429:
      case 503:
        return new HttpResponse(failure.status === 503 ? "Service Unavailable" : "Too Many Requests", {
          status: failure.status,
          headers: { "retry-after": String(failure.retryAfterSeconds ?? 1), "content-type": "text/plain" }
        })
      case 401:
        return unauthorized()
      case 404:
        return new HttpResponse("The record could not be found", {
          status: 404,
          headers: { "content-type": "text/plain" }
        })
      case 422:
        return errors(failure.messages)
      default:
        return new HttpResponse("We're sorry, but something went wrong.", {
          status: failure.status,
          headers: { "content-type": "text/plain" }
        })
    }
  }

  const unauthorized = () =>
    new HttpResponse("HTTP Basic: Access denied.\n", {
      status: 401,
      headers: { "www-authenticate": 'Basic realm="Application"', "content-type": "text/plain" }
    })

  /** HTTP Basic with the account's token as the user name; Highrise ignores the password. */
  const authorised = (request: Request): boolean => {
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")
    if (basic === null) return false
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8")
    const colon = decoded.indexOf(":")
    return colon >= 0 && decoded.slice(0, colon) === token
  }

  /** Record the call, check the token, apply an injected failure, then the handler; and an "after" failure. */
  const guarded =
    (route: Route, handle: (request: Request, url: URL, body: string) => Response) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      const url = new URL(request.url)
      const body = request.method === "GET" ? "" : await request.text()
      requests.push({ method: request.method, url, headers: new Headers(request.headers), body })
      const before = failureFor(route, false)
      if (before !== undefined) return failureAnswer(before)
      if (!authorised(request)) return unauthorized()
      const answer = handle(request, url, body)
      const after = failureFor(route, true)
      return after === undefined ? answer : failureAnswer(after)
    }

  const account = guarded("GET account", () =>
    xml(`<account>
  <id type="integer">1</id>
  <name>${Xml.escapeText(name)}</name>
  <subdomain>${Xml.escapeText(subdomain)}</subdomain>
  <plan>premium</plan>
  <owner-id type="integer">2</owner-id>
  <people-count type="integer">${people.length}</people-count>
  <storage type="integer">17374444</storage>
  <color_theme>blue</color_theme>
  <ssl_enabled>true</ssl_enabled>
  <created-at type="datetime">2007-01-12T15:00:00Z</created-at>
  <updated-at type="datetime">2007-01-12T15:00:00Z</updated-at>
</account>`)
  )

  const matches = (term: string, fields: ReadonlyArray<string | undefined>) =>
    fields.some((f) => (f ?? "").toLowerCase().includes(term.toLowerCase()))

  const page = <A>(url: URL, list: ReadonlyArray<A>): ReadonlyArray<A> => {
    const offset = Number(url.searchParams.get("n") ?? "0") || 0
    return list.slice(offset, offset + PAGE)
  }

  const peopleSearch = guarded("GET people/search", (_request, url) => {
    const term = (url.searchParams.get("term") ?? "").trim()
    const found =
      term === ""
        ? []
        : people.filter((p) => matches(term, [`${p.firstName} ${p.lastName}`, p.companyName, ...(p.emails ?? [])]))
    const shown = page(url, found)
    return xml(`<people type="array">${shown.map(personXml).join("\n")}</people>`)
  })

  const companySearch = guarded("GET companies/search", (_request, url) => {
    const term = (url.searchParams.get("term") ?? "").trim()
    const found = term === "" ? [] : companies.filter((c) => matches(term, [c.name, ...(c.emails ?? [])]))
    const shown = page(url, found)
    return xml(`<companies type="array">${shown.map(companyXml).join("\n")}</companies>`)
  })

  const createNote = (on: FakeNote["on"]) =>
    guarded("POST notes", (request, url, body) => {
      const subjectId = Number(/\/(\d+)\/notes\.xml$/.exec(url.pathname)?.[1] ?? "NaN")
      const exists =
        on === "people" ? people.some((p) => p.id === subjectId) : companies.some((c) => c.id === subjectId)
      if (!exists)
        return new HttpResponse("The record could not be found", {
          status: 404,
          headers: { "content-type": "text/plain" }
        })
      if (!(request.headers.get("content-type") ?? "").startsWith("application/xml"))
        return errors(["Content-Type must be application/xml"])
      const parsed = Xml.parse(body)
      if (parsed === undefined || !("note" in parsed)) return errors(["Note is not well-formed XML"])
      const text = Xml.text(Xml.children(parsed, "note")[0], "body")
      if (text === "") return errors(["Body can't be blank"])
      const note: FakeNote = { id: nextNote++, on, subjectId, body: text }
      notes.push(note)
      return xml(
        `<note>
  <id type="integer">${note.id}</id>
  <body>${Xml.escapeText(note.body)}</body>
  <author-id type="integer">2</author-id>
  <subject-id type="integer">${subjectId}</subject-id>
  <subject-type>Party</subject-type>
  <visible-to>Everyone</visible-to>
  <created-at type="datetime">2026-11-27T10:00:00Z</created-at>
  <updated-at type="datetime">2026-11-27T10:00:00Z</updated-at>
</note>`,
        201,
        { location: `${baseUrl}/notes/${note.id}.xml` }
      )
    })

  const handlers = [
    http.get(`${baseUrl}/account.xml`, account),
    http.get(`${baseUrl}/people/search.xml`, peopleSearch),
    http.get(`${baseUrl}/companies/search.xml`, companySearch),
    http.post(`${baseUrl}/people/:id/notes.xml`, createNote("people")),
    http.post(`${baseUrl}/companies/:id/notes.xml`, createNote("companies"))
  ]

  return {
    handlers,
    subdomain,
    name,
    token,
    baseUrl,
    /** The account's people (seeded and added). */
    people: people as ReadonlyArray<FakePerson>,
    companies: companies as ReadonlyArray<FakeCompany>,
    /** Notes written, oldest first. */
    notes: notes as ReadonlyArray<FakeNote>,
    /** Every call the fake answered, oldest first. */
    requests: requests as ReadonlyArray<Recorded>,
    /**
     * Answer the next `times` calls of `route` with `failure`; with `after`, do the work first and answer the
     * failure instead (the answer lost on the way back).
     */
    fail: (route: Route, failure: Failure, fail: { readonly times?: number; readonly after?: boolean } = {}) => {
      failures.push({ route, failure, after: fail.after ?? false, left: fail.times ?? 1 })
    },
    /** A person added in Highrise by hand. */
    addPerson: (person: FakePerson): FakePerson => {
      people.push(person)
      return person
    },
    /** A company added in Highrise by hand. */
    addCompany: (company: FakeCompany): FakeCompany => {
      companies.push(company)
      return company
    },
    /** Forget notes, requests and failures; people and companies go back to the seed. */
    reset: () => {
      people.splice(0, people.length, ...(options.people ?? DEFAULT_PEOPLE))
      companies.splice(0, companies.length, ...(options.companies ?? DEFAULT_COMPANIES))
      notes.length = 0
      requests.length = 0
      failures.length = 0
      nextNote = 1
    }
  }
}

/** A fake Highrise account; see `make`. */
export type FakeHighrise = ReturnType<typeof make>
