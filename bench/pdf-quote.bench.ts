/**
 * `pdf.quote.50-lines`: render an accepted 50-line quote with its acceptance certificate page to PDF bytes
 * (`@quotekit/pdf`): the sample document's 50 lines, logo, totals and notes headed as a quote, then the certificate
 * page with the record's rows (`AcceptanceCertificate.facts`) and a drawn signature of 120 points as vector paths
 * (`Signature.toSvgPaths`), as `acceptance/Certificate.ts` builds it. Median of 100 renders after 30 unmeasured
 * ones. Budget: 200 ms on the 2-core CI machine.
 */
import { performance } from "node:perf_hooks"
import * as AcceptanceCertificate from "@quotekit/core/AcceptanceCertificate"
import * as Signature from "@quotekit/core/Signature"
import type { PdfDocument } from "@quotekit/pdf/PdfDocument"
import * as PdfRenderer from "@quotekit/pdf/PdfRenderer"
import * as PdfSample from "@quotekit/pdf/PdfSample"
import { Effect } from "effect"
import { report } from "./measure.ts"

const RUNS = 100
const WARMUP = 30
const BUDGET_MS = 200

const strokes = [
  Array.from({ length: 120 }, (_, i) => ({ x: 30 + i * 4, y: 125 + Math.round(60 * Math.sin(i / 8)), time: i * 12 }))
]
const record: AcceptanceCertificate.Record = {
  business: "Harbour Decks Ltd",
  quoteNumber: 1042,
  quoteTitle: "Deck and pergola",
  signerName: "Zoë Kowalska",
  method: "draw",
  signedOnDevice: true,
  onBehalfOf: null,
  acceptedAt: 1_795_000_000,
  timeZone: "Pacific/Auckland",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
  termsConfirmed: true,
  items: Array.from({ length: 50 }, (_, i) => ({ title: `Line ${i + 1}`, chosen: i % 7 !== 0, quantity: `${i + 1}` })),
  contentHash: "9f".repeat(32)
}
const sample = PdfSample.invoice({ lines: 50, logo: PdfSample.logo() })
const quote: PdfDocument = {
  ...sample,
  heading: "Quote",
  title: "Quote #1042 Deck and pergola",
  certificate: {
    heading: AcceptanceCertificate.HEADING,
    intro: "Zoë Kowalska accepted this quote from Harbour Decks Ltd. This page records how.",
    facts: AcceptanceCertificate.facts(record),
    drawing: {
      ...Signature.cropBox(strokes),
      paths: Signature.toSvgPaths(strokes).map((p) =>
        p._tag === "Filled" ? { d: p.d, fill: true } : { d: p.d, width: p.width }
      )
    },
    drawingAfter: "How",
    note: AcceptanceCertificate.note("https://quotes.example.com", record.contentHash)
  }
}
const render = () => Effect.runPromise(PdfRenderer.render(quote))

const first = await render()
if (!Buffer.from(first.subarray(0, 5)).equals(Buffer.from("%PDF-"))) throw new Error("the quote rendered no PDF")
for (let i = 0; i < WARMUP; i++) await render()
const times: Array<number> = []
for (let i = 0; i < RUNS; i++) {
  const t = performance.now()
  await render()
  times.push(performance.now() - t)
}
times.sort((a, b) => a - b)
const median = times[Math.floor(times.length / 2)] ?? Number.NaN
report("pdf.quote.50-lines", median, "ms")
if (median > BUDGET_MS) console.error(`pdf.quote.50-lines over its ${BUDGET_MS} ms budget`)
