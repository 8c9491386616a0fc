/**
 * Help (`/help`): a search over the project's guides. With a `q` query parameter the page shows its searching
 * state ('Searching…', busy) until the answer is ready, then the sections that hold every word, each linking
 * to its heading in the guide (`/help/{guide}#{heading}`), with a snippet marking the words. Typing searches
 * 250 ms after the last key (the spec's search debounce) and keeps the words in the address (`?q=`), so a
 * search can be shared and Back returns to it. Without `q`, the list of guides.
 */
// biome-ignore-all lint/suspicious/noArrayIndexKey: the parts of one snippet, in order: their place is their identity
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { Fragment, useEffect, useId, useMemo, useRef, useState } from "react"
import { usePageTitle } from "../page/usePageTitle.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Help.module.css"
import { HelpFrame } from "./HelpFrame.tsx"
import * as HelpIndex from "./HelpIndex.ts"
import { helpText as t } from "./helpText.ts"
import { type LoadGuides, loadGuides, useGuides } from "./useGuides.ts"

/** The spec's search debounce, in milliseconds. */
export const searchDebounceMs = 250

/** The snippet with the query's words marked. */
const Marked = ({ text, terms }: { readonly text: string; readonly terms: ReadonlyArray<string> }) => {
  if (terms.length === 0) return <>{text}</>
  const pattern = new RegExp(`(${terms.map(HelpIndex.escapeRe).join("|")})`, "giu")
  return (
    <>
      {text
        .split(pattern)
        .map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>))}
    </>
  )
}

/** The help page; `load` replaces the guides' loader in tests. */
export const HelpPage = ({ load = loadGuides }: { readonly load?: LoadGuides }) => {
  usePageTitle(t.title)
  const id = useId()
  const navigate = useNavigate()
  const search: { q?: string } = useSearch({ strict: false })
  const q = (search.q ?? "").trim()
  const [typed, setTyped] = useState(search.q ?? "")
  const module = useGuides(load)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const go = (words: string, replace: boolean) =>
    void navigate({ to: "/help", search: words.trim() === "" ? {} : { q: words.trim() }, replace })
  // Typing searches once the keys stop; the address then names the search.
  const type = (value: string) => {
    setTyped(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => go(value, true), searchDebounceMs)
  }
  useEffect(() => () => clearTimeout(timer.current), [])
  // A changed address (Back, a shared link) refills the box, unless it already says the same words.
  useEffect(() => {
    const words = search.q ?? ""
    setTyped((current) => (current.trim() === words.trim() ? current : words))
  }, [search.q])

  const hits = useMemo(
    () => (module === undefined || q === "" ? undefined : HelpIndex.search(module.sections, q)),
    [module, q]
  )
  const terms = HelpIndex.termsOf(q)
  const searching = q !== "" && hits === undefined

  return (
    <HelpFrame>
      <h1>{t.title}</h1>
      <search>
        <form
          className={styles.search}
          onSubmit={(e) => {
            e.preventDefault()
            clearTimeout(timer.current)
            go(typed, false)
          }}
        >
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`${id}-q`}>
              {t.search}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              className={controls.input}
              value={typed}
              autoComplete="off"
              onChange={(e) => type(e.currentTarget.value)}
            />
          </div>
          <button type="submit" className={controls.button}>
            {t.searchButton}
          </button>
        </form>
      </search>
      <section aria-labelledby={`${id}-results`} aria-busy={searching || (q === "" && module === undefined)}>
        {q === "" ? (
          <>
            <h2 id={`${id}-results`}>{t.guides}</h2>
            {module !== undefined && (
              <ul className={styles.results}>
                {module.guides.map((g) => (
                  <li key={g.doc}>
                    <Link to="/help/$doc" params={{ doc: g.doc }} className={styles.resultLink}>
                      {g.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : searching ? (
          <p id={`${id}-results`} role="status" className={styles.status}>
            {t.searching}
          </p>
        ) : hits !== undefined && hits.length === 0 ? (
          <p id={`${id}-results`} role="status">
            {t.noResults(q)}
          </p>
        ) : (
          <>
            <h2 id={`${id}-results`} role="status">
              {t.results(hits?.length ?? 0, q)}
            </h2>
            <ol className={styles.results}>
              {(hits ?? []).map((h) => (
                <li key={`${h.section.doc}#${h.section.anchor}`} className={styles.result}>
                  <a href={HelpIndex.hrefOf(h.section)} className={styles.resultLink}>
                    {h.section.heading}
                  </a>
                  {h.section.heading !== h.section.docTitle && (
                    <span className={styles.resultDoc}>{h.section.docTitle}</span>
                  )}
                  <p className={styles.snippet}>
                    <Marked text={h.snippet} terms={terms} />
                  </p>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </HelpFrame>
  )
}
