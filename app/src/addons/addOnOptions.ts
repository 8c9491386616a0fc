/**
 * The options form of a connected CRM or Mailchimp (Settings → Add-ons) as typed: Mailchimp's tags are one
 * comma-separated text, read into the list the server keeps (trimmed, blanks and repeats dropped) and checked as
 * the server checks it (at most 10 tags, each at most 100 characters), with the core's words.
 *
 * @example
 * import { readTags } from "./addOnOptions.ts"
 * readTags("quotekit, kitchens,, quotekit") // { tags: ["quotekit", "kitchens"], error: undefined }
 * readTags("x".repeat(101))                 // { tags: [...], error: "Keep each tag to 100 characters." }
 *
 * @since 0.5.0
 */
import * as AddOn from "@quotekit/core/AddOn"

/** Most tags Mailchimp is given, and the longest one (as `AddOn.Options` checks them). */
export const MAX_TAGS = 10
export const MAX_TAG_LENGTH = 100

/** The tags typed, and what is wrong with them, if anything. */
export interface ReadTags {
  readonly tags: ReadonlyArray<string>
  readonly error: string | undefined
}

/** Read a comma-separated text of tags. */
export const readTags = (text: string): ReadTags => {
  const tags: Array<string> = []
  for (const part of text.split(",")) {
    const tag = part.trim()
    if (tag !== "" && !tags.includes(tag)) tags.push(tag)
  }
  const error =
    tags.length > MAX_TAGS
      ? AddOn.messages.tooManyTags
      : tags.some((tag) => tag.length > MAX_TAG_LENGTH)
        ? AddOn.messages.tagTooLong
        : undefined
  return { tags, error }
}

/** The tags as the form shows them. */
export const showTags = (tags: ReadonlyArray<string>): string => tags.join(", ")
