/**
 * Event ids: given once, by the publishing process, so every process (and every browser's cursor) names an event
 * the same way. Time first (base 36, fixed width) so ids sort roughly by publication; 72 random bits after it.
 *
 * @since 0.3.0
 */
import { randomBytes } from "node:crypto"
import type { AccountEvent } from "@quotekit/core/EventBus"

/** A new event id. */
export const make = (now: number = Date.now()): string =>
  `${now.toString(36).padStart(9, "0")}-${randomBytes(9).toString("base64url")}`

/** The event with an id (its own, when it already has one). */
export const stamp = (event: AccountEvent): AccountEvent => (event.id === undefined ? { ...event, id: make() } : event)
