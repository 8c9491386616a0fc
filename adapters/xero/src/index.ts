/**
 * The Xero accounting add-on (id 1): `Xero.make` implements quotekit's `Accounting` over Xero's OAuth 2 and
 * Accounting API. The msw stand-in for tests is `@quotekit/xero/testing/FakeXero`.
 *
 * @since 0.1.0
 */
export * as Xero from "./Xero.ts"
