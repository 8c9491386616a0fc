/**
 * The custom email domain (add-on 10), composed for `main.ts`: `handlers` (Settings → Email domain),
 * `services` (the repository) and `mailer`, the mailer placed in front of the server's so an account's emails
 * go out with its own sender, DKIM key and relay (`emaildomain/Routing.ts`). DNS look-ups use the system's
 * resolver unless a test provides `emaildomain/Dns.ts`'s fake. See `docs/email-domain.md`.
 *
 * @since 0.6.0
 */

import { Layer } from "effect"
import * as Check from "./emaildomain/Check.ts"
import * as Http from "./emaildomain/Http.ts"
import * as Repo from "./emaildomain/Repo.ts"
import * as Routing from "./emaildomain/Routing.ts"

/** The API group handlers. */
export const handlers = Http.layer

/** The repository and the daily look-up of every domain in the background; need a `SqlClient` and the settings. */
export const services = Layer.merge(Repo.layer, Check.layer.pipe(Layer.provide(Repo.layer)))

/** The routing mailer over the server's `Mailer`; needs a `SqlClient` and the `ServerConfig`. */
export const mailer = Routing.layer.pipe(Layer.provide(Repo.layer))
