/**
 * The discussion on a quote: customers' questions, the team's answers and comments (Questions & Answers) and the
 * team's private notes.
 *
 * `discuss_type` on the wire: 0 not used, 1 contact question not answered, 2 contact question dismissed,
 * 3 contact question answered, 10 sign-in answer, 11 sign-in comment, 12 sign-in private note. Types 1-3 are
 * the customer's side (one question moving through three states); 10-12 are the team's.
 *
 * Decisions where the spec is silent:
 * - The draft and withdrawn rules close Questions & Answers; private notes stay open on every quote (drafts too),
 *   because they are the team's own notes and the customer never sees them.
 * - While a sent quote is being revised (sentEditing) it is offline for the customer, so customers cannot ask;
 *   the team can still answer and comment.
 * - Nothing is submitted in preview mode, comments included.
 *
 * @example
 * import * as Discussion from "@quotekit/core/Discussion"
 * Discussion.validate(Discussion.Type.signinComment, { discuss_body: " ", files: [] })
 * // Failure(CommentEmpty { message: "Your Comment is empty?" })
 *
 * @since 0.1.0
 */
import { Option, Result, Schema } from "effect"
import type * as Account from "./Account.ts"
import * as Message from "./Message.ts"
import type { QuoteStatus } from "./QuoteStatus.ts"

// --- types ---------------------------------------------------------------------------------------------------

/** The discussion types by name. */
export const Type = {
  notUsed: 0,
  contactNotAnswered: 1,
  contactDismissed: 2,
  contactAnswered: 3,
  signinAnswer: 10,
  signinComment: 11,
  signinPrivate: 12
} as const

/** A `discuss_type`. */
export type Type = (typeof Type)[keyof typeof Type]

/** Wire schema of `discuss_type`. */
export const TypeSchema = Schema.Literals([0, 1, 2, 3, 10, 11, 12])

/** Whether a type is written by the team (answers, comments, private notes) rather than a customer. */
export const isTeamSide = (type: Type): boolean => type >= Type.signinAnswer

/** Whether a type is a customer's question, in any of its states. */
export const isQuestion = (type: Type): boolean =>
  type === Type.contactNotAnswered || type === Type.contactDismissed || type === Type.contactAnswered

/** Whether a type is a private note, seen by the team only. */
export const isPrivate = (type: Type): boolean => type === Type.signinPrivate

/** What an entry of a type is called in messages: Question, Answer, Comment or Note; `None` for type 0. */
export const kindOf = (type: Type): Option.Option<Message.CommentKind> => {
  switch (type) {
    case Type.contactNotAnswered:
    case Type.contactDismissed:
    case Type.contactAnswered:
      return Option.some("Question")
    case Type.signinAnswer:
      return Option.some("Answer")
    case Type.signinComment:
      return Option.some("Comment")
    case Type.signinPrivate:
      return Option.some("Note")
    case Type.notUsed:
      return Option.none()
  }
}

// --- entities ------------------------------------------------------------------------------------------------

/** Identifier of a discussion entry. */
export const DiscussId = Schema.Int.pipe(Schema.brand("DiscussId"))
/** A `discuss_id`. */
export type DiscussId = typeof DiscussId.Type

/** A file attached to a discussion entry (`parent_id` is the entry's id). */
export const AttachedFile = Schema.Struct({ file_id: Schema.Int, parent_id: Schema.Int })

/**
 * A discussion entry as stored and sent over the API. `discuss_from` is a contact id for the customer's types
 * and a sign-in id for the team's; `parent_question` links an answer to its question (0 for none). Times are
 * epoch seconds; `discuss_modified` doubles as the conflict check on save (`_modifiedIn`).
 */
export class Comment extends Schema.Class<Comment>("Comment")({
  discuss_id: DiscussId,
  discuss_type: TypeSchema,
  discuss_from: Schema.Int,
  discuss_body: Schema.String,
  discuss_creation: Schema.Int,
  discuss_modified: Schema.Int,
  parent_question: Schema.Int,
  files: Schema.Array(AttachedFile)
}) {}

// --- adding ----------------------------------------------------------------------------------------------------

/** Where a new entry would be added. */
export interface Where {
  readonly status: QuoteStatus
  readonly isTemplate: boolean
  /** The quote is a deleted draft. */
  readonly isDeleted: boolean
  /** The page is a preview (nothing is submitted in preview mode). */
  readonly preview: boolean
}

/** Raised when new entries of a type cannot be added; `message` is the spec's text for the case. */
export class CommentsClosed extends Schema.TaggedError<CommentsClosed>()("CommentsClosed", {
  type: TypeSchema,
  message: Schema.String
}) {}

/**
 * Whether a new entry of `type` may be added to the quote. Questions & Answers open once the quote is sent and
 * close when it is withdrawn; otherwise, when not allowed, 'Not available right now.'.
 *
 * @example
 * Discussion.canAdd(Discussion.Type.contactNotAnswered, { status: "draft", ... })
 * // Failure(CommentsClosed { message: "You can add comments once the quote has been sent." })
 */
export const canAdd = (type: Type, where: Where): Result.Result<void, CommentsClosed> => {
  const m = Message.catalogue
  const closed = (message: string) => Result.fail(new CommentsClosed({ type, message }))
  // Only open questions, answers, comments and notes are written; the other types are states a question reaches.
  const writable =
    type === Type.contactNotAnswered ||
    type === Type.signinAnswer ||
    type === Type.signinComment ||
    type === Type.signinPrivate
  if (!writable || where.isTemplate || where.isDeleted || where.preview) return closed(m.notAvailableNow)
  if (isPrivate(type)) return Result.void
  if (where.status === "draft") return closed(m.commentsAfterSent)
  if (where.status === "withdrawn") return closed(m.commentsClosedWithdrawn)
  if (where.status === "sentEditing" && !isTeamSide(type)) return closed(m.notAvailableNow)
  return Result.void
}

/** Raised when an entry has neither text nor files; `message` names the kind ('Your Question is empty?'). */
export class CommentEmpty extends Schema.TaggedError<CommentEmpty>()("CommentEmpty", {
  kind: Schema.Literals(["Question", "Comment", "Answer", "Note"]),
  message: Schema.String
}) {}

/** Whether an entry has content: text other than white space, or at least one file. */
export const hasContent = (entry: { readonly discuss_body: string; readonly files: ReadonlyArray<unknown> }): boolean =>
  entry.discuss_body.trim() !== "" || entry.files.length > 0

/** Check an entry before saving: refuses an empty one with 'Your {Question|Comment|Answer|Note} is empty?'. */
export const validate = (
  type: Type,
  entry: { readonly discuss_body: string; readonly files: ReadonlyArray<unknown> }
): Result.Result<void, CommentEmpty> => {
  if (hasContent(entry)) return Result.void
  const kind = Option.getOrElse(kindOf(type), (): Message.CommentKind => "Comment")
  return Result.fail(new CommentEmpty({ kind, message: Message.catalogue.commentEmpty(kind) }))
}

// --- editing -------------------------------------------------------------------------------------------------

/** Whether a team member may edit an entry: only their own, and only the team's types. */
export const canEdit = (
  entry: { readonly discuss_type: Type; readonly discuss_from: number },
  signinId: Account.SigninId
): boolean => isTeamSide(entry.discuss_type) && entry.discuss_from === signinId

// --- question states -----------------------------------------------------------------------------------------

/**
 * A question's type after it is answered: answered (3), also when it had been dismissed; `None` when `type`
 * is not a question.
 */
export const answered = (type: Type): Option.Option<Type> =>
  isQuestion(type) ? Option.some(Type.contactAnswered) : Option.none()

/** A question's type after it is dismissed without an answer; only an unanswered question can be dismissed. */
export const dismissed = (type: Type): Option.Option<Type> =>
  type === Type.contactNotAnswered ? Option.some(Type.contactDismissed) : Option.none()

/** How many questions still wait for an answer (the quote's `_new_questions`). */
export const newQuestionCount = (entries: Iterable<{ readonly discuss_type: Type }>): number => {
  let n = 0
  for (const e of entries) if (e.discuss_type === Type.contactNotAnswered) n++
  return n
}

// --- display -------------------------------------------------------------------------------------------------

/** How many characters a comment preview (notifications, activity snippets) shows, ellipsis included. */
export const PREVIEW_LENGTH = 200

/**
 * A one-line preview of a comment: white space runs become single spaces, and text longer than 200 characters
 * is cut to 199 and ends with '…'. Counts characters, not UTF-16 units, so emoji are never split.
 */
export const preview = (body: string): string => {
  const chars = Array.from(body.replace(/\s+/g, " ").trim())
  return chars.length <= PREVIEW_LENGTH
    ? chars.join("")
    : `${chars
        .slice(0, PREVIEW_LENGTH - 1)
        .join("")
        .trimEnd()}…`
}

/** The private notes to show, and how many earlier ones are folded away. */
export interface NotesView<N> {
  readonly shown: ReadonlyArray<N>
  readonly hidden: number
}

/**
 * Private notes collapse to the latest when there is more than one; `expanded` shows them all. Notes are shown
 * newest first; the latest is the one created last (the higher id on a tie).
 */
export const privateNotes = <N extends { readonly discuss_creation: number; readonly discuss_id: number }>(
  notes: ReadonlyArray<N>,
  expanded: boolean
): NotesView<N> => {
  const newestFirst = [...notes].sort((a, b) => b.discuss_creation - a.discuss_creation || b.discuss_id - a.discuss_id)
  return expanded
    ? { shown: newestFirst, hidden: 0 }
    : { shown: newestFirst.slice(0, 1), hidden: Math.max(0, newestFirst.length - 1) }
}
