import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as ContactChoice from "../src/ContactChoice.ts"

interface Row {
  readonly item_type: number
  readonly contact_choice: number
  readonly contact_selected: number
}

const { Flag, Selected } = ContactChoice
const price = (contact_choice: number, contact_selected: number = Selected.noChoice): Row => ({
  item_type: 1,
  contact_choice,
  contact_selected
})
const text: Row = { item_type: 2, contact_choice: 0, contact_selected: 0 }

const rowArb: fc.Arbitrary<Row> = fc.record({
  item_type: fc.constantFrom(1, 1, 1, 2, 3),
  contact_choice: fc.integer({ min: 0, max: 7 }),
  contact_selected: fc.constantFrom(0, 1, 2)
})

describe("ContactChoice", () => {
  it("an ordinary item is always selected", () => {
    assert.isTrue(ContactChoice.isSelected(Flag.none, Selected.no))
    assert.deepStrictEqual(ContactChoice.selection([price(Flag.none, Selected.no)]), [true])
  })

  it("a checkbox is selected when chosen yes, or with no choice and the default on", () => {
    assert.isTrue(ContactChoice.isSelected(Flag.optional, Selected.yes))
    assert.isFalse(ContactChoice.isSelected(Flag.optional, Selected.no))
    assert.isFalse(ContactChoice.isSelected(Flag.optional, Selected.noChoice))
    assert.isTrue(ContactChoice.isSelected(Flag.optional | Flag.on, Selected.noChoice))
    assert.isFalse(ContactChoice.isSelected(Flag.optional | Flag.on, Selected.no))
  })

  it("text rows are never selected", () => {
    assert.deepStrictEqual(ContactChoice.selection([text]), [false])
  })

  it("consecutive radio items form a group; any other row ends it", () => {
    const rows = [
      price(Flag.multiple),
      price(Flag.multiple),
      text,
      price(Flag.multiple),
      price(Flag.none),
      price(Flag.multiple)
    ]
    assert.deepStrictEqual(ContactChoice.radioGroups(rows), [
      { start: 0, end: 2 },
      { start: 3, end: 4 },
      { start: 5, end: 6 }
    ])
  })

  it("a group with no choice selects its default, else its first", () => {
    assert.deepStrictEqual(
      ContactChoice.selection([price(Flag.multiple), price(Flag.multiple | Flag.on), price(Flag.multiple)]),
      [false, true, false]
    )
    assert.deepStrictEqual(ContactChoice.selection([price(Flag.multiple), price(Flag.multiple)]), [true, false])
  })

  it("the customer's yes wins over the default", () => {
    assert.deepStrictEqual(
      ContactChoice.selection([price(Flag.multiple | Flag.on), price(Flag.multiple, Selected.yes)]),
      [false, true]
    )
  })

  it("choosing a radio option deselects the others in its group only", () => {
    const rows = [price(Flag.multiple | Flag.on), price(Flag.multiple), text, price(Flag.multiple)]
    const next = ContactChoice.choose(rows, 1, true)
    assert.deepStrictEqual(ContactChoice.selection(next), [false, true, false, true])
    assert.strictEqual(next[3], rows[3])
    assert.strictEqual(ContactChoice.choose(rows, 1, false), rows)
  })

  it("checkboxes toggle independently; reset restores defaults", () => {
    const rows = [price(Flag.optional | Flag.on), price(Flag.optional)]
    const next = ContactChoice.choose(ContactChoice.choose(rows, 0, false), 1, true)
    assert.deepStrictEqual(ContactChoice.selection(next), [false, true])
    assert.deepStrictEqual(ContactChoice.selection(ContactChoice.reset(next)), [true, false])
  })

  it("property: every radio group has exactly one selected item", () =>
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const selected = ContactChoice.selection(rows)
        return ContactChoice.radioGroups(rows).every(
          (g) => selected.slice(g.start, g.end).filter((s) => s).length === 1
        )
      })
    ))

  it("property: choosing yes on an option selects it and keeps one per group", () =>
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 40 }), fc.nat(), (rows, k) => {
        const index = k % rows.length
        const row = rows[index]!
        const next = ContactChoice.choose(rows, index, true)
        const selected = ContactChoice.selection(next)
        if (row.item_type === 1 && ContactChoice.isOptional(row.contact_choice) && !selected[index]) return false
        return ContactChoice.radioGroups(next).every(
          (g) => selected.slice(g.start, g.end).filter((s) => s).length === 1
        )
      })
    ))

  it("property: choosing only changes rows of the chosen row's group", () =>
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 40 }), fc.nat(), fc.boolean(), (rows, k, yes) => {
        const index = k % rows.length
        const next = ContactChoice.choose(rows, index, yes)
        const group = ContactChoice.radioGroups(rows).find((g) => g.start <= index && index < g.end)
        return next.every((r, i) => r === rows[i] || i === index || (group && group.start <= i && i < group.end))
      })
    ))

  it("property: selectionInto agrees with the one-item rule outside radio groups", () =>
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const selected = ContactChoice.selection(rows)
        return rows.every(
          (r, i) =>
            r.item_type !== 1 ||
            ContactChoice.isRadio(r.contact_choice) ||
            selected[i] === ContactChoice.isSelected(r.contact_choice, r.contact_selected)
        )
      })
    ))

  it("a radio group's default is one option: the one made default, whichever it was before", () =>
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 12 }), fc.nat(11), (rows, at) => {
        const index = at % Math.max(rows.length, 1)
        const after = ContactChoice.setGroupDefault(rows, index)
        const row = rows[index]
        const radio = row !== undefined && row.item_type === 1 && ContactChoice.isRadio(row.contact_choice)
        if (!radio) return after === rows
        const group = ContactChoice.radioGroups(after).find((g) => g.start <= index && index < g.end)!
        const ons = after.slice(group.start, group.end).filter((r) => ContactChoice.isDefaultOn(r.contact_choice))
        const unchosen = after.map((r) => ({ ...r, contact_selected: Selected.noChoice }))
        return (
          ons.length === 1 &&
          ContactChoice.isDefaultOn(after[index]!.contact_choice) &&
          ContactChoice.selection(unchosen)[index] === true &&
          // Rows outside the group and the other bits are untouched.
          after.every((r, i) =>
            i >= group.start && i < group.end
              ? (r.contact_choice & ~Flag.on) === (rows[i]!.contact_choice & ~Flag.on)
              : r === rows[i]
          )
        )
      })
    ))
})
