/**
 * The Insightly CRM add-on (id 5): `Insightly.make` implements quotekit's `TokenCrm` over Insightly's API v3.1
 * (an API key checked with `verify`, searching contacts and organisations, notes on sent and accepted quotes).
 * The msw stand-in for tests is `@quotekit/insightly/testing/FakeInsightly`.
 *
 * @since 0.5.0
 */
export * as Insightly from "./Insightly.ts"
