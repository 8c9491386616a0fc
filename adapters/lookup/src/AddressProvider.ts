/**
 * What an address look-up service does for quotekit: suggestions for typed text (near a point when the form
 * knows one), and the address of a suggestion. `OpenStreetMap` (Photon, self-hostable) is the default;
 * `GooglePlaces` runs on the account's own key. Failures are `LookupFailed`; the server answers them as "no
 * suggestions" and logs them, so a form is never blocked by a service that is down.
 *
 * @since 0.4.0
 */
import type * as AddressLookup from "@quotekit/core/AddressLookup"
import type { Effect, Option } from "effect"
import { Schema } from "effect"

/** Where to look first: longitude and latitude. */
export interface Near {
  readonly lng: number
  readonly lat: number
}

/** A look-up service that failed: unreachable, too slow, refused the key, or answered what it never documents. */
export class LookupFailed extends Schema.TaggedError<LookupFailed>()("LookupFailed", {
  service: Schema.String,
  reason: Schema.String
}) {}

/** An address look-up service. */
export interface AddressProvider {
  readonly name: string
  readonly search: (
    text: string,
    near: Near | undefined
  ) => Effect.Effect<ReadonlyArray<AddressLookup.Suggestion>, LookupFailed>
  /** The address of a suggestion's id; none when the id is not this service's. */
  readonly place: (id: string) => Effect.Effect<Option.Option<AddressLookup.Place>, LookupFailed>
}
