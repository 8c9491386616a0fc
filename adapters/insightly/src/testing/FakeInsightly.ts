/**
 * A stand-in for Insightly over msw, for the add-on's contract tests and the server's tests: one instance on one
 * pod with API v3.1's `GET /Instance`, contacts and organisations (`/Search` by one field's whole value, any case;
 * one organisation by id) and notes on either, with Insightly's upper-case shapes and HTTP Basic API keys, in
 * memory.
 *
 * Switches: `fail` answers the next matching calls with a 429 (`Retry-After`), a 5xx, a 400 in ASP.NET's
 * `Message` / `ModelState` shape or a 401; `revokeKey` makes a key answer 401. Records are seeded with
 * `addContact` and `addOrganisation`; the notes written are in `notes`; every call in `requests`.
 *
 * @example
 * ```ts
 * const insightly = FakeInsightly.make()
 * const server = setupServer(...insightly.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 * insightly.fail("GET Contacts/Search", { status: 429, retryAfterSeconds: 0 })
 * ```
 *
 * @since 0.5.0
 */
import { HttpResponse, http, type JsonBodyType } from "msw"

/** A contact as the fake keeps it. */
export interface FakeContact {
  readonly CONTACT_ID: number
  readonly FIRST_NAME: string | null
  readonly LAST_NAME: string | null
  readonly EMAIL_ADDRESS: string | null
  readonly PHONE: string | null
  readonly PHONE_MOBILE: string | null
  readonly ORGANISATION_ID: number | null
}

/** An organisation as the fake keeps it. */
export interface FakeOrganisation {
  readonly ORGANISATION_ID: number
  readonly ORGANISATION_NAME: string
  readonly PHONE: string | null
}

/** A note written through `POST /v3.1/{Contacts|Organisations}/{id}/Notes`. */
export interface FakeNote {
  readonly NOTE_ID: number
  readonly TITLE: string
  readonly BODY: string
  readonly LINK_SUBJECT_ID: number
  readonly LINK_SUBJECT_TYPE: "Contact" | "Organisation"
}

/** What the next matching calls are answered with instead of Insightly's normal answer. */
export type Failure =
  | { readonly status: 429; readonly retryAfterSeconds?: number }
  | { readonly status: 500 | 502 | 503 | 504; readonly message?: string }
  | { readonly status: 400; readonly message: string; readonly modelState?: Record<string, ReadonlyArray<string>> }
  | { readonly status: 401 }

/**
 * Which calls a failure applies to: `GET Instance`, `GET Contacts/Search`, `GET Organisations/Search`,
 * `GET Organisations` (one by id), `POST Notes`, or `"*"` for any.
 */
export type Route = string

/** A recorded call. */
export interface Recorded {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: string
}

export interface Options {
  /** The keys Insightly accepts. Default one, `API_KEY`. */
  readonly apiKeys?: ReadonlyArray<string>
  /** Default `na1`. */
  readonly pod?: string
  /** Where the API is, without `/v3.1`. Default `https://api.<pod>.insightly.com`. */
  readonly apiUrl?: string
  readonly instanceName?: string
  readonly instanceSubdomain?: string
}

export const API_KEY = "9f3e5a1c-4b2d-4e8f-a6c7-0d1b2c3e4f5a"

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

/** A fake Insightly; see the module's description. */
export const make = (options: Options = {}) => {
  const pod = options.pod ?? "na1"
  const keys = new Set(options.apiKeys ?? [API_KEY])
  const api = `${(options.apiUrl ?? `https://api.${pod}.insightly.com`).replace(/\/+$/, "")}/v3.1`
  const instanceName = options.instanceName ?? "Acme Renovations"
  const instanceSubdomain = options.instanceSubdomain ?? "acmerenovations"

  const failures: Array<{ route: Route; failure: Failure; left: number }> = []
  const contacts: Array<FakeContact> = []
  const organisations: Array<FakeOrganisation> = []
  const notes: Array<FakeNote> = []
  const requests: Array<Recorded> = []
  let ids = 300_000_000

  const json = (body: JsonBodyType, status = 200, headers: Record<string, string> = {}) =>
    HttpResponse.json(body, { status, headers })

  const failureFor = (route: Route): Failure | undefined => {
    const i = failures.findIndex((f) => f.left > 0 && (f.route === "*" || f.route === route))
    if (i < 0) return undefined
    const f = failures[i]!
    f.left -= 1
    if (f.left === 0) failures.splice(i, 1)
    return f.failure
  }

  const unauthorized = () => json({ Message: "Authorization has been denied for this request." }, 401)

  const failureAnswer = (failure: Failure): Response => {
    switch (failure.status) {
      case 429:
        return json({ Message: "API rate limit exceeded." }, 429, {
          "retry-after": String(failure.retryAfterSeconds ?? 1)
        })
      case 400:
        return json(
          { Message: failure.message, ...(failure.modelState === undefined ? {} : { ModelState: failure.modelState }) },
          400
        )
      case 401:
        return unauthorized()
      default:
        return json({ Message: failure.message ?? "An error has occurred." }, failure.status)
    }
  }

  /** Record the call, check the key, apply an injected failure, then the handler. */
  const guarded =
    (
      route: Route,
      handle: (request: Request, url: URL, params: Readonly<Record<string, unknown>>) => Promise<Response> | Response
    ) =>
    async ({ request, params }: { request: Request; params: Readonly<Record<string, unknown>> }): Promise<Response> => {
      const url = new URL(request.url)
      const body = request.method === "GET" ? "" : await request.clone().text()
      requests.push({ method: request.method, url, headers: new Headers(request.headers), body })
      const failure = failureFor(route)
      if (failure !== undefined) return failureAnswer(failure)
      const basic = /^Basic\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")
      const [key, password] = basic === null ? [] : Buffer.from(basic[1]!, "base64").toString("utf8").split(":")
      if (key === undefined || password !== "" || !keys.has(key)) return unauthorized()
      return handle(request, url, params)
    }

  const instance = guarded("GET Instance", () =>
    json({
      INSTANCE_NAME: instanceName,
      INSTANCE_SUBDOMAIN: instanceSubdomain,
      PLAN_NAME: "Professional",
      NEW_USER_EMAIL_ADDRESS: null,
      DATE_CREATED_UTC: "2024-03-01 09:00:00",
      WORKERS_COUNT: 3
    })
  )

  const contactJson = (c: FakeContact) => ({
    ...c,
    SALUTATION: null,
    TITLE: null,
    BACKGROUND: null,
    IMAGE_URL: null,
    DATE_CREATED_UTC: "2025-01-10 10:00:00",
    DATE_UPDATED_UTC: "2025-01-10 10:00:00",
    OWNER_USER_ID: 1,
    VISIBLE_TO: "EVERYONE"
  })
  const organisationJson = (o: FakeOrganisation) => ({
    ...o,
    BACKGROUND: null,
    IMAGE_URL: null,
    EMAIL_DOMAIN: null,
    DATE_CREATED_UTC: "2025-01-10 10:00:00",
    DATE_UPDATED_UTC: "2025-01-10 10:00:00",
    OWNER_USER_ID: 1,
    VISIBLE_TO: "EVERYONE"
  })
  const children = { CUSTOMFIELDS: [], TAGS: [], DATES: [], LINKS: [] }

  /** Insightly's field search: the field's whole value, any case; `top` (default 100, at most 500) and `skip`. */
  const searched = <A extends object>(url: URL, list: ReadonlyArray<A>, fields: ReadonlyArray<string>) => {
    const field = url.searchParams.get("field_name") ?? ""
    const value = (url.searchParams.get("field_value") ?? "").trim().toLowerCase()
    if (!fields.includes(field)) return json({ Message: `Invalid field_name: ${field}` }, 400)
    const top = Math.min(500, Math.max(1, Number(url.searchParams.get("top") ?? "100") || 100))
    const skip = Math.max(0, Number(url.searchParams.get("skip") ?? "0") || 0)
    const found = list.filter((a) => {
      const v = (a as Record<string, unknown>)[field]
      return typeof v === "string" && v.trim().toLowerCase() === value
    })
    return found.slice(skip, skip + top)
  }

  const brief = (url: URL) => url.searchParams.get("brief") === "true"

  const contactSearch = guarded("GET Contacts/Search", (_request, url) => {
    const found = searched(url, contacts, ["FIRST_NAME", "LAST_NAME", "EMAIL_ADDRESS", "PHONE"])
    if (found instanceof Response) return found
    return json(found.map((c) => ({ ...contactJson(c), ...(brief(url) ? {} : children) })))
  })

  const organisationSearch = guarded("GET Organisations/Search", (_request, url) => {
    const found = searched(url, organisations, ["ORGANISATION_NAME", "PHONE"])
    if (found instanceof Response) return found
    return json(found.map((o) => ({ ...organisationJson(o), ...(brief(url) ? {} : children) })))
  })

  const organisation = guarded("GET Organisations", (_request, _url, params) => {
    const found = organisations.find((o) => String(o.ORGANISATION_ID) === String(params.id))
    return found === undefined
      ? new HttpResponse(null, { status: 404 })
      : json({ ...organisationJson(found), ...children })
  })

  const addNote = (type: FakeNote["LINK_SUBJECT_TYPE"]) =>
    guarded("POST Notes", async (request, _url, params) => {
      const exists =
        type === "Contact"
          ? contacts.some((c) => String(c.CONTACT_ID) === String(params.id))
          : organisations.some((o) => String(o.ORGANISATION_ID) === String(params.id))
      if (!exists) return new HttpResponse(null, { status: 404 })
      let raw: unknown
      try {
        raw = JSON.parse(await request.text())
      } catch {
        return json({ Message: "The request is invalid." }, 400)
      }
      const title = isRecord(raw) && typeof raw.TITLE === "string" ? raw.TITLE : ""
      const body = isRecord(raw) && typeof raw.BODY === "string" ? raw.BODY : ""
      if (title.trim() === "")
        return json(
          { Message: "The request is invalid.", ModelState: { "note.TITLE": ["The TITLE field is required."] } },
          400
        )
      const note: FakeNote = {
        NOTE_ID: ++ids,
        TITLE: title,
        BODY: body,
        LINK_SUBJECT_ID: Number(params.id),
        LINK_SUBJECT_TYPE: type
      }
      notes.push(note)
      return json({ ...note, DATE_CREATED_UTC: "2026-11-25 12:00:00", OWNER_USER_ID: 1, VISIBLE_TO: "EVERYONE" })
    })

  const handlers = [
    http.get(`${api}/Instance`, instance),
    http.get(`${api}/Contacts/Search`, contactSearch),
    http.get(`${api}/Organisations/Search`, organisationSearch),
    http.get(`${api}/Organisations/:id`, organisation),
    http.post(`${api}/Contacts/:id/Notes`, addNote("Contact")),
    http.post(`${api}/Organisations/:id/Notes`, addNote("Organisation"))
  ]

  return {
    handlers,
    pod,
    apiKey: [...keys][0]!,
    instanceName,
    /** Contacts, oldest first. */
    contacts: contacts as ReadonlyArray<FakeContact>,
    /** Organisations, oldest first. */
    organisations: organisations as ReadonlyArray<FakeOrganisation>,
    /** The notes written, oldest first. */
    notes: notes as ReadonlyArray<FakeNote>,
    /** Every call the fake answered, oldest first. */
    requests: requests as ReadonlyArray<Recorded>,
    /** Answer the next `times` calls of `route` with `failure`. */
    fail: (route: Route, failure: Failure, fail: { readonly times?: number } = {}) => {
      failures.push({ route, failure, left: fail.times ?? 1 })
    },
    /** The key stops working (deleted or regenerated in Insightly). */
    revokeKey: (key: string) => {
      keys.delete(key)
    },
    /** A contact made in Insightly by hand. */
    addContact: (contact: Partial<Omit<FakeContact, "CONTACT_ID">>): FakeContact => {
      const made: FakeContact = {
        CONTACT_ID: ++ids,
        FIRST_NAME: null,
        LAST_NAME: null,
        EMAIL_ADDRESS: null,
        PHONE: null,
        PHONE_MOBILE: null,
        ORGANISATION_ID: null,
        ...contact
      }
      contacts.push(made)
      return made
    },
    /** An organisation made in Insightly by hand. */
    addOrganisation: (organisation: {
      readonly ORGANISATION_NAME: string
      readonly PHONE?: string
    }): FakeOrganisation => {
      const made: FakeOrganisation = { ORGANISATION_ID: ++ids, PHONE: null, ...organisation }
      organisations.push(made)
      return made
    },
    /** Forget every record, note, call and failure; the keys stay as given. */
    reset: () => {
      failures.length = 0
      contacts.length = 0
      organisations.length = 0
      notes.length = 0
      requests.length = 0
      ids = 300_000_000
      keys.clear()
      for (const k of options.apiKeys ?? [API_KEY]) keys.add(k)
    }
  }
}

/** A fake Insightly; see `make`. */
export type FakeInsightly = ReturnType<typeof make>
