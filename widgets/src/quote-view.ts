/**
 * `@quotekit/widgets/quote-view`: registers `<qk-quote-view>` and exports its class and event.
 *
 * @example
 * import "@quotekit/widgets/quote-view"
 * // <qk-quote-view src="/quotes/42/public.json"></qk-quote-view>
 */
export * from "./quote-view/quote-view.ts"
