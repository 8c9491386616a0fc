/**
 * The number field evaluates on every keystroke: `core.number-input.200-chars` is the median time to evaluate
 * a 200-character calculation with the default preset.
 */
import * as NumberInput from "@quotekit/core/NumberInput"
import { medianMs, report } from "./measure.ts"

const text = "(1,234.56 + 7.5) * 3 / (2 - 0.25) - 12.3456 / 7 + ".repeat(4).slice(0, 197).concat("1.5")
const batch = 100
const perBatch = medianMs(() => {
  for (let i = 0; i < batch; i++) NumberInput.evaluate(text, NumberInput.presets.default)
})
report("core.number-input.200-chars", perBatch / batch, "ms")
