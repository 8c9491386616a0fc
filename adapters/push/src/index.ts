/**
 * quotekit's real-time channel: the `Gateway` (websockets, rooms, fallback polls) fed by the event bus, the
 * `Doorman` interface the server implements to decide who joins what, and the `Backlog` of recent events.
 *
 * @since 0.3.0
 */
export * as Backlog from "./Backlog.ts"
export * as Doorman from "./Doorman.ts"
export * as Gateway from "./Gateway.ts"
