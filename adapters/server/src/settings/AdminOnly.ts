/**
 * The admin guard of account-wide changes (account settings, Templates & Items, categories and taxes, the
 * logo, imports of items): the session's account membership must carry the admin flag.
 *
 * @since 0.1.0
 */
import { AccessDenied } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Effect } from "effect"

/** Succeeds for an admin of the session's account; `AccessDenied` ('Only an account admin can do that.') otherwise. */
export const requireAdmin: Effect.Effect<void, AccessDenied, CurrentAccount> = Effect.flatMap(CurrentAccount, (t) =>
  t.is_admin ? Effect.void : Effect.fail(AccessDenied.answer(Message.catalogue.adminOnly))
)
