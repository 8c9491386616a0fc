/**
 * Two-factor sign-in (add-on 15), composed for `main.ts`: the handlers, and the repository with the gate every
 * credential step passes (`twofactor/Gate.ts`). See docs/two-factor.md.
 *
 * @since 0.5.0
 */
import { Layer } from "effect"
import * as Gate from "./twofactor/Gate.ts"
import * as TwoFactorHttp from "./twofactor/Http.ts"
import * as TwoFactorRepo from "./twofactor/Repo.ts"

/** The API group handlers. */
export const handlers = TwoFactorHttp.layer

/** The repository and the gate; need the sign-in repository, the sessions, the settings and a `SqlClient`. */
export const services = Gate.layer.pipe(Layer.provideMerge(TwoFactorRepo.layer))
