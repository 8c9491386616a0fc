/**
 * Invoicing, composed for `main.ts`: `handlers` (the quote invoices and account invoices API groups), `routes`
 * (the public invoice page and PDF) and `services` (the repository, the sync signal and the background worker
 * that issues created invoices).
 *
 * @since 0.2.0
 */
import { Layer } from "effect"
import * as EmailRepo from "./emails/Repo.ts"
import * as HistoryRepo from "./history/Repo.ts"
import * as InvoicesHttp from "./invoices/Http.ts"
import * as InvoiceSync from "./invoices/InvoiceSync.ts"
import * as PublicInvoice from "./invoices/PublicInvoice.ts"
import * as InvoiceRepo from "./invoices/Repo.ts"
import * as SyncSignal from "./invoices/SyncSignal.ts"
import * as QuoteRepo from "./quotes/Repo.ts"

/** The API group handlers. */
export const handlers = Layer.mergeAll(InvoicesHttp.quoteLayer, InvoicesHttp.accountLayer)

/** The public invoice page and its PDF. */
export const routes = PublicInvoice.layer

/** The repository, the wake-up signal and the sync worker; need a `SqlClient` and the `PublicUrl`. */
export const services = Layer.mergeAll(
  InvoiceRepo.layer,
  InvoiceSync.layer.pipe(Layer.provide([InvoiceRepo.layer, QuoteRepo.layer, EmailRepo.layer, HistoryRepo.layer]))
).pipe(Layer.provideMerge(SyncSignal.layer))
