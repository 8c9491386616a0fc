import { assert, describe, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import * as Account from "../src/Account.ts"
import * as Discussion from "../src/Discussion.ts"
import * as QuoteStatus from "../src/QuoteStatus.ts"

const T = Discussion.Type
const where = (status: QuoteStatus.QuoteStatus, o: Partial<Discussion.Where> = {}): Discussion.Where => ({
  status,
  isTemplate: false,
  isDeleted: false,
  preview: false,
  ...o
})
const closedMessage = (type: Discussion.Type, w: Discussion.Where) => {
  const r = Discussion.canAdd(type, w)
  return Result.isFailure(r) ? r.failure.message : null
}
const typeArb = fc.constantFrom(...(Object.values(T) as Array<Discussion.Type>))
const me = Account.SigninId.make(5)

describe("Discussion", () => {
  it("uses the spec's type numbers", () => {
    assert.deepStrictEqual(T, {
      notUsed: 0,
      contactNotAnswered: 1,
      contactDismissed: 2,
      contactAnswered: 3,
      signinAnswer: 10,
      signinComment: 11,
      signinPrivate: 12
    })
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(Discussion.TypeSchema)(4)))
  })

  it("no comments on drafts: 'You can add comments once the quote has been sent.'", () => {
    for (const type of [T.contactNotAnswered, T.signinAnswer, T.signinComment])
      assert.strictEqual(closedMessage(type, where("draft")), "You can add comments once the quote has been sent.")
  })

  it("withdrawn quotes: 'Questions and answers are closed for Withdrawn quotes.'", () => {
    assert.strictEqual(
      closedMessage(T.contactNotAnswered, where("withdrawn")),
      "Questions and answers are closed for Withdrawn quotes."
    )
  })

  it("otherwise, when not allowed: 'Not available right now.'", () => {
    assert.strictEqual(closedMessage(T.signinComment, where("sent", { isTemplate: true })), "Not available right now.")
    assert.strictEqual(
      closedMessage(T.contactNotAnswered, where("sent", { preview: true })),
      "Not available right now."
    )
    assert.strictEqual(closedMessage(T.contactNotAnswered, where("sentEditing")), "Not available right now.")
    assert.strictEqual(closedMessage(T.contactAnswered, where("sent")), "Not available right now.")
    assert.strictEqual(closedMessage(T.notUsed, where("sent")), "Not available right now.")
    assert.strictEqual(closedMessage(T.signinPrivate, where("draft", { isDeleted: true })), "Not available right now.")
  })

  it("questions, answers and comments are open once sent; private notes always", () => {
    for (const status of ["sent", "accepted", "declined", "expired"] as const)
      for (const type of [T.contactNotAnswered, T.signinAnswer, T.signinComment, T.signinPrivate])
        assert.isNull(closedMessage(type, where(status)), `${type} on ${status}`)
    for (const status of QuoteStatus.all) assert.isNull(closedMessage(T.signinPrivate, where(status)))
    assert.isNull(closedMessage(T.signinAnswer, where("sentEditing")))
  })

  it("an empty entry reports 'Your {Question|Comment|Answer|Note} is empty?'", () => {
    const empty = { discuss_body: "  \n ", files: [] }
    const message = (type: Discussion.Type) => {
      const r = Discussion.validate(type, empty)
      return Result.isFailure(r) ? r.failure.message : null
    }
    assert.strictEqual(message(T.contactNotAnswered), "Your Question is empty?")
    assert.strictEqual(message(T.signinComment), "Your Comment is empty?")
    assert.strictEqual(message(T.signinAnswer), "Your Answer is empty?")
    assert.strictEqual(message(T.signinPrivate), "Your Note is empty?")
    assert.isTrue(Result.isSuccess(Discussion.validate(T.signinComment, { discuss_body: "", files: [{ file_id: 1 }] })))
  })

  it("an entry is non-empty exactly when it has text or files", () =>
    fc.assert(
      fc.property(typeArb, fc.string(), fc.nat({ max: 3 }), (type, body, n) => {
        const entry = { discuss_body: body, files: Array.from({ length: n }, (_, i) => i) }
        return Result.isSuccess(Discussion.validate(type, entry)) === (body.trim() !== "" || n > 0)
      })
    ))

  it("a team member edits only their own answers, comments and notes", () => {
    assert.isTrue(Discussion.canEdit({ discuss_type: T.signinComment, discuss_from: 5 }, me))
    assert.isTrue(Discussion.canEdit({ discuss_type: T.signinPrivate, discuss_from: 5 }, me))
    assert.isFalse(Discussion.canEdit({ discuss_type: T.signinAnswer, discuss_from: 6 }, me))
    // A contact whose id happens to equal the sign-in id is still not the team member.
    assert.isFalse(Discussion.canEdit({ discuss_type: T.contactNotAnswered, discuss_from: 5 }, me))
    fc.assert(
      fc.property(typeArb, fc.integer({ min: 1, max: 10 }), (type, from) =>
        Discussion.canEdit({ discuss_type: type, discuss_from: from }, me) ? from === 5 && type >= 10 : true
      )
    )
  })

  it("question states: answering and dismissing", () => {
    assert.strictEqual(Option.getOrThrow(Discussion.answered(T.contactNotAnswered)), T.contactAnswered)
    assert.strictEqual(Option.getOrThrow(Discussion.answered(T.contactDismissed)), T.contactAnswered)
    assert.strictEqual(Option.getOrThrow(Discussion.dismissed(T.contactNotAnswered)), T.contactDismissed)
    assert.isTrue(Option.isNone(Discussion.dismissed(T.contactAnswered)))
    assert.isTrue(Option.isNone(Discussion.answered(T.signinComment)))
    assert.strictEqual(
      Discussion.newQuestionCount([
        { discuss_type: 1 },
        { discuss_type: 3 },
        { discuss_type: 1 },
        { discuss_type: 11 }
      ]),
      2
    )
  })

  it("a preview is at most 200 characters, on one line, cut with an ellipsis", () => {
    assert.strictEqual(Discussion.preview("Can we\n\nstart   Monday?"), "Can we start Monday?")
    const long = "a".repeat(250)
    assert.strictEqual(Discussion.preview(long), `${"a".repeat(199)}…`)
    assert.strictEqual(Discussion.preview("b".repeat(200)), "b".repeat(200))
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (s) => {
        const p = Discussion.preview(s)
        const chars = Array.from(p)
        const flat = s.replace(/\s+/g, " ").trim()
        return (
          chars.length <= 200 &&
          !/\s\s|\n/.test(p) &&
          (Array.from(flat).length <= 200
            ? p === flat
            : p.endsWith("…") && flat.startsWith(chars.slice(0, -1).join("")))
        )
      })
    )
  })

  it("private notes collapse to the latest when there is more than one", () => {
    const note = (discuss_id: number, discuss_creation: number) => ({ discuss_id, discuss_creation })
    const notes = [note(1, 100), note(3, 300), note(2, 300)]
    assert.deepStrictEqual(Discussion.privateNotes(notes, false), { shown: [note(3, 300)], hidden: 2 })
    assert.deepStrictEqual(Discussion.privateNotes(notes, true).shown, [note(3, 300), note(2, 300), note(1, 100)])
    assert.deepStrictEqual(Discussion.privateNotes([note(1, 1)], false), { shown: [note(1, 1)], hidden: 0 })
    assert.deepStrictEqual(Discussion.privateNotes([], false), { shown: [], hidden: 0 })
  })

  it("decodes a comment from the wire", () => {
    const c = Schema.decodeUnknownSync(Discussion.Comment)({
      discuss_id: 9,
      discuss_type: 10,
      discuss_from: 5,
      discuss_body: "Yes, Monday works.",
      discuss_creation: 1_700_000_000,
      discuss_modified: 1_700_000_000,
      parent_question: 8,
      files: []
    })
    assert.isTrue(Discussion.canEdit(c, me))
    assert.strictEqual(Option.getOrThrow(Discussion.kindOf(c.discuss_type)), "Answer")
  })
})
