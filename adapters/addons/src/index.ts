/**
 * quotekit's add-on framework: the accounting interface Xero and QuickBooks implement, OAuth 2 with state and
 * PKCE, connections' sealed tokens and their refresh, and the document an accounting add-on receives.
 *
 * @since 0.1.0
 */
export * as Accounting from "./Accounting.ts"
export * as AccountingDocument from "./AccountingDocument.ts"
export * as Connection from "./Connection.ts"
export * as OAuth from "./OAuth.ts"
export * as TokenRefresh from "./TokenRefresh.ts"
