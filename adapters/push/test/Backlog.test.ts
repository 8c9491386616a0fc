import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Backlog from "../src/Backlog.ts"

describe("Backlog", () => {
  it("continues a cursor with the room's later events only, and a new joiner from now", () => {
    const backlog = Backlog.make()
    const start = backlog.head("a")
    backlog.append("a", "e1", () => "")
    backlog.append("b", "e2", () => "")
    const afterOne = backlog.append("a", "e3", () => "").cursor
    backlog.append("a", "e4", () => "")
    const since = backlog.since("a", start)
    assert.strictEqual(since._tag, "Events")
    if (since._tag !== "Events") return
    assert.deepStrictEqual(
      since.entries.map((e) => e.id),
      ["e1", "e3", "e4"]
    )
    const later = backlog.since("a", afterOne)
    assert.deepStrictEqual(later._tag === "Events" ? later.entries.map((e) => e.id) : [], ["e4"])
    const atHead = backlog.since("a", since.cursor)
    assert.deepStrictEqual(atHead._tag === "Events" ? atHead.entries : undefined, [])
  })

  it("keeps each event's text made with the cursor just after it, which continues from there", () => {
    const backlog = Backlog.make()
    const first = backlog.append("a", "e1", (cursor) => `one@${cursor}`)
    backlog.append("a", "e2", (cursor) => `two@${cursor}`)
    assert.strictEqual(first.text, `one@${first.cursor}`)
    const since = backlog.since("a", first.cursor)
    assert.deepStrictEqual(since._tag === "Events" ? since.entries.map((e) => e.id) : [], ["e2"])
  })

  it("a cursor of another process continues after its last event, or resets when that event is not held", () => {
    const here = Backlog.make()
    const there = Backlog.make()
    for (const n of [1, 2, 3]) {
      here.append("a", `e${n}`, () => "")
      there.append("a", `e${n}`, () => "")
    }
    const theirs = there.head("a")
    here.append("a", "e4", () => "")
    const since = here.since("a", theirs)
    assert.deepStrictEqual(since._tag === "Events" ? since.entries.map((e) => e.id) : [], ["e4"])
    assert.strictEqual(here.since("a", "elsewhere.5.e99")._tag, "Reset")
    assert.strictEqual(here.since("a", "elsewhere.0.")._tag, "Reset")
    assert.strictEqual(here.since("a", "garbage")._tag, "Reset")
  })

  it("resets a cursor older than what retention kept, and after a room was forgotten and made again", () => {
    let now = 0
    const backlog = Backlog.make({ perRoom: 3, maxAgeMs: 1_000 }, () => now)
    const start = backlog.head("a")
    for (const n of [1, 2, 3, 4]) backlog.append("a", `e${n}`, () => "")
    assert.strictEqual(backlog.since("a", start)._tag, "Reset", "e1 was dropped")
    const kept = backlog.head("a")
    now = 2_000
    backlog.prune()
    const quiet = backlog.since("a", kept)
    assert.strictEqual(quiet._tag, "Events", "nothing missed: the cursor was at the last event")
    now = 2_000 + 25 * 60 * 60_000
    backlog.prune()
    assert.strictEqual(backlog.size(), 0)
    backlog.append("a", "e5", () => "")
    assert.strictEqual(backlog.since("a", kept)._tag, "Reset", "a cursor into the forgotten room cannot continue")
  })

  it("property: any cursor taken within retention continues with exactly the room's events after it, in order", () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("append" as const), room: fc.constantFrom("a", "b", "c") }),
      fc.record({ kind: fc.constant("cursor" as const), room: fc.constantFrom("a", "b", "c") })
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const backlog = Backlog.make({ perRoom: 1_000, maxAgeMs: 60_000 })
        const events = new Map<string, Array<string>>()
        const cursors: Array<{ room: string; cursor: string; seen: number }> = []
        let n = 0
        for (const s of steps) {
          const list = events.get(s.room) ?? []
          events.set(s.room, list)
          if (s.kind === "append") {
            const id = `e${n++}`
            list.push(id)
            backlog.append(s.room, id, () => id)
          } else cursors.push({ room: s.room, cursor: backlog.head(s.room), seen: list.length })
        }
        for (const c of cursors) {
          const since = backlog.since(c.room, c.cursor)
          if (since._tag !== "Events") return false
          const expected = (events.get(c.room) ?? []).slice(c.seen)
          if (JSON.stringify(since.entries.map((e) => e.id)) !== JSON.stringify(expected)) return false
        }
        return true
      })
    )
  })
})
