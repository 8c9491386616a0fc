/**
 * Accept a quote, invoice a 30% deposit, then the rest, with `@quotekit/sdk` (see `invoicing.ts`).
 *
 *   npm start                                         # in the repository root, in another terminal
 *   npm start -w @quotekit/example-sdk-invoicing      # the demo's sent quote, as the demo admin
 *
 * Settings: QUOTEKIT_URL (default http://localhost:3000), QUOTEKIT_EMAIL and QUOTEKIT_PASSWORD (default the demo
 * sign-in), QUOTE_ID (default: the first sent quote of the account).
 */
import * as Quotekit from "@quotekit/sdk"
import { Console, Effect } from "effect"
import { invoiceInStages } from "./invoicing.ts"

const baseUrl = process.env.QUOTEKIT_URL ?? "http://localhost:3000"
const email = process.env.QUOTEKIT_EMAIL ?? "demo@quotekit.dev"
const password = process.env.QUOTEKIT_PASSWORD ?? "demo-quotekit"

const program = Effect.gen(function* () {
  const api = yield* Quotekit.Quotekit
  const signin = yield* api.auth.signIn({ payload: { email, password } })
  const account = signin.account_id ?? signin.accounts[0]?.account_id
  if (account === undefined) return yield* Console.log(`${signin.name_display} belongs to no account yet.`)
  if (signin.account_id === null) yield* api.auth.selectAccount({ params: { account_id: account } })

  const chosen = process.env.QUOTE_ID
  const page = yield* api.quotes.list({ query: {} })
  const quote = chosen === undefined ? page.rows.find((q) => q.status === "sent") : { quote_id: Number(chosen) }
  if (quote === undefined) return yield* Console.log("No sent quote to accept; set QUOTE_ID.")

  const issued = yield* invoiceInStages(api, quote.quote_id)
  for (const i of issued) yield* Console.log(`${i.number}  ${i.kind.padEnd(7)} ${i.amount.padStart(10)}  ${i.url}`)
  yield* api.auth.signOut()
})

Effect.runPromise(program.pipe(Effect.provide(Quotekit.layer({ baseUrl, cookies: "jar" })))).catch((error) => {
  console.error(`Could not invoice through ${baseUrl}:`, error?._serveError?.message ?? error)
  process.exitCode = 1
})
