/**
 * The quotekit domain, one namespace per concept.
 */
export * as Money from "./Money.ts"
