import { assert, describe, it } from "@effect/vitest"
import * as Notification from "@quotekit/core/Notification"
import { Schema } from "effect"
import fc from "fast-check"

const id = fc.integer({ min: 1, max: 40 })
const ids = fc.array(id, { maxLength: 12 })
const kind = fc.constantFrom(...Notification.kinds)
const channels = fc.record({ email: fc.boolean(), in_app: fc.boolean() })
const preferences: fc.Arbitrary<Notification.Preferences> = fc.record({
  events: fc.record({
    "quote.viewed": channels,
    "question.asked": channels,
    "quote.accepted": channels,
    "quote.declined": channels,
    mention: channels
  }),
  delivery: fc.constantFrom("immediate" as const, "digest" as const)
})
const item = (over: Partial<Notification.Item> & { id: number; quote_id: number; at: number }): Notification.Item => ({
  kind: "quote.viewed",
  quote: `#${over.quote_id} Kitchen`,
  headline: "Ann opened it",
  excerpt: "",
  link: `/quote/${over.quote_id}`,
  read: false,
  ...over
})
const items = fc
  .uniqueArray(
    fc.record({ id: fc.integer({ min: 1, max: 10_000 }), quote_id: fc.integer({ min: 1, max: 6 }), at: fc.nat(1e6) }),
    { selector: (r) => r.id, maxLength: 30 }
  )
  .map((rs) => rs.map(item))

describe("Notification", () => {
  it("a customer's question goes to the author and the watchers, each once", () => {
    assert.deepStrictEqual(
      Notification.recipients({ kind: "question.asked", author: 4, watchers: [7, 4, 2], mentioned: [9], actor: null }),
      [2, 4, 7]
    )
  })

  it("a mention goes to those mentioned, not to the author, and never to the one who wrote it", () => {
    assert.deepStrictEqual(
      Notification.recipients({ kind: "mention", author: 4, watchers: [7], mentioned: [5, 3, 5, 8], actor: 8 }),
      [3, 5]
    )
  })

  it("recipients: never the actor, no one twice, sorted, and within author, watchers or mentioned", () =>
    fc.assert(
      fc.property(kind, fc.option(id, { nil: null }), ids, ids, fc.option(id, { nil: null }), (k, a, w, m, actor) => {
        const who = Notification.recipients({ kind: k, author: a, watchers: w, mentioned: m, actor })
        const pool = new Set(k === "mention" ? m : [...(a === null ? [] : [a]), ...w])
        return (
          who.every((x) => x !== actor && pool.has(x)) &&
          new Set(who).size === who.length &&
          who.every((x, i) => i === 0 || who[i - 1]! < x) &&
          [...pool].filter((x) => x !== actor).every((x) => who.includes(x))
        )
      })
    ))

  it("plan follows each member's choices; a member who wants neither channel is left out", () =>
    fc.assert(
      fc.property(
        kind,
        fc.uniqueArray(id, { maxLength: 8 }),
        fc.array(preferences, { minLength: 41, maxLength: 41 }),
        (k, who, prefs) => {
          const planned = Notification.plan(k, who, (s) => prefs[s]!)
          for (const s of who) {
            const c = prefs[s]!.events[k]
            const p = planned.find((x) => x.signin_id === s)
            if (!c.email && !c.in_app) {
              if (p !== undefined) return false
              continue
            }
            if (p === undefined || p.in_app !== c.in_app) return false
            if (p.email !== (c.email ? prefs[s]!.delivery : "none")) return false
          }
          return planned.every((p) => who.includes(p.signin_id))
        }
      )
    ))

  it("stored choices round-trip, and anything malformed falls back to the defaults", () => {
    fc.assert(fc.property(preferences, (p) => assert.deepStrictEqual(Notification.fromStored(p), p) === undefined))
    assert.deepStrictEqual(Notification.fromStored(null), Notification.defaults)
    assert.deepStrictEqual(Notification.fromStored({ events: { mention: { email: "yes" } }, delivery: "weekly" }), {
      ...Notification.defaults
    })
    const decoded = Schema.decodeUnknownSync(Notification.Preferences)(Notification.defaults)
    assert.deepStrictEqual(decoded, Notification.defaults)
  })

  it("event keys: the first view once per quote, an entry once, an answer once per time it was given", () => {
    assert.strictEqual(Notification.eventKey("quote.viewed", { quote_id: 3, at: 9 }), "quote.viewed:3")
    assert.strictEqual(Notification.eventKey("mention", { quote_id: 3, entry_id: 12 }), "mention:12")
    assert.notStrictEqual(
      Notification.eventKey("quote.accepted", { quote_id: 3, at: 100 }),
      Notification.eventKey("quote.accepted", { quote_id: 3, at: 200 })
    )
  })

  it("headlines name who and which quote", () => {
    const q = Notification.quoteName({ quote_no: 12, title: "Kitchen refit" })
    assert.strictEqual(q, "#12 Kitchen refit")
    assert.strictEqual(Notification.quoteName({ quote_no: null, title: " " }), "Untitled quote")
    assert.strictEqual(
      Notification.headline("quote.viewed", "Ann Lee", q),
      "Ann Lee opened #12 Kitchen refit for the first time"
    )
    assert.strictEqual(Notification.headline("question.asked", "", q), "Someone asked a question on #12 Kitchen refit")
    assert.strictEqual(Notification.headline("mention", "Sam", q), "Sam mentioned you on #12 Kitchen refit")
  })

  it("excerpts are bounded and keep short text whole", () => {
    assert.strictEqual(Notification.excerpt("  Is the\n\noak  oiled? "), "Is the oak oiled?")
    fc.assert(
      fc.property(
        fc.string({ maxLength: 600 }),
        (s) => [...Notification.excerpt(s)].length <= Notification.EXCERPT_LENGTH
      )
    )
  })

  it("a digest puts every item in exactly one group, one group per quote, each oldest first", () =>
    fc.assert(
      fc.property(items, (xs) => {
        const groups = Notification.digest(xs)
        const flat = groups.flatMap((g) => g.items.map((i) => i.id)).sort((a, b) => a - b)
        const quotes = groups.map((g) => g.quote_id)
        return (
          assert.deepStrictEqual(
            flat,
            xs.map((x) => x.id).sort((a, b) => a - b)
          ) === undefined &&
          new Set(quotes).size === quotes.length &&
          groups.every((g) =>
            g.items.every((i, n) => i.quote_id === g.quote_id && (n === 0 || g.items[n - 1]!.at <= i.at))
          )
        )
      })
    ))

  it("a digest lists the quote with the latest news first", () => {
    const groups = Notification.digest([
      item({ id: 1, quote_id: 1, at: 10 }),
      item({ id: 2, quote_id: 2, at: 20 }),
      item({ id: 3, quote_id: 1, at: 30 })
    ])
    assert.deepStrictEqual(
      groups.map((g) => [g.quote_id, g.items.map((i) => i.id)]),
      [
        [1, [1, 3]],
        [2, [2]]
      ]
    )
    assert.strictEqual(Notification.digestSubject(3, 2), "3 updates on 2 quotes")
    assert.strictEqual(Notification.digestSubject(1, 1), "1 update on 1 quote")
  })

  it("the digest is due once a day from the digest hour, only when something waits", () => {
    const due = (localHour: number, lastDay: string | null, waiting = 2) =>
      Notification.digestDue({ localDay: "2026-11-27", localHour, lastDay, waiting })
    assert.isFalse(due(Notification.DIGEST_HOUR - 1, null))
    assert.isTrue(due(Notification.DIGEST_HOUR, null))
    assert.isTrue(due(23, "2026-11-26"))
    assert.isFalse(due(23, "2026-11-27"))
    assert.isFalse(due(12, null, 0))
  })
})
