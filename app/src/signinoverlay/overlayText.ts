/** The texts of the framed sign-in overlay and the timeout page. */
export const overlayText = {
  close: "Close",
  redirecting: "Opening the sign-in page…",
  timedOutTitle: "This page timed out",
  timedOut:
    "The sign-in was left open for 5 minutes, so it has been closed for your security. Nothing you had typed was sent.",
  signInAgain: "Sign in again"
} as const
