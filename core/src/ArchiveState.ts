/**
 * The archive state of a quote, template or reusable item: whether it is being worked on, parked, finished or
 * deleted. It is separate from the quote's status: an accepted quote is `active` until the team marks it
 * `complete`, a declined one is `dismissed`.
 *
 * On the wire and in the database the state is the integer `archive_id`: notChosen -1, noValue 0, active 1,
 * complete 2, deleted 3, dismissed 4, waiting 5. The two placeholder ids (-1, 0) are not states: they mean
 * "no choice made" in filters and forms, so decoding a stored `archive_id` refuses them.
 *
 * Deleted records stay viewable and restorable for 30 days, then are gone for good.
 *
 * @example
 * import * as ArchiveState from "@quotekit/core/ArchiveState"
 * ArchiveState.toId("dismissed")                           // 4
 * ArchiveState.isFinished("complete")                      // true
 * ArchiveState.isRestorable(deletedAt, deletedAt + 86400)   // true
 *
 * @since 0.1.0
 */
import { Clock, Effect, Option, Schema, SchemaGetter } from "effect"
import { all } from "./light/ArchiveState.ts"
import type { QuoteStatus } from "./QuoteStatus.ts"

export * from "./light/ArchiveState.ts"

/** Domain schema of an archive state. */
export const ArchiveState = Schema.Literals(all)

/** An archive state. */
export type ArchiveState = typeof ArchiveState.Type

/** Whether an unknown value is an archive state; for narrowing route and query parameters. */
export const is = Schema.is(ArchiveState)

/** The spec's `archive_id` values by name, placeholders included. */
export const ArchiveId = {
  notChosen: -1,
  noValue: 0,
  active: 1,
  complete: 2,
  deleted: 3,
  dismissed: 4,
  waiting: 5
} as const

/** Any `archive_id` value, placeholders included (filters and forms carry the placeholders). */
export type ArchiveId = (typeof ArchiveId)[keyof typeof ArchiveId]

/** The `archive_id` of a real state (1-5). */
export type StateId = (typeof ArchiveId)[ArchiveState]

/** The `archive_id` stored for a state. */
export const toId = (state: ArchiveState): StateId => ArchiveId[state]

const byId: ReadonlyMap<number, ArchiveState> = new Map(all.map((s) => [ArchiveId[s], s]))

/** The state an `archive_id` stands for; `None` for the placeholders (-1, 0) and unknown ids. */
export const fromId = (id: number): Option.Option<ArchiveState> => Option.fromNullishOr(byId.get(id))

/** Wire schema of a stored `archive_id` (1-5) decoding to its state; placeholders and other numbers are refused. */
export const FromId: Schema.Codec<ArchiveState, StateId> = Schema.Literals([1, 2, 3, 4, 5]).pipe(
  Schema.decodeTo(ArchiveState, {
    decode: SchemaGetter.transform((id: StateId) => byId.get(id)!),
    encode: SchemaGetter.transform(toId)
  })
)

/**
 * Whether the record is finished: complete or dismissed. A finished quote can no longer be adjusted and leaves
 * the working lists.
 */
export const isFinished = (state: ArchiveState): boolean => state === "complete" || state === "dismissed"

/** How long a deleted draft, template or item stays viewable and restorable, in days. */
export const RETENTION_DAYS = 30

/** The same retention in seconds (the unit of stored timestamps). */
export const RETENTION_SECONDS = RETENTION_DAYS * 24 * 60 * 60

/** The last second (epoch seconds, exclusive) at which a record deleted at `deletedAtSeconds` can be restored. */
export const restorableUntil = (deletedAtSeconds: number): number => deletedAtSeconds + RETENTION_SECONDS

/**
 * Whether a record deleted at `deletedAtSeconds` can still be viewed and restored at `nowSeconds`: for 30 days
 * after deletion. A deletion time ahead of `now` (clock skew between servers) counts as just deleted.
 */
export const isRestorable = (deletedAtSeconds: number, nowSeconds: number): boolean =>
  nowSeconds < restorableUntil(deletedAtSeconds)

/** `isRestorable` at the current time of Effect's `Clock` (so tests drive it with `TestClock`). */
export const isRestorableNow = (deletedAtSeconds: number): Effect.Effect<boolean> =>
  Effect.map(Clock.currentTimeMillis, (ms) => isRestorable(deletedAtSeconds, Math.floor(ms / 1000)))

/** What the Active/Waiting dropdown needs to know about the record it sits on. */
export interface DropdownSubject {
  readonly isTemplate: boolean
  readonly archive: ArchiveState
  readonly status: QuoteStatus
}

/**
 * Whether the quote overview shows the Active/Waiting dropdown. It is hidden where "waiting on the customer"
 * means nothing: templates, deleted drafts, finished quotes (complete, dismissed), and withdrawn or expired quotes.
 */
export const showsActiveWaitingDropdown = (subject: DropdownSubject): boolean =>
  !subject.isTemplate &&
  subject.archive !== "deleted" &&
  !isFinished(subject.archive) &&
  subject.status !== "withdrawn" &&
  subject.status !== "expired"
