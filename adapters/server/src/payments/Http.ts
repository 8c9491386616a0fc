/**
 * The payments groups' handlers: Settings → Payments with the account's saved card (admins), and the customer's
 * deposit through the quote link.
 *
 * @since 0.5.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as BillingCard from "./BillingCard.ts"
import * as Deposit from "./Deposit.ts"
import * as Settings from "./Settings.ts"

/** Settings → Payments and the saved card. */
export const settingsLayer = HttpApiBuilder.group(Api, "paymentSettings", (handlers) =>
  handlers
    .handle("get", () => Effect.flatMap(CurrentAccount, Settings.view))
    .handle("save", ({ payload }) => Effect.flatMap(CurrentAccount, (t) => Settings.save(t, payload)))
    .handle("remove", () => Effect.flatMap(CurrentAccount, Settings.remove))
    .handle("card", () => Effect.flatMap(CurrentAccount, BillingCard.card))
    .handle("cardSetup", () => Effect.flatMap(CurrentAccount, BillingCard.setup))
    .handle("cardSave", ({ payload }) => Effect.flatMap(CurrentAccount, (t) => BillingCard.save(t, payload.id)))
    .handle("authResult", ({ payload }) =>
      Effect.flatMap(CurrentAccount, (t) => BillingCard.authorised(t, payload.id, payload.errorTxt))
    )
)

/** The customer's deposit. */
export const customerLayer = HttpApiBuilder.group(Api, "customerPayments", (handlers) =>
  handlers
    .handle("deposit", ({ params }) => Deposit.deposit(params.token))
    .handle("pay", ({ params }) => Deposit.pay(params.token))
    .handle("confirmed", ({ params, payload }) => Deposit.confirmed(params.token, payload.intent_id))
)
