/**
 * Sign in to a running quotekit with `@quotekit/sdk` and print the account's quotes.
 *
 *   npm start                                   # in the repository root, in another terminal
 *   npm start -w @quotekit/example-sdk-node     # signs in as the demo admin
 *
 * Settings: QUOTEKIT_URL (default http://localhost:3000), QUOTEKIT_EMAIL and QUOTEKIT_PASSWORD (default the
 * demo sign-in). The client keeps the session cookie and sends the anti-forgery header by itself.
 */
import * as Money from "@quotekit/core/Money"
import * as Quotekit from "@quotekit/sdk"
import { Console, Effect } from "effect"

const baseUrl = process.env.QUOTEKIT_URL ?? "http://localhost:3000"
const email = process.env.QUOTEKIT_EMAIL ?? "demo@quotekit.dev"
const password = process.env.QUOTEKIT_PASSWORD ?? "demo-quotekit"

const program = Effect.gen(function* () {
  const api = yield* Quotekit.Quotekit
  const signin = yield* api.auth.signIn({ payload: { email, password } })
  // With several accounts none is chosen yet: take the first, as the 'which account' page would offer.
  const account = signin.account_id ?? signin.accounts[0]?.account_id
  if (account === undefined) return yield* Console.log(`${signin.name_display} belongs to no account yet.`)
  if (signin.account_id === null) yield* api.auth.selectAccount({ params: { account_id: account } })

  const cache = yield* api.account.cacheAccount()
  const { account_signin: me } = cache
  yield* Console.log(`Signed in as ${signin.name_display} to ${me.account_name} (${me.is_admin ? "admin" : "member"})`)
  yield* Console.log(
    `  ${cache.signins.length} team member(s), ${cache.item_taxes.length} tax rate(s), ${cache.templates.length} template(s)`
  )

  const page = yield* api.quotes.list({ query: { getCount: "1" } })
  yield* Console.log(`\n${page.total ?? page.rows.length} quote(s):`)
  for (const q of page.rows) {
    const amount = `${q.symbol}${Money.format(q.price_current)} ${q.currencyCode}`
    yield* Console.log(`  #${q.quote_no}  ${q.status_label.padEnd(9)} ${amount.padStart(16)}  ${q.title || "Untitled"}`)
  }
  yield* api.auth.signOut()
})

Effect.runPromise(program.pipe(Effect.provide(Quotekit.layer({ baseUrl, cookies: "jar" })))).catch((error) => {
  console.error(`Could not talk to quotekit at ${baseUrl}:`, error?._serveError?.message ?? error)
  process.exitCode = 1
})
