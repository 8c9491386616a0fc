import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as Limits from "../src/Limits.ts"

describe("Limits", () => {
  it("copies the spec's numbers", () => {
    assert.strictEqual(Limits.uploadMaxBytes, 1.536e8)
    assert.strictEqual(Limits.imageUploadMaxBytes, 62428800)
    assert.strictEqual(Limits.csvMaxBytes, 10_000_000)
    assert.strictEqual(Limits.contactsPerQuote, 10)
    assert.strictEqual(Limits.itemCodeMaxInQuote, 60)
    assert.strictEqual(Limits.contactLookupMaxLength, 100)
    assert.strictEqual(Limits.textSearchMaxLength, 200)
    assert.strictEqual(Limits.listPageSize, 100)
    assert.strictEqual(Limits.commentPreviewLength, 200)
    assert.strictEqual(Limits.errorReportMaxLength, 500)
    assert.strictEqual(Limits.errorReportsPerPage, 2)
    assert.strictEqual(Limits.termEveryMax, 255)
    assert.strictEqual(Limits.termDurationMax, 65535)
  })

  it("refuses a file over 150 MB with the spec's message", () => {
    assert.deepStrictEqual(
      Limits.uploadProblem("file", "plans.pdf", 160_000_000),
      Option.some('File "plans.pdf" is too large at 156.3MB (must be < 150MB).')
    )
    assert.deepStrictEqual(
      Limits.uploadProblem("file", "edge.bin", 153_600_001),
      Option.some('File "edge.bin" is too large at 150.1MB (must be < 150MB).')
    )
    assert.isTrue(Option.isNone(Limits.uploadProblem("file", "ok.pdf", 153_600_000)))
  })

  it("refuses a logo or item image over 60 MB and a CSV over 10 MB", () => {
    assert.deepStrictEqual(
      Limits.uploadProblem("image", "logo.png", 62_428_801),
      Option.some("That file is too large, the limit it 60mb.")
    )
    assert.isTrue(Option.isNone(Limits.uploadProblem("image", "logo.png", 62_428_800)))
    assert.deepStrictEqual(
      Limits.uploadProblem("csv", "contacts.csv", 10_000_001),
      Option.some("CSV file size is larger than 10MB.")
    )
    assert.isTrue(Option.isNone(Limits.uploadProblem("csv", "contacts.csv", 10_000_000)))
  })

  it("an upload is refused exactly when it is over its limit", () =>
    fc.assert(
      fc.property(
        fc.constantFrom<Limits.UploadKind>("file", "image", "csv"),
        fc.nat({ max: 400_000_000 }),
        (kind, bytes) => Option.isSome(Limits.uploadProblem(kind, "f", bytes)) === bytes > Limits.uploadLimit(kind)
      )
    ))

  it("a refused file never shows a size at or under the limit", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: Limits.uploadMaxBytes + 1, max: 2 ** 40 }),
        (bytes) => Number(Limits.megabytes(bytes)) > 150
      )
    ))

  it("cuts error reports to 500 characters, two per page", () => {
    assert.strictEqual(Limits.errorReportMessage("x".repeat(600)).length, 500)
    assert.strictEqual(Limits.errorReportMessage("short"), "short")
    assert.isTrue(Limits.mayReportError(0))
    assert.isTrue(Limits.mayReportError(1))
    assert.isFalse(Limits.mayReportError(2))
  })
})
