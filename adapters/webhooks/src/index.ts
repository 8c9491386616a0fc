/**
 * quotekit's outgoing webhooks: `AddressGuard` (no deliveries to the server's own network), `Signature`
 * (Standard Webhooks headers and secrets) and `WebhookSender` (the service the server delivers through).
 *
 * @since 0.1.0
 */
export * as AddressGuard from "./AddressGuard.ts"
export * as Signature from "./Signature.ts"
export * as WebhookSender from "./WebhookSender.ts"
