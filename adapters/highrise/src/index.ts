/**
 * The Highrise CRM add-on (id 2): `Highrise.make` implements quotekit's `TokenCrm` over Highrise's XML API. The
 * msw stand-in for tests is `@quotekit/highrise/testing/FakeHighrise`.
 *
 * @since 0.5.0
 */
export * as Highrise from "./Highrise.ts"
