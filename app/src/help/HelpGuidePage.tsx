/**
 * One guide (`/help/{guide}`), rendered from its markdown, scrolled to the heading the address names (a search
 * result's `#anchor`) once it has loaded; 'All help' leads back to the search.
 */
import { Link, useParams } from "@tanstack/react-router"
import { useEffect } from "react"
import { usePageTitle } from "../page/usePageTitle.ts"
import styles from "./Help.module.css"
import { HelpFrame } from "./HelpFrame.tsx"
import { helpText as t } from "./helpText.ts"
import { Markdown } from "./Markdown.tsx"
import { useGuides } from "./useGuides.ts"

/** The guide page. */
export const HelpGuidePage = () => {
  const { doc } = useParams({ strict: false }) as { doc?: string }
  const module = useGuides()
  const guide = module?.guides.find((g) => g.doc === doc)
  usePageTitle(guide?.title ?? t.title)
  useEffect(() => {
    if (guide === undefined) return
    const anchor = decodeURIComponent(window.location.hash.slice(1))
    const target = anchor === "" ? null : document.getElementById(anchor)
    if (target !== null) {
      target.scrollIntoView()
      target.focus({ preventScroll: true })
    }
  }, [guide])
  return (
    <HelpFrame>
      <Link to="/help">{t.backToHelp}</Link>
      {module === undefined ? (
        <div aria-busy="true" />
      ) : guide === undefined ? (
        <p role="alert">{t.notFound}</p>
      ) : (
        <article className={styles.guide}>
          <Markdown markdown={guide.markdown} />
        </article>
      )}
    </HelpFrame>
  )
}
