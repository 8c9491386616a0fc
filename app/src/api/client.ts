/**
 * The app's data layer: every call a screen makes, as plain promises over the core's contract types. Screens
 * never build URLs; they call this interface, which the HTTP implementation (`HttpClient.ts`, derived from the
 * contract) or a test double provides through `ApiProvider`.
 *
 * Failures always reject with a `RequestFailure`, which says what kind of answer came back (session gone,
 * account to choose, rejected input with its form errors, not found, network...) so screens react by kind.
 */
import type * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as Api from "@quotekit/core/api/Api"
import type * as ApiError from "@quotekit/core/api/ApiError"
import type * as AuthApi from "@quotekit/core/api/AuthApi"
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import type * as CrmLookupApi from "@quotekit/core/api/CrmLookupApi"
import type * as DashboardApi from "@quotekit/core/api/DashboardApi"
import type * as HistoryApi from "@quotekit/core/api/HistoryApi"
import type * as ItemsApi from "@quotekit/core/api/ItemsApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Message from "@quotekit/core/Message"
import type * as QuoteAction from "@quotekit/core/QuoteAction"
import type { Effect } from "effect"
import type { HttpApiClient } from "effect/http-api"
import { createContext, useContext } from "react"

type SigninState = AuthApi.SigninState
type CacheAccount = AccountApi.CacheAccount

/** What kind of failure a request met; screens branch on this, never on status codes. */
export type FailureKind =
  | "signinAgain"
  | "chooseAccount"
  | "invalidInput"
  | "accessDenied"
  | "notFound"
  | "conflict"
  | "tooManyAttempts"
  | "server"
  | "network"
  | "notAvailable"
  | "duplicate"

/** Who else saved meanwhile (a `_changeWarning`): their name, when (epoch seconds), whether a version keeps it. */
export interface ChangeWarning {
  readonly who: string
  readonly when: number
  readonly mayVersion: boolean
}

/** The record a `duplicate` failure names (a contact with the same email). */
export interface Existing {
  readonly contact_id: number
  readonly display_name: string
}

/** A failed request: its kind, the server's message (or the catalogue's) and the inputs to highlight. */
export class RequestFailure extends Error {
  readonly kind: FailureKind
  readonly formErrors: ReadonlyArray<ApiError.FormError>
  /** Set on a `conflict` that the user may override ('Continue to Save'). */
  readonly changeWarning: ChangeWarning | undefined
  /** Set on a `duplicate`: the record that already has what was about to be saved twice. */
  readonly existing: Existing | undefined
  constructor(
    kind: FailureKind,
    message: string,
    formErrors: ReadonlyArray<ApiError.FormError> = [],
    changeWarning?: ChangeWarning,
    existing?: Existing
  ) {
    super(message)
    this.name = "RequestFailure"
    this.kind = kind
    this.formErrors = formErrors
    this.changeWarning = changeWarning
    this.existing = existing
  }
}

/** Whether an unknown error is a failure of a given kind. */
export const isFailure = (error: unknown, kind?: FailureKind): error is RequestFailure =>
  error instanceof RequestFailure && (kind === undefined || error.kind === kind)

/** A failure for calls whose endpoint the server does not offer yet ('Not available right now.'). */
export const notAvailable = (): RequestFailure => new RequestFailure("notAvailable", Message.notAvailableNow)

/** The payload of the create-account form, as typed (the server trims and checks it). */
export interface NewAccountInput {
  readonly business_name: string
  readonly your_name: string
  readonly email: string
  readonly password: string
}

/** The client derived from the contract: one typed method per endpoint, grouped as the API groups them. */
export type Contract = HttpApiClient.ForApi<typeof Api.Api>

/** Where an editor call points: quote or template, the id (or "new") and the edit action. */
export interface EditorTarget {
  readonly kind: QuotesApi.EditorKind
  readonly id: string
  readonly action: QuotesApi.EditAction
}

/** A status action that has its own endpoint (the rest open the editor or another page). */
export type PostedAction = Exclude<QuoteAction.UserAction, "sendFollowUp" | "copyToNewQuote" | "copyToTemplate">

/** The calls of the quote screens (editor, list, quote page, dashboard), loaded with the first of them. */
export interface QuoteCalls {
  readonly editor: (target: EditorTarget, query: QuotesApi.EditorQuery) => Promise<QuotesApi.Editor>
  readonly saveQuote: (target: EditorTarget, payload: QuotesApi.SaveQuote) => Promise<QuotesApi.SaveAnswer>
  readonly listQuotes: (query: QuotesApi.ListQuery) => Promise<QuotesApi.ListPage>
  readonly quoteAction: (
    action: PostedAction,
    quoteId: number,
    /** 'Accept on behalf': how the customer accepted. */
    proof?: AcceptanceProof.Proof
  ) => Promise<QuotesApi.ActionAnswer>
  readonly versions: (quoteId: string) => Promise<QuotesApi.Versions>
  readonly version: (quoteId: string, versionId: number) => Promise<QuotesApi.Version>
  readonly dashboard: () => Promise<DashboardApi.Dashboard>
  readonly overview: (quoteId: string) => Promise<DashboardApi.Overview>
  readonly history: (table: HistoryApi.Table, id: number, page?: number) => Promise<HistoryApi.HistoryPage>
  readonly lookupContact: (search: string) => Promise<ContactsApi.LookupAnswer>
  readonly createContact: (contact: ContactsApi.ContactUpdate) => Promise<ContactsApi.ContactRow>
  /**
   * The connected CRM add-ons' people (or, with `companies`, organisations) matching `search`: the same text as
   * `lookupContact`, asked beside it, never before it.
   */
  readonly lookupAddOns: (search: string, companies?: boolean) => Promise<CrmLookupApi.AddOnLookupAnswer>
  /** The local contact linked to a CRM result (`AddOnLookupResult.id`): the one already linked, else a new one. */
  readonly linkLookup: (cacheId: number) => Promise<ContactsApi.ContactRow>
  readonly lookupItems: (itemType: 1 | 2, search: string) => Promise<ReadonlyArray<ItemsApi.Item>>
}

/** Every call the team app makes. */
export interface ApiClient extends QuoteCalls {
  readonly signIn: (input: { readonly email: string; readonly password: string }) => Promise<AuthApi.SigninAnswer>
  readonly createAccount: (input: NewAccountInput) => Promise<SigninState>
  readonly signOut: () => Promise<void>
  readonly whichAccount: () => Promise<SigninState>
  readonly selectAccount: (accountId: number) => Promise<SigninState>
  readonly forgotPassword: (email: string) => Promise<void>
  readonly cacheAccount: () => Promise<CacheAccount>
  /**
   * Any other endpoint, through the derived client: `api.call((c) => c.contacts.view({ params }))`. Feature
   * screens (contacts, content, leads, settings) use it rather than widening this interface per endpoint.
   */
  readonly call: <A, E>(use: (contract: Contract) => Effect.Effect<A, E>) => Promise<A>
}

const ApiContext = createContext<ApiClient | null>(null)

/** Provides the client to every screen. */
export const ApiProvider = ApiContext.Provider

/** The client of the nearest `ApiProvider`; fails loudly when there is none. */
export const useApi = (): ApiClient => {
  const api = useContext(ApiContext)
  if (api === null) throw new Error("useApi: no ApiProvider above this component")
  return api
}
