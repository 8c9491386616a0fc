/** The comment editor's state rules, as properties over any sequence of events plus the spec's paths. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as EditorState from "../../src/discussion/commentEditorState.ts"

const event: fc.Arbitrary<EditorState.Event> = fc.oneof(
  fc.constant({ _tag: "Focus" } as const),
  fc.constant({ _tag: "Blur" } as const),
  fc.boolean().map((hasContent) => ({ _tag: "BlurSettled", hasContent }) as const),
  fc.constant({ _tag: "Send" } as const),
  fc.constant({ _tag: "Sent" } as const),
  fc.boolean().map((hasContent) => ({ _tag: "Failed", hasContent }) as const),
  fc.constant({ _tag: "Discard" } as const)
)
const run = (events: ReadonlyArray<EditorState.Event>) => events.reduce(EditorState.next, "clean" as EditorState.State)

describe("comment editor states", () => {
  it("focus, type, leave: blurring, then dirty with content (the unsent warning) or clean without", () => {
    expect(run([{ _tag: "Focus" }, { _tag: "Blur" }])).toBe("blurring")
    expect(run([{ _tag: "Focus" }, { _tag: "Blur" }, { _tag: "BlurSettled", hasContent: true }])).toBe("dirty")
    expect(run([{ _tag: "Focus" }, { _tag: "Blur" }, { _tag: "BlurSettled", hasContent: false }])).toBe("clean")
    expect(EditorState.showsUnsent("dirty")).toBe(true)
  })

  it("sending is loading until the answer; focus cannot leave loading; a failure keeps the text as dirty", () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        const sending = EditorState.next(run(events), { _tag: "Send" })
        expect(sending).toBe("loading")
        expect(EditorState.next(sending, { _tag: "Focus" })).toBe("loading")
        expect(EditorState.next(sending, { _tag: "Sent" })).toBe("clean")
        expect(EditorState.next(sending, { _tag: "Failed", hasContent: true })).toBe("dirty")
      })
    )
  })

  it("the unsent warning shows only in dirty, and discarding always returns to clean", () => {
    fc.assert(
      fc.property(fc.array(event), (events) => {
        const s = run(events)
        expect(EditorState.showsUnsent(s)).toBe(s === "dirty")
        expect(EditorState.next(s, { _tag: "Discard" })).toBe("clean")
      })
    )
  })

  it("a settle timer that fires late changes nothing once the editor moved on", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<EditorState.State>("clean", "inFocus", "dirty", "loading"),
        fc.boolean(),
        (s, has) => {
          expect(EditorState.next(s, { _tag: "BlurSettled", hasContent: has })).toBe(s)
        }
      )
    )
  })
})
