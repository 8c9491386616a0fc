/**
 * Look-ups against outside services: addresses (`OpenStreetMap` through Photon by default, `GooglePlaces` on an
 * account's key) behind `AddressProvider`, and the country of a request from a local GeoIP database (`GeoIp`).
 *
 * @since 0.4.0
 */
export * as AddressProvider from "./AddressProvider.ts"
export * as GeoIp from "./GeoIp.ts"
export * as GooglePlaces from "./GooglePlaces.ts"
export * as OpenStreetMap from "./OpenStreetMap.ts"
export * as PlaceId from "./PlaceId.ts"
