/**
 * The texts of live viewing that the core's message catalogue does not have yet, worded in the account's product
 * noun as the catalogue is (`Wording.localise`); each belongs in `core/src/Message.ts` once the core takes it. The
 * editor's warning of a change made elsewhere has its texts in `quotes/EditorBanners.tsx`.
 */
import * as Wording from "@quotekit/core/light/Wording"
import { useNoun } from "../page/useNoun.ts"

const text = {
  viewingNow: "Viewing now",
  /** The indicator's accessible text: "Viewing now: Jane (customer), Ann (team member)". */
  viewingNowList: (who: string) => `Viewing now: ${who}`,
  customer: "customer",
  member: "team member",
  /** One viewer: "Jane (customer)". */
  viewer: (name: string, kind: string) => `${name === "" ? "Someone" : name} (${kind})`,
  /** How long someone has been on the quote. */
  forSeconds: (n: number) => `for ${n} s`,
  forMinutes: (n: number) => `for ${n} min`,
  forHours: (h: number, min: number) => (min === 0 ? `for ${h} h` : `for ${h} h ${min} min`),
  nobodyViewing: "Nobody is on a quote right now.",
  /** A live quote whose title is not loaded yet. */
  someQuote: "A quote"
} as const

/** The live texts in a product noun. */
export type LiveText = Wording.Localised<typeof text>

const byNoun = new Map<Wording.Noun, LiveText>()

/** The live texts for a noun, built once per noun. */
export const liveTextFor = (noun: Wording.Noun): LiveText => {
  let t = byNoun.get(noun)
  if (t === undefined) {
    t = Wording.localise(noun, text)
    byNoun.set(noun, t)
  }
  return t
}

/** The live texts in the current product noun. */
export const useLiveText = (): LiveText => liveTextFor(useNoun())

/** How long since `since` (epoch ms) at `now` (epoch ms), as the quote page shows it: "for 45 s", "for 3 min". */
export const durationText = (t: LiveText, since: number, now: number): string => {
  const seconds = Math.max(0, Math.floor((now - since) / 1000))
  if (seconds < 60) return t.forSeconds(seconds)
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t.forMinutes(minutes)
  return t.forHours(Math.floor(minutes / 60), minutes % 60)
}
