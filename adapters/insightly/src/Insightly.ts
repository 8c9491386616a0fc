/**
 * The Insightly add-on (id 5): quotekit's `TokenCrm` over Insightly's API v3.1.
 *
 * An admin pastes an API key (User Settings → API) and the account's pod (`na1`) or API address; `verify` reads
 * the instance (`GET /v3.1/Instance`) with it and answers the API address, kept in `Tokens.site`, and the
 * instance's name. Every call sends the key as HTTP Basic's user name with an empty password. Insightly's search
 * matches a field's whole value, so a search asks for contacts by first name, last name and email address, and
 * for organisations by name, and merges what comes back.
 *
 * @example
 * ```ts
 * const insightly = Insightly.make()
 * const site = yield* insightly.verify({ token: apiKey, site: "na1" })
 * const found = yield* insightly.search(tokenTokens(apiKey, site.site), "Tane")
 * ```
 *
 * @since 0.5.0
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import { type CrmContact, SEARCH_LIMIT, type TokenCrm } from "@quotekit/addons/Crm"
import type { Tokens } from "@quotekit/addons/OAuthService"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import { Effect, Schema } from "effect"
import * as Http from "./internal/Http.ts"
import * as Pod from "./internal/Pod.ts"
import * as Records from "./internal/Records.ts"

/** Insightly's add-on id in the spec. */
export const ADDON_ID = 5

/** What the Insightly add-on is set up with; all optional (an API key needs no application). */
export interface Config {
  /** Where the API of a pod is. Default `https://api.<pod>.insightly.com` (a local stand-in in development). */
  readonly apiUrlOf?: (pod: string) => string
  /** Where users of a pod open their records. Default `https://crm.<pod>.insightly.com`. */
  readonly appUrlOf?: (pod: string) => string
  readonly retry?: ServiceHttp.Retry
  /** How long one request may take before it counts as no answer (and is retried). Default 10 s. */
  readonly timeoutMs?: number
}

export type Retry = ServiceHttp.Retry

/** What a 401 says when the key was just pasted. */
export const KEY_REFUSED = "Insightly did not accept that API key."

const trimSlash = (url: string) => url.replace(/\/+$/, "")

const ContactList = Schema.Array(Records.Contact)
const OrganisationList = Schema.Array(Records.Organisation)

/** The records of `lists`, each once (the first time it comes), in order. */
const distinct = <A>(lists: ReadonlyArray<ReadonlyArray<A>>, id: (a: A) => string): Array<A> => {
  const seen = new Map<string, A>()
  for (const a of lists.flat()) if (!seen.has(id(a))) seen.set(id(a), a)
  return [...seen.values()]
}

/** The Insightly add-on. */
export const make = (config: Config = {}): TokenCrm => {
  const apiUrlOf = (pod: string) => `${trimSlash((config.apiUrlOf ?? Pod.apiUrlOf)(pod))}/v3.1`
  const appUrlOf = (pod: string) => trimSlash((config.appUrlOf ?? Pod.appUrlOf)(pod))
  const retry = { ...ServiceHttp.defaultRetry, ...config.retry }
  const timeoutMs = config.timeoutMs ?? 10_000

  const notAnAddress = () => new AddOnError({ kind: "rejected", message: Pod.NOT_AN_ADDRESS })

  /** The pod a connection's calls go to. */
  const podOf = (tokens: Tokens): Effect.Effect<string, AddOnError> => {
    const pod = Pod.parse(tokens.site ?? "")
    return pod === undefined ? Effect.fail(notAnAddress()) : Effect.succeed(pod)
  }

  /** One call to Insightly's API with the key, retried as configured. */
  const call = (
    apiKey: string,
    pod: string,
    method: "GET" | "POST",
    path: string,
    options: {
      readonly query?: Record<string, string>
      readonly body?: unknown
      readonly unauthorized?: string
    } = {}
  ): Effect.Effect<unknown, AddOnError> => {
    const target = new URL(`${apiUrlOf(pod)}/${path}`)
    for (const [k, v] of Object.entries(options.query ?? {})) target.searchParams.set(k, v)
    const headers: Record<string, string> = { authorization: Http.basic(apiKey), accept: "application/json" }
    if (options.body !== undefined) headers["content-type"] = "application/json"
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const errors = {
      secrets: [apiKey],
      ...(options.unauthorized === undefined ? {} : { unauthorized: options.unauthorized })
    }
    // A note posted again after an answer lost on the way back is written twice (Insightly has no idempotency
    // keys); a note twice is better than none, so writes are retried like reads.
    return ServiceHttp.request({
      service: "Insightly",
      timeoutMs,
      retry,
      send: (signal) => fetch(target, { method, headers, signal, ...(body === undefined ? {} : { body }) }),
      answer: ServiceHttp.readAnswer((status, headers, answer) => Http.errorOf(status, headers, answer, errors), {
        keepText: true
      })
    })
  }

  const decode = <S extends Schema.Top>(schema: S, what: string) => ServiceHttp.decode("Insightly", schema, what)

  const searchOf = (tokens: Tokens, pod: string, kind: "Contacts" | "Organisations", field: string, value: string) =>
    call(tokens.access_token, pod, "GET", `${kind}/Search`, {
      query: { field_name: field, field_value: value, brief: "true", top: String(SEARCH_LIMIT) }
    })

  const contactsBy = (tokens: Tokens, pod: string, field: string, value: string) =>
    searchOf(tokens, pod, "Contacts", field, value).pipe(Effect.flatMap(decode(ContactList, "contacts search")))

  const organisationsBy = (tokens: Tokens, pod: string, field: string, value: string) =>
    searchOf(tokens, pod, "Organisations", field, value).pipe(
      Effect.flatMap(decode(OrganisationList, "organisations search"))
    )

  /**
   * The names of the organisations `ids`. Each is one more request, for at most `SEARCH_LIMIT` people's
   * organisations not found by the search itself; one that cannot be read leaves that company empty rather than
   * failing the search.
   */
  const organisationNames = (tokens: Tokens, pod: string, ids: ReadonlyArray<string>) =>
    Effect.forEach(
      ids,
      (id) =>
        call(tokens.access_token, pod, "GET", `Organisations/${encodeURIComponent(id)}`).pipe(
          Effect.flatMap(decode(Records.Organisation, "organisation")),
          Effect.map((o): [string, string] => [id, (o.ORGANISATION_NAME ?? "").trim()]),
          Effect.orElseSucceed((): [string, string] => [id, ""])
        ),
      { concurrency: 4 }
    )

  return {
    addonId: ADDON_ID,
    connects: "api-token",

    verify: (input) =>
      Effect.gen(function* () {
        const pod = Pod.parse(input.site)
        if (pod === undefined) return yield* notAnAddress()
        const key = input.token.trim()
        if (key === "")
          return yield* new AddOnError({
            kind: "rejected",
            message: "Paste the API key shown under User Settings → API in Insightly."
          })
        const instance = yield* call(key, pod, "GET", "Instance", { unauthorized: KEY_REFUSED }).pipe(
          Effect.flatMap(decode(Records.Instance, "instance"))
        )
        const name = (instance.INSTANCE_NAME ?? "").trim() || (instance.INSTANCE_SUBDOMAIN ?? "").trim()
        return { site: Pod.siteOf(pod), name: name || Pod.siteOf(pod) }
      }),

    search: (tokens, text) =>
      text.trim() === ""
        ? Effect.succeed([])
        : Effect.gen(function* () {
            const q = text.trim().replace(/\s+/g, " ")
            const pod = yield* podOf(tokens)
            const app = appUrlOf(pod)
            const [first, ...rest] = q.split(" ")
            const surname = rest.join(" ").toLowerCase()
            // A full name ("Mere Tane") is no one's first name: ask for the first word and keep those whose last
            // name begins with the rest.
            const byFullName =
              rest.length === 0
                ? Effect.succeed([])
                : Effect.map(contactsBy(tokens, pod, "FIRST_NAME", first!), (list) =>
                    list.filter((c) => (c.LAST_NAME ?? "").trim().toLowerCase().startsWith(surname))
                  )
            const [full, byFirst, byLast, byEmail, organisations] = yield* Effect.all(
              [
                byFullName,
                contactsBy(tokens, pod, "FIRST_NAME", q),
                contactsBy(tokens, pod, "LAST_NAME", q),
                contactsBy(tokens, pod, "EMAIL_ADDRESS", q),
                organisationsBy(tokens, pod, "ORGANISATION_NAME", q)
              ],
              { concurrency: 5 }
            )
            const people = distinct([full, byFirst, byLast, byEmail], (c) => String(c.CONTACT_ID)).slice(
              0,
              SEARCH_LIMIT
            )
            const orgs = distinct([organisations], (o) => String(o.ORGANISATION_ID)).slice(
              0,
              SEARCH_LIMIT - people.length
            )
            const names = new Map(
              organisations.map((o) => [String(o.ORGANISATION_ID), (o.ORGANISATION_NAME ?? "").trim()])
            )
            const missing = [...new Set(people.map(Records.organisationIdOf))].filter(
              (id) => id !== "" && !names.has(id)
            )
            for (const [id, name] of yield* organisationNames(tokens, pod, missing)) names.set(id, name)
            const contacts: Array<CrmContact> = [
              ...people.map((c) => Records.fromContact(c, names.get(Records.organisationIdOf(c)) ?? "", app)),
              ...orgs.map((o) => Records.fromOrganisation(o, app))
            ]
            return contacts
          }),

    addNote: (tokens, contact, note) =>
      Effect.gen(function* () {
        const pod = yield* podOf(tokens)
        const kind = contact.type === "person" ? "Contacts" : "Organisations"
        yield* call(tokens.access_token, pod, "POST", `${kind}/${encodeURIComponent(contact.id)}/Notes`, {
          body: { TITLE: note.subject.trim(), BODY: note.body }
        })
      })
  }
}
