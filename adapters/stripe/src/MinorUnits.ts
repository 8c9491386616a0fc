/**
 * Amounts as Stripe takes them: integers in the currency's smallest unit (cents for USD, yen for JPY, fils for
 * KWD), worked out from the exact decimal, never through a floating point number. Stripe's own table decides
 * the exponent: the zero-decimal currencies take whole units, the three-decimal ones (BHD, JOD, KWD, OMR, TND)
 * take thousandths whose last digit must be 0, every other currency hundredths.
 *
 * @example
 * MinorUnits.toMinor(BigDecimal.fromStringUnsafe("1234.56"), "usd") // Result.succeed(123456n)
 * MinorUnits.toMinor(BigDecimal.fromStringUnsafe("1000"), "JPY")    // Result.succeed(1000n)
 *
 * @since 0.5.0
 */
import { BigDecimal, Result, Schema } from "effect"

/** Currencies Stripe charges in whole units (https://docs.stripe.com/currencies#zero-decimal). */
export const ZERO_DECIMAL: ReadonlySet<string> = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF"
])

/** Currencies Stripe charges in thousandths, the last digit 0 (https://docs.stripe.com/currencies#three-decimal). */
export const THREE_DECIMAL: ReadonlySet<string> = new Set(["BHD", "JOD", "KWD", "OMR", "TND"])

/** Why an amount cannot be charged. */
export class AmountRefused extends Schema.TaggedError<AmountRefused>()("AmountRefused", {
  reason: Schema.Literals(["not-positive", "too-precise", "bad-currency"]),
  message: Schema.String
}) {}

/** The exponent of `currency` (ISO 4217 code, any case) as Stripe counts it. */
export const decimalsOf = (currency: string): number => {
  const code = currency.toUpperCase()
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2
}

/**
 * `amount` in `currency`'s minor units. Refused when it is not above 0, or has more decimals than the currency
 * has (a JPY amount of 10.50 is not chargeable as it is; the caller decides, never a silent rounding here).
 */
export const toMinor = (amount: BigDecimal.BigDecimal, currency: string): Result.Result<bigint, AmountRefused> => {
  if (!/^[A-Za-z]{3}$/.test(currency))
    return Result.fail(new AmountRefused({ reason: "bad-currency", message: `"${currency}" is not a currency code.` }))
  if (!BigDecimal.isPositive(amount))
    return Result.fail(new AmountRefused({ reason: "not-positive", message: "The amount to pay must be above 0." }))
  const n = BigDecimal.normalize(amount)
  const decimals = decimalsOf(currency)
  // A three-decimal currency's last digit must be 0: at most two decimals are chargeable.
  if (n.scale > Math.min(decimals, 2))
    return Result.fail(
      new AmountRefused({
        reason: "too-precise",
        message: `${BigDecimal.format(n)} ${currency.toUpperCase()} has more decimals than the currency has.`
      })
    )
  return Result.succeed(n.value * 10n ** BigInt(decimals - n.scale))
}

/** The decimal an amount in minor units stands for. */
export const fromMinor = (minor: bigint, currency: string): BigDecimal.BigDecimal =>
  BigDecimal.normalize(BigDecimal.make(minor, decimalsOf(currency)))
