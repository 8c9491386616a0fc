import { assert, describe, it } from "@effect/vitest"
import * as AcceptanceCertificate from "../src/AcceptanceCertificate.ts"

const record: AcceptanceCertificate.Record = {
  business: "Harbour Decks Ltd",
  quoteNumber: 42,
  quoteTitle: "Deck",
  signerName: "Zoë Kowalska",
  method: "draw",
  signedOnDevice: false,
  onBehalfOf: null,
  acceptedAt: Date.UTC(2026, 10, 25, 10, 32, 5) / 1000,
  timeZone: "Pacific/Auckland",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0",
  termsConfirmed: true,
  items: [
    { title: "Boards", chosen: true, quantity: "12" },
    { title: "Stain", chosen: false, quantity: "1" }
  ],
  contentHash: "a".repeat(64)
}

describe("AcceptanceCertificate", () => {
  it("says how the customer signed", () => {
    assert.strictEqual(AcceptanceCertificate.methodLabel(record), "Drawn on screen")
    assert.strictEqual(
      AcceptanceCertificate.methodLabel({ ...record, signedOnDevice: true }),
      "Drawn on a second device (phone or tablet, linked by QR code)"
    )
    assert.strictEqual(AcceptanceCertificate.methodLabel({ ...record, method: "text" }), "Typed name")
    assert.strictEqual(
      AcceptanceCertificate.methodLabel({ ...record, onBehalfOf: "Ana" }),
      "Recorded by Ana on the customer's behalf"
    )
  })

  it("shows the time to the second in the account's zone, with its offset, and UTC for an unknown zone", () => {
    assert.strictEqual(
      AcceptanceCertificate.timeOf(record.acceptedAt, "Pacific/Auckland"),
      "25 November 2026, 23:32:05 GMT+13 (Pacific/Auckland)"
    )
    // ICU writes UTC's offset as "GMT" or "GMT+0" depending on its version.
    assert.match(
      AcceptanceCertificate.timeOf(record.acceptedAt, "Mars/Olympus"),
      /^25 November 2026, 10:32:05 GMT(\+0)? \(UTC\)$/
    )
  })

  it("lists the record in order, with the chosen items and the options left out", () => {
    const facts = AcceptanceCertificate.facts(record)
    assert.deepStrictEqual(
      facts.map((f) => f.label),
      [
        "Quote",
        "From",
        "Accepted by",
        "How",
        "When",
        "IP address",
        "Browser",
        "Terms",
        "Items accepted",
        "SHA-256 of what was accepted"
      ]
    )
    assert.strictEqual(facts.find((f) => f.label === "Items accepted")?.value, "Boards × 12\nNot chosen: Stain")
    assert.strictEqual(facts[0]?.value, "#42 Deck")
    assert.isTrue(AcceptanceCertificate.isHash(record.contentHash))
    assert.isFalse(AcceptanceCertificate.isHash("A".repeat(64)))
  })
})
