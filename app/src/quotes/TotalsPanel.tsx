/**
 * The quote's totals as `QuoteTotals.computeFixed` computes them: up front (subtotal, discount, each tax rate,
 * total, deposit) and one block per subscription term.
 */
import * as Money from "@quotekit/core/Money"
import type * as QuoteTotals from "@quotekit/core/QuoteTotals"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import * as TaxMode from "@quotekit/core/TaxMode"
import { memo } from "react"
import { useMessages } from "../page/useMessages.ts"
import styles from "./QuoteEditor.module.css"

/** Props of the totals panel. */
export interface TotalsPanelProps {
  readonly totals: QuoteTotals.FixedTotals
  readonly mode: TaxMode.TaxMode
  readonly taxWord: string
  readonly symbol: string
  readonly discountPercent: Money.Decimal
  readonly depositPercent: Money.Decimal
}

const Group = ({
  group,
  heading,
  props
}: {
  readonly group: QuoteTotals.FixedTotals["upFront"]
  readonly heading: string
  readonly props: TotalsPanelProps
}) => {
  const m = useMessages()
  const money = (d: Money.Fixed) => `${props.symbol}${Money.format(d)}`
  const percent = (d: Money.Fixed) => Money.formatTrimmed(d, 0, 4)
  const key = group.key
  const line = (label: string, value: string, name: string, strong = false) => (
    <div className={strong ? `${styles.totalsLine} ${styles.totalsStrong}` : styles.totalsLine} key={name}>
      <dt>{label}</dt>
      <dd data-total={`${key}:${name}`}>{value}</dd>
    </div>
  )
  const taxLabel = (rate: Money.Fixed) =>
    TaxMode.pricesIncludeTax(props.mode)
      ? m.taxIncluded(props.taxWord, percent(rate))
      : TaxMode.addsTax(props.mode)
        ? m.taxAdded(props.taxWord, percent(rate))
        : m.taxNotIncluded(props.taxWord, percent(rate))
  return (
    <div className={styles.totalsGroup} data-group={key}>
      <h3 className={styles.totalsHeading}>{heading}</h3>
      <dl className={styles.totalsList}>
        {line(m.subtotal, money(group.subtotal), "subtotal")}
        {!Money.isZero(group.discount) &&
          line(m.discountPercent(percent(props.discountPercent)), `-${money(group.discount)}`, "discount")}
        {TaxMode.chargesTax(props.mode) &&
          group.taxes.map((t) => line(taxLabel(t.rate), money(t.amount), `tax-${t.item_tax_id}`))}
        {line(m.total, money(group.total), "total", true)}
        {!Money.isZero(group.deposit) &&
          line(m.depositPercent(percent(props.depositPercent)), money(group.deposit), "deposit")}
      </dl>
    </div>
  )
}

/** The totals panel. */
export const TotalsPanel = memo(function TotalsPanel(props: TotalsPanelProps) {
  const m = useMessages()
  return (
    <section className={styles.totals} aria-label={m.total} aria-live="polite">
      <Group group={props.totals.upFront} heading={m.upFront} props={props} />
      {props.totals.subscriptions.map((g) => (
        <Group key={g.key} group={g} heading={SubscriptionTerm.describe(g.term)} props={props} />
      ))}
    </section>
  )
})
