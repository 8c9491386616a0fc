/**
 * The shell's calls (sign-in, account choice, the account cache, the anti-forgery token), from a client derived
 * from just the auth, account and service groups of the contract, so the entry loads no quote schemas.
 */
import * as Account from "@quotekit/core/Account"
import { AccountApi } from "@quotekit/core/api/AccountApi"
import { AuthApi } from "@quotekit/core/api/AuthApi"
import { AntiForgery, ErrorEnvelope } from "@quotekit/core/api/Security"
import { ServiceApi } from "@quotekit/core/api/ServiceApi"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { HttpApi, HttpApiClient } from "effect/http-api"
import type { ApiClient, QuoteCalls } from "./client.ts"
import { run, securityHeaders } from "./Transport.ts"

/** The part of the contract the shell calls, with the middleware every endpoint passes. */
class SessionApi extends HttpApi.make("quotekit")
  .add(AuthApi)
  .add(AccountApi)
  .add(ServiceApi)
  .middleware(ErrorEnvelope)
  .middleware(AntiForgery) {}

/** The session calls for an origin, and the token fetch the other clients share. */
export const make = (baseUrl: string) => {
  // The token call itself is a GET, so it never needs a token: the transform reads it lazily.
  let fetchToken: () => Promise<string> = () => Promise.reject(new Error("not ready"))
  const headers = securityHeaders(() => fetchToken())
  const c = Effect.runSync(
    HttpApiClient.make(SessionApi, { baseUrl, transformClient: headers }).pipe(Effect.provide(FetchHttpClient.layer))
  )
  fetchToken = () => run(c.service.csrf()).then((answer) => answer.token)
  const calls: Omit<ApiClient, keyof QuoteCalls | "call"> = {
    signIn: (input) => run(c.auth.signIn({ payload: input })),
    createAccount: (input) => run(c.auth.createAccount({ payload: input })),
    signOut: () => run(c.auth.signOut()).then(() => undefined),
    whichAccount: () => run(c.auth.whichAccount()),
    selectAccount: (accountId) =>
      run(c.auth.selectAccount({ params: { account_id: Account.AccountId.make(accountId) } })),
    forgotPassword: (email) => run(c.auth.forgotPassword({ payload: { email } })).then(() => undefined),
    cacheAccount: () => run(c.account.cacheAccount())
  }
  return { calls, headers }
}
