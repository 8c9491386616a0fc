import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import fc from "fast-check"
import * as Acceptance from "../src/Acceptance.ts"
import * as Outcome from "../src/Outcome.ts"
import * as Signature from "../src/Signature.ts"

const drawing = "12c7d00fff00a14000281910"
const customer: Acceptance.Context = { termsRequired: false, previewType: 0, signerName: "Jane Doe" }

const form = (
  method: Signature.Method,
  value: string,
  extra: Partial<Pick<Acceptance.Form, "accept[sign_name]" | "accept[_confirm_checkbox]">> = {}
): Acceptance.Form => ({ "accept[state_name]": method, "accept[sign_value]": value, ...extra })

const errorOf = (r: Result.Result<Acceptance.Accepted, Acceptance.AcceptanceError>) =>
  Result.isFailure(r) ? r.failure.message : "accepted"

describe("Acceptance", () => {
  it("needs a signature, drawn or typed, else 'Sign to accept'", () => {
    assert.strictEqual(errorOf(Acceptance.validate(form("draw", ""), customer)), "Sign to accept")
    assert.strictEqual(errorOf(Acceptance.validate(form("draw", "zz"), customer)), "Sign to accept")
    assert.strictEqual(errorOf(Acceptance.validate(form("instruct", ""), customer)), "Sign to accept")
    assert.strictEqual(errorOf(Acceptance.validate(form("text", "  "), customer)), "Sign to accept")
    assert.strictEqual(errorOf(Acceptance.validate(form("text", "J."), customer)), "Sign to accept")
    assert.strictEqual(errorOf(Acceptance.validate(form("draw", drawing), customer)), "accepted")
    assert.strictEqual(errorOf(Acceptance.validate(form("instruct", drawing), customer)), "accepted")
    assert.strictEqual(errorOf(Acceptance.validate(form("text", "Jane Doe"), customer)), "accepted")
  })

  it("reads the value by method: a typed name is never taken for drawing data, nor the reverse", () => {
    const typed = Result.getOrThrow(Acceptance.validate(form("text", "Bead Cafe"), customer))
    assert.deepStrictEqual(typed.signature, { _tag: "Typed", name: "Bead Cafe" })
    assert.strictEqual(errorOf(Acceptance.validate(form("draw", "Bead Cafe"), customer)), "Sign to accept")
    const drawn = Result.getOrThrow(Acceptance.validate(form("draw", drawing), customer))
    assert.strictEqual(drawn.signature._tag === "Drawn" && Signature.encode(drawn.signature.strokes), drawing)
  })

  it("requires the terms checkbox when the quote asks for it, else 'Check the box to accept'", () => {
    const required = { ...customer, termsRequired: true }
    assert.strictEqual(errorOf(Acceptance.validate(form("draw", drawing), required)), "Check the box to accept")
    for (const unticked of ["", "0", "false", "off", " OFF "]) {
      const r = Acceptance.validate(form("draw", drawing, { "accept[_confirm_checkbox]": unticked }), required)
      assert.strictEqual(errorOf(r), "Check the box to accept")
    }
    for (const ticked of ["on", "1", "true", "yes"]) {
      const r = Acceptance.validate(form("draw", drawing, { "accept[_confirm_checkbox]": ticked }), required)
      assert.strictEqual(errorOf(r), "accepted")
    }
    assert.strictEqual(errorOf(Acceptance.validate(form("draw", drawing), customer)), "accepted")
  })

  it("asks for the signature before the checkbox", () => {
    const r = Acceptance.validate(form("draw", ""), { ...customer, termsRequired: true })
    assert.strictEqual(errorOf(r), "Sign to accept")
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "SignatureMissing" && r.failure.method === "draw")
  })

  it("blocks acceptance in any preview (preview type above 0) and submits nothing", () => {
    for (const previewType of [1, 2, 3]) {
      const r = Acceptance.validate(form("draw", drawing, { "accept[_confirm_checkbox]": "on" }), {
        ...customer,
        previewType
      })
      assert.strictEqual(errorOf(r), "This is just a preview")
      assert.isTrue(Result.isFailure(r) && r.failure._tag === "PreviewOnly")
    }
    assert.isFalse(Acceptance.isPreview(0))
    assert.isTrue(Acceptance.isPreview(1))
  })

  it("ignores a blank signer-name edit and keeps the previous name", () => {
    assert.strictEqual(Acceptance.signerName("Jane Doe", ""), "Jane Doe")
    assert.strictEqual(Acceptance.signerName("Jane Doe", "   "), "Jane Doe")
    assert.strictEqual(Acceptance.signerName("Jane Doe", undefined), "Jane Doe")
    assert.strictEqual(Acceptance.signerName("Jane Doe", "  Jane   Smith "), "Jane Smith")
    const blank = Result.getOrThrow(Acceptance.validate(form("draw", drawing, { "accept[sign_name]": " " }), customer))
    assert.strictEqual(blank.signerName, "Jane Doe")
    const edited = Result.getOrThrow(
      Acceptance.validate(form("draw", drawing, { "accept[sign_name]": "J Doe" }), customer)
    )
    assert.strictEqual(edited.signerName, "J Doe")
  })

  it("names a typed signer after the typed name when no name is held", () => {
    const r = Acceptance.validate(form("text", "Sam Taylor"), { ...customer, signerName: "" })
    assert.strictEqual(Result.getOrThrow(r).signerName, "Sam Taylor")
  })

  it("blank edits never change the name, other edits always do", () =>
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\u00a0") }),
        fc.string(),
        (previous, blank, edit) => {
          const keep = Acceptance.signerName(previous, blank) === previous
          const normalized = Signature.normalizeName(edit)
          const replaced = Acceptance.signerName(previous, edit) === (normalized === "" ? previous : normalized)
          return keep && replaced
        }
      )
    ))

  it("accepts exactly when not previewing, signed, and ticked where required", () =>
    fc.assert(
      fc.property(
        fc.constantFrom<Signature.Method>("draw", "text", "instruct"),
        fc.constantFrom("", drawing, "Jane Doe", "x", "fff"),
        fc.option(fc.constantFrom("on", "", "off"), { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: -1, max: 3 }),
        (method, value, box, termsRequired, previewType) => {
          const f: Acceptance.Form = {
            "accept[state_name]": method,
            "accept[sign_value]": value,
            ...(box === undefined ? {} : { "accept[_confirm_checkbox]": box })
          }
          const signed = method === "text" ? (value.match(/\p{L}/gu) ?? []).length >= 2 : value === drawing
          const ticked = box === "on"
          const expected = previewType <= 0 && signed && (!termsRequired || ticked)
          const r = Acceptance.validate(f, { termsRequired, previewType, signerName: "" })
          return Result.isSuccess(r) === expected && (!expected || Result.getOrThrow(r).confirmed === ticked)
        }
      )
    ))

  it("decodes the posted fields under their specification names", () => {
    const posted = {
      "accept[sign_value]": drawing,
      "accept[sign_name]": "Jane Doe",
      "accept[state_name]": "draw",
      "accept[_confirm_checkbox]": "on"
    }
    const decoded = Result.getOrThrow(Acceptance.decodeForm(posted))
    assert.strictEqual(errorOf(Acceptance.validate(decoded, { ...customer, termsRequired: true })), "accepted")
    assert.isTrue(Result.isFailure(Acceptance.decodeForm({ ...posted, "accept[state_name]": "paint" })))
    assert.isTrue(Result.isFailure(Acceptance.decodeForm({ "accept[state_name]": "draw" })))
  })

  it("builds the form the pad posts, which validates back to what the pad held", () => {
    const strokes = Outcome.getOrThrow(Signature.decode(drawing))
    const drawn = Acceptance.toForm({
      method: "instruct",
      signature: Signature.drawn(strokes),
      signerName: "Jane",
      confirmed: true
    })
    assert.deepStrictEqual(drawn, {
      "accept[sign_value]": drawing,
      "accept[sign_name]": "Jane",
      "accept[state_name]": "draw",
      "accept[_confirm_checkbox]": "on"
    })
    const typed = Acceptance.toForm({
      method: "draw",
      signature: { _tag: "Typed", name: "Jane Doe" },
      signerName: "",
      confirmed: false
    })
    const accepted = Result.getOrThrow(Acceptance.validate(typed, customer))
    assert.deepStrictEqual(accepted, {
      signature: { _tag: "Typed", name: "Jane Doe" },
      signerName: "Jane Doe",
      method: "text",
      confirmed: false
    })
  })
})
