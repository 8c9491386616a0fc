/**
 * The country a request comes from, from the GeoIP database shipped in the `geoip-country` package (no outside
 * call; loaded on first use, about 8 MB). Private, loopback and unknown addresses have no country.
 *
 * @since 0.4.0
 */
import { createRequire } from "node:module"

interface GeoIpCountry {
  readonly lookup: (ip: string) => { readonly country: string } | null
}

let database: GeoIpCountry | undefined

const load = (): GeoIpCountry => {
  database ??= createRequire(import.meta.url)("geoip-country") as GeoIpCountry
  return database
}

/** The ISO alpha-2 code of `ip`'s country, if the database knows it. Accepts IPv4-mapped IPv6 (`::ffff:a.b.c.d`). */
export const countryCode = (ip: string): string | undefined => {
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip
  try {
    return load().lookup(address)?.country || undefined
  } catch {
    return undefined
  }
}
