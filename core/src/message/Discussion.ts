/**
 * The messages of one area of the catalogue: discussion. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
import type { CommentKind } from "./Common.ts"

export const questionsAndAnswers = "Questions & Answers"
export const commentEmpty = (kind: CommentKind) => `Your ${kind} is empty?`
export const commentsAfterSent = "You can add comments once the quote has been sent."
export const commentsClosedWithdrawn = "Questions and answers are closed for Withdrawn quotes."
