/**
 * Emailing quotes, composed for `main.ts`: `handlers` (the quote emails API group) and `services` (the email
 * repository and the background sender, which delivers queued emails through the `Mailer`).
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as EmailsHttp from "./emails/Http.ts"
import * as EmailRepo from "./emails/Repo.ts"
import * as Sender from "./emails/Sender.ts"
import * as HistoryRepo from "./history/Repo.ts"
import * as InvoiceRepo from "./invoices/Repo.ts"
import * as FileStorage from "./uploads/FileStorage.ts"
import * as FilesRepo from "./uploads/Repo.ts"

/** The API group handlers. */
export const handlers = EmailsHttp.layer

/** The email repository and the sender; need a `SqlClient`, a `Mailer`, the `PublicUrl` and the `EventBus`. */
export const services = Layer.merge(
  EmailRepo.layer,
  // The sender attaches an accepted quote's certificate, which reads the account's invoicing facts and logo.
  Sender.layer.pipe(
    Layer.provide([EmailRepo.layer, HistoryRepo.layer, InvoiceRepo.layer, FilesRepo.layer, FileStorage.layer])
  )
)
