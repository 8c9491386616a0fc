/**
 * The customer page and discussion features, composed for `main.ts`: `handlers` (the customer, links and
 * discussion API groups), `routes` (the page `/q/{token}`, its PDF, the QR image and the phone signing page) and
 * `services` (their repositories).
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as CustomerHttp from "./customer/Http.ts"
import * as CustomerPage from "./customer/Page.ts"
import * as CustomerRepo from "./customer/Repo.ts"
import * as SignPage from "./customer/SignPage.ts"
import * as DiscussionHttp from "./discussion/Http.ts"
import * as DiscussionRepo from "./discussion/Repo.ts"

/** The API group handlers. */
export const handlers = Layer.mergeAll(CustomerHttp.layer, CustomerHttp.linksLayer, DiscussionHttp.layer)

/** The page, PDF, QR and phone signing page routes. */
export const routes = Layer.mergeAll(CustomerPage.layer, SignPage.layer)

/** The repositories; need a `SqlClient`. */
export const services = Layer.mergeAll(CustomerRepo.layer, DiscussionRepo.layer)
