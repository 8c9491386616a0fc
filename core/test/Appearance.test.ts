import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import fc from "fast-check"
import * as Appearance from "../src/Appearance.ts"
import * as HexColour from "../src/HexColour.ts"

const decode = Schema.decodeUnknownResult(Appearance.Appearance)
const hex = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 6, maxLength: 6 })
const appearance = fc.record({
  accent: hex.map((h) => HexColour.HexColour.make(`#${h}`)),
  font: fc.constantFrom(...Appearance.Font.literals),
  heading_style: fc.constantFrom(...Appearance.HeadingStyle.literals),
  logo_position: fc.constantFrom(...Appearance.LogoPosition.literals),
  logo_size: fc.constantFrom(...Appearance.LogoSize.literals),
  density: fc.constantFrom(...Appearance.Density.literals),
  legacy_theme: fc.constantFrom(...Appearance.LegacyTheme.literals),
  show_pdf: fc.boolean(),
  pdf_page_size: fc.constantFrom(...Appearance.PageSize.literals)
})

describe("Appearance", () => {
  it("the defaults decode", () => assert.isTrue(decode(Appearance.defaults)._tag === "Success"))

  it("refuses a colour that is not #rrggbb and a choice outside its list", () => {
    for (const bad of [
      { accent: "#FFF" },
      { accent: "red" },
      { accent: "#ff00001" },
      { font: "Comic Sans" },
      { pdf_page_size: "A5" },
      { logo_position: "top" }
    ]) {
      assert.isTrue(decode({ ...Appearance.defaults, ...bad })._tag === "Failure", JSON.stringify(bad))
    }
  })

  it("the style sheet carries the accent, the font, the spacing and the logo place", () => {
    const css = Appearance.css({
      ...Appearance.defaults,
      accent: HexColour.HexColour.make("#0f766e"),
      font: "georgia",
      logo_position: "centre",
      logo_size: "large",
      density: "compact",
      heading_style: "underlined"
    })
    assert.include(css, "--qk-color-primary:#0f766e")
    assert.include(css, "--qk-font-family:Georgia")
    assert.include(css, "--qk-spacing:0.625rem")
    assert.include(css, "--qk-logo-height:80px")
    assert.include(css, ".qk-brand{justify-content:center}")
    assert.include(css, "border-bottom:3px solid #0f766e")
  })

  it("properties: the style sheet never closes its element or opens a comment, whatever the choices", () =>
    fc.assert(
      fc.property(appearance, (a) => {
        const css = Appearance.css(a)
        return !/<|>|\/\*|@import|url\(/i.test(css) && css.includes(a.accent)
      })
    ))

  it("changes lists exactly the fields that differ, with old and new values", () => {
    const after = { ...Appearance.defaults, font: "verdana" as const, show_pdf: false }
    assert.deepStrictEqual(Appearance.changes(Appearance.defaults, after), {
      font: ["system", "verdana"],
      show_pdf: [true, false]
    })
    fc.assert(fc.property(appearance, (a) => Object.keys(Appearance.changes(a, a)).length === 0))
  })

  it("text on the accent is dark on a light colour and white on a dark one", () => {
    assert.strictEqual(Appearance.onColour(HexColour.HexColour.make("#ffee00")), "#111111")
    assert.strictEqual(Appearance.onColour(HexColour.HexColour.make("#1f2d5a")), "#ffffff")
  })
})
