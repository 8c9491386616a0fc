/**
 * Look-ups against outside services, for the team's forms: `GET /get/address-lookup` (suggestions for typed
 * address text near a point, or the address of a picked suggestion) and `GET /e/geo-you` (the country the
 * request comes from, from the server's own GeoIP database: no outside call). A failing service never fails
 * the request: the answer says `unavailable` and the form goes on without suggestions.
 *
 * @since 0.4.0
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as AddressLookup from "../AddressLookup.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The look-up group. */
export class LookupApi extends HttpApiGroup.make("lookup")
  .add(
    HttpApiEndpoint.get("address", "/get/address-lookup", {
      query: AddressLookup.LookupQuery,
      success: AddressLookup.LookupAnswer
    }).annotate(
      OpenApi.Description,
      "Address suggestions for `q` near (`x` longitude, `y` latitude), or the address of `placeId`."
    )
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Look-ups",
      description: "Address suggestions and the country guess for new contacts and accounts."
    })
  ) {}

/** The country guess, open to anyone (the sign-up form asks it before there is an account). */
export class GeoApi extends HttpApiGroup.make("geo")
  .add(
    HttpApiEndpoint.get("geoYou", "/e/geo-you", { success: AddressLookup.GeoGuess }).annotate(
      OpenApi.Description,
      "The country (and region, when known) the request comes from, guessed from its address."
    )
  )
  .annotateMerge(
    OpenApi.annotations({ title: "Country guess", description: "The country a request comes from, for new forms." })
  ) {}
