import { assert, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import * as Money from "../src/Money.ts"

it("rounds half away from zero", () => {
  assert.strictEqual(BigDecimal.format(Money.roundTo(BigDecimal.fromStringUnsafe("-0.125"), 2)), "-0.13")
})
