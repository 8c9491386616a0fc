/**
 * `pdf.invoice.50-lines`: render a realistic 50-line tax invoice to PDF bytes (`@quotekit/pdf`): logo, facts,
 * section headings, item details, credited lines, totals, notes, a signature and the footer on 4 A4 pages.
 * Median of 100 renders after 30 unmeasured ones, so the fonts are parsed and the JIT has settled, as in a
 * running server. Budget: 150 ms on the 2-core CI machine. `pdf.invoice.first` is the process's first render
 * (reading and parsing the fonts included), for reference.
 */
import { performance } from "node:perf_hooks"
import * as PdfRenderer from "@quotekit/pdf/PdfRenderer"
import * as PdfSample from "@quotekit/pdf/PdfSample"
import { Effect } from "effect"
import { report } from "./measure.ts"

const RUNS = 100
const WARMUP = 30

const invoice = PdfSample.invoice({ lines: 50, logo: PdfSample.logo(), signature: PdfSample.signature() })
const render = () => Effect.runPromise(PdfRenderer.render(invoice))

const start = performance.now()
const first = await render()
const firstMs = performance.now() - start
if (first.byteLength < 10_000 || !Buffer.from(first.subarray(0, 5)).equals(Buffer.from("%PDF-")))
  throw new Error("the invoice rendered no PDF")

// `medianMs` times synchronous work; rendering ends when pdfkit's stream does, so it is timed here.
for (let i = 0; i < WARMUP; i++) await render()
const times: Array<number> = []
for (let i = 0; i < RUNS; i++) {
  const t = performance.now()
  await render()
  times.push(performance.now() - t)
}
times.sort((a, b) => a - b)
report("pdf.invoice.50-lines", times[Math.floor(times.length / 2)] ?? Number.NaN, "ms")
report("pdf.invoice.first", firstMs, "ms")
