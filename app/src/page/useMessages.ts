/**
 * The message catalogue in the account's product noun (Quote, Proposal or Estimate), for every text a screen
 * shows. Screens never type a message: they read it from here.
 */
import * as Wording from "@quotekit/core/light/Wording"
import * as Message from "@quotekit/core/Message"
import { createContext, useContext } from "react"

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

const NounContext = createContext<Wording.Noun>(Wording.defaultNoun)

/** Sets the product noun for everything below (the shell passes the account's). */
export const NounProvider = NounContext.Provider

/** The current product noun. */
export const useNoun = (): Wording.Noun => useContext(NounContext)

/** The catalogue in the current product noun. */
export const useMessages = (): Messages => messagesFor(useContext(NounContext))
