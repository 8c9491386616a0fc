/**
 * The spec's page refresh rules on the customer page: after 15 minutes in the foreground, or on becoming visible
 * after 10 s hidden, the page refreshes. The signed-in app applies the same rules to its query caches
 * (`usePageRefresh`, whose React this light page does not load); here the page decides what a refresh may replace
 * (`Page.ts`: nothing the customer has started).
 *
 * @example
 * const stop = PageRefresh.watch(() => void reloadData())
 */

/** How long the page may stay in the foreground before it refreshes (the spec's 15 minutes). */
export const FOREGROUND_REFRESH_MS = 15 * 60_000
/** A page hidden at least this long refreshes when shown again (the spec's 10 s). */
export const HIDDEN_REFRESH_MS = 10_000

/** What the rules run on; the browser's by default (tests hand in a document double and fake timers). */
export interface Env {
  readonly document: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">
  readonly setTimeout: (run: () => void, ms: number) => unknown
  readonly clearTimeout: (handle: unknown) => void
  /** Epoch milliseconds. */
  readonly now: () => number
}

const browser = (): Env => ({
  document,
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now()
})

/** Call `refresh` as the rules say until the answered stop is called. */
export const watch = (refresh: () => void, env: Env = browser()): (() => void) => {
  const { document: doc } = env
  let timer: unknown
  let hiddenAt = doc.visibilityState === "hidden" ? env.now() : undefined
  const arm = () => {
    env.clearTimeout(timer)
    timer = doc.visibilityState === "hidden" ? undefined : env.setTimeout(run, FOREGROUND_REFRESH_MS)
  }
  const run = () => {
    refresh()
    arm()
  }
  const onVisibility = () => {
    if (doc.visibilityState === "hidden") {
      hiddenAt ??= env.now()
      env.clearTimeout(timer)
      timer = undefined
      return
    }
    const away = hiddenAt === undefined ? 0 : env.now() - hiddenAt
    hiddenAt = undefined
    if (away >= HIDDEN_REFRESH_MS) run()
    else arm()
  }
  arm()
  doc.addEventListener("visibilitychange", onVisibility)
  return () => {
    env.clearTimeout(timer)
    doc.removeEventListener("visibilitychange", onVisibility)
  }
}
