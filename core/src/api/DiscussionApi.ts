/**
 * The team's side of a quote's discussion: Questions & Answers (customers' questions, the team's answers and
 * comments) and private notes (`discuss_type` 12, never shown to a customer).
 *
 * Paths follow the spec: `POST /post/discuss-update/{quoteId}/{discussId}/{displayType}/{encodedQuoteId}` saves
 * a comment (`discussId` 0 or `new` adds one), `POST /post/discuss-dismiss` dismisses a question,
 * `POST /post/discuss-upload/{displayType}/{quoteId}/{encodedQuoteId}` uploads a file for a comment. The display
 * type is the section the editor sits in (`1` Questions & Answers, `2` private notes); the encoded quote id is
 * the quote id in base 36 ({@link encodeQuoteId}), a check that the path was built for this quote.
 *
 * Rules come from the core: `Discussion.canAdd` (closed on drafts and withdrawn quotes, with the spec's texts),
 * `Discussion.validate` ('Your {Question|Comment|Answer|Note} is empty?'), `Discussion.canEdit` (a team member
 * edits only their own answers and comments) and `_modifiedIn` (the `discuss_modified` the editor loaded; an edit
 * over a newer one answers `ChangeWarning`). `@mentions` are resolved with `Mention.mentionedIds`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Discussion from "../Discussion.ts"
import { AccessDenied, ChangeWarning, InvalidInput, NotFound } from "./ApiError.ts"
import { ActionRefused } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"
import { FileUpload } from "./UploadsApi.ts"

/** The path's encoded quote id: the quote id in base 36. */
export const encodeQuoteId = (quoteId: number): string => quoteId.toString(36)

/** The display types: the Questions & Answers section (1) and the private notes section (2). */
export const DisplayType = Schema.Literals(["1", "2"])
/** A display type. */
export type DisplayType = typeof DisplayType.Type

/** A file of a comment. */
export const TeamCommentFile = Schema.Struct({ file_id: Schema.Int, name: Schema.String, url: Schema.String })

/**
 * A discussion entry as the team sees it (spec "Discussion comment"): the stored fields with the author's name
 * and image, the team members it mentions, and whether the viewer may edit it.
 */
export const TeamComment = Schema.Struct({
  discuss_id: Schema.Int,
  discuss_type: Discussion.TypeSchema,
  discuss_from: Schema.Int,
  discuss_body: Schema.String,
  discuss_creation: Schema.Int,
  discuss_modified: Schema.Int,
  parent_question: Schema.Int,
  files: Schema.Array(TeamCommentFile),
  _author_first: Schema.String,
  _author_last: Schema.String,
  _author_image: Schema.String,
  _mentionedIds: Schema.Array(Schema.Int),
  can_edit: Schema.Boolean
})
/** A discussion entry as the team sees it. */
export type TeamComment = typeof TeamComment.Type

/** A team member's @handle, for completing mentions. */
export const MentionHandle = Schema.Struct({ signin_id: Schema.Int, handle: Schema.String })

/**
 * A quote's discussion for the team: Questions & Answers oldest first; private notes newest first, collapsed to
 * the latest unless `expanded` was asked (`notes_hidden` counts the folded ones); `comments_closed` is why new
 * Q&A entries cannot be added (null while they can).
 */
export const TeamDiscussion = Schema.Struct({
  comments: Schema.Array(TeamComment),
  notes: Schema.Array(TeamComment),
  notes_hidden: Schema.Int,
  _new_questions: Schema.Int,
  comments_closed: Schema.NullOr(Schema.String),
  handles: Schema.Array(MentionHandle)
})
/** A quote's discussion for the team. */
export type TeamDiscussion = typeof TeamDiscussion.Type

/** The comment row of a save: its type (10 answer, 11 comment, 12 note), text and the question it answers. */
export const CommentRow = Schema.Struct({
  discuss_type: Schema.Literals([10, 11, 12]),
  discuss_body: Schema.String.check(Schema.isMaxLength(100_000)),
  parent_question: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
})

/** A comment save (spec: the comment row, its files, `_modifiedIn` = the `discuss_modified` loaded, 0 for new). */
export const CommentSave = Schema.Struct({
  comment: CommentRow,
  files: Schema.Array(Schema.Int).check(Schema.isMaxLength(20)),
  _modifiedIn: Schema.Int
})
/** A comment save. */
export type CommentSave = typeof CommentSave.Type

const idSegment = Schema.String.check(Schema.isMaxLength(30))

/** The team's discussion endpoints. */
export class DiscussionApi extends HttpApiGroup.make("discussion")
  .add(
    HttpApiEndpoint.get("discussion", "/get/discussion/:id", {
      params: { id: idSegment },
      query: { expanded: Schema.optionalKey(Schema.Literals(["0", "1"])) },
      success: TeamDiscussion,
      error: NotFound
    }),
    HttpApiEndpoint.post("update", "/post/discuss-update/:quote_id/:discuss_id/:display_type/:encoded_quote_id", {
      params: { quote_id: idSegment, discuss_id: idSegment, display_type: DisplayType, encoded_quote_id: idSegment },
      payload: CommentSave,
      success: TeamComment,
      error: [NotFound, InvalidInput, ActionRefused, AccessDenied, ChangeWarning]
    }),
    HttpApiEndpoint.post("dismiss", "/post/discuss-dismiss", {
      payload: Schema.Struct({ quote_id: Schema.Int, parent_question: Schema.Int }),
      success: TeamComment,
      error: [NotFound, ActionRefused]
    }),
    HttpApiEndpoint.post("upload", "/post/discuss-upload/:display_type/:quote_id/:encoded_quote_id", {
      params: { display_type: DisplayType, quote_id: idSegment, encoded_quote_id: idSegment },
      payload: FileUpload,
      success: TeamCommentFile,
      error: [NotFound, InvalidInput]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({ title: "Discussion", description: "Questions & Answers and private notes on a quote." })
  ) {}
