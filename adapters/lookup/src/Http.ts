/**
 * The one way this package calls a service: `fetch` with a time limit, answering the parsed JSON or
 * `LookupFailed` (never a defect), with the service's status in the reason and never the request's secrets.
 *
 * @since 0.4.0
 */
import { Effect } from "effect"
import { LookupFailed } from "./AddressProvider.ts"

/** How long a service may take before the field goes on without it. */
export const TIMEOUT_MS = 4000

/** `fetch` `url` and parse its JSON body. */
export const json = (service: string, url: URL, init: RequestInit = {}) =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
      })
      if (!response.ok) throw new Error(`answered ${response.status}`)
      return (await response.json()) as unknown
    },
    catch: (error) =>
      new LookupFailed({ service, reason: error instanceof Error ? error.message : "could not be reached" })
  })
