/**
 * Add-ons, composed for `main.ts`: `handlers` (the add-ons API group) and `services` (the repository). The
 * accounting add-ons this server can connect and whether it has the secret key come from the environment
 * (`addons/Setup.ts`; tests provide `AddOnsSetup` with fakes); invoices go to a connected one through the
 * invoice sync worker (`invoices/InvoiceSync.ts` -> `addons/Sync.ts`).
 *
 * @since 0.5.0
 */
import { Layer } from "effect"
import * as AddOnsHttp from "./addons/Http.ts"
import * as AddOnsRepo from "./addons/Repo.ts"
import * as AddOnsSetup from "./addons/Setup.ts"

/** The API group handlers. */
export const handlers = AddOnsHttp.layer

/** The repository (needs a `SqlClient`), and a log line at start on which add-ons can be connected. */
export const services = Layer.merge(AddOnsRepo.layer, AddOnsSetup.announce)
