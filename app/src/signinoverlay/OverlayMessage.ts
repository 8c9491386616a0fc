/**
 * What the framed sign-in overlay (`/sign-in/overlay`) tells the page around it, and its timings. The page that
 * frames the overlay listens for `message` events from the frame whose data `isOverlayMessage` accepts, and
 * hides the frame on `hide`; after a sign-in `next` says where the app would go (the 'which account' page when
 * no account is chosen yet, else the page asked for).
 *
 * @example
 * window.addEventListener("message", (e) => {
 *   if (e.source === frame.contentWindow && OverlayMessage.isOverlayMessage(e.data)) frame.remove()
 * })
 */

/** The `type` of every message of the overlay. */
export const messageType = "qk-signin-overlay"

/** Why the overlay asks to be hidden. */
export type HideReason = "close" | "signedIn"

/** The message asking the framing page to hide the overlay. */
export interface HideMessage {
  readonly type: typeof messageType
  readonly action: "hide"
  readonly reason: HideReason
  /** After a sign-in: the path the app goes to next. */
  readonly next?: string
}

/** The message for a reason (and, after a sign-in, the path to go to). */
export const hide = (reason: HideReason, next?: string): HideMessage =>
  next === undefined
    ? { type: messageType, action: "hide", reason }
    : { type: messageType, action: "hide", reason, next }

/** Whether some message data is the overlay's. */
export const isOverlayMessage = (data: unknown): data is HideMessage =>
  typeof data === "object" &&
  data !== null &&
  (data as { type?: unknown }).type === messageType &&
  (data as { action?: unknown }).action === "hide" &&
  ["close", "signedIn"].includes((data as { reason?: unknown }).reason as string)

/**
 * Visibility changes this soon after the overlay loads are ignored: a frame being shown fires them, and they say
 * nothing about a sign-in made elsewhere. The spec's 3 s.
 */
export const visibilityGraceMs = 3_000

/** How long the overlay waits for a sign-in before it gives way to the timeout page: the spec's 300,000 ms. */
export const geniusTimeoutMs = 300_000

/** Whether a page runs inside a frame. */
export const isFramed = (w: Window): boolean => {
  try {
    return w.self !== w.top
  } catch {
    // A cross-origin parent refuses to be compared: that is a frame too.
    return true
  }
}

/** The origin of the page framing this one (its referrer's), else this page's own: where messages go. */
export const parentOrigin = (referrer: string, own: string): string => {
  try {
    return referrer === "" ? own : new URL(referrer).origin
  } catch {
    return own
  }
}

/** Send a message to the framing page. */
export const tellParent = (message: HideMessage): void => {
  if (!isFramed(window)) return
  window.parent.postMessage(message, parentOrigin(document.referrer, window.location.origin))
}
