/**
 * A screen's own part of the message catalogue, in the account's product noun. The first screen names the
 * messages it shows (`{ quotes: Message.quotes, … }`, each imported by name) rather than reading the whole
 * catalogue through `useMessages`, so the script a fresh page load fetches carries those texts only; the other
 * screens' texts come with their chunks.
 *
 * @example
 * const listText = { quotes: Message.quotes, pageOf: Message.pageOf }
 * const t = useTexts(listText) // t.quotes is "Estimates" in an estimating account
 *
 * @since 0.5.0
 */
import * as Wording from "@quotekit/core/light/Wording"
import { useNoun } from "./useNoun.ts"

const worded = new WeakMap<object, Map<Wording.Noun, unknown>>()

/** `texts` reworded for a noun, once per texts object and noun. */
export const textsFor = <C extends Record<string, unknown>>(texts: C, noun: Wording.Noun): Wording.Localised<C> => {
  let byNoun = worded.get(texts)
  if (byNoun === undefined) {
    byNoun = new Map()
    worded.set(texts, byNoun)
  }
  let t = byNoun.get(noun) as Wording.Localised<C> | undefined
  if (t === undefined) {
    t = Wording.localise(noun, texts)
    byNoun.set(noun, t)
  }
  return t
}

/** `texts` in the current product noun. */
export const useTexts = <C extends Record<string, unknown>>(texts: C): Wording.Localised<C> =>
  textsFor(texts, useNoun())
