/**
 * The account's billing details (spec, "Settings"): `/settings/billing-overview`, the saved card and the page
 * Stripe brings the admin back to after a card setup, and `/settings/billing-update-details`, the card form (the
 * retry link of every card error). The card is saved through a SetupIntent on the account's own Stripe account:
 * Stripe's Payment Element takes it, `confirmSetup` confirms it, and the outcome follows the spec
 * (`CardPayment.setupOutcome`): succeeded makes the save call (`POST /post/billing-update-save`, which asks Stripe
 * before saving), processing shows 'Payment processing?', requires_payment_method 'Payment details required.',
 * anything else 'Failed to process payment details.'. A payment on the saved card that needs the admin's
 * authorisation comes back as `?action=authorise&payment_intent_client_secret=…`: success sends the payment
 * intent id, failure the error text (`POST /post/billing-auth-success`). Errors show the catalogue's texts followed
 * by 'Please try again or contact Support if this message persists.' and the retry link.
 */
import type { SavedCard } from "@quotekit/core/api/PaymentsApi"
import * as CardMessage from "@quotekit/core/CardMessage"
import * as CardPayment from "@quotekit/core/CardPayment"
import type { Stripe, StripeElements } from "@stripe/stripe-js"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { type ApiClient, useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { paymentsText as t } from "./paymentsText.ts"
import { BILLING_UPDATE, loadStripe } from "./StripeJs.ts"

/** The query key of the saved card. */
export const billingCardKey = ["settings", "billing-card"] as const

/** A card error: the message, the support line and the retry link. */
const CardError = ({ message }: { readonly message: string }) => (
  <p role="alert" className={controls.hintError}>
    {CardPayment.banner(message)}{" "}
    <a href={BILLING_UPDATE} style={{ textDecoration: "underline" }}>
      {CardPayment.retry}
    </a>
  </p>
)

const messageOf = (e: unknown): string =>
  e instanceof Error && e.message !== "" ? e.message : CardMessage.paymentFailed

/** The publishable key of the account's Stripe keys, or 'Failed to connect to Stripe.' without one. */
const publishableKey = async (api: ApiClient): Promise<string> => {
  const settings = await api.call((c) => c.paymentSettings.get())
  if (!settings.enabled) throw new Error(CardMessage.stripeConnectFailed)
  return settings.publishable_key
}

/** What coming back to the overview means, from its address. */
const returned = async (api: ApiClient, search: URLSearchParams): Promise<string | null> => {
  const action = search.get("action")
  const setupSecret = search.get("setup_intent_client_secret")
  if (action === null && setupSecret === null && search.get("setup_intent") === null)
    return search.get("saved") === null ? null : t.cardSaved
  if (action !== null && action !== "authorise") throw new Error(CardMessage.unknownAction)
  const stripe = await loadStripe(await publishableKey(api))
  if (action === "authorise") {
    const secret = search.get("payment_intent_client_secret")
    if (secret === null) throw new Error(CardMessage.unknownAction)
    const result = await stripe.confirmCardPayment(secret)
    const sent = CardPayment.authorisation(
      result.error === undefined
        ? { id: result.paymentIntent.id }
        : { error: result.error.message ?? CardMessage.paymentFailed }
    )
    await api.call((c) => c.paymentSettings.authResult({ payload: sent }))
    if (sent.errorTxt !== "") throw new Error(sent.errorTxt)
    return t.authorised
  }
  if (setupSecret === null) throw new Error(CardMessage.setupIntentMissing)
  const { setupIntent } = await stripe.retrieveSetupIntent(setupSecret)
  if (setupIntent === undefined) throw new Error(CardMessage.setupIntentMissing)
  const outcome = CardPayment.setupOutcome(setupIntent.status)
  if (outcome._tag === "Show") throw new Error(outcome.message)
  await api.call((c) => c.paymentSettings.cardSave({ payload: { id: setupIntent.id } }))
  return t.cardSaved
}

const savedLine = (card: SavedCard): string =>
  card.payment_method === "" ? t.noCard : t.cardOnFile(new Date(card.saved_at * 1000).toLocaleDateString())

/** `/settings/billing-overview`: the saved card, and the outcome of a card setup Stripe brought the admin back from. */
export const BillingOverviewPage = () => (
  <AdminSettingsPage title={t.billing} hint={t.billingHint}>
    <Overview />
  </AdminSettingsPage>
)

const Overview = () => {
  const api = useApi()
  const queryClient = useQueryClient()
  const card = useQuery({ queryKey: billingCardKey, queryFn: () => api.call((c) => c.paymentSettings.card()) })
  const [outcome, setOutcome] = useState<{ readonly ok: boolean; readonly text: string } | null>(null)
  const handled = useRef(false)
  useEffect(() => {
    if (handled.current) return
    handled.current = true
    const search = new URLSearchParams(location.search)
    // The client secret is in the address only for this one use.
    if (search.size > 0) history.replaceState(history.state, "", location.pathname)
    returned(api, search).then(
      (text) => {
        if (text === null) return
        setOutcome({ ok: true, text })
        void queryClient.invalidateQueries({ queryKey: billingCardKey })
      },
      (e: unknown) => setOutcome({ ok: false, text: messageOf(e) })
    )
  }, [api, queryClient])
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="billing-card">
      <h2 className={records.sectionTitle} id="billing-card">
        {t.card}
      </h2>
      {outcome !== null &&
        (outcome.ok ? (
          <p role="status" className={controls.hint}>
            {outcome.text}
          </p>
        ) : (
          <CardError message={outcome.text} />
        ))}
      {card.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <>
          <p className={records.muted}>{savedLine(card.data)}</p>
          {card.data.last_error !== "" && <p className={records.muted}>{t.lastAuthorisation(card.data.last_error)}</p>}
        </>
      )}
      <div className={records.actions}>
        <a href={BILLING_UPDATE} className={controls.primary}>
          {card.data?.payment_method ? t.updateCard : t.addCard}
        </a>
      </div>
    </section>
  )
}

/** `/settings/billing-update-details`: the card form. */
export const BillingUpdatePage = () => (
  <AdminSettingsPage title={t.updateCard} hint={t.billingHint}>
    <UpdateForm />
  </AdminSettingsPage>
)

const UpdateForm = () => {
  const api = useApi()
  const mount = useRef<HTMLDivElement>(null)
  const stripe = useRef<{ readonly stripe: Stripe; readonly elements: StripeElements } | null>(null)
  const [state, setState] = useState<"loading" | "ready" | "saving">("loading")
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const open = async () => {
      const setup = await api.call((c) => c.paymentSettings.cardSetup())
      const loaded = await loadStripe(setup.publishable_key)
      const elements = loaded.elements({ clientSecret: setup.client_secret, appearance: { theme: "stripe" } })
      if (mount.current === null) throw new Error(CardMessage.paymentFormMissing)
      elements.create("payment").mount(mount.current)
      stripe.current = { stripe: loaded, elements }
      setState("ready")
    }
    open().catch((e: unknown) => setError(messageOf(e)))
  }, [api])

  const save = async () => {
    const s = stripe.current
    if (s === null) return setError(CardMessage.stripeNotLoaded)
    setState("saving")
    setError(null)
    try {
      const result = await s.stripe.confirmSetup({
        elements: s.elements,
        redirect: "if_required",
        confirmParams: { return_url: `${location.origin}/settings/billing-overview` }
      })
      if (result.error !== undefined) throw new Error(result.error.message ?? CardMessage.paymentFailed)
      const outcome = CardPayment.setupOutcome(result.setupIntent.status)
      if (outcome._tag === "Show") throw new Error(outcome.message)
      await api.call((c) => c.paymentSettings.cardSave({ payload: { id: result.setupIntent.id } }))
      location.assign(`/settings/billing-overview?saved=${Date.now()}`)
    } catch (e) {
      setError(messageOf(e))
      setState("ready")
    }
  }

  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="billing-update"
      aria-busy={state !== "ready"}
      onSubmit={(e) => {
        e.preventDefault()
        if (state === "ready") void save()
      }}
    >
      <h2 className={records.sectionTitle} id="billing-update">
        {t.cardDetails}
      </h2>
      <div ref={mount} id="billing-card-form" />
      {error !== null && <CardError message={error} />}
      <div className={records.actions}>
        <button type="submit" className={controls.primary} disabled={state !== "ready"}>
          {state === "saving" ? t.savingCard : t.saveCard}
        </button>
        <a href="/settings/billing-overview" className={controls.button}>
          {t.cancel}
        </a>
      </div>
    </form>
  )
}
