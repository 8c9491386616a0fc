/**
 * The invoicing groups' handlers: a quote's invoicing and its actions (`quoteInvoices`), and the account's
 * built-in invoices and settings (`invoices`), each for the session's tenant (`CurrentAccount`).
 *
 * @since 0.2.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as Documents from "./Documents.ts"
import * as Invoicing from "./Invoicing.ts"

/** The quote invoices group's handlers. */
export const quoteLayer = HttpApiBuilder.group(Api, "quoteInvoices", (handlers) =>
  handlers
    .handle("invoicing", ({ params }) => Effect.flatMap(CurrentAccount, (t) => Invoicing.invoicing(t, params.id)))
    .handle("action", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) => Invoicing.action(t, params, payload._modifiedIn))
    )
    .handle("createInvoice", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) =>
        Invoicing.createInvoice(t, params.quote_id, params.invoice_id, payload._modifiedIn)
      )
    )
    .handle("setRemoved", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) =>
        Invoicing.setRemoved(t, params.quote_id, params.invoice_id, params.group, payload._modifiedIn)
      )
    )
    .handle("makeAdjustment", ({ params }) =>
      Effect.flatMap(CurrentAccount, (t) => Invoicing.makeAdjustment(t, params.quote_id))
    )
)

/** The account invoices group's handlers. */
export const accountLayer = HttpApiBuilder.group(Api, "invoices", (handlers) =>
  handlers
    .handle("list", ({ query }) => Effect.flatMap(CurrentAccount, (t) => Documents.list(t, query)))
    .handle("csv", ({ query }) => Effect.flatMap(CurrentAccount, (t) => Documents.csv(t, query)))
    .handle("pdf", ({ params }) => Effect.flatMap(CurrentAccount, (t) => Documents.pdf(t, params.id)))
    .handle("markPaid", ({ params, payload }) =>
      Effect.flatMap(CurrentAccount, (t) => Documents.markPaid(t, params.id, payload.paid_at))
    )
    .handle("settings", () => Effect.flatMap(CurrentAccount, (t) => Documents.settings(t)))
    .handle("saveSettings", ({ payload }) => Effect.flatMap(CurrentAccount, (t) => Documents.saveSettings(t, payload)))
)
