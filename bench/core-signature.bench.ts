/**
 * `core.signature.decode-max`: decode a signature at the 10,000-character data limit and render it to a
 * complete SVG document, as the server does when it stores or shows an acceptance.
 */
import * as Signature from "@quotekit/core/Signature"
import { medianMs, report } from "./measure.ts"

// Handwriting-like strokes: loops drifting right, a point every 16 ms, until the data limit is reached.
const strokes: Array<Array<{ x: number; y: number; time: number }>> = []
let time = 0
for (let s = 0; Signature.dataLength(strokes) + Signature.POINT_LENGTH * 2 + 3 <= Signature.DATA_LIMIT; s++) {
  const stroke: Array<{ x: number; y: number; time: number }> = []
  strokes.push(stroke)
  for (let i = 0; i < 120 && Signature.dataLength(strokes) + Signature.POINT_LENGTH <= Signature.DATA_LIMIT; i++) {
    time += 16
    const t = i / 6
    stroke.push({
      x: 20 + ((s * 37 + i * 4) % 560) + 8 * Math.cos(t),
      y: 125 + 60 * Math.sin(t + s) + 10 * Math.sin(3 * t),
      time
    })
  }
  time += 300
}
const data = Signature.encode(strokes)
if (data.length > Signature.DATA_LIMIT || data.length < Signature.DATA_LIMIT - 20)
  throw new Error(`bad fixture ${data.length}`)

const ms = medianMs(() => {
  const decoded = Signature.decode(data)
  if (decoded._tag !== "Success") throw new Error("fixture did not decode")
  if (Signature.toSvg(decoded.success).length < 1000) throw new Error("fixture rendered no ink")
})
report("core.signature.decode-max", ms, "ms")
