/**
 * Add-ons, composed for `main.ts`: `handlers` (the add-ons API group and the CRM look-up) and `services` (the
 * repository, the lookup contact cache). The add-ons this server can connect and whether it has the secret key
 * come from the environment (`addons/Setup.ts`; tests provide `AddOnsSetup` with fakes); invoices go to a
 * connected accounting add-on through the invoice sync worker (`invoices/InvoiceSync.ts` -> `addons/Sync.ts`);
 * CRM notes and Mailchimp subscriptions through the add-on push worker (`crm/PushWorker.ts`).
 *
 * @since 0.5.0
 */
import { Layer } from "effect"
import * as AddOnsHttp from "./addons/Http.ts"
import * as AddOnsRepo from "./addons/Repo.ts"
import * as AddOnsSetup from "./addons/Setup.ts"
import * as CrmHttp from "./crm/Http.ts"
import * as LookupCache from "./crm/LookupCache.ts"
import * as PushWorker from "./crm/PushWorker.ts"

/** The API group handlers. */
export const handlers = Layer.mergeAll(AddOnsHttp.layer, CrmHttp.layer)

/**
 * The repository and the lookup cache (they need a `SqlClient`), the push worker, the cache's pruning, and a log line at start on which add-ons can be connected. */
export const services = Layer.mergeAll(
  AddOnsRepo.layer,
  LookupCache.layer,
  AddOnsSetup.announce,
  PushWorker.layer.pipe(Layer.provide(AddOnsRepo.layer)),
  LookupCache.pruning.pipe(Layer.provide(LookupCache.layer))
)
