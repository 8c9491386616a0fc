/**
 * The `search_text` column of quotes, contacts and items: the words a list search matches, lower-cased and
 * joined by single spaces, served by the trigram indexes of migration 0007 (quotes: within the account, 0301).
 * Repositories write it on every save of the record and of the records whose names it includes (a contact's
 * rename, merge or company rewrites its quotes' text), and search with
 * `search_text LIKE '%' || <lower-cased term, with % _ \ escaped> || '%'`.
 *
 * @example
 * SearchText.quote({ title: "Hot water", quote_no: 12, contacts: [{ name_first: "Ada", name_last: "Lovelace" }] })
 * // "hot water ada lovelace 12"
 */

const join = (parts: ReadonlyArray<string | number | undefined>): string =>
  parts
    .filter((p): p is string | number => p !== undefined)
    .map((p) => String(p).trim())
    .filter((p) => p !== "")
    .join(" ")
    .replace(/\s+/g, " ")
    .toLowerCase()

/** A contact's searchable names: a person's name (and company), or a company's name. */
export interface ContactNames {
  readonly name_first: string
  readonly name_last: string
  readonly email?: string | undefined
  readonly company?: string | undefined
}

/**
 * The search text of a quote or template: title, each contact's names, company and email (in the quote's
 * order), then the number; the words and order of the quote editor's save.
 */
export const quote = (q: {
  readonly title: string
  readonly quote_no: number | null
  readonly contacts: ReadonlyArray<ContactNames>
}): string =>
  join([
    q.title,
    ...q.contacts.flatMap((c) => [c.name_first, c.name_last, c.company, c.email]),
    q.quote_no ?? undefined
  ])

/** The search text of a contact: names, email and company. */
export const contact = (c: ContactNames): string => join([c.name_first, c.name_last, c.email, c.company])

/** The search text of a reusable item: code and title. */
export const item = (i: { readonly item_code: string; readonly item_title: string }): string =>
  join([i.item_code, i.item_title])

/** A user's search term as a LIKE pattern matching it anywhere: lower-cased, with `%`, `_` and `\` escaped. */
export const containsPattern = (term: string): string =>
  `%${term
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
