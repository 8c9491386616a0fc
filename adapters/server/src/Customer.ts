/**
 * The customer page and discussion features, composed for `main.ts`: `handlers` (the customer, links and
 * discussion API groups), `routes` (the page `/q/{token}` and the QR image) and `services` (their repositories).
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as CustomerHttp from "./customer/Http.ts"
import * as CustomerPage from "./customer/Page.ts"
import * as CustomerRepo from "./customer/Repo.ts"
import * as DiscussionHttp from "./discussion/Http.ts"
import * as DiscussionRepo from "./discussion/Repo.ts"

/** The API group handlers. */
export const handlers = Layer.mergeAll(CustomerHttp.layer, CustomerHttp.linksLayer, DiscussionHttp.layer)

/** The page and QR routes. */
export const routes = CustomerPage.layer

/** The repositories; need a `SqlClient`. */
export const services = Layer.mergeAll(CustomerRepo.layer, DiscussionRepo.layer)
