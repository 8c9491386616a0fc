/**
 * Notifications (add-on 9), composed for `main.ts`: `handlers` (the notifications API group) and `services` (the
 * repository, the wake-up signal and the email worker). Events are recorded where their changes are written
 * (`notifications/Record.ts`). See docs/notifications.md.
 *
 * @since 0.5.0
 */
import { Layer } from "effect"
import * as NotificationsHttp from "./notifications/Http.ts"
import * as NotificationsRepo from "./notifications/Repo.ts"
import * as Signal from "./notifications/Signal.ts"
import * as Worker from "./notifications/Worker.ts"

/** The API group handlers. */
export const handlers = NotificationsHttp.layer

/** The repository, the signal and the worker; need a `SqlClient`, a `Mailer` and the `PublicUrl`. */
export const services = Layer.mergeAll(NotificationsRepo.layer, Worker.layer).pipe(Layer.provideMerge(Signal.layer))
