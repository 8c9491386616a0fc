/**
 * Headless Chromium for the app's browser tests and the benchmarks: the system's when it has one, else the npm
 * registry's (`@quotekit/browser`), driven by playwright-core. Nothing is downloaded at test time.
 */
export { launch } from "@quotekit/browser"
