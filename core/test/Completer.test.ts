import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as Completer from "../src/Completer.ts"

const rulesArb = fc.constantFrom(Completer.contactRules, Completer.addressRules, Completer.countryRules)
const textArb = fc.string({ unit: fc.constantFrom(..."abcAB 12\n\r"), maxLength: 12 })
const historyArb = fc
  .array(fc.tuple(textArb, fc.nat({ max: 2 })), { maxLength: 6 })
  .map((searches) => searches.reduce((h, [t, n]) => Completer.recordResult(h, t, n), Completer.emptyHistory))

const run = (events: ReadonlyArray<Completer.Event>, rules: Completer.Rules = Completer.contactRules) => {
  let machine = Completer.initial
  const searches: Array<string> = []
  for (const event of events) {
    const step = Completer.step(machine, event, rules)
    machine = step.machine
    if (Option.isSome(step.search)) searches.push(step.search.value)
  }
  return { machine, searches }
}

describe("Completer", () => {
  describe("shouldSearch", () => {
    const none = Completer.emptyHistory

    it("searches ordinary text", () => {
      assert.isTrue(Completer.shouldSearch("jane", none, Completer.contactRules))
      assert.isTrue(Completer.shouldSearch("12 High St", none, Completer.addressRules))
    })

    it("skips blank text and text with line breaks", () => {
      assert.strictEqual(Completer.verdict("   ", none, Completer.contactRules), "blank")
      assert.strictEqual(Completer.verdict("Jane\nSmith", none, Completer.contactRules), "multiline")
      assert.strictEqual(Completer.verdict("Jane\r", none, Completer.countryRules), "multiline")
    })

    it("skips contact lookups over 100 characters and address or country text over 200", () => {
      assert.isTrue(Completer.shouldSearch("a".repeat(100), none, Completer.contactRules))
      assert.strictEqual(Completer.verdict("a".repeat(101), none, Completer.contactRules), "tooLong")
      assert.isTrue(Completer.shouldSearch("a".repeat(200), none, Completer.addressRules))
      assert.strictEqual(Completer.verdict("a".repeat(201), none, Completer.addressRules), "tooLong")
      assert.strictEqual(Completer.verdict("a".repeat(201), none, Completer.countryRules), "tooLong")
    })

    it("offers only creating a contact for long or multi-line text", () => {
      assert.isTrue(Completer.offersCreateOnly("a".repeat(101)))
      assert.isTrue(Completer.offersCreateOnly("Jane Smith\njane@acme.co"))
      assert.isFalse(Completer.offersCreateOnly("Jane"))
    })

    it("does not look up purely numeric address text", () => {
      assert.strictEqual(Completer.verdict("1234", none, Completer.addressRules), "numeric")
      assert.strictEqual(Completer.verdict("12 34", none, Completer.addressRules), "numeric")
      assert.isTrue(Completer.shouldSearch("12 High", none, Completer.addressRules))
      assert.isTrue(Completer.shouldSearch("1234", none, Completer.contactRules))
    })

    it("does not extend a search of more than 2 characters that found nothing", () => {
      const h = Completer.recordResult(none, "abc", 0)
      assert.strictEqual(Completer.verdict("abcd", h, Completer.contactRules), "knownEmpty")
      assert.strictEqual(Completer.verdict("ABC d", h, Completer.contactRules), "knownEmpty")
      assert.strictEqual(Completer.verdict("abc", h, Completer.contactRules), "knownEmpty")
      assert.isTrue(Completer.shouldSearch("abd", h, Completer.contactRules))
      assert.isTrue(Completer.shouldSearch("ab", h, Completer.contactRules))
    })

    it("does not prune after an empty search of 2 characters or fewer, or a search with results", () => {
      const h = Completer.recordResult(Completer.recordResult(none, "ab", 0), "xyz", 3)
      assert.isTrue(Completer.shouldSearch("abc", h, Completer.contactRules))
      assert.isTrue(Completer.shouldSearch("xyzw", h, Completer.contactRules))
      assert.deepStrictEqual(h, none)
    })

    it("never searches text with line breaks, blank text or text over the limit", () =>
      fc.assert(
        fc.property(fc.string({ maxLength: 250 }), historyArb, rulesArb, (text, history, rules) => {
          if (!Completer.shouldSearch(text, history, rules)) return true
          return !/[\r\n]/.test(text) && text.trim() !== "" && text.trim().length <= rules.maxLength
        })
      ))

    it("an empty result prunes every extension of it", () =>
      fc.assert(
        fc.property(historyArb, textArb, textArb, rulesArb, (history, text, suffix, rules) => {
          fc.pre(text.trim().length >= 3)
          const after = Completer.recordResult(history, text, 0)
          return !Completer.shouldSearch(`${text.trim()}${suffix}`, after, rules)
        })
      ))

    it("pruning is monotonic: a skipped text stays skipped however it is extended", () =>
      fc.assert(
        fc.property(
          historyArb,
          fc.stringMatching(/^[abc]{3,5}$/),
          textArb,
          textArb,
          rulesArb,
          (history, empty, typed, suffix, rules) => {
            const h = Completer.recordResult(history, empty, 0)
            const text = `${empty}${typed}`
            fc.pre(Completer.verdict(text, h, rules) === "knownEmpty")
            return !Completer.shouldSearch(`${text}${suffix}`, h, rules)
          }
        )
      ))

    it("recording results never makes a previously skipped text searchable", () =>
      fc.assert(
        fc.property(
          historyArb,
          textArb,
          fc.nat({ max: 3 }),
          textArb,
          rulesArb,
          (history, searched, count, text, rules) => {
            fc.pre(!Completer.shouldSearch(text, history, rules))
            return !Completer.shouldSearch(text, Completer.recordResult(history, searched, count), rules)
          }
        )
      ))
  })

  describe("state machine", () => {
    it("goes idle, typing, searching, results", () => {
      const typed = Completer.step(Completer.initial, { _tag: "Input", text: "Jan" }, Completer.contactRules)
      assert.deepStrictEqual(typed.machine.state, { _tag: "Typing", text: "Jan" })
      assert.isTrue(Option.isNone(typed.search))
      const searching = Completer.step(typed.machine, { _tag: "DebounceElapsed" }, Completer.contactRules)
      assert.deepStrictEqual(searching.machine.state, { _tag: "Searching", text: "Jan" })
      assert.deepStrictEqual(searching.search, Option.some("Jan"))
      const shown = Completer.step(searching.machine, { _tag: "Loaded", text: "Jan", count: 4 }, Completer.contactRules)
      assert.deepStrictEqual(shown.machine.state, { _tag: "Results", text: "Jan", count: 4, failed: false })
      const closed = Completer.step(shown.machine, { _tag: "Close" }, Completer.contactRules)
      assert.deepStrictEqual(closed.machine.state, { _tag: "Idle" })
    })

    it("shows a failure as failed results", () => {
      const { machine } = run([
        { _tag: "Input", text: "Jan" },
        { _tag: "DebounceElapsed" },
        { _tag: "Failed", text: "Jan" }
      ])
      assert.deepStrictEqual(machine.state, { _tag: "Results", text: "Jan", count: 0, failed: true })
      assert.deepStrictEqual(machine.history, Completer.emptyHistory)
    })

    it("ignores stale results but learns from them", () => {
      const { machine } = run([
        { _tag: "Input", text: "xyz" },
        { _tag: "DebounceElapsed" },
        { _tag: "Input", text: "xyzq" },
        { _tag: "Loaded", text: "xyz", count: 0 }
      ])
      assert.deepStrictEqual(machine.state, { _tag: "Typing", text: "xyzq" })
      const after = Completer.step(machine, { _tag: "DebounceElapsed" }, Completer.contactRules)
      assert.isTrue(Option.isNone(after.search))
      assert.deepStrictEqual(after.machine.state, { _tag: "Results", text: "xyzq", count: 0, failed: false })
    })

    it("does not search skipped text", () => {
      const { machine, searches } = run(
        [{ _tag: "Input", text: "1234" }, { _tag: "DebounceElapsed" }],
        Completer.addressRules
      )
      assert.deepStrictEqual(searches, [])
      assert.deepStrictEqual(machine.state, { _tag: "Idle" })
      assert.deepStrictEqual(run([{ _tag: "Input", text: "  " }]).machine.state, { _tag: "Idle" })
    })

    const eventArb: fc.Arbitrary<Completer.Event> = fc.oneof(
      textArb.map((text) => ({ _tag: "Input" as const, text })),
      fc.constant({ _tag: "DebounceElapsed" as const }),
      fc.tuple(textArb, fc.nat({ max: 2 })).map(([text, count]) => ({ _tag: "Loaded" as const, text, count })),
      textArb.map((text) => ({ _tag: "Failed" as const, text })),
      fc.constant({ _tag: "Close" as const })
    )

    it("only ever searches text the rules allow, and never shows results for other text", () =>
      fc.assert(
        fc.property(fc.array(eventArb, { maxLength: 30 }), rulesArb, (events, rules) => {
          let machine = Completer.initial
          let lastInput = ""
          for (const event of events) {
            if (event._tag === "Input") lastInput = event.text
            const before = machine
            const step = Completer.step(machine, event, rules)
            machine = step.machine
            if (Option.isSome(step.search) && !Completer.shouldSearch(step.search.value, before.history, rules))
              return false
            const s = machine.state
            if (s._tag !== "Idle" && s.text !== lastInput) return false
          }
          return true
        })
      ))
  })
})
