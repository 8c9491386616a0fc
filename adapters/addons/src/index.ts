/**
 * quotekit's add-on framework: the OAuth 2 half every connected add-on has, the accounting interface Xero and
 * QuickBooks implement, the CRM interface of Highrise, Capsule and Insightly, the marketing interface of
 * Mailchimp, OAuth 2 with state and PKCE, connections' sealed tokens and their refresh, and the document an
 * accounting add-on receives; also the service-independent half of every add-on's HTTP exchange (retries,
 * Retry-After, secrets kept out of messages).
 *
 * @since 0.1.0
 */
export * as Accounting from "./Accounting.ts"
export * as AccountingDocument from "./AccountingDocument.ts"
export * as AddOnError from "./AddOnError.ts"
export * as Connection from "./Connection.ts"
export * as Crm from "./Crm.ts"
export * as Marketing from "./Marketing.ts"
export * as OAuth from "./OAuth.ts"
export * as OAuthService from "./OAuthService.ts"
export * as ServiceHttp from "./ServiceHttp.ts"
export * as TokenRefresh from "./TokenRefresh.ts"
