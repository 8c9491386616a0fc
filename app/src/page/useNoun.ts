/**
 * The account's product noun (Quote, Proposal or Estimate) for everything below the shell, which passes the
 * account's (`NounProvider`); the default until the account cache has loaded.
 *
 * @since 0.5.0
 */
import * as Wording from "@quotekit/core/light/Wording"
import { createContext, useContext } from "react"

const NounContext = createContext<Wording.Noun>(Wording.defaultNoun)

/** Sets the product noun for everything below (the shell passes the account's). */
export const NounProvider = NounContext.Provider

/** The current product noun. */
export const useNoun = (): Wording.Noun => useContext(NounContext)
