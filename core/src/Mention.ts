/**
 * @mentions of team members in comments and private notes: the handle each member is mentioned by, finding
 * mentions in text, the ids a comment mentions (`_mentionedIds`), and the completer shown while typing `@`.
 *
 * Rules from the specification, and how they are made exact:
 * - A handle is made of letters only: the letters of the member's first name (`Mary-Jane` is `@MaryJane`).
 *   Letters are Unicode letters, so `@José` and `@Zoë` work.
 * - Duplicates get the last-name initial, then a number. Members are taken in sign-in id order (the earliest
 *   member keeps the plain first name, so existing handles do not change when someone joins): the first Sam is
 *   `@Sam`, another Sam Taylor `@SamT`, a third Sam Thomas `@SamT2`. A handle is never reused, comparing without
 *   case or accents.
 * - A mention is recognised only at the start of the text or after a non-letter, so `a@b.com` mentions no one.
 *   A mention is `@`, letters, then optional digits (the number of a duplicate), matched without case or accents.
 *
 * @example
 * import * as Mention from "@quotekit/core/Mention"
 * Mention.mentionedIds("Thanks @sam, see a@b.com", team) // [12]
 *
 * @since 0.1.0
 */
import { Option } from "effect"

/** A team member as mentions need it (a sign-in of the account). */
export interface Member {
  readonly signin_id: number
  readonly name_first: string
  readonly name_last: string
  readonly name_display?: string
}

/** A member with the handle they are mentioned by (without the `@`). */
export interface Handle<M extends Member = Member> {
  readonly member: M
  readonly handle: string
}

/** Handle used when a member's names have no letters at all. */
export const FALLBACK_HANDLE = "Member"

const LETTERS = /[\p{L}\p{M}]/gu

/** The letters of a name, in composed form: what a handle is built from (marks only where they sit on a letter). */
export const letters = (name: string): string =>
  (name.normalize("NFC").match(LETTERS) ?? []).join("").replace(/^\p{M}+/u, "")

/** How handles are compared: no case, no accents (`@jose` finds José). */
export const key = (handle: string): string => handle.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** The first letter of a name, upper-cased, with any marks on it. */
const initial = (name: string): string => {
  const first = letters(name).match(/^\p{L}\p{M}*/u)?.[0] ?? ""
  return first.toUpperCase()
}

/** The handles a member may get, best first; the number sequence never ends. */
function* candidates(member: Member): Generator<string> {
  const fromFirst = letters(member.name_first)
  const base = fromFirst || letters(member.name_last) || letters(member.name_display ?? "") || FALLBACK_HANDLE
  const withInitial = fromFirst === "" ? base : `${base}${initial(member.name_last)}`
  yield base
  if (withInitial !== base) yield withInitial
  for (let n = 2; ; n++) yield `${withInitial}${n}`
}

/**
 * The handle of every member, in the team's order. Unique within the team (without case or accents); pass the
 * whole team (archived members too) so handles stay the same over time.
 */
export const handles = <M extends Member>(team: ReadonlyArray<M>): ReadonlyArray<Handle<M>> => {
  const taken = new Set<string>()
  const byMember = new Map<M, string>()
  const bySeniority = [...team].sort((a, b) => a.signin_id - b.signin_id)
  for (const member of bySeniority) {
    for (const candidate of candidates(member)) {
      if (!taken.has(key(candidate))) {
        taken.add(key(candidate))
        byMember.set(member, candidate)
        break
      }
    }
  }
  return team.map((member) => ({ member, handle: byMember.get(member)! }))
}

/** A mention found in text: `start` is the index of `@`, `end` just after the name, `name` without the `@`. */
export interface Found {
  readonly start: number
  readonly end: number
  readonly name: string
}

const TOKEN = /@([\p{L}\p{M}]+\d*)/uy
const LETTER_BEFORE = /[\p{L}\p{M}]$/u

/** Whether the character before `index` is a letter (so an `@` there cannot start a mention). */
const letterBefore = (text: string, index: number): boolean =>
  index > 0 && LETTER_BEFORE.test(text.slice(Math.max(0, index - 2), index))

/** The mention starting at `index` (which must hold `@`), if the text there is one. */
export const at = (text: string, index: number): Found | undefined => {
  if (text.charCodeAt(index) !== 64 || letterBefore(text, index)) return undefined
  TOKEN.lastIndex = index
  const m = TOKEN.exec(text)
  return m === null ? undefined : { start: index, end: index + m[0].length, name: m[1]! }
}

/** Every mention in a text, in order. */
export const find = (text: string): ReadonlyArray<Found> => {
  const out: Array<Found> = []
  for (let i = text.indexOf("@"); i >= 0; i = text.indexOf("@", i + 1)) {
    const found = at(text, i)
    if (found) {
      out.push(found)
      i = found.end - 1
    }
  }
  return out
}

/** The sign-in ids a comment mentions, each once, in order of first mention; unknown names are ignored. */
export const mentionedIds = <M extends Member>(text: string, team: ReadonlyArray<M>): ReadonlyArray<M["signin_id"]> => {
  const byKey = new Map(handles(team).map((h) => [key(h.handle), h.member.signin_id] as const))
  const ids: Array<M["signin_id"]> = []
  for (const found of find(text)) {
    const id = byKey.get(key(found.name))
    if (id !== undefined && !ids.includes(id)) ids.push(id)
  }
  return ids
}

/** The partial mention being typed at the caret, and the members it may mean, best match first. */
export interface Completion<M extends Member = Member> {
  /** Index of the `@`. */
  readonly start: number
  /** End of the word the caret is in: the part replaced when a member is picked. */
  readonly end: number
  /** What has been typed after the `@` up to the caret. */
  readonly query: string
  readonly matches: ReadonlyArray<Handle<M>>
}

const PARTIAL = /(?<![\p{L}\p{M}])@([\p{L}\p{M}]*\d*)$/u
const WORD_REST = /^[\p{L}\p{M}\d]*/u

/**
 * The completer: when the caret follows `@` and a partial name, the members whose handle, first name or last
 * name starts with it (handles first, then alphabetical); `None` when the caret is not in a mention.
 */
export const complete = <M extends Member>(
  text: string,
  caret: number,
  team: ReadonlyArray<M>
): Option.Option<Completion<M>> => {
  const before = text.slice(0, caret)
  const m = PARTIAL.exec(before)
  if (m === null) return Option.none()
  const query = m[1]!
  const q = key(query)
  const ranked: Array<{ h: Handle<M>; rank: number }> = []
  for (const h of handles(team)) {
    const handle = key(h.handle)
    const rank =
      handle === q
        ? 0
        : handle.startsWith(q)
          ? 1
          : key(letters(h.member.name_first)).startsWith(q) || key(letters(h.member.name_last)).startsWith(q)
            ? 2
            : -1
    if (rank >= 0) ranked.push({ h, rank })
  }
  ranked.sort((a, b) => a.rank - b.rank || (key(a.h.handle) < key(b.h.handle) ? -1 : 1))
  const rest = WORD_REST.exec(text.slice(caret))?.[0] ?? ""
  return Option.some({
    start: caret - m[0].length,
    end: caret + rest.length,
    query,
    matches: ranked.map((r) => r.h)
  })
}

/**
 * Put a picked member's handle in place of the partial mention, followed by a space, and where the caret goes
 * next (after that space).
 */
export const insert = (
  text: string,
  completion: Pick<Completion, "start" | "end">,
  handle: string
): { readonly text: string; readonly caret: number } => {
  const after = text.slice(completion.end)
  const space = /^\s/u.test(after) ? "" : " "
  const mention = `@${handle}`
  return {
    text: `${text.slice(0, completion.start)}${mention}${space}${after}`,
    caret: completion.start + mention.length + 1
  }
}
