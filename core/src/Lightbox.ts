/**
 * The lightbox of quote images (the customer page and the quote widget): closed, loading an image, or showing
 * it; Next and Previous wrap at both ends; the keys of the spec: Escape closes, Left goes back, Right, Space and
 * Enter go forward. Pure and free of Effect's runtime, so the widget bundle stays small.
 *
 * @example
 * import * as Lightbox from "@quotekit/core/Lightbox"
 * const s = Lightbox.open(2, 3)        // { _tag: "Loading", index: 2 }
 * Lightbox.next(s, 3)                  // { _tag: "Loading", index: 0 } (wraps)
 * Lightbox.onKey(s, "Escape", 3)       // { _tag: "Closed" }
 *
 * @since 0.5.0
 */

/** Where the lightbox stands. */
export type State =
  | { readonly _tag: "Closed" }
  | { readonly _tag: "Loading"; readonly index: number }
  | { readonly _tag: "Showing"; readonly index: number }

/** The lightbox closed. */
export const closed: State = { _tag: "Closed" }

/** `index` wrapped into 0 .. count - 1 (either way round). */
export const wrap = (index: number, count: number): number => (count <= 0 ? 0 : ((index % count) + count) % count)

/** Open on image `index` of `count` (loading it); closed when there are no images. */
export const open = (index: number, count: number): State =>
  count <= 0 ? closed : { _tag: "Loading", index: wrap(index, count) }

/** The image in view finished loading (a stale load of another image changes nothing). */
export const loaded = (state: State, index: number): State =>
  state._tag === "Loading" && state.index === index ? { _tag: "Showing", index } : state

/** Move by `step` images, wrapping; closed stays closed. */
export const move = (state: State, step: number, count: number): State =>
  state._tag === "Closed" ? state : open(state.index + step, count)

/** The next image (after the last, the first). */
export const next = (state: State, count: number): State => move(state, 1, count)

/** The previous image (before the first, the last). */
export const previous = (state: State, count: number): State => move(state, -1, count)

/** What a key does (`KeyboardEvent.key`); `undefined` for a key the lightbox leaves alone. */
export const onKey = (state: State, key: string, count: number): State | undefined => {
  if (state._tag === "Closed") return undefined
  switch (key) {
    case "Escape":
      return closed
    case "ArrowLeft":
    case "Left":
      return previous(state, count)
    case "ArrowRight":
    case "Right":
    case " ":
    case "Spacebar":
    case "Enter":
      return next(state, count)
    default:
      return undefined
  }
}

/** The dialog's label: "Image 2 of 5", with the image's description when it has one. */
export const label = (index: number, count: number, alt: string): string =>
  `Image ${index + 1} of ${count}${alt.trim() === "" ? "" : `: ${alt.trim()}`}`
