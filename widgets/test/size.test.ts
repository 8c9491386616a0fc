import { assert, describe, inject, it } from "vitest"
import { budgets, line, measure } from "../scripts/size.ts"

describe("single-file bundle sizes (gzipped, Lit included)", () => {
  for (const size of measure(inject("widgetsDist"))) {
    const budget = budgets[size.name]
    it(`${line(size)} is within the ${budget} KB budget`, () => {
      assert.isAtMost(size.kb, budget)
    })
  }
})
