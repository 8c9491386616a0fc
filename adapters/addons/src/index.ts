/**
 * quotekit's add-on framework.
 *
 * @since 0.1.0
 */
export * as Accounting from "./Accounting.ts"
