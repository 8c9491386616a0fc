/**
 * The archive states of a quote, template or item, and their labels.
 *
 * The part of `ArchiveState.ts` that needs no effect runtime, so a bundle that must stay light (the team app's first
 * screen, which shares its modules with the screens that decode) can import it without bringing Schema with it.
 * `ArchiveState.ts` re-exports all of it: elsewhere import that.
 *
 * @since 0.5.0
 */
import * as Message from "../Message.ts"

/** Every archive state. */
export const all = ["active", "waiting", "complete", "dismissed", "deleted"] as const

/** An archive state. */
export type ArchiveState = (typeof all)[number]

/** The label of a state (quote list tabs, the Active/Waiting dropdown, archive stickers). */
export const label = (state: ArchiveState): string => {
  switch (state) {
    case "active":
      return Message.active
    case "waiting":
      return Message.waiting
    case "complete":
      return Message.complete
    case "dismissed":
      return Message.dismissed
    case "deleted":
      return Message.deleted
  }
}
