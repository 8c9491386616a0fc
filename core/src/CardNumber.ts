/**
 * The card number check of the billing form: the number should start with 4 (Visa) or 51 to 55
 * (Mastercard); anything else gets a warning, which does not block the payment provider's own check.
 *
 * @example
 * import * as CardNumber from "@quotekit/core/CardNumber"
 * CardNumber.prefixWarning("4242 4242")  // Option.none()
 * CardNumber.prefixWarning("3782")       // Option.some("That does not look like a Visa or Mastercard number.")
 *
 * @since 0.1.0
 */
import { Option } from "effect"
import * as Message from "./Message.ts"

/** The number without the spaces and dashes people type between groups. */
export const digitsOf = (input: string): string => input.replace(/[\s-]/g, "")

/** Whether a number starts with an accepted prefix: 4, or 51 to 55. */
export const hasKnownPrefix = (digits: string): boolean => /^(4|5[1-5])/.test(digits)

/** Whether what is typed so far can still become an accepted prefix (nothing yet, or a lone 5). */
const mayStillMatch = (digits: string): boolean => digits === "" || digits === "5"

/**
 * The warning for a card number that does not start with 4 or 51 to 55; `None` while the number matches
 * or could still match (empty, or just "5").
 */
export const prefixWarning = (input: string): Option.Option<string> => {
  const digits = digitsOf(input)
  if (mayStillMatch(digits) || (/^\d+$/.test(digits) && hasKnownPrefix(digits))) return Option.none()
  return Option.some(Message.catalogue.cardPrefixUnknown)
}

/** The Luhn checksum every card number satisfies; false for anything but digits. */
export const isLuhnValid = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** The number shown in groups of four ("4242 4242 4242 4242"), as the field displays it. */
export const formatGroups = (input: string): string => (digitsOf(input).match(/.{1,4}/g) ?? []).join(" ")
