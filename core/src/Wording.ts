/**
 * The product noun: each account chooses whether its documents are called quotes, proposals or estimates, and
 * every text the team or the customer sees follows that choice.
 *
 * Catalogue texts are written with "quote" (in any case, singular, plural or gerund); `apply` rewrites them to
 * the account's noun, fixing the article ('a quote' becomes 'an estimate'). Only whole words change, so the
 * product name quotekit and words such as "quoted" in user content are left alone. Apply it to catalogue texts,
 * never to what users typed.
 *
 * @example
 * import * as Wording from "@quotekit/core/Wording"
 * Wording.apply("estimate", "Could not find that quote?")   // "Could not find that estimate?"
 * Wording.forms("proposal").gerund                          // "Proposing"
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { type Localised, localise, nouns } from "./light/Wording.ts"
import * as Message from "./Message.ts"

export * from "./light/Wording.ts"

/** Schema of the account's noun setting. */
export const Noun = Schema.Literals(nouns)

/** A product noun. */
export type Noun = typeof Noun.Type

/** The message catalogue in an account's wording. */
export const catalogue = (noun: Noun): Localised<typeof Message.catalogue> => localise(noun, Message.catalogue)
