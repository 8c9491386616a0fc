/**
 * A remote completer driven by the core's `Completer` machine: typing waits out the debounce, text the rules
 * refuse (too long, several lines, a prefix known to find nothing) is never searched, and answers for text no
 * longer in the field only update the history. A failed search shows an empty list, as the spec asks.
 */
import * as Completer from "@quotekit/core/Completer"
import { Option } from "effect"
import { useEffect, useRef, useState } from "react"

/** The lookup's state and the results of the latest search. */
export const useLookup = <R>(
  rules: Completer.Rules,
  search: (text: string) => Promise<ReadonlyArray<R>>,
  debounceMs: number = Completer.debounceMs
) => {
  const [machine, setMachine] = useState<Completer.Machine>(Completer.initial)
  const [results, setResults] = useState<ReadonlyArray<R>>([])
  const latest = useRef(machine)
  latest.current = machine
  const dispatch = (event: Completer.Event) => {
    const next = Completer.step(latest.current, event, rules)
    latest.current = next.machine
    setMachine(next.machine)
    if (Option.isSome(next.search)) {
      const text = next.search.value
      search(text).then(
        (rows) => {
          dispatch({ _tag: "Loaded", text, count: rows.length })
          if (latest.current.state._tag === "Results" && latest.current.state.text === text) setResults(rows)
        },
        () => {
          dispatch({ _tag: "Failed", text })
          setResults([])
        }
      )
    }
  }
  const typing = machine.state._tag === "Typing"
  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounce restarts on each keystroke
  useEffect(() => {
    if (!typing) return
    const timer = window.setTimeout(() => dispatch({ _tag: "DebounceElapsed" }), debounceMs)
    return () => window.clearTimeout(timer)
  }, [typing, machine.state])
  return {
    input: (text: string) => {
      dispatch({ _tag: "Input", text })
      if (text.trim() === "") setResults([])
    },
    close: () => dispatch({ _tag: "Close" }),
    busy: machine.state._tag === "Searching",
    results
  }
}
