/**
 * The invoicing panel of the quote page's Overview (spec: "Overview shows ... an invoicing panel"), shown for an
 * accepted quote and for any quote that has invoices. Per group ('Up front' or a subscription term): the
 * invoices and credits in order (type, percent, amount, status and where its copy stands, the lines it covers),
 * the group's suggestions (the next invoice or deposit, the next credit, the skipped one to 'Restore to Ready'),
 * and its totals. 'Add or Credit Items' opens the editor in adjustment mode.
 *
 * Every rule is the server's: each action answers the whole new picture, which replaces the cached one; the
 * panel only shows it. A refusal shows the server's message in the panel's banner; a stale picture is fetched
 * again. One action runs at a time (buttons are disabled while one is pending).
 */
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import { Link, useNavigate } from "@tanstack/react-router"
import { DateTime, Option } from "effect"
import { useId, useState } from "react"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { dateStyle } from "../quotes/QuoteDetails.tsx"
import { useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { money, offersAdjustment, showsPanel } from "./InvoiceOffers.ts"
import { InvoiceRowView, SuggestionRowView } from "./InvoiceRows.tsx"
import styles from "./Invoicing.module.css"
import { useInvoicingText } from "./invoicingText.ts"
import { type InvoicingRequest, isRefusal, useInvoicing, useInvoicingActions } from "./useInvoicing.ts"

/** What every row of the panel shares: the picture, the send function, and how amounts and dates read. */
export interface PanelContext {
  readonly picture: InvoicesApi.Invoicing
  readonly busy: boolean
  readonly send: (request: InvoicingRequest) => void
  readonly money: (amount: InvoicesApi.InvoiceRow["applied"]) => string
  readonly date: (seconds: number) => string
  /** The percent a Split of this invoice was refused at for going below 0 (Split stays disabled there). */
  readonly belowZeroAt: (invoiceId: number) => number | null
}

/** 'Add or Credit Items': a link to the editor in adjustment mode, opened after make-adjustment answers. */
const AdjustButton = ({
  picture,
  pending,
  onOpen
}: {
  readonly picture: InvoicesApi.Invoicing
  readonly pending: boolean
  readonly onOpen: () => void
}) => {
  const m = useMessages()
  const reason = picture.adjustment.disabled
  if (reason !== null)
    return (
      <button
        type="button"
        className={controls.button}
        disabled
        data-action="addOrCreditItems"
        title={reason}
        aria-description={reason}
      >
        {m.addOrCreditItems}
      </button>
    )
  return (
    <Link
      to={QuoteRoute.editor("edit", picture.quote_id, "is-adjustment")}
      className={controls.button}
      data-action="addOrCreditItems"
      aria-disabled={pending || undefined}
      onClick={(e) => {
        e.preventDefault()
        if (!pending) onOpen()
      }}
    >
      {m.addOrCreditItems}
    </Link>
  )
}

/** One group: its invoices, its suggestions and its totals. */
const GroupView = ({ group, ctx }: { readonly group: InvoicesApi.Group; readonly ctx: PanelContext }) => {
  const m = useMessages()
  const t = useInvoicingText()
  const titleId = useId()
  return (
    <section className={styles.group} aria-labelledby={titleId} data-group={group.key}>
      <h3 className={styles.groupTitle} id={titleId}>
        {group.label}
      </h3>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t.kind}</th>
            <th scope="col">{t.percent}</th>
            <th scope="col" className={styles.amount}>
              {m.lineTotal}
            </th>
            <th scope="col">{m.statusFilter}</th>
            <th scope="col">
              <span className="visually-hidden">{m.quoteActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.invoices.map((row) => (
            <InvoiceRowView
              key={`${row.invoice.quote_invoice_id}-${row.invoice.per_chosen}`}
              row={row}
              group={group}
              ctx={ctx}
            />
          ))}
          {group.next_invoice !== null && (
            <SuggestionRowView
              key={`next-${group.next_invoice.type}-${group.next_invoice.percent}`}
              kind="next"
              suggestion={group.next_invoice}
              group={group}
              ctx={ctx}
            />
          )}
          {group.next_credit !== null && (
            <SuggestionRowView kind="credit" suggestion={group.next_credit} group={group} ctx={ctx} />
          )}
          {group.skipped !== null && (
            <SuggestionRowView kind="skipped" suggestion={group.skipped} group={group} ctx={ctx} />
          )}
        </tbody>
      </table>
      <dl className={styles.totals}>
        <div className={styles.total}>
          <dt>{m.total}</dt>
          <dd data-total="total">{ctx.money(group.charged_total)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t.invoiced}</dt>
          <dd data-total="invoiced">{ctx.money(group.charged_invoiced)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t.remaining}</dt>
          <dd data-total="remaining">{ctx.money(group.charged_remaining)}</dd>
        </div>
        {group.restored.value !== 0n && (
          <div className={styles.total}>
            <dt>{t.restored}</dt>
            <dd data-total="restored">{ctx.money(group.restored)}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/** The panel for a quote; nothing while the quote is neither accepted nor invoiced. */
export const InvoicingPanel = ({ quoteId }: { readonly quoteId: number }) => {
  const t = useInvoicingText()
  const navigate = useNavigate()
  const signin = useAccount().data?.account_signin
  const invoicing = useInvoicing(quoteId)
  const { send, mutation, makeAdjustment } = useInvoicingActions(quoteId)
  const [zone] = useState(() => DateTime.zoneMakeLocal())
  const titleId = useId()
  const picture = invoicing.data
  if (invoicing.isError)
    return (
      <section className={controls.card} aria-labelledby={titleId}>
        <h2 className={records.sectionTitle} id={titleId}>
          {t.invoicing}
        </h2>
        <LoadFailure error={invoicing.error} onRetry={() => void invoicing.refetch()} />
      </section>
    )
  if (picture === undefined || !showsPanel(picture)) return null

  const symbol = Option.match(Currency.byId(picture.currency_id), { onNone: () => "", onSome: (c) => c.symbol })
  const style = dateStyle(signin?.dateFormat)
  const lastRequest = mutation.variables
  const ctx: PanelContext = {
    picture,
    busy: mutation.isPending || makeAdjustment.isPending,
    send,
    money: (amount) => money(symbol, amount),
    date: (seconds) => DateFormat.format(seconds, style, zone),
    belowZeroAt: (invoiceId) =>
      mutation.isError &&
      isRefusal(mutation.error, "below-zero") &&
      lastRequest?._tag === "Action" &&
      lastRequest.invoiceId === invoiceId
        ? lastRequest.percent
        : null
  }
  const blocked = picture.creation_blocked
  return (
    <section className={controls.card} aria-labelledby={titleId} data-invoicing={picture.quote_id}>
      <div className={styles.head}>
        <div className={styles.headTitle}>
          <h2 className={records.sectionTitle} id={titleId}>
            {t.invoicing}
          </h2>
          {picture.destination.kind !== "none" && <span className={styles.muted}>{picture.destination.name}</span>}
        </div>
        {offersAdjustment(picture) && (
          <AdjustButton
            picture={picture}
            pending={ctx.busy}
            onOpen={() =>
              makeAdjustment.mutate(undefined, {
                onSuccess: (started) => void navigate({ to: started.editor_url })
              })
            }
          />
        )}
      </div>
      {picture.adjustment.warning !== null && (
        <div className={`${banner.warning} ${styles.banner}`} role="status">
          <p className={banner.detail}>{picture.adjustment.warning}</p>
        </div>
      )}
      {blocked?.reason === "no-addon" && (
        <p className={styles.hint} data-creation-blocked={blocked.reason}>
          <span>{blocked.message}</span>
          <Link to="/settings/add-ons" className={controls.button}>
            {t.addOns}
          </Link>
          <Link to="/settings/invoicing" className={controls.button}>
            {t.invoicingSettings}
          </Link>
        </p>
      )}
      {blocked?.reason === "not-accepted" && (
        <p className={`${styles.hint} ${styles.muted}`} data-creation-blocked={blocked.reason}>
          {blocked.message}
        </p>
      )}
      {(mutation.isError || makeAdjustment.isError) && (
        <div className={styles.banner}>
          <FormBanner error={mutation.error ?? makeAdjustment.error} />
        </div>
      )}
      {picture.groups.map((g) => (
        <GroupView key={g.key} group={g} ctx={ctx} />
      ))}
    </section>
  )
}
