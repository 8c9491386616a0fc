import { assert, describe, it } from "@effect/vitest"
import * as XeroWhere from "../../src/testing/XeroWhere.ts"

describe("XeroWhere", () => {
  it("reads == and != clauses joined by AND, with escapes", () => {
    assert.deepStrictEqual(XeroWhere.parse('Type=="ACCREC" AND Reference=="qk \\"1\\" \\\\"'), [
      { field: "Type", op: "==", value: "ACCREC" },
      { field: "Reference", op: "==", value: 'qk "1" \\' }
    ])
    assert.deepStrictEqual(XeroWhere.parse('Status!="DELETED"'), [{ field: "Status", op: "!=", value: "DELETED" }])
  })

  it("refuses what it does not understand", () => {
    for (const bad of ['Name.Contains("x")', 'Name=="x" OR Name=="y"', 'Name=="open', "Total>10"])
      assert.isString(XeroWhere.parse(bad), bad)
  })

  it("matches records exactly", () => {
    const clauses = XeroWhere.parse('Name=="Acme" AND Status!="ARCHIVED"')
    assert.isArray(clauses)
    if (typeof clauses === "string") return
    assert.isTrue(XeroWhere.matches({ Name: "Acme", Status: "ACTIVE" }, clauses))
    assert.isFalse(XeroWhere.matches({ Name: "acme", Status: "ACTIVE" }, clauses))
    assert.isFalse(XeroWhere.matches({ Name: "Acme", Status: "ARCHIVED" }, clauses))
  })
})
