/**
 * The quote action bar: every status action the core offers for the quote as it stands (`QuoteAction.offers`,
 * sent by the server as `offers`), with its label, its disabled reason as the button's hint, Complete /
 * 'Complete & Invoice' / Dismiss as checked toggles, and the confirmations: 'Okay to Save?' and 'Okay to
 * Save first?' ask in a dialog; 'Really?' is a two-click button (the first click arms it). 'Accept on behalf' opens
 * a dialog asking how the customer accepted (`AcceptOnBehalfDialog`).
 *
 * An accepted quote also gets 'Add or Credit Items', which opens the editor in adjustment mode
 * (`/quotes/{id}/is-adjustment`), disabled by the core's rule (`Adjustment.addOrCreditItems`): when the quote
 * is finished, its price_current is 0, or the adjustment limit is reached.
 */
import type * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import * as Adjustment from "@quotekit/core/Adjustment"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import type * as Quote from "@quotekit/core/Quote"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import { Link } from "@tanstack/react-router"
import { Option, Result } from "effect"
import { AlertDialog } from "radix-ui"
import { useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import dialog from "../shell/Dialog.module.css"
import controls from "../theme/Controls.module.css"
import { AcceptOnBehalfDialog } from "./AcceptOnBehalfDialog.tsx"
import styles from "./QuotePage.module.css"

/** An action the bar runs ('Accept on behalf' with the proof its dialog recorded). */
export type Run = (offer: QuotesApi.ActionOffer, proof?: AcceptanceProof.Proof) => void

const OfferButton = ({
  offer,
  busy,
  onRun
}: {
  readonly offer: QuotesApi.ActionOffer
  readonly busy: boolean
  readonly onRun: Run
}) => {
  const m = useMessages()
  const [armed, setArmed] = useState(false)
  const [asking, setAsking] = useState(false)
  const disabled = busy || offer.disabledReason !== null
  const className = offer.checked === true ? controls.primary : controls.button
  const common = {
    type: "button" as const,
    className,
    disabled,
    "data-action": offer.action,
    ...(offer.disabledReason === null ? {} : { title: offer.disabledReason, "aria-description": offer.disabledReason }),
    ...(offer.checked === null ? {} : { "aria-pressed": offer.checked })
  }
  if (offer.action === "acceptOnBehalf" && !disabled)
    return <AcceptOnBehalfDialog offer={offer} buttonProps={common} onRecord={(proof) => onRun(offer, proof)} />
  if (offer.confirmation === "really")
    return (
      <button
        {...common}
        onBlur={() => setArmed(false)}
        onClick={() => {
          if (armed) {
            setArmed(false)
            onRun(offer)
          } else setArmed(true)
        }}
      >
        {armed ? m.really : offer.label}
      </button>
    )
  if (offer.confirmation === "okayToSave" || offer.confirmation === "okayToSaveFirst")
    return (
      <AlertDialog.Root open={asking} onOpenChange={setAsking}>
        <AlertDialog.Trigger asChild>
          <button {...common}>{offer.label}</button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={dialog.overlay} />
          <AlertDialog.Content className={dialog.content}>
            <AlertDialog.Title className={dialog.title}>
              {offer.confirmation === "okayToSave" ? m.okayToSave : m.okayToSaveFirst}
            </AlertDialog.Title>
            <AlertDialog.Description className={dialog.description}>{offer.label}</AlertDialog.Description>
            <div className={dialog.actions}>
              <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
              <AlertDialog.Action className={controls.primary} onClick={() => onRun(offer)}>
                {offer.label}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    )
  return (
    <button {...common} onClick={() => onRun(offer)}>
      {offer.checked === true ? `✓ ${offer.label}` : offer.label}
    </button>
  )
}

/** 'Add or Credit Items' as the bar shows it: where it goes, and why it is disabled (`null`: enabled). */
export interface AdjustOffer {
  readonly href: string
  readonly disabledReason: string | null
}

/**
 * 'Add or Credit Items' for a quote: offered on accepted quotes only (`QuoteSave.isAdjustable`), disabled as
 * `Adjustment.addOrCreditItems` says. The quote page knows no invoices (the overview carries none), so every
 * adjustment counts as still editable: the limit then never disables the button, exactly as the server's
 * `Adjustment.begin` decides while no invoice exists; the editor's load refuses with the limit message otherwise.
 */
export const adjustOffer = (
  m: ReturnType<typeof useMessages>,
  quote: Pick<Quote.Quote, "quote_id" | "status" | "archive_id" | "price_current" | "last_item_adj">
): AdjustOffer | null => {
  if (!QuoteSave.isAdjustable(quote.status)) return null
  const archive = Option.getOrElse(ArchiveState.fromId(quote.archive_id), () => "active" as const)
  const check = Adjustment.addOrCreditItems(
    { archive, price_current: quote.price_current, nextAdjIndex: quote.last_item_adj ?? 0 },
    []
  )
  const reasons: Record<Adjustment.Disabled, string> = {
    finished: m.adjustFinished,
    "no-price": m.adjustNoPrice,
    "limit-reached": m.adjustmentLimitReached
  }
  return {
    href: QuoteRoute.editor("edit", quote.quote_id, "is-adjustment"),
    disabledReason: Result.isFailure(check) ? reasons[check.failure] : null
  }
}

const AdjustButton = ({ offer, busy }: { readonly offer: AdjustOffer; readonly busy: boolean }) => {
  const m = useMessages()
  if (offer.disabledReason === null && !busy)
    return (
      <Link to={offer.href} className={controls.button} data-action="addOrCreditItems">
        {m.addOrCreditItems}
      </Link>
    )
  return (
    <button
      type="button"
      className={controls.button}
      disabled
      data-action="addOrCreditItems"
      {...(offer.disabledReason === null
        ? {}
        : { title: offer.disabledReason, "aria-description": offer.disabledReason })}
    >
      {m.addOrCreditItems}
    </button>
  )
}

/**
 * The bar. The Active/Waiting pair is the page's dropdown, so it is left out here. With `quote`, an accepted
 * quote gets 'Add or Credit Items' (`adjustOffer`).
 */
export const QuoteActionBar = ({
  offers,
  busy,
  onRun,
  quote
}: {
  readonly offers: ReadonlyArray<QuotesApi.ActionOffer>
  readonly busy: boolean
  readonly onRun: Run
  readonly quote?: Parameters<typeof adjustOffer>[1]
}) => {
  const m = useMessages()
  const shown = offers.filter((o) => o.action !== "markActive" && o.action !== "markWaiting")
  const adjust = quote === undefined ? null : adjustOffer(m, quote)
  if (shown.length === 0 && adjust === null) return null
  return (
    <div className={styles.actionBar} role="toolbar" aria-label={m.quoteActions}>
      {adjust !== null && <AdjustButton offer={adjust} busy={busy} />}
      {shown.map((o) => (
        <OfferButton key={o.action} offer={o} busy={busy} onRun={onRun} />
      ))}
    </div>
  )
}
