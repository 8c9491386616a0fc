/**
 * The comment editor's states (spec: clean, dirty, loading, inFocus, blurring) as a pure transition function.
 * `inFocus` while the field has focus; `blurring` for a moment after it loses focus (so pressing Send, which
 * takes the focus, does not flash the unsent warning); then `dirty` when unsent content remains ('Not Sent' /
 * 'Not Added' shows beside the send button) or `clean` when there is none; `loading` while it sends.
 */

/** Where the editor is. */
export type State = "clean" | "inFocus" | "blurring" | "dirty" | "loading"

/** What happens to it. */
export type Event =
  | { readonly _tag: "Focus" }
  | { readonly _tag: "Blur" }
  | { readonly _tag: "BlurSettled"; readonly hasContent: boolean }
  | { readonly _tag: "Send" }
  | { readonly _tag: "Sent" }
  | { readonly _tag: "Failed"; readonly hasContent: boolean }
  | { readonly _tag: "Discard" }

/** How long `blurring` lasts before the editor settles, in milliseconds. */
export const BLUR_SETTLE_MS = 200

/** The state after an event. */
export const next = (state: State, event: Event): State => {
  switch (event._tag) {
    case "Focus":
      return state === "loading" ? state : "inFocus"
    // From clean too: a box that kept its focus through a send (no new Focus event) still warns when left.
    case "Blur":
      return state === "inFocus" || state === "clean" ? "blurring" : state
    case "BlurSettled":
      return state === "blurring" ? (event.hasContent ? "dirty" : "clean") : state
    case "Send":
      return "loading"
    case "Sent":
      return state === "loading" ? "clean" : state
    case "Failed":
      return state === "loading" ? (event.hasContent ? "dirty" : "clean") : state
    case "Discard":
      return "clean"
  }
}

/**
 * Whether the unsent warning shows: content left behind without focus. The content is asked again because files
 * can be removed while the box has no focus, which leaves `dirty` with nothing to send.
 */
export const showsUnsent = (state: State, hasContent: boolean): boolean => state === "dirty" && hasContent
