/**
 * Mailchimp's tags as typed: read from commas (trimmed, blanks and repeats dropped, in order) and checked as the
 * server checks them, with the core's words.
 */
import * as AddOn from "@quotekit/core/AddOn"
import { describe, expect, it } from "vitest"
import { MAX_TAG_LENGTH, MAX_TAGS, readTags, showTags } from "../../src/addons/addOnOptions.ts"

describe("readTags", () => {
  it("reads comma-separated tags, trimmed, without blanks or repeats", () => {
    expect(readTags(" quotekit, kitchens,,quotekit , ")).toEqual({ tags: ["quotekit", "kitchens"], error: undefined })
    expect(readTags("")).toEqual({ tags: [], error: undefined })
    expect(showTags(readTags("a,b").tags)).toBe("a, b")
  })

  it("allows 10 tags and refuses 11", () => {
    const ten = Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`)
    expect(readTags(ten.join(",")).error).toBeUndefined()
    expect(readTags([...ten, "one more"].join(",")).error).toBe(AddOn.messages.tooManyTags)
  })

  it("allows a tag of 100 characters and refuses one of 101", () => {
    expect(readTags("x".repeat(MAX_TAG_LENGTH)).error).toBeUndefined()
    expect(readTags(`ok, ${"x".repeat(MAX_TAG_LENGTH + 1)}`).error).toBe(AddOn.messages.tagTooLong)
  })

  it("checks what the contract checks", () => {
    expect(MAX_TAGS).toBe(10)
    expect(MAX_TAG_LENGTH).toBe(100)
  })
})
