/**
 * `@quotekit/widgets/signature-pad`: registers `<qk-signature-pad>` and exports its class and events.
 *
 * @example
 * import "@quotekit/widgets/signature-pad"
 * // <qk-signature-pad name="Ada Lovelace" room="acc/42/x7"></qk-signature-pad>
 */
export * from "./signature-pad/signature-pad.ts"
