/**
 * Place ids for services whose search already holds the whole address (Photon): the address itself, as
 * base64url JSON behind a prefix, so fetching it needs no second call and no memory of the search, and any
 * server process can answer it. The id only fills the user's own form, so it needs no signature; it is
 * decoded with the `Place` schema like any input.
 *
 * @since 0.4.0
 */
import * as AddressLookup from "@quotekit/core/AddressLookup"
import { Option, Schema } from "effect"

const decodePlace = Schema.decodeUnknownOption(AddressLookup.Place)

/** The id of `place` under `prefix`. */
export const encode = (prefix: string, place: AddressLookup.Place): string =>
  `${prefix}${Buffer.from(JSON.stringify(place), "utf8").toString("base64url")}`

/** The place `id` holds, when it is one of `prefix`'s. */
export const decode = (prefix: string, id: string): Option.Option<AddressLookup.Place> => {
  if (!id.startsWith(prefix)) return Option.none()
  try {
    return decodePlace(JSON.parse(Buffer.from(id.slice(prefix.length), "base64url").toString("utf8")))
  } catch {
    return Option.none()
  }
}
