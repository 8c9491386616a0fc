import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Lightbox from "../src/Lightbox.ts"

const count = fc.integer({ min: 1, max: 50 })

describe("Lightbox", () => {
  it("opens loading, shows once loaded, closes on Escape", () => {
    const s = Lightbox.open(1, 3)
    assert.deepStrictEqual(s, { _tag: "Loading", index: 1 })
    assert.deepStrictEqual(Lightbox.loaded(s, 1), { _tag: "Showing", index: 1 })
    assert.deepStrictEqual(Lightbox.loaded(s, 2), s, "a stale load changes nothing")
    assert.deepStrictEqual(Lightbox.onKey(s, "Escape", 3), Lightbox.closed)
    assert.deepStrictEqual(Lightbox.open(0, 0), Lightbox.closed)
  })

  it("wraps at both ends", () => {
    assert.deepStrictEqual(Lightbox.next({ _tag: "Showing", index: 2 }, 3), { _tag: "Loading", index: 0 })
    assert.deepStrictEqual(Lightbox.previous({ _tag: "Showing", index: 0 }, 3), { _tag: "Loading", index: 2 })
  })

  it("the spec's keys: Left back; Right, Space and Enter forward; others ignored; closed ignores all", () => {
    const s: Lightbox.State = { _tag: "Showing", index: 1 }
    assert.deepStrictEqual(Lightbox.onKey(s, "ArrowLeft", 4), { _tag: "Loading", index: 0 })
    for (const key of ["ArrowRight", " ", "Enter"])
      assert.deepStrictEqual(Lightbox.onKey(s, key, 4), { _tag: "Loading", index: 2 })
    assert.strictEqual(Lightbox.onKey(s, "a", 4), undefined)
    assert.strictEqual(Lightbox.onKey(Lightbox.closed, "ArrowRight", 4), undefined)
  })

  it("properties: the index always stays in range; n nexts from anywhere come back", () =>
    fc.assert(
      fc.property(
        count,
        fc.integer({ min: -1000, max: 1000 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (n, start, steps) => {
          let s = Lightbox.open(start, n)
          for (const forward of steps) {
            s = forward ? Lightbox.next(s, n) : Lightbox.previous(s, n)
            if (s._tag === "Closed" || s.index < 0 || s.index >= n) return false
          }
          let back = s
          for (let i = 0; i < n; i++) back = Lightbox.next(back, n)
          return back._tag !== "Closed" && s._tag !== "Closed" && back.index === s.index
        }
      )
    ))

  it("properties: next then previous is where it was", () =>
    fc.assert(
      fc.property(count, fc.nat(), (n, i) => {
        const s = Lightbox.open(i, n)
        const round = Lightbox.previous(Lightbox.next(s, n), n)
        return s._tag !== "Closed" && round._tag !== "Closed" && round.index === s.index
      })
    ))

  it("labels the image by its place and description", () => {
    assert.strictEqual(Lightbox.label(0, 3, ""), "Image 1 of 3")
    assert.strictEqual(Lightbox.label(2, 3, " Deck plan "), "Image 3 of 3: Deck plan")
  })
})
