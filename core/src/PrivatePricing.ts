/**
 * Private pricing: which parts of each price line a customer sees. The quote's `private_pricing` holds bit
 * flags; the account's `defPrivatePricing` pre-fills new quotes.
 *
 * Detail display bits: item code 1, unit and quantity 2, price total 4. The editor offers four options:
 * 6 all (unit/quantity and totals), 4 totals only, 2 quantities only, 0 hidden. The item code bit is set
 * independently ("show code").
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** The detail display bits, as on the wire. */
export const Bit = {
  itemCode: 1,
  unitQuantity: 2,
  priceTotal: 4
} as const

/** A part of a price line that private pricing can hide. */
export type Part = keyof typeof Bit

/** The four pricing presets the editor offers (bits without the item code bit). */
export const Preset = {
  all: 6,
  totalsOnly: 4,
  quantitiesOnly: 2,
  hidden: 0
} as const

/** One of the editor's pricing presets. */
export type Preset = (typeof Preset)[keyof typeof Preset]

/** All bits together (code, unit/quantity and totals), the most a customer can see. */
export const ALL_BITS = Bit.itemCode | Bit.unitQuantity | Bit.priceTotal

/**
 * Default of the spec: unit/quantity, price total and item code shown (7). Use when an account has no
 * `defPrivatePricing` of its own.
 */
export const DEFAULT: PrivatePricing = ALL_BITS as PrivatePricing

/** The `private_pricing` field: an integer 0-7 of detail display bits. */
export const PrivatePricing = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: ALL_BITS })).pipe(
  Schema.brand("PrivatePricing")
)

/** The `private_pricing` value. */
export type PrivatePricing = typeof PrivatePricing.Type

/**
 * Whether the customer sees a part of each price line.
 *
 * @example
 * PrivatePricing.shows(PrivatePricing.make(4), "priceTotal") // true
 * PrivatePricing.shows(PrivatePricing.make(4), "unitQuantity") // false
 */
export const shows = (bits: number, part: Part): boolean => (bits & Bit[part]) !== 0

/** Build a `private_pricing` value from any integer, keeping only the known bits. */
export const make = (bits: number): PrivatePricing => (Math.trunc(bits) & ALL_BITS) as PrivatePricing

/** Turn one part on or off, leaving the others as they are. */
export const set = (bits: number, part: Part, on: boolean): PrivatePricing =>
  make(on ? bits | Bit[part] : bits & ~Bit[part])

/** The editor preset a value shows as (the item code bit is ignored). */
export const presetOf = (bits: number): Preset => (bits & (Bit.unitQuantity | Bit.priceTotal)) as Preset

/** Apply an editor preset, keeping the item code bit as it was. */
export const withPreset = (bits: number, preset: Preset): PrivatePricing => make((bits & Bit.itemCode) | preset)

/**
 * Whether the customer sees any price at all (unit/quantity or totals). When false, price lines show their
 * title and body only.
 */
export const showsAnyPrice = (bits: number): boolean => (bits & (Bit.unitQuantity | Bit.priceTotal)) !== 0
