import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Message from "../src/Message.ts"
import * as Wording from "../src/Wording.ts"

const nounWord = /\b(quote|quotes|quoting)\b/i

describe("Wording", () => {
  it("has the three nouns with their gerund and plural forms", () => {
    assert.deepStrictEqual(Wording.forms("quote"), {
      singular: "Quote",
      plural: "Quotes",
      gerund: "Quoting",
      singularLower: "quote",
      pluralLower: "quotes",
      gerundLower: "quoting"
    })
    assert.strictEqual(Wording.forms("proposal").gerund, "Proposing")
    assert.strictEqual(Wording.forms("estimate").plural, "Estimates")
    assert.strictEqual(Wording.forms("estimate").gerundLower, "estimating")
  })

  it("rewords catalogue texts for the account's noun", () => {
    assert.strictEqual(Wording.apply("estimate", "Could not find that quote?"), "Could not find that estimate?")
    assert.strictEqual(Wording.apply("proposal", "Copy to New Quote"), "Copy to New Proposal")
    assert.strictEqual(
      Wording.apply("estimate", "Quote Title, Number or Contact…"),
      "Estimate Title, Number or Contact…"
    )
    assert.strictEqual(
      Wording.apply("proposal", "Questions and answers are closed for Withdrawn quotes."),
      "Questions and answers are closed for Withdrawn proposals."
    )
    assert.strictEqual(Wording.apply("estimate", "Quoting made simple"), "Estimating made simple")
    assert.strictEqual(Wording.apply("estimate", "QUOTES"), "ESTIMATES")
  })

  it("makes the article agree", () => {
    assert.strictEqual(Wording.apply("estimate", "Send a quote"), "Send an estimate")
    assert.strictEqual(Wording.apply("estimate", "A Quote was sent"), "An Estimate was sent")
    assert.strictEqual(Wording.apply("proposal", "Send an quote"), "Send a proposal")
    assert.strictEqual(
      Wording.apply("estimate", "Here’s a draft quote based on the example."),
      "Here’s a draft estimate based on the example."
    )
    assert.strictEqual(Wording.apply("estimate", "banana quote"), "banana estimate")
  })

  it("leaves other words alone", () => {
    assert.strictEqual(Wording.apply("estimate", "quotekit quoted the unquote"), "quotekit quoted the unquote")
    assert.strictEqual(Wording.apply("quote", "A quote"), "A quote")
  })

  it("texts without the noun are unchanged; reworded texts no longer contain it", () =>
    fc.assert(
      fc.property(
        fc.constantFrom(...Wording.nouns),
        fc.array(fc.constantFrom("a", "an", "A", " ", "quote", "Quotes", "QUOTING", "quotekit", ".", "x", "\n")),
        (noun, parts) => {
          const text = parts.join("")
          const out = Wording.apply(noun, text)
          if (!nounWord.test(text)) return out === text
          return noun === "quote" ? out === text : !nounWord.test(out)
        }
      )
    ))

  it("localises the whole catalogue, plain and parameterised texts", () => {
    const c = Wording.catalogue("estimate")
    assert.strictEqual(c.quoteNotFound, "Could not find that estimate?")
    assert.strictEqual(c.commentsAfterSent, "You can add comments once the estimate has been sent.")
    assert.strictEqual(c.defaultForNewQuotes, "Default for New Estimates")
    assert.strictEqual(c.expirySoon("in 3 days"), "This estimate expires in 3 days.")
    assert.strictEqual(c.commentEmpty("Question"), "Your Question is empty?")
    assert.strictEqual(Wording.catalogue("quote").quoteNotFound, Message.catalogue.quoteNotFound)
  })

  it("never rewords the arguments of a parameterised text", () => {
    const c = Wording.catalogue("proposal")
    assert.strictEqual(c.editingTitle("Quote for Ann"), "Editing: Quote for Ann")
    assert.strictEqual(c.editingTitle(""), "Editing: Untitled")
    assert.strictEqual(
      c.itemDeleteConfirm(["Quote A", "quotes"]),
      "Are you sure? It will be removed from 2 Templates: Quote A, quotes."
    )
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.boolean(),
        (who, when, v) => c.saveConflict(who, when, v) === Message.catalogue.saveConflict(who, when, v)
      )
    )
  })
})
