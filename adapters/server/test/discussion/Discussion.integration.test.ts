import { assert } from "@effect/vitest"
import { encodeQuoteId } from "@quotekit/core/api/DiscussionApi"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { open, sentQuote } from "../customer/Fixtures.ts"
import { layer, TestServer } from "../Harness.ts"
import { member } from "../quotes/Fixtures.ts"

/** The team's save path for a quote (`discussId` 0 adds). */
const path = (quoteId: number, discussId: number | string, display: "1" | "2") =>
  `/post/discuss-update/${quoteId}/${discussId}/${display}/${encodeQuoteId(quoteId)}`

const body = (
  type: 10 | 11 | 12,
  text: string,
  o: { parent?: number; files?: Array<number>; modifiedIn?: number } = {}
) => ({
  comment: { discuss_type: type, discuss_body: text, parent_question: o.parent ?? 0 },
  files: o.files ?? [],
  _modifiedIn: o.modifiedIn ?? 0
})

describeBackends(
  "discussion over HTTP",
  (it) => {
    it.effect("the customer asks, the team answers; empty entries get the spec's message", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Asker")
        const empty = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "  ", files: [] })
        assert.strictEqual(empty.status, 400)
        assert.strictEqual(empty.body._serveError.message, "Your Question is empty?")
        const asked = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, {
          discuss_body: "Can you start in May?",
          files: []
        })
        assert.strictEqual(asked.status, 200, asked.text)
        assert.strictEqual(asked.body.discuss_type, 1)
        assert.strictEqual(asked.body.from_name, "Grace Hopper")

        const team = yield* q.browser.get(`/get/discussion/${q.quoteId}`)
        assert.strictEqual(team.body._new_questions, 1)
        const askedAt = team.body.comments[0].discuss_modified as number
        // The team answers a minute later.
        yield* (yield* TestServer).advance(60_000)
        const emptyAnswer = yield* q.browser.post(
          path(q.quoteId, 0, "1"),
          body(10, "", { parent: asked.body.discuss_id })
        )
        assert.strictEqual(emptyAnswer.body._serveError.message, "Your Answer is empty?")
        const emptyNote = yield* q.browser.post(path(q.quoteId, 0, "2"), body(12, " \n"))
        assert.strictEqual(emptyNote.body._serveError.message, "Your Note is empty?")
        const emptyComment = yield* q.browser.post(path(q.quoteId, 0, "1"), body(11, ""))
        assert.strictEqual(emptyComment.body._serveError.message, "Your Comment is empty?")

        const answered = yield* q.browser.post(
          path(q.quoteId, 0, "1"),
          body(10, "Yes, the first week.", { parent: asked.body.discuss_id })
        )
        assert.strictEqual(answered.status, 200, answered.text)
        assert.isTrue(answered.body.can_edit)
        const after = yield* q.browser.get(`/get/discussion/${q.quoteId}`)
        assert.strictEqual(after.body._new_questions, 0)
        assert.deepStrictEqual(
          after.body.comments.map((c: { discuss_type: number }) => c.discuss_type),
          [3, 10]
        )
        // Answering changed the question's state, not its words: it is not shown as edited.
        assert.strictEqual(after.body.comments[0].discuss_modified, askedAt)
        assert.strictEqual(after.body.comments[0].discuss_modified, after.body.comments[0].discuss_creation)
        const customer = (yield* open(q.customer, q.token!)).body
        assert.deepStrictEqual(
          customer.discussion.map((c: { discuss_body: string }) => c.discuss_body),
          ["Can you start in May?", "Yes, the first week."]
        )
        // A path built for another quote finds nothing.
        const wrong = yield* q.browser.post(
          `/post/discuss-update/${q.quoteId}/0/1/${encodeQuoteId(q.quoteId + 1)}`,
          body(11, "Hello")
        )
        assert.strictEqual(wrong.status, 404)
      })
    )

    it.effect("private notes never reach the customer, and collapse to the latest for the team", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Noter")
        for (const text of ["Private margin is thin", "Private: call on Friday", "Private: latest"])
          assert.strictEqual((yield* q.browser.post(path(q.quoteId, 0, "2"), body(12, text))).status, 200)
        // A note cannot be saved from the Q&A section, nor a comment from the notes section.
        assert.strictEqual((yield* q.browser.post(path(q.quoteId, 0, "1"), body(12, "x"))).status, 400)
        assert.strictEqual((yield* q.browser.post(path(q.quoteId, 0, "2"), body(11, "x"))).status, 400)
        const team = (yield* q.browser.get(`/get/discussion/${q.quoteId}`)).body
        assert.deepStrictEqual(
          team.notes.map((n: { discuss_body: string }) => n.discuss_body),
          ["Private: latest"]
        )
        assert.strictEqual(team.notes_hidden, 2)
        const all = (yield* q.browser.get(`/get/discussion/${q.quoteId}?expanded=1`)).body
        assert.strictEqual(all.notes.length, 3)
        const data = yield* open(q.customer, q.token!)
        const page = yield* q.customer.request("GET", `/q/${q.token}`, undefined, {}, { accept: "text/html" })
        for (const text of [data.text, page.text]) {
          assert.notInclude(text, "Private")
          assert.notInclude(text, '"discuss_type":12')
        }
      })
    )

    it.effect("team members edit only their own answers and comments, with conflict detection", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Editor")
        const other = yield* member(q.accountId, { admin: false, name: "Alan" })
        const saved = yield* q.browser.post(path(q.quoteId, 0, "1"), body(11, "Materials ordered"))
        assert.strictEqual(saved.status, 200)
        const id = saved.body.discuss_id
        const theirs = yield* other.browser.post(
          path(q.quoteId, id, "1"),
          body(11, "Hijacked", { modifiedIn: saved.body.discuss_modified })
        )
        assert.strictEqual(theirs.status, 403)
        assert.strictEqual(theirs.body._serveError.message, Message.commentNotYours)
        const view = (yield* other.browser.get(`/get/discussion/${q.quoteId}`)).body
        assert.isFalse(view.comments[0].can_edit)

        const stale = yield* q.browser.post(path(q.quoteId, id, "1"), body(11, "Edited", { modifiedIn: 1 }))
        assert.strictEqual(stale.status, 409)
        assert.strictEqual(stale.body._changeWarning.who, "Editor Tester")
        const edited = yield* q.browser.post(
          path(q.quoteId, id, "1"),
          body(11, "Materials ordered, arriving Monday", { modifiedIn: saved.body.discuss_modified })
        )
        assert.strictEqual(edited.status, 200, edited.text)
        const [row] = yield* sql<{ discuss_body: string }>`SELECT discuss_body FROM discussion WHERE discuss_id = ${id}`
        assert.strictEqual(row?.discuss_body, "Materials ordered, arriving Monday")
        // A customer's question is never editable by the team.
        const asked = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "Colour?", files: [] })
        const onQuestion = yield* q.browser.post(
          path(q.quoteId, asked.body.discuss_id, "1"),
          body(11, "Changed", { modifiedIn: 0 })
        )
        assert.strictEqual(onQuestion.status, 403)
      })
    )

    it.effect("mentions are resolved into discussion_mentions; questions can be dismissed", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Mentioner")
        const alan = yield* member(q.accountId, { admin: false, name: "Alan" })
        const handles = (yield* q.browser.get(`/get/discussion/${q.quoteId}`)).body.handles
        assert.deepInclude(handles, { signin_id: alan.signinId, handle: "Alan" })
        const note = yield* q.browser.post(path(q.quoteId, 0, "2"), body(12, "@Alan can you check the tiles?"))
        assert.deepStrictEqual(note.body._mentionedIds, [alan.signinId])
        const rows = yield* sql<{ signin_id: number }>`
          SELECT signin_id FROM discussion_mentions WHERE discuss_id = ${note.body.discuss_id}`
        assert.deepStrictEqual(
          rows.map((r) => r.signin_id),
          [alan.signinId]
        )

        const asked = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, {
          discuss_body: "Discount?",
          files: []
        })
        const dismissed = yield* q.browser.post("/post/discuss-dismiss", {
          quote_id: q.quoteId,
          parent_question: asked.body.discuss_id
        })
        assert.strictEqual(dismissed.status, 200, dismissed.text)
        assert.strictEqual(dismissed.body.discuss_type, 2)
        const again = yield* q.browser.post("/post/discuss-dismiss", {
          quote_id: q.quoteId,
          parent_question: asked.body.discuss_id
        })
        assert.strictEqual(again.status, 409)
      })
    )

    it.effect("comments are closed on drafts and withdrawn quotes with the spec's messages; notes stay open", () =>
      Effect.gen(function* () {
        const draft = yield* sentQuote("Closed", { send: false })
        const onDraft = yield* draft.browser.post(path(draft.quoteId, 0, "1"), body(11, "Hello"))
        assert.strictEqual(onDraft.status, 409)
        assert.strictEqual(onDraft.body._serveError.message, Message.commentsAfterSent)
        assert.strictEqual((yield* draft.browser.post(path(draft.quoteId, 0, "2"), body(12, "Draft note"))).status, 200)
        assert.strictEqual(
          (yield* draft.browser.get(`/get/discussion/${draft.quoteId}`)).body.comments_closed,
          Message.commentsAfterSent
        )

        const w = yield* sentQuote("Pulled")
        assert.strictEqual((yield* w.browser.post(`/act-on/quote-action/withdraw-dodo/${w.quoteId}`)).status, 200)
        const onWithdrawn = yield* w.customer.post(`/api/q/${w.token}/discuss-update`, {
          discuss_body: "Why?",
          files: []
        })
        assert.strictEqual(onWithdrawn.status, 409)
        assert.strictEqual(onWithdrawn.body._serveError.message, Message.commentsClosedWithdrawn)
        const teamOnWithdrawn = yield* w.browser.post(path(w.quoteId, 0, "1"), body(11, "Sorry"))
        assert.strictEqual(teamOnWithdrawn.body._serveError.message, Message.commentsClosedWithdrawn)
      })
    )

    it.effect("files attach to questions through the link, and only the uploader's own files", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Filer")
        const server = q.customer.base
        const upload = (path: string, headers: Record<string, string>) =>
          Effect.promise(async () => {
            const form = new FormData()
            form.append("file", new Blob(["floor plan"], { type: "text/plain" }), "plan.txt")
            const res = await fetch(`${server}${path}`, { method: "POST", body: form, headers })
            return { status: res.status, body: (await res.json()) as { file_id: number; url: string } }
          })
        yield* open(q.customer, q.token!)
        const csrf = q.customer.cookies.get("qk_csrf") ?? ""
        const customerHeaders = {
          cookie: q.customer.cookieHeader(),
          "x-csrf-token": csrf,
          "x-requested-with": "XMLHttpRequest"
        }
        const up = yield* upload(`/api/q/${q.token}/discuss-upload`, customerHeaders)
        assert.strictEqual(up.status, 200, JSON.stringify(up.body))
        // Another customer cannot attach it.
        const other = yield* sentQuote("Thief")
        const stolen = yield* other.customer.post(`/api/q/${other.token}/discuss-update`, {
          discuss_body: "mine now",
          files: [up.body.file_id]
        })
        assert.deepStrictEqual(stolen.body.files, [])
        const asked = yield* q.customer.post(`/api/q/${q.token}/discuss-update`, {
          discuss_body: "",
          files: [up.body.file_id]
        })
        assert.strictEqual(asked.status, 200, asked.text)
        assert.strictEqual(asked.body.files[0].name, "plan.txt")
        const fetched = yield* q.customer.get(asked.body.files[0].url)
        assert.strictEqual(fetched.status, 200)
        assert.strictEqual(fetched.text, "floor plan")
        assert.strictEqual((yield* other.customer.get(`/api/q/${other.token}/files/${up.body.file_id}`)).status, 404)
        const team = (yield* q.browser.get(`/get/discussion/${q.quoteId}`)).body
        assert.strictEqual(team.comments[0].files[0].file_id, up.body.file_id)
      })
    )
  },
  { layer: layer() }
)
