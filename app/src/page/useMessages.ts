/**
 * The message catalogue in the account's product noun (Quote, Proposal or Estimate), for every text a screen
 * shows. Screens never type a message: they read it from here. The first screen (the shell and the quote list)
 * names the few it shows instead (`useTexts.ts`), so a fresh page load does not fetch the whole catalogue.
 */
import * as Wording from "@quotekit/core/light/Wording"
import * as Message from "@quotekit/core/Message"
import { useNoun } from "./useNoun.ts"

/** The catalogue as worded for one noun. */
export type Messages = Wording.Localised<typeof Message.catalogue>

const byNoun = new Map<Wording.Noun, Messages>()

/** The catalogue for a noun, built once per noun. */
export const messagesFor = (noun: Wording.Noun): Messages => {
  let m = byNoun.get(noun)
  if (m === undefined) {
    m = Wording.localise(noun, Message.catalogue)
    byNoun.set(noun, m)
  }
  return m
}

export { NounProvider, useNoun } from "./useNoun.ts"

/** The catalogue in the current product noun. */
export const useMessages = (): Messages => messagesFor(useNoun())
