/**
 * The Insightly pod an account lives on (`na1`, `eu1`, `au1`…), read from what an admin pastes: the pod itself, or
 * the API address shown under User Settings → API (`https://api.na1.insightly.com`, with or without `/v3.1`). The
 * pod decides where the API is (`https://api.<pod>.insightly.com`) and where users open records
 * (`https://crm.<pod>.insightly.com`).
 *
 * @example
 * Pod.parse("https://api.na1.insightly.com/v3.1") // "na1"
 * Pod.parse("acme.example.com") // undefined
 *
 * @internal
 * @since 0.5.0
 */

/** What a bare pod looks like: letters then a number. */
const POD = /^[a-z]{2,4}\d{1,3}$/

/** The message shown when what was pasted is not a pod or an Insightly API address. */
export const NOT_AN_ADDRESS =
  "That is not an Insightly API address: use your pod (for example na1) or the API URL shown under User Settings → API."

/** The pod in `input`, or `undefined` when it names none. */
export const parse = (input: string): string | undefined => {
  const value = input.trim().toLowerCase()
  if (POD.test(value)) return value
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(value) ? value : `https://${value}`)
  } catch {
    return undefined
  }
  const host = /^api\.([a-z0-9]+)\.insightly\.com$/.exec(url.hostname)
  if (url.protocol !== "https:" || host === null || !POD.test(host[1]!)) return undefined
  if (url.port !== "" || url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "")
    return undefined
  return /^\/(v3\.1\/?)?$/.test(url.pathname) ? host[1] : undefined
}

/** The address kept for an account on `pod` (`Tokens.site`). */
export const siteOf = (pod: string): string => `https://api.${pod}.insightly.com`

/** Where the API of `pod` is, by default. */
export const apiUrlOf = (pod: string): string => `https://api.${pod}.insightly.com`

/** Where users of `pod` open their records, by default. */
export const appUrlOf = (pod: string): string => `https://crm.${pod}.insightly.com`
