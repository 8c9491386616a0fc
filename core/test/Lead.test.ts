import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Result, Schema } from "effect"
import fc from "fast-check"
import * as Lead from "../src/Lead.ts"

const statusArb = fc.constantFrom(Lead.Status.open, Lead.Status.dismissed, Lead.Status.converted)

const wire = {
  lead_id: 31,
  account_id: 4,
  lead_subject: "Deck for the back garden",
  lead_message: "About 20 square metres, hardwood.",
  lead_email: "sam@example.com",
  lead_name_first: "Sam",
  lead_name_last: "Lee",
  lead_company: "",
  lead_phone: "",
  lead_notes: "",
  lead_author: null,
  lead_potential_value: "4500.00",
  lead_status: 1,
  lead_file_name: "plan.pdf",
  lead_file_key: "k/31/plan.pdf",
  lead_creation: 1_700_000_000,
  lead_modified: 1_700_000_100
}

describe("Lead", () => {
  it("uses the spec's status numbers and labels", () => {
    assert.deepStrictEqual(Lead.Status, { open: 1, dismissed: 2, converted: 10 })
    assert.deepStrictEqual(
      [1, 2, 10].map((s) => Lead.statusLabel(s as Lead.Status)),
      ["Open", "Dismissed", "Converted"]
    )
  })

  it("open goes to dismissed or converted; dismissed reopens; converted stays", () => {
    assert.strictEqual(Result.getOrThrow(Lead.transition("dismiss", Lead.Status.open)), Lead.Status.dismissed)
    assert.strictEqual(Result.getOrThrow(Lead.transition("convert", Lead.Status.open)), Lead.Status.converted)
    assert.strictEqual(Result.getOrThrow(Lead.transition("reopen", Lead.Status.dismissed)), Lead.Status.open)
    assert.deepStrictEqual(Lead.available(Lead.Status.open), ["dismiss", "convert"])
    assert.deepStrictEqual(Lead.available(Lead.Status.dismissed), ["reopen"])
    assert.deepStrictEqual(Lead.available(Lead.Status.converted), [])
    const r = Lead.transition("reopen", Lead.Status.converted)
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "LeadTransitionNotAllowed" && r.failure.from === 10)
  })

  it("once converted, no sequence of changes moves a lead", () =>
    fc.assert(
      fc.property(statusArb, fc.array(fc.constantFrom(...Lead.transitions)), (start, ts) => {
        let s: Lead.Status = start
        let converted = s === Lead.Status.converted
        for (const t of ts) {
          s = Result.getOrElse(Lead.transition(t, s), () => s)
          if (converted && s !== Lead.Status.converted) return false
          converted ||= s === Lead.Status.converted
        }
        return true
      })
    ))

  it("dismiss then reopen gives back an open lead", () =>
    fc.assert(
      fc.property(statusArb, (s) => {
        const d = Lead.transition("dismiss", s)
        return Result.isFailure(d) || Result.getOrThrow(Lead.transition("reopen", d.success)) === s
      })
    ))

  it("decodes a lead from the wire and encodes it back", () => {
    const lead = Schema.decodeUnknownSync(Lead.Lead)(wire)
    assert.isTrue(BigDecimal.equals(lead.lead_potential_value!, BigDecimal.fromStringUnsafe("4500")))
    assert.strictEqual(lead.lead_author, null)
    assert.deepStrictEqual<unknown>(Schema.encodeSync(Lead.Lead)(lead), { ...wire, lead_potential_value: "4500" })
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(Lead.Lead)({ ...wire, lead_status: 3 })))
  })

  it("shows the person's name, else the company, else the email", () => {
    assert.strictEqual(Lead.displayName(wire), "Sam Lee")
    assert.strictEqual(
      Lead.displayName({ ...wire, lead_name_first: "", lead_name_last: " ", lead_company: "Acme" }),
      "Acme"
    )
    assert.strictEqual(
      Lead.displayName({ ...wire, lead_name_first: "", lead_name_last: "", lead_company: "" }),
      "sam@example.com"
    )
  })

  it("open leads count toward the Leads menu", () => {
    assert.isTrue(Lead.needsAttention(Lead.Status.open))
    assert.isFalse(Lead.needsAttention(Lead.Status.dismissed))
    assert.isFalse(Lead.needsAttention(Lead.Status.converted))
  })
})
