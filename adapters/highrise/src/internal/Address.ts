/**
 * A Highrise account's address from what an admin pastes: the subdomain (`acme`), the host
 * (`acme.highrisehq.com`) or any address on it (`https://acme.highrisehq.com/people/12`), always read as
 * `https://<subdomain>.highrisehq.com`. Anything else is not a Highrise account.
 *
 * @example
 * ```ts
 * Address.subdomainOf(" https://Acme.highrisehq.com/ ") // "acme"
 * Address.subdomainOf("https://acme.example.com") // undefined
 * ```
 *
 * @internal
 */

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** The account's subdomain, or `undefined` when `input` is not a Highrise account's address. */
export const subdomainOf = (input: string): string | undefined => {
  const trimmed = input.trim().toLowerCase()
  if (SUBDOMAIN.test(trimmed)) return trimmed
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`)
  } catch {
    return undefined
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined
  if (url.username !== "" || url.password !== "" || url.port !== "") return undefined
  const match = /^([^.]+)\.highrisehq\.com$/.exec(url.hostname)
  return match !== null && SUBDOMAIN.test(match[1]!) ? match[1] : undefined
}

/** Where the account `subdomain` is. */
export const siteOf = (subdomain: string): string => `https://${subdomain}.highrisehq.com`
