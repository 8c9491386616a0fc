/**
 * The quote action bar: every status action the core offers for the quote as it stands (`QuoteAction.offers`,
 * sent by the server as `offers`), with its label, its disabled reason as the button's hint, Complete /
 * 'Complete & Invoice' / Dismiss as checked toggles, and the confirmations: 'Okay to Save?' and 'Okay to
 * Save first?' ask in a dialog; 'Really?' is a two-click button (the first click arms it).
 */
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import { AlertDialog } from "radix-ui"
import { useState } from "react"
import { useMessages } from "../page/useMessages.ts"
import dialog from "../shell/Dialog.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./QuotePage.module.css"

/** An action the bar runs. */
export type Run = (offer: QuotesApi.ActionOffer) => void

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

/** The bar. The Active/Waiting pair is the page's dropdown, so it is left out here. */
export const QuoteActionBar = ({
  offers,
  busy,
  onRun
}: {
  readonly offers: ReadonlyArray<QuotesApi.ActionOffer>
  readonly busy: boolean
  readonly onRun: Run
}) => {
  const m = useMessages()
  const shown = offers.filter((o) => o.action !== "markActive" && o.action !== "markWaiting")
  if (shown.length === 0) return null
  return (
    <div className={styles.actionBar} role="toolbar" aria-label={m.quoteActions}>
      {shown.map((o) => (
        <OfferButton key={o.action} offer={o} busy={busy} onRun={onRun} />
      ))}
    </div>
  )
}
