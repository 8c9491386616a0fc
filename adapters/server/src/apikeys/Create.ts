/**
 * Creating an API key: 32 random bytes make the key (`qk_live_` and 43 base64url characters); only its SHA-256 and
 * its visible prefix are stored. The key is answered this once; nothing can show it again.
 *
 * @since 0.4.0
 */
import { randomBytes } from "node:crypto"
import * as ApiKey from "@quotekit/core/ApiKey"
import type { CreatedApiKey, NewApiKey } from "@quotekit/core/api/ApiKeysApi"
import type { Tenant } from "@quotekit/core/api/Security"
import { Clock, Effect } from "effect"
import * as Token from "../auth/Token.ts"
import { ApiKeysRepo } from "./Repo.ts"

/** A fresh key: 256 random bits behind the `qk_live_` start. */
export const generate = (): string => ApiKey.fromSecret(randomBytes(32).toString("base64url"))

/** Make a key for the tenant's account, created by the tenant's sign-in; answers it with the key itself. */
export const create = (tenant: Tenant, input: NewApiKey): Effect.Effect<CreatedApiKey, never, ApiKeysRepo> =>
  Effect.gen(function* () {
    const repo = yield* ApiKeysRepo
    const secret = generate()
    const key = yield* repo.insert({
      account_id: tenant.account_id,
      name: input.name.trim(),
      prefix: ApiKey.prefixOf(secret),
      key_hash: Token.hash(secret),
      scope: input.scope,
      created_by: tenant.signin_id,
      at: yield* Clock.currentTimeMillis
    })
    return { key, secret }
  })
