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
    expect(EditorState.showsUnsent("dirty", true)).toBe(true)
  })

  it("the warning clears when the focus returns, and a second leave brings it back", () => {
    const left = run([{ _tag: "Focus" }, { _tag: "Blur" }, { _tag: "BlurSettled", hasContent: true }])
    const back = EditorState.next(left, { _tag: "Focus" })
    expect(back).toBe("inFocus")
    expect(EditorState.showsUnsent(back, true)).toBe(false)
    const again = [{ _tag: "Blur" }, { _tag: "BlurSettled", hasContent: true }] as const
    expect(again.reduce(EditorState.next, back)).toBe("dirty")
  })

  it("a box that kept its focus through a send still warns when left with new text", () => {
    const sent = run([{ _tag: "Focus" }, { _tag: "Send" }, { _tag: "Sent" }])
    expect(sent).toBe("clean")
    const left = EditorState.next(EditorState.next(sent, { _tag: "Blur" }), { _tag: "BlurSettled", hasContent: true })
    expect(left).toBe("dirty")
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

  it("the unsent warning shows only in dirty with content, and discarding always returns to clean", () => {
    fc.assert(
      fc.property(fc.array(event), fc.boolean(), (events, has) => {
        const s = run(events)
        expect(EditorState.showsUnsent(s, has)).toBe(s === "dirty" && has)
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
