import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Query from "../src/internal/Query.ts"
import * as FakeQuery from "../src/testing/FakeQuery.ts"

describe("Query", () => {
  it("a literal reads back as the same text, whatever quotes and backslashes it holds", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "'", "\\", " ", "%", "é", "=", "x") }), (text) => {
        const statement = FakeQuery.parse(
          `select * from Customer where DisplayName = ${Query.literal(text)} MAXRESULTS 1`
        )
        expect(statement.where).toEqual([{ field: "DisplayName", op: "=", value: text }])
      })
    )
  })

  it("escapes as Intuit documents and drops % from a search", () => {
    expect(Query.literal("Amy's Bird Sanctuary")).toBe("'Amy\\'s Bird Sanctuary'")
    expect(Query.containing("50% off")).toBe("'%50 off%'")
  })

  it("the fake refuses what QuickBooks refuses: a PrivateNote filter, a bad statement", () => {
    expect(() => FakeQuery.parse("select * from Invoice where PrivateNote = 'x'")).toThrow(
      "property 'PrivateNote' is not queryable"
    )
    expect(() => FakeQuery.parse("select * from Customer where DisplayName = 'x")).toThrow(FakeQuery.QueryError)
  })
})
