/**
 * The lookup completer behind the contact, address and country fields: when typed text is worth a search,
 * and a pure state machine (idle, typing, searching, results) that a field drives with its events and timers.
 *
 * Searches are skipped for blank text, text with line breaks, text over the field's maximum length (100 for
 * contacts, 200 for addresses and countries), purely numeric address text, and text that extends an earlier
 * search of more than 2 characters that found nothing ("abc" found nothing, so "abcd" cannot find anything).
 *
 * @example
 * import * as Completer from "@quotekit/core/Completer"
 * const history = Completer.recordResult(Completer.emptyHistory, "abc", 0)
 * Completer.shouldSearch("abcd", history, Completer.contactRules) // false
 * Completer.shouldSearch("abd", history, Completer.contactRules)  // true
 *
 * @since 0.1.0
 */
import { Option } from "effect"
import * as Limits from "./Limits.ts"

/** What a field's completer allows: its longest searchable text and whether digits-only text is looked up. */
export interface Rules {
  readonly maxLength: number
  readonly lookupNumeric: boolean
}

/** Contact lookup: up to 100 characters; longer text only offers creating a contact. */
export const contactRules: Rules = { maxLength: Limits.contactLookupMaxLength, lookupNumeric: true }
/** Address lookup: up to 200 characters, never for digits only (a street number alone finds nothing useful). */
export const addressRules: Rules = { maxLength: Limits.textSearchMaxLength, lookupNumeric: false }
/** Country lookup: up to 200 characters. */
export const countryRules: Rules = { maxLength: Limits.textSearchMaxLength, lookupNumeric: true }

/** Pause after typing before a completer searches. */
export const debounceMs = 500
/** Pause after typing before the address lookup searches (it calls a paid service). */
export const addressDebounceMs = 1000
/** Shortest search whose empty result prunes longer searches starting with it. */
export const pruneAfterLength = 3

/** Searches that found nothing, kept while the field is in use. */
export interface History {
  readonly zeroResults: ReadonlyArray<string>
}

/** A history with no searches. */
export const emptyHistory: History = { zeroResults: [] }

/** The comparable form of a search: trimmed and lower-cased, as lookups ignore case. */
const key = (text: string): string => text.trim().toLowerCase()

/** Why text is or is not searched: `search`, or the reason it is not. `knownEmpty` means a prefix found nothing. */
export type Verdict = "search" | "blank" | "multiline" | "tooLong" | "numeric" | "knownEmpty"

/** Judge typed text against a field's rules and the searches made so far. */
export const verdict = (text: string, history: History, rules: Rules): Verdict => {
  if (/[\r\n]/.test(text)) return "multiline"
  const k = key(text)
  if (k === "") return "blank"
  if (k.length > rules.maxLength) return "tooLong"
  if (!rules.lookupNumeric && /^[\d\s]+$/.test(k)) return "numeric"
  if (history.zeroResults.some((zero) => zero.length >= pruneAfterLength && k.startsWith(zero))) return "knownEmpty"
  return "search"
}

/** Whether typed text should be searched. */
export const shouldSearch = (text: string, history: History, rules: Rules): boolean =>
  verdict(text, history, rules) === "search"

/**
 * Whether the contact field can only offer to create a contact from the text: it is over the lookup limit
 * (or spans lines, as a pasted block does), so no lookup runs.
 */
export const offersCreateOnly = (text: string): boolean => {
  const v = verdict(text, emptyHistory, contactRules)
  return v === "tooLong" || v === "multiline"
}

/** The history after a search came back: empty results of 3 or more characters are remembered. */
export const recordResult = (history: History, text: string, count: number): History => {
  const k = key(text)
  if (count > 0 || k.length < pruneAfterLength) return history
  if (history.zeroResults.some((zero) => k.startsWith(zero))) return history
  return { zeroResults: [...history.zeroResults.filter((zero) => !zero.startsWith(k)), k] }
}

/** Where a completer is: idle, typing (waiting out the debounce), searching, or showing results. */
export type State =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Typing"; readonly text: string }
  | { readonly _tag: "Searching"; readonly text: string }
  | { readonly _tag: "Results"; readonly text: string; readonly count: number; readonly failed: boolean }

/** What happens to a completer: typing, the debounce timer firing, a search answering or failing, closing. */
export type Event =
  | { readonly _tag: "Input"; readonly text: string }
  | { readonly _tag: "DebounceElapsed" }
  | { readonly _tag: "Loaded"; readonly text: string; readonly count: number }
  | { readonly _tag: "Failed"; readonly text: string }
  | { readonly _tag: "Close" }

/** A completer's state and its search history. */
export interface Machine {
  readonly state: State
  readonly history: History
}

/** The machine after an event, and the search to start now, if any. */
export interface Step {
  readonly machine: Machine
  readonly search: Option.Option<string>
}

/** A completer that has not been used. */
export const initial: Machine = { state: { _tag: "Idle" }, history: emptyHistory }

const stay = (machine: Machine): Step => ({ machine, search: Option.none() })

/**
 * Advance a completer. Results or failures for anything but the text being searched are stale and only
 * update the history; an empty result for a search known to be empty is shown without searching again.
 */
export const step = (machine: Machine, event: Event, rules: Rules): Step => {
  const { state, history } = machine
  switch (event._tag) {
    case "Input":
      return stay({
        history,
        state: event.text.trim() === "" ? { _tag: "Idle" } : { _tag: "Typing", text: event.text }
      })
    case "DebounceElapsed": {
      if (state._tag !== "Typing") return stay(machine)
      const v = verdict(state.text, history, rules)
      if (v === "search") {
        return { machine: { history, state: { _tag: "Searching", text: state.text } }, search: Option.some(state.text) }
      }
      if (v === "knownEmpty") {
        return stay({ history, state: { _tag: "Results", text: state.text, count: 0, failed: false } })
      }
      return stay({ history, state: { _tag: "Idle" } })
    }
    case "Loaded": {
      const next = recordResult(history, event.text, event.count)
      if (state._tag === "Searching" && state.text === event.text) {
        return stay({ history: next, state: { _tag: "Results", text: event.text, count: event.count, failed: false } })
      }
      return stay({ history: next, state })
    }
    case "Failed":
      if (state._tag === "Searching" && state.text === event.text) {
        return stay({ history, state: { _tag: "Results", text: event.text, count: 0, failed: true } })
      }
      return stay(machine)
    case "Close":
      return stay({ history, state: { _tag: "Idle" } })
  }
}
