/** Where a sign-in step leads: the 'which account' page until an account is chosen, else the page asked for. */
import type * as AuthApi from "@quotekit/core/api/AuthApi"

/** The path to go to after a sign-in answer; `redirect` is only followed within the app. */
export const afterSignin = (state: AuthApi.SigninState, redirect: string | undefined): string => {
  if (state.account_id === null) return "/sign-in/accounts"
  return redirect?.startsWith("/") && !redirect.startsWith("//") ? redirect : "/dashboard"
}
