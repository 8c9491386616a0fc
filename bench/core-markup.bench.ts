/**
 * `core.markup.render-10kb`: parse and render 10 KB of mixed markup (emphasis, bullets, links, an embed,
 * images, mentions and hostile text), as the server does for a long item description or comment thread.
 */
import * as Markup from "@quotekit/core/Markup"
import { medianMs, report } from "./measure.ts"

const chunk = [
  "*Scope:* _design_, build and *test _everything_* — see https://example.com/spec?v=2&lang=en.",
  "* Site visit with @Sam and @alex",
  "* *Materials* from [our supplier](https://supplier.example.com/catalogue) (see snake_case_ref 2*3*4)",
  "* ![site plan](/content-images/2024/plan%20a.jpg)",
  "Walkthrough: https://youtu.be/dQw4w9WgXcQ#embed",
  `<script>alert("x")</script> " onerror=alert(1) [x](javascript:alert(1)) a@b.com`,
  ""
].join("\n")
let source = ""
while (source.length < 10_000) source += `${chunk}\n`
source = source.slice(0, 10_240)

const options = { mentions: ["Sam", "Alex"] }
const ms = medianMs(() => {
  if (Markup.toHtml(source, options).length < source.length) throw new Error("rendered too little")
})
report("core.markup.render-10kb", ms, "ms")
