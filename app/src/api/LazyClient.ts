/**
 * The `ApiClient` the entry provides: it loads the contract-derived client (`ContractClient.ts`, which brings the
 * HTTP API and Schema runtimes) on the first call and hands that call and every later one to it. A page that
 * makes no such call as it opens (the quote list: its reads go through `WireClient.ts`) never loads it.
 *
 * @example
 * <ApiProvider value={LazyClient.make()}>…</ApiProvider>
 *
 * @since 0.5.0
 */
import type { ApiClient } from "./client.ts"

/** The client for an origin (the page's own by default), loading the derived client on its first call. */
export const make = (baseUrl?: string): ApiClient => {
  let loaded: Promise<ApiClient> | undefined
  const load = (): Promise<ApiClient> => {
    loaded ??= import("./ContractClient.ts").then(
      (m) => m.make(baseUrl),
      (error: unknown) => {
        // A chunk that failed to load (a deploy meanwhile, a dropped connection) is asked for again next time.
        loaded = undefined
        throw error
      }
    )
    return loaded
  }
  // Every member of `ApiClient` is a call answering a promise, so each is forwarded by name, whatever calls the
  // interface gains. `then` is left out: the client must never look like a promise.
  const forwards = new Map<string, (...args: ReadonlyArray<unknown>) => Promise<unknown>>()
  return new Proxy({} as ApiClient, {
    get: (_target, name) => {
      if (typeof name !== "string" || name === "then") return undefined
      let forward = forwards.get(name)
      if (forward === undefined) {
        forward = (...args) =>
          load().then((c) =>
            (c as unknown as Record<string, (...args: ReadonlyArray<unknown>) => unknown>)[name]!(...args)
          )
        forwards.set(name, forward)
      }
      return forward
    }
  })
}
