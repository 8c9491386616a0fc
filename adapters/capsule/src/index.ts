/**
 * The Capsule CRM add-on (id 3): `Capsule.make` implements quotekit's `OAuthCrm` over Capsule's OAuth 2 and API
 * v2 (searching people and organisations, notes on sent and accepted quotes). The msw stand-in for tests is
 * `@quotekit/capsule/testing/FakeCapsule`.
 *
 * @since 0.5.0
 */
export * as Capsule from "./Capsule.ts"
