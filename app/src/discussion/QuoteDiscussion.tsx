/**
 * A quote's discussion for the team, mounted by the quote page: `<QuoteDiscussion quoteId={...} />` shows the
 * Questions & Answers section (customers' questions with the team's answers beneath, Dismiss on an unanswered
 * question, the team's comments, and the editor unless the server says comments are closed, with its reason)
 * and the private notes section (newest first, folded to the latest with 'All Activity' to show every note and
 * 'Hide'). Team members edit their own answers, comments and notes in place.
 */
import * as DiscussionApi from "@quotekit/core/api/DiscussionApi"
import * as Discussion from "@quotekit/core/Discussion"
import * as Mention from "@quotekit/core/Mention"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { useMessages } from "../page/useMessages.ts"
import { useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import controls from "../theme/Controls.module.css"
import { type AttachedFile, CommentEditor } from "./CommentEditor.tsx"

type Comment = DiscussionApi.TeamComment

/** The query key of a quote's discussion. */
export const discussionKey = (quoteId: number) => ["discussion", quoteId] as const

/** The Questions & Answers and private notes sections of a quote. */
export const QuoteDiscussion = ({ quoteId }: { readonly quoteId: number }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [expanded, setExpanded] = useState(false)
  const team = useAccount().data?.signins ?? []
  const discussion = useQuery({
    queryKey: [...discussionKey(quoteId), expanded],
    queryFn: () =>
      api.call((c) =>
        c.discussion.discussion({ params: { id: String(quoteId) }, query: { expanded: expanded ? "1" : "0" } })
      )
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: discussionKey(quoteId) })
  const encoded = DiscussionApi.encodeQuoteId(quoteId)
  const save = (
    display: DiscussionApi.DisplayType,
    entry: {
      readonly discussId: number
      readonly type: 10 | 11 | 12
      readonly parent: number
      readonly modified: number
    },
    body: string,
    files: ReadonlyArray<AttachedFile>
  ) =>
    api
      .call((c) =>
        c.discussion.update({
          params: {
            quote_id: String(quoteId),
            discuss_id: entry.discussId === 0 ? "new" : String(entry.discussId),
            display_type: display,
            encoded_quote_id: encoded
          },
          payload: {
            comment: { discuss_type: entry.type, discuss_body: body, parent_question: entry.parent },
            files: files.map((f) => f.file_id),
            _modifiedIn: entry.modified
          }
        })
      )
      .then(refresh)
  const upload = (display: DiscussionApi.DisplayType) => (file: File) => {
    const form = new FormData()
    form.append("file", file)
    return api.call((c) =>
      c.discussion.upload({
        params: { display_type: display, quote_id: String(quoteId), encoded_quote_id: encoded },
        payload: form
      })
    )
  }
  const dismiss = useMutation({
    mutationFn: (question: number) =>
      api.call((c) => c.discussion.dismiss({ payload: { quote_id: quoteId, parent_question: question } })),
    onSuccess: refresh
  })
  if (discussion.isError) return <LoadFailure error={discussion.error} onRetry={() => void discussion.refetch()} />
  const d = discussion.data
  const questions = d?.comments.filter((c) => Discussion.isQuestion(c.discuss_type)) ?? []
  const answersTo = (id: number) =>
    d?.comments.filter((c) => c.parent_question === id && !Discussion.isQuestion(c.discuss_type)) ?? []
  const loose =
    d?.comments.filter(
      (c) => !Discussion.isQuestion(c.discuss_type) && !questions.some((q) => q.discuss_id === c.parent_question)
    ) ?? []
  const entryView = (c: Comment, display: DiscussionApi.DisplayType) => (
    <CommentView
      key={c.discuss_id}
      comment={c}
      team={team}
      onSave={(body, files) =>
        save(
          display,
          {
            discussId: c.discuss_id,
            type: c.discuss_type as 10 | 11 | 12,
            parent: c.parent_question,
            modified: c.discuss_modified
          },
          body,
          files
        )
      }
      onUpload={upload(display)}
    />
  )
  return (
    <div className={styles.stack} aria-busy={discussion.isPending}>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby={`qa-${quoteId}`}>
        <h2 className={styles.sectionTitle} id={`qa-${quoteId}`}>
          {m.questionsAndAnswers}
        </h2>
        {d === undefined ? (
          <p className={styles.muted}>{m.loading}</p>
        ) : questions.length === 0 && loose.length === 0 ? (
          <p className={styles.muted}>{m.noQuestions}</p>
        ) : (
          <ol className={styles.rows}>
            {questions.map((q) => (
              <li key={q.discuss_id} className={styles.stack}>
                {entryView(q, "1")}
                <div style={{ marginLeft: "var(--qk-space-6)" }} className={styles.stack}>
                  {answersTo(q.discuss_id).map((a) => entryView(a, "1"))}
                  {d.comments_closed === null && (
                    <div className={styles.stack}>
                      {q.discuss_type === Discussion.Type.contactNotAnswered && (
                        <div>
                          <button
                            type="button"
                            className={controls.button}
                            disabled={dismiss.isPending}
                            onClick={() => dismiss.mutate(q.discuss_id)}
                          >
                            {m.dismiss}
                          </button>
                        </div>
                      )}
                      <CommentEditor
                        label={m.answer}
                        type={Discussion.Type.signinAnswer}
                        team={team}
                        sendLabel={m.send}
                        onSend={(body, files) =>
                          save("1", { discussId: 0, type: 10, parent: q.discuss_id, modified: 0 }, body, files)
                        }
                        onUpload={upload("1")}
                      />
                    </div>
                  )}
                </div>
              </li>
            ))}
            {loose.map((c) => (
              <li key={c.discuss_id}>{entryView(c, "1")}</li>
            ))}
          </ol>
        )}
        {dismiss.isError && (
          <p role="alert" className={controls.hintError}>
            {dismiss.error.message}
          </p>
        )}
        {d !== undefined &&
          (d.comments_closed !== null ? (
            <p className={styles.muted}>{d.comments_closed}</p>
          ) : (
            <CommentEditor
              label={m.addComment}
              type={Discussion.Type.signinComment}
              team={team}
              sendLabel={m.send}
              onSend={(body, files) => save("1", { discussId: 0, type: 11, parent: 0, modified: 0 }, body, files)}
              onUpload={upload("1")}
            />
          ))}
      </section>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby={`notes-${quoteId}`}>
        <h2 className={styles.sectionTitle} id={`notes-${quoteId}`}>
          {m.privateNotes}
        </h2>
        {d !== undefined && (
          <CommentEditor
            label={m.addNote}
            type={Discussion.Type.signinPrivate}
            team={team}
            sendLabel={m.addNote}
            onSend={(body, files) => save("2", { discussId: 0, type: 12, parent: 0, modified: 0 }, body, files)}
            onUpload={upload("2")}
          />
        )}
        {d !== undefined && d.notes.length === 0 ? (
          <p className={styles.muted}>{m.noNotes}</p>
        ) : (
          <ol className={styles.rows}>
            {(d?.notes ?? []).map((n) => (
              <li key={n.discuss_id}>{entryView(n, "2")}</li>
            ))}
          </ol>
        )}
        {d !== undefined && (d.notes_hidden > 0 || expanded) && (
          <div>
            <button type="button" className={controls.button} onClick={() => setExpanded((e) => !e)}>
              {expanded ? m.hide : m.allActivity}
            </button>
          </div>
        )}
      </section>
    </div>
  )
}

/** The body with its @mentions marked. */
const Body = ({ text }: { readonly text: string }) => {
  const parts: Array<React.ReactNode> = []
  let at = 0
  for (const f of Mention.find(text)) {
    if (f.start > at) parts.push(text.slice(at, f.start))
    parts.push(<strong key={f.start}>{text.slice(f.start, f.end)}</strong>)
    at = f.end
  }
  parts.push(text.slice(at))
  return <p style={{ whiteSpace: "pre-wrap", margin: 0 }}>{parts}</p>
}

/** One entry: author, time, body, files, and Edit for the viewer's own. */
const CommentView = ({
  comment,
  team,
  onSave,
  onUpload
}: {
  readonly comment: Comment
  readonly team: ReadonlyArray<Mention.Member>
  readonly onSave: (body: string, files: ReadonlyArray<AttachedFile>) => Promise<unknown>
  readonly onUpload: (file: File) => Promise<AttachedFile>
}) => {
  const m = useMessages()
  const now = useNow()
  const [editing, setEditing] = useState(false)
  const author = `${comment._author_first} ${comment._author_last}`.trim()
  const kind = Discussion.kindOf(comment.discuss_type)
  if (editing)
    return (
      <CommentEditor
        label={m.edit}
        type={comment.discuss_type}
        team={team}
        initialBody={comment.discuss_body}
        initialFiles={comment.files}
        sendLabel={m.save}
        onSend={(body, files) => onSave(body, files).then(() => setEditing(false))}
        onUpload={onUpload}
        onCancel={() => setEditing(false)}
      />
    )
  return (
    <article className={styles.row} data-discuss-type={comment.discuss_type}>
      <div className={styles.rowMain}>
        <span className={styles.muted}>
          <strong>{author !== "" ? author : kind._tag === "Some" ? kind.value : ""}</strong> ·{" "}
          {RelativeTime.describe(comment.discuss_creation, now)}
          {comment.discuss_modified > comment.discuss_creation + 60 ? ` · ${m.edited}` : ""}
          {comment.discuss_type === Discussion.Type.contactDismissed ? ` · ${m.dismissed}` : ""}
        </span>
        <Body text={comment.discuss_body} />
        {comment.files.length > 0 && (
          <ul className={styles.actions} aria-label={m.attachFile}>
            {comment.files.map((f) => (
              <li key={f.file_id} style={{ listStyle: "none" }}>
                <a href={f.url}>{f.name}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {comment.can_edit && (
        <button type="button" className={controls.ghost} onClick={() => setEditing(true)}>
          {m.edit}
        </button>
      )}
    </article>
  )
}
