/**
 * The customer quote page (`/q/{token}`): a light entry, not the team app. The server renders the branding, the
 * title, the items and the total, and puts the page's data (`CustomerQuote`) inline, so the page is readable
 * before any script runs. The interactive part (`Page.ts`, with the widgets) is loaded after the first frame is
 * painted, so compiling it never delays that paint.
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import("./Page.ts").then((page) => page.start())
  }, 0)
})
