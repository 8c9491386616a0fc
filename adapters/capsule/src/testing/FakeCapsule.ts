/**
 * A stand-in for Capsule CRM over msw, for the add-on's contract tests and the server's tests: the consent page
 * (`/oauth/authorise`, with the PKCE S256 challenge checked at the token endpoint), the token endpoint
 * (authorization code and refresh grants, the client's id and secret in the form), revocation, `GET /api/v2/site`,
 * the party search and `POST /api/v2/entries`, with Capsule's request and answer shapes, in memory.
 *
 * Switches: `fail` answers the next matching calls with a 429 (`Retry-After` and `X-RateLimit-*`), a 5xx, a 422
 * with Capsule's validation shape or a 401; `expireAccessTokens` makes every access token answer 401 until
 * refreshed; `revokeRefreshTokens` makes refreshing fail with `invalid_grant`. Parties are seeded with `addPerson`
 * and `addOrganisation`; the notes written are in `notes`; every call in `requests`.
 *
 * @example
 * ```ts
 * const capsule = FakeCapsule.make()
 * const server = setupServer(...capsule.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 * capsule.fail("GET parties/search", { status: 429, retryAfterSeconds: 0 })
 * ```
 *
 * @since 0.5.0
 */
import { createHash, randomUUID } from "node:crypto"
import { HttpResponse, http, type JsonBodyType } from "msw"

/** The Capsule account (site) of the fake. */
export interface FakeSite {
  readonly id: number
  readonly url: string
  readonly subdomain: string
  readonly name: string
}

/** A party as the fake keeps it. */
export interface FakeParty {
  readonly id: number
  readonly type: "person" | "organisation"
  readonly firstName?: string
  readonly lastName?: string
  /** An organisation's name. */
  readonly name?: string
  readonly emailAddresses: ReadonlyArray<string>
  readonly phoneNumbers: ReadonlyArray<string>
  /** A person's organisation (a party of the fake). */
  readonly organisationId?: number
}

/** A note written through `POST /api/v2/entries`. */
export interface FakeNote {
  readonly id: number
  readonly partyId: number
  readonly content: string
}

/** What the next matching calls are answered with instead of Capsule's normal answer. */
export type Failure =
  | { readonly status: 429; readonly retryAfterSeconds?: number }
  | { readonly status: 500 | 502 | 503 | 504; readonly message?: string }
  | {
      readonly status: 422
      readonly message?: string
      readonly errors?: ReadonlyArray<{ readonly message: string; readonly field?: string }>
    }
  | { readonly status: 401 }

/**
 * Which calls a failure applies to: `POST token`, `POST revoke`, `GET site`, `GET parties/search`,
 * `POST entries`, or `"*"` for any.
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
  readonly clientId?: string
  readonly clientSecret?: string
  /** Default `https://api.capsulecrm.com`. */
  readonly authUrl?: string
  /** Default `https://api.capsulecrm.com`. */
  readonly apiUrl?: string
  readonly site?: FakeSite
  readonly accessTokenSeconds?: number
  /** The hourly request limit named in `X-RateLimit-Limit`. Default 4000. */
  readonly rateLimit?: number
  readonly now?: () => number
}

export const DEFAULT_SITE: FakeSite = {
  id: 4711,
  url: "https://acme.capsulecrm.com",
  subdomain: "acme",
  name: "Acme Renovations"
}

interface Grant {
  readonly scope: string
  revoked: boolean
}
interface Code {
  readonly challenge: string | null
  readonly redirectUri: string
  readonly grant: Grant
}
interface Access {
  readonly grant: Grant
  expiresAt: number
}

const oauthError = (error: string, description?: string, status = 400) =>
  HttpResponse.json({ error, ...(description === undefined ? {} : { error_description: description }) }, { status })

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

/** A fake Capsule; see the module's description. */
export const make = (options: Options = {}) => {
  const clientId = options.clientId ?? "fake-capsule-client-id"
  const clientSecret = options.clientSecret ?? "fake-capsule-client-secret"
  const authUrl = (options.authUrl ?? "https://api.capsulecrm.com").replace(/\/+$/, "")
  const apiUrl = `${(options.apiUrl ?? "https://api.capsulecrm.com").replace(/\/+$/, "")}/api/v2`
  const site = options.site ?? DEFAULT_SITE
  const accessSeconds = options.accessTokenSeconds ?? 604_800
  const rateLimit = options.rateLimit ?? 4_000
  const now = options.now ?? Date.now

  const codes = new Map<string, Code>()
  const accessTokens = new Map<string, Access>()
  const refreshTokens = new Map<string, Grant>()
  const failures: Array<{ route: Route; failure: Failure; left: number }> = []
  const parties: Array<FakeParty> = []
  const notes: Array<FakeNote> = []
  const requests: Array<Recorded> = []
  let ids = 11_000_000
  let used = 0

  const limitHeaders = () => ({
    "x-ratelimit-limit": String(rateLimit),
    "x-ratelimit-remaining": String(Math.max(0, rateLimit - used)),
    "x-ratelimit-reset": String(Math.ceil(now() / 3_600_000) * 3_600)
  })

  const failureFor = (route: Route): Failure | undefined => {
    const i = failures.findIndex((f) => f.left > 0 && (f.route === "*" || f.route === route))
    if (i < 0) return undefined
    const f = failures[i]!
    f.left -= 1
    if (f.left === 0) failures.splice(i, 1)
    return f.failure
  }

  const unauthorized = (message = "authentication failed") =>
    HttpResponse.json(
      { message },
      {
        status: 401,
        headers: { "www-authenticate": 'Bearer realm="capsule", error="invalid_token"', ...limitHeaders() }
      }
    )

  const failureAnswer = (failure: Failure): Response => {
    switch (failure.status) {
      case 429:
        return HttpResponse.json(
          { message: "rate limit exceeded" },
          {
            status: 429,
            headers: {
              ...limitHeaders(),
              "x-ratelimit-remaining": "0",
              "retry-after": String(failure.retryAfterSeconds ?? 1)
            }
          }
        )
      case 422:
        return HttpResponse.json(
          {
            message: failure.message ?? "validation failed",
            errors: (failure.errors ?? []).map((e) => ({ message: e.message, resource: "entry", field: e.field ?? "" }))
          },
          { status: 422, headers: limitHeaders() }
        )
      case 401:
        return unauthorized()
      default:
        return HttpResponse.json(
          { message: failure.message ?? "An internal server error occurred" },
          { status: failure.status }
        )
    }
  }

  /** Record the call, apply an injected failure, then the handler. */
  const guarded =
    (route: Route, handle: (request: Request, url: URL) => Promise<Response> | Response) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      const url = new URL(request.url)
      const body = request.method === "GET" ? "" : await request.clone().text()
      requests.push({ method: request.method, url, headers: new Headers(request.headers), body })
      used += 1
      const failure = failureFor(route)
      if (failure !== undefined) return failureAnswer(failure)
      return handle(request, url)
    }

  // ---- OAuth ---------------------------------------------------------------------------------------------

  const clientOf = (request: Request, form: URLSearchParams): boolean => {
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")
    if (basic !== null) {
      const [id, secret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":")
      const decode = (s: string | undefined) => decodeURIComponent((s ?? "").replace(/\+/g, " "))
      return decode(id) === clientId && decode(secret) === clientSecret
    }
    return form.get("client_id") === clientId && form.get("client_secret") === clientSecret
  }

  const issue = (grant: Grant) => {
    const access = `fake-capsule-access-${randomUUID()}`
    const refresh = `fake-capsule-refresh-${randomUUID()}`
    accessTokens.set(access, { grant, expiresAt: now() + accessSeconds * 1_000 })
    refreshTokens.set(refresh, grant)
    return HttpResponse.json(
      {
        access_token: access,
        token_type: "bearer",
        expires_in: accessSeconds,
        refresh_token: refresh,
        scope: grant.scope,
        subdomain: site.subdomain
      },
      { headers: { "cache-control": "no-store" } }
    )
  }

  const token = guarded("POST token", async (request) => {
    const form = new URLSearchParams(await request.text())
    if (!clientOf(request, form)) return oauthError("invalid_client", "Client authentication failed", 401)
    const grantType = form.get("grant_type")
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "")
      if (code === undefined) return oauthError("invalid_grant", "The authorization code is invalid or expired")
      codes.delete(form.get("code") ?? "")
      if (form.get("redirect_uri") !== code.redirectUri) return oauthError("invalid_grant", "redirect_uri mismatch")
      if (code.challenge !== null) {
        const verifier = form.get("code_verifier") ?? ""
        if (createHash("sha256").update(verifier).digest("base64url") !== code.challenge)
          return oauthError("invalid_grant", "code_verifier does not match the code_challenge")
      }
      return issue(code.grant)
    }
    if (grantType === "refresh_token") {
      const presented = form.get("refresh_token") ?? ""
      const grant = refreshTokens.get(presented)
      if (grant === undefined || grant.revoked) return oauthError("invalid_grant", "The refresh token is invalid")
      refreshTokens.delete(presented)
      return issue(grant)
    }
    return oauthError("unsupported_grant_type")
  })

  const revoke = guarded("POST revoke", async (request) => {
    const form = new URLSearchParams(await request.text())
    const presented = form.get("token") ?? ""
    const grant = refreshTokens.get(presented) ?? accessTokens.get(presented)?.grant
    if (grant !== undefined) grant.revoked = true
    return new HttpResponse(null, { status: 200 })
  })

  /**
   * What Capsule's consent page does when the user allows access (or, with `deny`, refuses it): the redirect to
   * the application's callback with `code` and `state`.
   */
  const consent = (authorizeUrl: URL | string, choice: { readonly deny?: boolean } = {}): URL => {
    const p = new URL(authorizeUrl).searchParams
    const method = p.get("code_challenge_method")
    const problems = [
      p.get("response_type") === "code" ? undefined : "response_type must be code",
      p.get("client_id") === clientId ? undefined : "unknown client_id",
      p.get("redirect_uri") ? undefined : "redirect_uri missing",
      p.get("state") ? undefined : "state missing",
      method === null || method === "S256" ? undefined : "only the S256 code_challenge_method is supported",
      (p.get("scope") ?? "").split(" ").includes("read") ? undefined : "the read scope is missing"
    ].filter((x) => x !== undefined)
    if (problems.length > 0) throw new Error(`FakeCapsule consent: ${problems.join("; ")}`)
    const back = new URL(p.get("redirect_uri")!)
    back.searchParams.set("state", p.get("state")!)
    if (choice.deny === true) {
      back.searchParams.set("error", "access_denied")
      return back
    }
    const code = `fake-capsule-code-${randomUUID()}`
    codes.set(code, {
      challenge: method === "S256" ? p.get("code_challenge") : null,
      redirectUri: p.get("redirect_uri")!,
      grant: { scope: p.get("scope")!, revoked: false }
    })
    back.searchParams.set("code", code)
    return back
  }

  const authorise = guarded("GET authorise", (_request, url) => {
    try {
      return new HttpResponse(null, { status: 302, headers: { location: consent(url).toString() } })
    } catch (error) {
      return new HttpResponse(String(error), { status: 400 })
    }
  })

  // ---- API -----------------------------------------------------------------------------------------------

  const grantOf = (request: Request): Grant | Response => {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")
    const access = bearer === null ? undefined : accessTokens.get(bearer[1]!)
    if (access === undefined || access.grant.revoked) return unauthorized()
    if (access.expiresAt <= now()) return unauthorized("access token expired")
    return access.grant
  }

  const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status, headers: limitHeaders() })

  const siteAnswer = guarded("GET site", (request) => {
    const grant = grantOf(request)
    if (grant instanceof Response) return grant
    return json({ site: { id: site.id, url: site.url, subdomain: site.subdomain, name: site.name } })
  })

  const partyJson = (p: FakeParty) => {
    const stamp = new Date(now()).toISOString()
    const common = {
      id: p.id,
      type: p.type,
      about: null,
      createdAt: stamp,
      updatedAt: stamp,
      pictureURL: `https://capsulecrm.com/theme/default/images/${p.type}_avatar_70.png`,
      addresses: [],
      websites: [],
      emailAddresses: p.emailAddresses.map((address, i) => ({
        id: p.id * 10 + i,
        type: i === 0 ? "Work" : null,
        address
      })),
      phoneNumbers: p.phoneNumbers.map((number, i) => ({ id: p.id * 10 + i, type: i === 0 ? "Work" : null, number })),
      owner: { id: 1, username: "owner", name: "The Owner" },
      team: null
    }
    if (p.type === "organisation") return { ...common, name: p.name ?? "" }
    const org = parties.find((o) => o.id === p.organisationId)
    return {
      ...common,
      title: null,
      firstName: p.firstName ?? null,
      lastName: p.lastName ?? null,
      jobTitle: null,
      organisation: org === undefined ? null : { id: org.id, name: org.name ?? "", pictureURL: null }
    }
  }

  /** Capsule's search matches names, email addresses and phone numbers, any case, anywhere in them. */
  const matches = (p: FakeParty, q: string) => {
    const fields = [
      p.firstName,
      p.lastName,
      `${p.firstName ?? ""} ${p.lastName ?? ""}`,
      p.name,
      ...p.emailAddresses,
      ...p.phoneNumbers
    ]
    return fields.some((f) => f?.toLowerCase().includes(q) === true)
  }

  const search = guarded("GET parties/search", (request, url) => {
    const grant = grantOf(request)
    if (grant instanceof Response) return grant
    const q = (url.searchParams.get("q") ?? "").trim().toLowerCase()
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("perPage") ?? "50") || 50))
    const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1)
    const found = parties.filter((p) => q !== "" && matches(p, q))
    return json({ parties: found.slice((page - 1) * perPage, page * perPage).map(partyJson) })
  })

  const entries = guarded("POST entries", async (request) => {
    const grant = grantOf(request)
    if (grant instanceof Response) return grant
    if (!grant.scope.split(" ").includes("write"))
      return json({ message: "insufficient scope: write is required" }, 403)
    let raw: unknown
    try {
      raw = JSON.parse(await request.text())
    } catch {
      return json({ message: "malformed JSON" }, 400)
    }
    const entry = isRecord(raw) && isRecord(raw.entry) ? raw.entry : {}
    const errors: Array<{ message: string; resource: string; field: string }> = []
    if (entry.type !== "note")
      errors.push({ message: "type must be note, email or task", resource: "entry", field: "type" })
    const content = typeof entry.content === "string" ? entry.content : ""
    if (content.trim() === "") errors.push({ message: "content is required", resource: "entry", field: "content" })
    const partyId = isRecord(entry.party) ? entry.party.id : undefined
    const party = parties.find((p) => p.id === partyId)
    if (party === undefined) errors.push({ message: "party not found", resource: "entry", field: "party" })
    if (errors.length > 0) return json({ message: "validation failed", errors }, 422)
    const note: FakeNote = { id: ++ids, partyId: party!.id, content }
    notes.push(note)
    return json(
      {
        entry: {
          id: note.id,
          type: "note",
          content,
          party: partyJson(party!),
          creator: { id: 1, username: "owner", name: "The Owner" },
          createdAt: new Date(now()).toISOString(),
          updatedAt: new Date(now()).toISOString(),
          entryAt: new Date(now()).toISOString(),
          activityType: { id: -1, name: "Note" },
          attachments: [],
          participants: []
        }
      },
      201
    )
  })

  const handlers = [
    http.get(`${authUrl}/oauth/authorise`, authorise),
    http.post(`${authUrl}/oauth/token`, token),
    http.post(`${authUrl}/oauth/token/revoke`, revoke),
    http.get(`${apiUrl}/site`, siteAnswer),
    http.get(`${apiUrl}/parties/search`, search),
    http.post(`${apiUrl}/entries`, entries)
  ]

  return {
    handlers,
    clientId,
    clientSecret,
    site,
    consent,
    /** Every party, oldest first. */
    parties: parties as ReadonlyArray<FakeParty>,
    /** The notes written, oldest first. */
    notes: notes as ReadonlyArray<FakeNote>,
    /** Every call the fake answered, oldest first. */
    requests: requests as ReadonlyArray<Recorded>,
    /** Answer the next `times` calls of `route` with `failure`. */
    fail: (route: Route, failure: Failure, fail: { readonly times?: number } = {}) => {
      failures.push({ route, failure, left: fail.times ?? 1 })
    },
    /** Every access token issued so far answers 401 until the connection is refreshed. */
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.expiresAt = now() - 1
    },
    /** Every connection made so far is revoked: its refresh token gets `invalid_grant`, its access tokens 401. */
    revokeRefreshTokens: () => {
      for (const grant of refreshTokens.values()) grant.revoked = true
    },
    /** A person made in Capsule by hand. */
    addPerson: (person: {
      readonly firstName?: string
      readonly lastName?: string
      readonly emailAddresses?: ReadonlyArray<string>
      readonly phoneNumbers?: ReadonlyArray<string>
      readonly organisation?: FakeParty
    }): FakeParty => {
      const made: FakeParty = {
        id: ++ids,
        type: "person",
        ...(person.firstName === undefined ? {} : { firstName: person.firstName }),
        ...(person.lastName === undefined ? {} : { lastName: person.lastName }),
        emailAddresses: person.emailAddresses ?? [],
        phoneNumbers: person.phoneNumbers ?? [],
        ...(person.organisation === undefined ? {} : { organisationId: person.organisation.id })
      }
      parties.push(made)
      return made
    },
    /** An organisation made in Capsule by hand. */
    addOrganisation: (organisation: {
      readonly name: string
      readonly emailAddresses?: ReadonlyArray<string>
      readonly phoneNumbers?: ReadonlyArray<string>
    }): FakeParty => {
      const made: FakeParty = {
        id: ++ids,
        type: "organisation",
        name: organisation.name,
        emailAddresses: organisation.emailAddresses ?? [],
        phoneNumbers: organisation.phoneNumbers ?? []
      }
      parties.push(made)
      return made
    },
    /** Forget everything but the site. */
    reset: () => {
      codes.clear()
      accessTokens.clear()
      refreshTokens.clear()
      failures.length = 0
      parties.length = 0
      notes.length = 0
      requests.length = 0
      ids = 11_000_000
      used = 0
    }
  }
}

/** A fake Capsule; see `make`. */
export type FakeCapsule = ReturnType<typeof make>
