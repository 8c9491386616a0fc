/**
 * Server-side PDFs of invoices and quotes: `PdfDocument` says what a page shows (pre-formatted text),
 * `PdfRenderer.render` turns it into PDF bytes.
 */
export type * as PdfDocument from "./PdfDocument.ts"
export * as PdfRenderer from "./PdfRenderer.ts"
