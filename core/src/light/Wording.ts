/**
 * The product noun and the rewording of texts for it (quote, proposal or estimate; see `Wording.ts`).
 *
 * The part of `Wording.ts` that needs no effect runtime, so a bundle that must stay light (the team app's first
 * screen, which shares its modules with the screens that decode) can import it without bringing Schema with it.
 * `Wording.ts` re-exports all of it: elsewhere import that.
 *
 * @example
 * import * as Wording from "@quotekit/core/light/Wording"
 * Wording.apply("estimate", "Make a Quote") // "Make an Estimate"
 *
 * @since 0.5.0
 */
/** The nouns an account can choose. */
export const nouns = ["quote", "proposal", "estimate"] as const

/** A product noun. */
export type Noun = (typeof nouns)[number]

/** The noun of a new account. */
export const defaultNoun: Noun = "quote"

/** Every form of a noun that texts use. */
export interface Forms {
  /** "Quote" */
  readonly singular: string
  /** "Quotes" */
  readonly plural: string
  /** "Quoting" */
  readonly gerund: string
  /** "quote" */
  readonly singularLower: string
  /** "quotes" */
  readonly pluralLower: string
  /** "quoting" */
  readonly gerundLower: string
}

const capitalised: Record<Noun, { readonly singular: string; readonly plural: string; readonly gerund: string }> = {
  quote: { singular: "Quote", plural: "Quotes", gerund: "Quoting" },
  proposal: { singular: "Proposal", plural: "Proposals", gerund: "Proposing" },
  estimate: { singular: "Estimate", plural: "Estimates", gerund: "Estimating" }
}

/** The forms of a noun, capitalised and lower-case. */
export const forms = (noun: Noun): Forms => {
  const c = capitalised[noun]
  return {
    ...c,
    singularLower: c.singular.toLowerCase(),
    pluralLower: c.plural.toLowerCase(),
    gerundLower: c.gerund.toLowerCase()
  }
}

// The optional article is captured so it can agree with the new noun ("a quote" -> "an estimate").
const pattern = /\b(?:(a|an)(\s+))?(quote|quotes|quoting)\b/gi

/** Give `word` the letter case of `model`: all capitals, capitalised, or lower case. */
const matchCase = (model: string, word: string): string =>
  model.length > 1 && model === model.toUpperCase()
    ? word.toUpperCase()
    : model[0] === model[0]?.toUpperCase()
      ? word[0]!.toUpperCase() + word.slice(1).toLowerCase()
      : word.toLowerCase()

/**
 * Rewrite a catalogue text for an account's noun: every whole word quote, quotes or quoting (any case) becomes
 * the noun's form in the same case, and an "a"/"an" before it agrees with the new word.
 *
 * @example
 * Wording.apply("estimate", "Here’s a draft quote based on the example.") // "Here’s a draft estimate based on the example."
 * Wording.apply("estimate", "Make a Quote")                               // "Make an Estimate"
 */
export const apply = (noun: Noun, text: string): string => {
  if (noun === "quote") return text
  const f = capitalised[noun]
  return text.replace(pattern, (_m, article: string | undefined, space: string | undefined, word: string) => {
    const lower = word.toLowerCase()
    const form = lower === "quote" ? f.singular : lower === "quotes" ? f.plural : f.gerund
    const replaced = matchCase(word, form)
    if (article === undefined) return replaced
    const wanted = /^[aeiou]/i.test(replaced) ? "an" : "a"
    return `${matchCase(article, wanted)}${space}${replaced}`
  })
}

/**
 * Reword a parameterised text without touching its arguments: non-empty string arguments (titles, names typed by
 * users) are swapped for placeholders while the text is reworded, then put back. The placeholders are built from
 * private-use characters, which no text contains. Empty strings pass through, so a text may still choose a
 * fallback such as 'Untitled' for them.
 */
const rewordCall =
  (noun: Noun, f: (...args: ReadonlyArray<unknown>) => string) =>
  (...args: ReadonlyArray<unknown>): string => {
    const saved: Array<string> = []
    const hide = (v: unknown): unknown =>
      typeof v === "string" && v.trim() !== "" ? `\uE000${saved.push(v) - 1}\uE001` : Array.isArray(v) ? v.map(hide) : v
    const text = apply(noun, f(...args.map(hide)))
    return text.replace(/\uE000(\d+)\uE001/g, (_m, i: string) => saved[Number(i)]!)
  }

/** A catalogue after rewording: its texts are no longer the literal types written in the source. */
export type Localised<C> = { readonly [K in keyof C]: C[K] extends string ? string : C[K] }

/**
 * Reword every text of a catalogue for a noun: plain texts directly, parameterised texts on each call, with
 * their arguments left as given.
 *
 * @example
 * Wording.localise("estimate", { t: (title: string) => `Quote: ${title}` }).t("quote me") // "Estimate: quote me"
 */
export const localise = <C extends Record<string, unknown>>(noun: Noun, catalogue: C): Localised<C> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(catalogue))
    out[key] =
      typeof value === "string"
        ? apply(noun, value)
        : typeof value === "function"
          ? rewordCall(noun, value as (...args: ReadonlyArray<unknown>) => string)
          : value
  return out as Localised<C>
}
