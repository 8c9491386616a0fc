/**
 * The QuickBooks Online accounting add-on (id 7).
 *
 * @since 0.1.0
 */
export * as Customers from "./Customers.ts"
export * as Documents from "./Documents.ts"
export * as Endpoints from "./Endpoints.ts"
export * as QuickBooks from "./QuickBooks.ts"
export * as TaxCodes from "./TaxCodes.ts"
