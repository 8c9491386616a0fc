import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as Mention from "../src/Mention.ts"

const member = (signin_id: number, name_first: string, name_last: string): Mention.Member => ({
  signin_id,
  name_first,
  name_last
})

const team = [
  member(12, "Sam", "Taylor"),
  member(3, "Sam", "Adams"),
  member(20, "Sam", "Thomas"),
  member(7, "Mary-Jane", "O'Brien"),
  member(9, "José", "Núñez"),
  member(4, "Alex", "Smith")
]

const handleOf = (t: ReadonlyArray<Mention.Member>, id: number) =>
  Mention.handles(t).find((h) => h.member.signin_id === id)?.handle

/** Names with letters from several scripts, marks, digits, punctuation and blanks. */
const name = fc.string({
  unit: fc.constantFrom(..."SsAaMmTtJjéÉeöo", "\u0301", "李", "Ж", "𝐀", "-", "'", " ", "2", ".", "ß"),
  maxLength: 6
})
const arbitraryTeam = fc.uniqueArray(
  fc.record({ signin_id: fc.integer({ min: 1, max: 10_000 }), name_first: name, name_last: name }),
  { selector: (m) => m.signin_id, maxLength: 25 }
)

describe("Mention", () => {
  it("gives duplicates the last-name initial, then a number, the earliest member keeping the first name", () => {
    assert.strictEqual(handleOf(team, 3), "Sam")
    assert.strictEqual(handleOf(team, 12), "SamT")
    assert.strictEqual(handleOf(team, 20), "SamT2")
    assert.strictEqual(handleOf(team, 4), "Alex")
  })

  it("makes handles of letters only, Unicode letters included", () => {
    assert.strictEqual(handleOf(team, 7), "MaryJane")
    assert.strictEqual(handleOf(team, 9), "José")
    assert.strictEqual(handleOf([member(1, "", "Lee")], 1), "Lee")
    assert.strictEqual(handleOf([member(1, "1234", "")], 1), "Member")
    assert.strictEqual(handleOf([member(1, "Ann", ""), member(2, "Ann", "")], 2), "Ann2")
  })

  it("keeps existing handles when someone with a later sign-in joins", () =>
    fc.assert(
      fc.property(arbitraryTeam, name, name, (t, first, last) => {
        const newcomer = { signin_id: 20_000, name_first: first, name_last: last }
        const before = Mention.handles(t)
        const after = Mention.handles([...t, newcomer])
        return before.every((h, i) => after[i]!.handle === h.handle)
      })
    ))

  it("handles are unique for any team (without case or accents) and are mentionable", () =>
    fc.assert(
      fc.property(arbitraryTeam, (t) => {
        const hs = Mention.handles(t)
        const keys = hs.map((h) => Mention.key(h.handle))
        const unique = new Set(keys).size === keys.length
        const shaped = hs.every((h) => /^\p{L}[\p{L}\p{M}]*\d*$/u.test(h.handle) && Mention.key(h.handle) !== "")
        const found = hs.every((h) => {
          const ids = Mention.mentionedIds(`Hi @${h.handle}, thanks`, t)
          return ids.length === 1 && ids[0] === h.member.signin_id
        })
        return hs.length === t.length && unique && shaped && found
      })
    ))

  it("recognises a mention only at the start of the text or after a non-letter", () => {
    assert.deepStrictEqual(Mention.find("@Sam hi"), [{ start: 0, end: 4, name: "Sam" }])
    assert.deepStrictEqual(Mention.find("a@b.com"), [])
    assert.deepStrictEqual(Mention.find("é@Sam"), [])
    assert.deepStrictEqual(Mention.find("(@Sam)"), [{ start: 1, end: 5, name: "Sam" }])
    assert.deepStrictEqual(Mention.find("1@Sam"), [{ start: 1, end: 5, name: "Sam" }])
    assert.deepStrictEqual(Mention.find("@SamT2, @@Alex"), [
      { start: 0, end: 6, name: "SamT2" },
      { start: 9, end: 14, name: "Alex" }
    ])
    assert.deepStrictEqual(Mention.find("@ Sam @2"), [])
  })

  it("extracts the mentioned sign-in ids once each, in order, ignoring unknown names and emails", () => {
    assert.deepStrictEqual(Mention.mentionedIds("@samt2 and @Sam, cc @SAM and @Bob, mail sam@x.com", team), [20, 3])
    assert.deepStrictEqual(Mention.mentionedIds("@jose @Josee @MaryJane's idea", team), [9, 7])
    assert.deepStrictEqual(Mention.mentionedIds("@Samuel", team), [])
  })

  it("no mention is found right after a letter, whatever the text", () =>
    fc.assert(
      fc.property(fc.string(), (text) =>
        Mention.find(text).every(
          (f) => text[f.start] === "@" && (f.start === 0 || !/[\p{L}\p{M}]$/u.test(text.slice(0, f.start)))
        )
      )
    ))

  it("completes the partial name at the caret with matching members, handles first", () => {
    const c = Option.getOrThrow(Mention.complete("Ask @sa about it", 7, team))
    assert.strictEqual(c.start, 4)
    assert.strictEqual(c.end, 7)
    assert.strictEqual(c.query, "sa")
    assert.deepStrictEqual(
      c.matches.map((h) => h.handle),
      ["Sam", "SamT", "SamT2"]
    )
    const bySurname = Option.getOrThrow(Mention.complete("@smi", 4, team))
    assert.deepStrictEqual(
      bySurname.matches.map((h) => h.handle),
      ["Alex"]
    )
    const all = Option.getOrThrow(Mention.complete("hey @", 5, team))
    assert.strictEqual(all.matches.length, team.length)
    assert.isTrue(Option.isNone(Mention.complete("mail me@sa", 10, team)))
    assert.isTrue(Option.isNone(Mention.complete("@sam is here", 10, team)))
  })

  it("replaces the whole word at the caret when a member is picked", () => {
    const text = "Ask @sam about it"
    const c = Option.getOrThrow(Mention.complete(text, 6, team))
    assert.strictEqual(c.end, 8)
    assert.deepStrictEqual(Mention.insert(text, c, "SamT"), { text: "Ask @SamT about it", caret: 10 })
    const atEnd = Option.getOrThrow(Mention.complete("Hi @Al", 6, team))
    assert.deepStrictEqual(Mention.insert("Hi @Al", atEnd, "Alex"), { text: "Hi @Alex ", caret: 9 })
  })

  it("a picked member is then mentioned by the text", () =>
    fc.assert(
      fc.property(
        arbitraryTeam.filter((t) => t.length > 0),
        fc.string(),
        fc.nat(),
        (t, prefix, pick) => {
          const text = `${prefix} @`
          const c = Option.getOrThrow(Mention.complete(text, text.length, t))
          const chosen = c.matches[pick % c.matches.length]!
          const done = Mention.insert(text, c, chosen.handle)
          return Mention.mentionedIds(done.text, t).includes(chosen.member.signin_id)
        }
      )
    ))
})
