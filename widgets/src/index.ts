/**
 * `@quotekit/widgets`: the embeddable quotekit elements. Importing it registers `<qk-signature-pad>` and
 * `<qk-quote-view>`; import `@quotekit/widgets/signature-pad` or `@quotekit/widgets/quote-view` for one alone.
 *
 * @since 0.1.0
 */
export * from "./quote-view/quote-view.ts"
export * from "./signature-pad/signature-pad.ts"
