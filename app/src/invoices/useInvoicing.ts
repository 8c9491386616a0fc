/**
 * A quote's invoicing picture (`GET /get/quote-invoices/{id}`) and the invoicing actions, through the contract's
 * derived client. Every action sends the picture's `_modifiedIn` and answers the whole new picture, which
 * replaces the cached one: the panel never works a rule out itself.
 *
 * Failures: a refusal of the rules (409 `InvoicingRefused`) becomes an `InvoicingRefusal` carrying the core's
 * reason and the server's message; a stale picture (409 `ChangeWarning`) is a `conflict` failure with its
 * `changeWarning`, after which the picture is fetched again.
 */
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import type * as Invoice from "@quotekit/core/Invoice"
import type * as QuoteInvoicing from "@quotekit/core/QuoteInvoicing"
import type * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Effect } from "effect"
import { useRef } from "react"
import { type ApiClient, isFailure, RequestFailure, useApi } from "../api/client.ts"
import { isSyncing, readyInvoiceIds } from "./InvoiceOffers.ts"

/** The query key of a quote's invoicing picture (under "quotes", so a quote action refreshes it too). */
export const invoicingKey = (quoteId: number) => ["quotes", "invoicing", quoteId] as const

/** A 409 refusal of an invoicing action: the rule that refused it, and the server's message. */
export class InvoicingRefusal extends RequestFailure {
  readonly reason: QuoteInvoicing.RefusalReason
  constructor(reason: QuoteInvoicing.RefusalReason, message: string) {
    super("conflict", message)
    this.reason = reason
  }
}

interface RefusedShape {
  readonly _tag: "InvoicingRefused"
  readonly reason: QuoteInvoicing.RefusalReason
  readonly _serveError: { readonly message: string }
}

const isRefused = (e: unknown): e is RefusedShape =>
  typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "InvoicingRefused"

/** Turn the contract's `InvoicingRefused` into an `InvoicingRefusal`; other failures pass on unchanged. */
const refusals = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E | InvoicingRefusal> =>
  Effect.mapError(effect, (e) => (isRefused(e) ? new InvoicingRefusal(e.reason, e._serveError.message) : e))

/** Whether a failure is the rules refusing an action, optionally for one reason. */
export const isRefusal = (error: unknown, reason?: QuoteInvoicing.RefusalReason): error is InvoicingRefusal =>
  error instanceof InvoicingRefusal && (reason === undefined || error.reason === reason)

/** Whether a failure says the picture was stale (someone changed the quote meanwhile). */
export const isStale = (error: unknown): boolean => isFailure(error, "conflict") && error.changeWarning !== undefined

/** Fetch a quote's invoicing picture. */
export const fetchInvoicing = (api: ApiClient, quoteId: number): Promise<InvoicesApi.Invoicing> =>
  api.call((c) => c.quoteInvoices.invoicing({ params: { id: quoteId } }))

/**
 * The quote's invoicing picture (fetched when `enabled`: the quote page asks only past draft,
 * `InvoiceOffers.mayHaveInvoices`); fetched again every 2 s while an invoice is syncing.
 */
export const useInvoicing = (quoteId: number, enabled = true) => {
  const api = useApi()
  return useQuery({
    queryKey: invoicingKey(quoteId),
    queryFn: () => fetchInvoicing(api, quoteId),
    enabled: enabled && quoteId > 0,
    refetchInterval: (query) => (query.state.data !== undefined && isSyncing(query.state.data) ? 2_000 : false)
  })
}

/** One invoicing request of the panel. */
export type InvoicingRequest =
  | {
      readonly _tag: "Action"
      readonly action: QuoteInvoicing.Action
      readonly type: Invoice.InvoiceType
      readonly group: SubscriptionTerm.GroupKey
      readonly adjAt: number
      readonly percent: number
      readonly invoiceId: number
    }
  | { readonly _tag: "Create"; readonly invoiceId: number }
  | { readonly _tag: "Remove"; readonly invoiceId: number; readonly group: SubscriptionTerm.GroupKey }

/** Send one request made on `picture`; resolves with the new picture. */
export const sendRequest = (
  api: ApiClient,
  picture: InvoicesApi.Invoicing,
  request: InvoicingRequest
): Promise<InvoicesApi.Invoicing> => {
  const payload = { _modifiedIn: picture._modifiedIn }
  const quote_id = picture.quote_id
  switch (request._tag) {
    case "Action":
      return api.call((c) =>
        refusals(
          c.quoteInvoices.action({
            params: {
              action: request.action,
              type: request.type,
              quote_id,
              group: request.group,
              adj_at: request.adjAt,
              percent: request.percent,
              invoice_id: request.invoiceId
            },
            payload
          })
        )
      )
    case "Create":
      return api.call((c) =>
        refusals(c.quoteInvoices.createInvoice({ params: { quote_id, invoice_id: request.invoiceId }, payload }))
      )
    case "Remove":
      return api.call((c) =>
        refusals(
          c.quoteInvoices.setRemoved({
            params: { quote_id, invoice_id: request.invoiceId, group: request.group },
            payload
          })
        )
      )
  }
}

/** After a failed action: a stale picture is fetched again, so the next try is made on what is there now. */
const afterFailure = (queryClient: QueryClient, quoteId: number, error: unknown) => {
  if (isStale(error) || isRefusal(error)) void queryClient.invalidateQueries({ queryKey: invoicingKey(quoteId) })
}

/**
 * The panel's actions on a quote: `send` runs one request on the cached picture and caches the answer. Only one
 * request runs at a time; a second while one is pending (a double click) is ignored, so nothing is sent twice.
 */
export const useInvoicingActions = (quoteId: number) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const running = useRef(false)
  const mutation = useMutation({
    mutationFn: async (request: InvoicingRequest) => {
      const picture = queryClient.getQueryData<InvoicesApi.Invoicing>(invoicingKey(quoteId))
      if (picture === undefined) throw new Error("useInvoicingActions: no invoicing picture loaded")
      return sendRequest(api, picture, request)
    },
    onSuccess: (picture) => queryClient.setQueryData(invoicingKey(quoteId), picture),
    onError: (error) => afterFailure(queryClient, quoteId, error),
    onSettled: () => {
      running.current = false
    }
  })
  const send = (request: InvoicingRequest) => {
    if (running.current) return
    running.current = true
    mutation.mutate(request)
  }
  const makeAdjustment = useMutation({
    mutationFn: () => api.call((c) => refusals(c.quoteInvoices.makeAdjustment({ params: { quote_id: quoteId } }))),
    onError: (error) => afterFailure(queryClient, quoteId, error)
  })
  return { send, mutation, makeAdjustment }
}

/**
 * 'Complete & Invoice': create every ready invoice of the picture, one after the other, each on the picture the
 * previous one answered. Stops at the first failure (which it throws); resolves with the last picture.
 */
export const createReadyInvoices = async (
  api: ApiClient,
  picture: InvoicesApi.Invoicing
): Promise<InvoicesApi.Invoicing> => {
  let current = picture
  for (const invoiceId of readyInvoiceIds(picture)) {
    current = await sendRequest(api, current, { _tag: "Create", invoiceId })
  }
  return current
}
