/**
 * The Mailchimp marketing add-on (id 6): `Mailchimp.make` implements quotekit's `Marketing` over Mailchimp's
 * OAuth 2 and Marketing API 3.0. The msw stand-in for tests is `@quotekit/mailchimp/testing/FakeMailchimp`.
 *
 * @since 0.5.0
 */
export * as Mailchimp from "./Mailchimp.ts"
