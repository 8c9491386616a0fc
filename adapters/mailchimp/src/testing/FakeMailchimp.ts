/**
 * A stand-in for Mailchimp over msw, for the add-on's contract tests and the server's tests: the consent page,
 * the token endpoint (authorization code with PKCE S256, `client_secret_post`; tokens that never expire),
 * `GET /oauth2/metadata` naming the account's API address, and the Marketing API's audiences
 * (`GET /3.0/lists`), members (`PUT /3.0/lists/<id>/members/<hash>`) and tags (`POST …/tags`), with Mailchimp's
 * request and answer shapes (problem+json errors), in memory.
 *
 * It behaves as Mailchimp does where it matters: `status_if_new` applies to new members only, `status` changes
 * anyone's; a member in compliance state (unsubscribed or bounced and not to be re-subscribed by an app) or a
 * deleted ("forgotten") address answers 400 to any update; an address that looks fake answers 400; the subscriber hash must be
 * the MD5 of the lower-cased email. Switches: `fail` answers the next matching calls with a 429 (`Retry-After`),
 * a 5xx, a 401 or a 400, before doing the work or after it (a lost answer); `revokeTokens` makes every token
 * answer 401. Members are in `members`; every call in `requests`.
 *
 * @example
 * ```ts
 * const mailchimp = FakeMailchimp.make()
 * const server = setupServer(...mailchimp.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 * mailchimp.fail("PUT member", { status: 429, retryAfterSeconds: 0 })
 * ```
 *
 * @since 0.5.0
 */
import { createHash, randomUUID } from "node:crypto"
import { HttpResponse, http } from "msw"

/** An audience (list) of the fake account. */
export interface FakeAudience {
  readonly id: string
  readonly name: string
}

/** A member of an audience as the fake keeps it. */
export interface FakeMember {
  readonly listId: string
  readonly email: string
  readonly status: "subscribed" | "unsubscribed" | "cleaned" | "pending" | "transactional"
  readonly mergeFields: Readonly<Record<string, string>>
  readonly tags: ReadonlyArray<string>
  /** Mailchimp will not subscribe them again through the API (they unsubscribed, bounced or were reported). */
  readonly compliance?: boolean
}

/** What the next matching calls are answered with instead of Mailchimp's normal answer. */
export type Failure =
  | { readonly status: 429; readonly retryAfterSeconds?: number }
  | { readonly status: 500 | 502 | 503; readonly retryAfterSeconds?: number }
  | { readonly status: 401 }
  | { readonly status: 400; readonly title?: string; readonly detail: string }

/** Which calls a failure applies to, or `*` for any. */
export type Route = "GET authorize" | "POST token" | "GET metadata" | "GET lists" | "PUT member" | "POST tags" | "*"

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
  /** Default `https://login.mailchimp.com`. */
  readonly loginUrl?: string
  /** The account's API address the metadata names. Default `https://us19.api.mailchimp.com`. */
  readonly apiEndpoint?: string
  readonly accountName?: string
  readonly audiences?: ReadonlyArray<FakeAudience>
}

export const DEFAULT_AUDIENCES: ReadonlyArray<FakeAudience> = [
  { id: "a1b2c3d4e5", name: "Harbour Joinery customers" },
  { id: "f6g7h8i9j0", name: "Newsletter" }
]

/** Mailchimp's subscriber hash: MD5 of the lower-cased address. */
const hashOf = (email: string) => createHash("md5").update(email.toLowerCase(), "utf8").digest("hex")

const problem = (status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
  HttpResponse.json(
    {
      type: "https://mailchimp.com/developer/marketing/docs/errors/",
      title,
      status,
      detail,
      instance: randomUUID()
    },
    { status, headers: { "content-type": "application/problem+json; charset=utf-8", ...headers } }
  )

const oauthError = (status: number, error: string, description?: string) =>
  HttpResponse.json({ error, ...(description === undefined ? {} : { error_description: description }) }, { status })

const notFound = () => problem(404, "Resource Not Found", "The requested resource could not be found.")

/** Domains Mailchimp refuses as fake, as it does reserved and test domains. */
const FAKE_DOMAINS = /@(example\.(com|org|net)|test\.com|mailinator\.com)$/i

/** A fake Mailchimp; see the module's description. */
export const make = (options: Options = {}) => {
  const clientId = options.clientId ?? "123456789012"
  const clientSecret = options.clientSecret ?? "fake-mailchimp-client-secret"
  const loginUrl = (options.loginUrl ?? "https://login.mailchimp.com").replace(/\/+$/, "")
  const apiEndpoint = (options.apiEndpoint ?? "https://us19.api.mailchimp.com").replace(/\/+$/, "")
  const dc = /^https?:\/\/([^.]+)\./.exec(apiEndpoint)?.[1] ?? "us19"
  const accountName = options.accountName ?? "Harbour Joinery"
  const audiences = [...(options.audiences ?? DEFAULT_AUDIENCES)]

  const codes = new Map<string, { readonly challenge: string; readonly redirectUri: string }>()
  const tokens = new Set<string>()
  const members = new Map<string, FakeMember>()
  const forgotten = new Set<string>()
  const requests: Array<Recorded> = []
  const failures: Array<{ route: Route; failure: Failure; after: boolean; left: number }> = []

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
        return problem(
          429,
          "Too Many Requests",
          "You have exceeded the limit of 10 simultaneous connections.",
          failure.retryAfterSeconds === undefined ? {} : { "retry-after": String(failure.retryAfterSeconds) }
        )
      case 401:
        return problem(
          401,
          "API Key Invalid",
          "Your API key may be invalid, or you've attempted to access the wrong datacenter."
        )
      case 400:
        return problem(400, failure.title ?? "Invalid Resource", failure.detail)
      default:
        return problem(
          failure.status,
          "Internal Server Error",
          "An unexpected internal error has occurred. Please contact Support for more information.",
          failure.retryAfterSeconds === undefined ? {} : { "retry-after": String(failure.retryAfterSeconds) }
        )
    }
  }

  /** Record the call, apply an injected failure, then the handler; and an "after" failure over its answer. */
  const guarded =
    (route: Route, handle: (request: Request, url: URL, body: string) => Response) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      const url = new URL(request.url)
      const body = request.method === "GET" ? "" : await request.text()
      requests.push({ method: request.method, url, headers: new Headers(request.headers), body })
      const before = failureFor(route, false)
      if (before !== undefined) return failureAnswer(before)
      const answer = handle(request, url, body)
      const after = failureFor(route, true)
      return after === undefined ? answer : failureAnswer(after)
    }

  // ---- OAuth ----------------------------------------------------------------------------------------------

  /**
   * What Mailchimp's consent page does when the user allows access (or, with `deny`, refuses it): the redirect
   * to the app's callback with `code` and `state`.
   */
  const consent = (authorizeUrl: URL | string, choice: { readonly deny?: boolean } = {}): URL => {
    const p = new URL(authorizeUrl).searchParams
    const problems = [
      p.get("response_type") === "code" ? undefined : "response_type must be code",
      p.get("client_id") === clientId ? undefined : "unknown client_id",
      p.get("redirect_uri") ? undefined : "redirect_uri missing",
      p.get("code_challenge_method") === "S256" && p.get("code_challenge") ? undefined : "PKCE S256 is required",
      p.get("state") ? undefined : "state missing"
    ].filter((x) => x !== undefined)
    if (problems.length > 0) throw new Error(`FakeMailchimp consent: ${problems.join("; ")}`)
    const back = new URL(p.get("redirect_uri")!)
    if (choice.deny === true) {
      back.searchParams.set("error", "access_denied")
      back.searchParams.set("state", p.get("state")!)
      return back
    }
    const code = `fake-mailchimp-code-${randomUUID()}`
    codes.set(code, { challenge: p.get("code_challenge")!, redirectUri: p.get("redirect_uri")! })
    back.searchParams.set("code", code)
    back.searchParams.set("state", p.get("state")!)
    return back
  }

  const authorize = guarded("GET authorize", (_request, url) => {
    try {
      return new HttpResponse(null, { status: 302, headers: { location: consent(url).toString() } })
    } catch (error) {
      return new HttpResponse(String(error), { status: 400 })
    }
  })

  const token = guarded("POST token", (_request, _url, body) => {
    const form = new URLSearchParams(body)
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
      return oauthError(401, "invalid_client")
    if (form.get("grant_type") !== "authorization_code") return oauthError(400, "unsupported_grant_type")
    const code = codes.get(form.get("code") ?? "")
    if (code === undefined) return oauthError(400, "invalid_grant", "Invalid authorization code")
    codes.delete(form.get("code") ?? "")
    if (form.get("redirect_uri") !== code.redirectUri) return oauthError(400, "invalid_grant", "Invalid redirect_uri")
    const verifier = form.get("code_verifier") ?? ""
    if (createHash("sha256").update(verifier).digest("base64url") !== code.challenge)
      return oauthError(400, "invalid_grant", "Invalid code_verifier")
    const access = `fake-mailchimp-access-${randomUUID().replaceAll("-", "")}`
    tokens.add(access)
    // As Mailchimp answers: no token_type, no refresh token, a token that never expires.
    return HttpResponse.json({ access_token: access, expires_in: 0, scope: null })
  })

  const metadata = guarded("GET metadata", (request) => {
    const presented = /^OAuth\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]
    if (presented === undefined || !tokens.has(presented)) return oauthError(401, "invalid_token")
    return HttpResponse.json({
      dc,
      role: "owner",
      accountname: accountName,
      user_id: 12345678,
      login: { email: "owner@harbourjoinery.example", login_id: 12345678, login_name: "owner", role: "owner" },
      login_url: "https://login.mailchimp.com",
      api_endpoint: apiEndpoint
    })
  })

  // ---- Marketing API --------------------------------------------------------------------------------------

  const authorised = (request: Request): boolean => {
    const presented = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]
    return presented !== undefined && tokens.has(presented)
  }

  const unauthorized = () => failureAnswer({ status: 401 })

  const lists = guarded("GET lists", (request, url) => {
    if (!authorised(request)) return unauthorized()
    const count = Math.min(1_000, Number(url.searchParams.get("count") ?? "10") || 10)
    const offset = Number(url.searchParams.get("offset") ?? "0") || 0
    const page = audiences.slice(offset, offset + count)
    const full = {
      lists: page.map((a) => ({
        id: a.id,
        web_id: 1000,
        name: a.name,
        stats: { member_count: [...members.values()].filter((m) => m.listId === a.id).length }
      })),
      total_items: audiences.length,
      _links: []
    }
    const fields = (url.searchParams.get("fields") ?? "").split(",").filter((f) => f !== "")
    if (fields.length === 0) return HttpResponse.json(full)
    // `fields` keeps only what is named: `lists.id` keeps `id` of each list, `total_items` the count.
    const listFields = fields.filter((f) => f.startsWith("lists.")).map((f) => f.slice("lists.".length))
    return HttpResponse.json({
      ...(listFields.length > 0 || fields.includes("lists")
        ? {
            lists: full.lists.map((l) =>
              fields.includes("lists")
                ? l
                : Object.fromEntries(Object.entries(l).filter(([k]) => listFields.includes(k)))
            )
          }
        : {}),
      ...(fields.includes("total_items") ? { total_items: full.total_items } : {})
    })
  })

  const memberJson = (m: FakeMember) => ({
    id: hashOf(m.email),
    email_address: m.email,
    unique_email_id: hashOf(`u:${m.email}`).slice(0, 10),
    status: m.status,
    merge_fields: m.mergeFields,
    tags_count: m.tags.length,
    tags: m.tags.map((name, i) => ({ id: i + 1, name })),
    list_id: m.listId
  })

  const putMember = guarded("PUT member", (request, url, text) => {
    if (!authorised(request)) return unauthorized()
    const [, listId, hash] = /\/3\.0\/lists\/([^/]+)\/members\/([^/]+)$/.exec(url.pathname) ?? []
    if (!audiences.some((a) => a.id === listId)) return notFound()
    let body: Record<string, unknown>
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      return problem(400, "JSON Parse Error", "We encountered an unspecified JSON parsing error.")
    }
    const email = typeof body.email_address === "string" ? body.email_address.trim() : ""
    if (email === "" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || FAKE_DOMAINS.test(email))
      return problem(400, "Invalid Resource", `${email} looks fake or invalid, please enter a real email address.`)
    if (hashOf(email) !== hash)
      return problem(400, "Invalid Resource", "The subscriber hash does not match the email address.")
    if (forgotten.has(hashOf(email)))
      return problem(
        400,
        "Forgotten Email Not Subscribed",
        `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`
      )
    const key = `${listId}/${hash}`
    const existing = members.get(key)
    const statuses = ["subscribed", "unsubscribed", "cleaned", "pending", "transactional"] as const
    const asked = statuses.find((s) => s === body.status)
    const ifNew = statuses.find((s) => s === body.status_if_new)
    if (existing?.compliance === true)
      return problem(
        400,
        "Member In Compliance State",
        `${email} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`
      )
    if (existing === undefined && asked === undefined && ifNew === undefined)
      return problem(400, "Invalid Resource", "The resource submitted could not be validated.")
    const merge = (
      typeof body.merge_fields === "object" && body.merge_fields !== null ? body.merge_fields : {}
    ) as Record<string, unknown>
    const mergeFields = {
      ...(existing?.mergeFields ?? { FNAME: "", LNAME: "" }),
      ...Object.fromEntries(Object.entries(merge).filter(([, v]) => typeof v === "string"))
    } as Record<string, string>
    const member: FakeMember = {
      listId: listId!,
      email,
      status: asked ?? existing?.status ?? ifNew!,
      mergeFields,
      tags: existing?.tags ?? [],
      ...(existing?.compliance === undefined ? {} : { compliance: existing.compliance })
    }
    members.set(key, member)
    return HttpResponse.json(memberJson(member))
  })

  const postTags = guarded("POST tags", (request, url, text) => {
    if (!authorised(request)) return unauthorized()
    const [, listId, hash] = /\/3\.0\/lists\/([^/]+)\/members\/([^/]+)\/tags$/.exec(url.pathname) ?? []
    const key = `${listId}/${hash}`
    const existing = members.get(key)
    if (existing === undefined) return notFound()
    const body = JSON.parse(text) as { tags?: ReadonlyArray<{ name?: unknown; status?: unknown }> }
    let tags = [...existing.tags]
    for (const t of body.tags ?? []) {
      if (typeof t.name !== "string" || t.name.length > 100)
        return problem(400, "Invalid Resource", "Tag names must be text of at most 100 characters.")
      if (t.status === "active" && !tags.includes(t.name)) tags.push(t.name)
      if (t.status === "inactive") tags = tags.filter((n) => n !== t.name)
    }
    members.set(key, { ...existing, tags })
    return new HttpResponse(null, { status: 204 })
  })

  const handlers = [
    http.get(`${loginUrl}/oauth2/authorize`, authorize),
    http.post(`${loginUrl}/oauth2/token`, token),
    http.get(`${loginUrl}/oauth2/metadata`, metadata),
    http.get(`${apiEndpoint}/3.0/lists`, lists),
    http.put(`${apiEndpoint}/3.0/lists/:listId/members/:hash`, putMember),
    http.post(`${apiEndpoint}/3.0/lists/:listId/members/:hash/tags`, postTags)
  ]

  return {
    handlers,
    clientId,
    clientSecret,
    apiEndpoint,
    accountName,
    audiences: audiences as ReadonlyArray<FakeAudience>,
    consent,
    /** Every call the fake answered, oldest first. */
    requests: requests as ReadonlyArray<Recorded>,
    /** The member of `listId` with `email` (any case), if any. */
    member: (listId: string, email: string): FakeMember | undefined => members.get(`${listId}/${hashOf(email)}`),
    /** Every member of every audience. */
    members: (): ReadonlyArray<FakeMember> => [...members.values()],
    /** A member added in Mailchimp by hand (or who signed up, unsubscribed, bounced…). */
    addMember: (member: Omit<FakeMember, "tags" | "mergeFields"> & Partial<FakeMember>): FakeMember => {
      const made: FakeMember = { tags: [], mergeFields: { FNAME: "", LNAME: "" }, ...member }
      members.set(`${made.listId}/${hashOf(made.email)}`, made)
      return made
    },
    /** An address deleted at its owner's request ("forgotten"): Mailchimp will not add it again. */
    forget: (email: string) => {
      forgotten.add(hashOf(email))
    },
    /** An audience made in Mailchimp. */
    addAudience: (audience: FakeAudience) => {
      audiences.push(audience)
    },
    /**
     * Answer the next `times` calls of `route` with `failure`; with `after`, do the work first and answer the
     * failure instead (the answer lost on the way back).
     */
    fail: (route: Route, failure: Failure, fail: { readonly times?: number; readonly after?: boolean } = {}) => {
      failures.push({ route, failure, after: fail.after ?? false, left: fail.times ?? 1 })
    },
    /** The user removed the app from their account: every token issued so far answers 401. */
    revokeTokens: () => {
      tokens.clear()
    },
    /** Forget codes, tokens, members, requests and failures; the audiences go back to the seed. */
    reset: () => {
      codes.clear()
      tokens.clear()
      members.clear()
      forgotten.clear()
      requests.length = 0
      failures.length = 0
      audiences.splice(0, audiences.length, ...(options.audiences ?? DEFAULT_AUDIENCES))
    }
  }
}

/** A fake Mailchimp; see `make`. */
export type FakeMailchimp = ReturnType<typeof make>
