import { assert, describe, inject, it } from "vitest"
import { budgets, line, measure } from "../scripts/size.ts"

describe("single-file bundle sizes (gzipped, Lit included)", () => {
  for (const size of measure(inject("widgetsDist"))) {
    const { target, ceiling } = budgets[size.name]
    it(`${line(size)} is within the ${ceiling} KB ceiling`, () => {
      assert.isAtMost(size.kb, ceiling)
    })
    // Over target, the miss shows as a todo on every run until the core split brings the size down.
    if (size.kb > target) it.todo(`${size.name} within its ${target} KB target`)
    else it(`${size.name} is within its ${target} KB target`, () => assert.isAtMost(size.kb, target))
  }
})
